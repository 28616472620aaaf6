/** The parts of PDFKit's PDFReference a content stream is written through (not in @types/pdfkit). */
export interface StreamRef {
  write(chunk: unknown): void;
  finalize(): void;
}

/** Where bufferStream keeps a stream's operator list. */
const OPS = Symbol('platen.ops');
type BufferedRef = StreamRef & { [OPS]?: string[] };

/**
 * Collect the operators written to a content stream as strings, and hand them to PDFKit as
 * one byte array when the stream is finalized. PDFKit turns every `addContent` call into its
 * own Uint8Array with a per-character loop (`fromBinaryString`), then concatenates them all
 * before deflating: a page of a long table makes thousands of such arrays. The bytes are the
 * same: PDFKit writes each string chunk followed by a newline, and takes the low byte of
 * each UTF-16 unit, as Buffer's 'latin1' encoding does.
 */
export function bufferStream(ref: StreamRef): string[] {
  const write = ref.write.bind(ref);
  const finalize = ref.finalize.bind(ref);
  const parts: string[] = [];
  const flush = (): void => {
    if (parts.length === 0) return;
    parts.push('');
    write(Buffer.from(parts.join('\n'), 'latin1'));
    parts.length = 0;
  };
  ref.write = (chunk: unknown): void => {
    if (chunk instanceof Uint8Array) {
      flush();
      write(chunk);
    } else {
      parts.push(String(chunk));
    }
  };
  ref.finalize = (): void => {
    flush();
    finalize();
  };
  (ref as BufferedRef)[OPS] = parts;
  return parts;
}

/**
 * The operator list of a buffered stream (bufferStream buffers it now if it was not):
 * pushing operator strings onto it writes them exactly as `addContent` of each would, one
 * call through PDFKit's page and reference per operator less. Writes after the next
 * `finalize` are lost: take it again for each fragment, not once per document.
 */
export function streamOps(ref: StreamRef): string[] {
  return (ref as BufferedRef)[OPS] ?? bufferStream(ref);
}
