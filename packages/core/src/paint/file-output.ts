/** The parts of PDFKit's document that write the file (not in @types/pdfkit). */
interface FileWriter {
  _offset: number;
  _write(data: string | Uint8Array): void;
  read(): Uint8Array | null;
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
}

/**
 * The bytes of a PDFKit document's file. PDFKit writes the file a line at a time through
 * `_write` (each object's header, dictionary, `stream`, `endobj`, each cross-reference entry),
 * turning every string into a Uint8Array with a per-character loop and pushing each piece
 * through its Readable stream to a 'data' listener: several pieces per object, most of the
 * time spent writing a small file. Here consecutive strings are kept and encoded together as
 * latin1 (the low byte of each UTF-16 unit, as PDFKit's loop takes it), each followed by the
 * newline PDFKit adds, and byte arrays are kept as they come; `_offset`, which the
 * cross-reference table is made of, advances by the same byte counts. The bytes are PDFKit's.
 */
export class FileOutput {
  readonly #chunks: Uint8Array[] = [];
  /** Strings written since the last byte array, each with its newline. */
  #text = '';

  constructor(doc: unknown) {
    const file = doc as FileWriter;
    // The header PDFKit's constructor wrote waits in the stream's buffer.
    const head = file.read();
    if (head) this.#chunks.push(head);
    file._write = (data) => {
      if (data instanceof Uint8Array) {
        this.#flush();
        this.#chunks.push(data);
        file._offset += data.length;
      } else {
        const line = `${String(data)}\n`;
        this.#text += line;
        file._offset += line.length;
      }
    };
    // Nothing else is pushed; listening keeps the stream flowing, so that it ends ('end').
    file.on('data', (chunk) => {
      this.#flush();
      this.#chunks.push(chunk);
    });
  }

  /** The file, once the document has ended. */
  bytes(): Buffer {
    this.#flush();
    return Buffer.concat(this.#chunks);
  }

  #flush(): void {
    if (this.#text === '') return;
    this.#chunks.push(Buffer.from(this.#text, 'latin1'));
    this.#text = '';
  }
}
