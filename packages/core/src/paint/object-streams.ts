import { deflateSync } from 'node:zlib';
import { utf16HexString } from './pdf-number.js';

/**
 * Object streams (ISO 32000-1 §7.5.7) for a tagged PDF's many small dictionaries (a structure
 * element per paragraph, list item, table cell): written as objects of their own, each costs
 * about 80 bytes plus a 20-byte cross-reference entry, more than the marked content it
 * describes; packed into a deflated object stream, a few bytes.
 *
 * PDFKit writes a classic cross-reference table, which cannot point into an object stream, so
 * the file becomes a hybrid-reference file (§7.5.8.4): the table lists every other object, as
 * before, and the trailer's `/XRefStm` names a cross-reference stream that lists the packed
 * ones. Readers before PDF 1.5 see the file without its structure tree; tools that read the
 * table only (@signpdf's incremental update) still find the catalog, page tree and pages.
 */

/** PDFKit's reference objects and document internals (not in @types/pdfkit). */
interface Ref {
  readonly id: number;
  data: Record<string, unknown>;
  end(): void;
  finalize(): void;
}
interface Writer {
  _offset: number;
  _offsets: (number | null)[];
  _write(chunk: string | Uint8Array): void;
  _refEnd(ref: { id: number; offset: number | null }): void;
  _finalize(): void;
  push(chunk: null): void;
  ref(data: Record<string, unknown>): Ref & { write(chunk: Uint8Array): void };
  readonly _root: Ref;
  readonly _info: Ref;
  readonly _id: Uint8Array;
  readonly _security?: { readonly dictionary: Ref };
}

/** Objects per object stream: enough for deflate to find the repetition, few enough to read one cheaply. */
const PER_STREAM = 1000;

/** Where each packed object is, by object number: its object stream and its index in it. */
const packedIn = new WeakMap<object, Map<number, readonly [number, number]>>();

/** An object written in PDF syntax already, numbered by `reserveObject`. */
export interface PackedObject {
  readonly id: number;
  readonly body: string;
}

/** A reference to an object number (`n 0 R`) made without a PDFKit ref. */
export class ObjectRef {
  readonly id: number;
  constructor(id: number) {
    this.id = id;
  }
}

/** The next object number of `doc`, taken as PDFKit's ref() takes it, for an object `packObjects` writes. */
export function reserveObject(doc: unknown): number {
  const file = doc as Writer;
  file._offsets.push(null);
  return file._offsets.length;
}

/**
 * Write `refs` (PDFKit refs not yet ended, or objects of their own) into object streams instead
 * of as objects of their own. Their dictionaries hold no stream, and only what `pdfValue` writes;
 * they are not encrypted one by one: an encrypted file encrypts the object stream as a whole (§7.6.1).
 */
export function packObjects(doc: unknown, refs: readonly (Ref | PackedObject)[]): void {
  const file = doc as Writer;
  let packed = packedIn.get(file);
  if (!packed) {
    packed = new Map();
    packedIn.set(file, packed);
    file._finalize = () => writeHybridXref(file, packed!);
  }
  for (let start = 0; start < refs.length; start += PER_STREAM) {
    const batch = refs.slice(start, start + PER_STREAM);
    const bodies = batch.map((ref) => ('body' in ref ? ref.body : pdfValue(ref.data)));
    const header: string[] = [];
    let at = 0;
    batch.forEach((ref, i) => {
      header.push(`${ref.id} ${at}`);
      at += bodies[i]!.length + 1;
    });
    const head = `${header.join(' ')}\n`;
    const stream = file.ref({ Type: 'ObjStm', N: batch.length, First: head.length });
    stream.write(Buffer.from(head + bodies.join('\n'), 'latin1'));
    stream.end();
    batch.forEach((ref, i) => {
      packed.set(ref.id, [stream.id, i]);
      // Done for PDFKit, which waits for every ref it made; nothing may end it again.
      if (!('body' in ref)) file._refEnd({ id: ref.id, offset: null });
    });
  }
}

/**
 * A structure tree's values in PDF syntax, compactly (PDFKit's PDFObject.convert, a line per
 * key, took more time than the rest of tagging): numbers, names (plain strings), text (String
 * objects), booleans, null, arrays, dictionaries and references.
 */
export function pdfValue(v: unknown): string {
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Math.round(v * 1e6) / 1e6);
  if (typeof v === 'string') return `/${v}`;
  if (typeof v === 'boolean') return String(v);
  if (v === null || v === undefined) return 'null';
  if (v instanceof String) return pdfText(v.valueOf());
  if (v instanceof ObjectRef) return `${v.id} 0 R`;
  if (Array.isArray(v)) return `[${v.map(pdfValue).join(' ')}]`;
  const o = v as Record<string, unknown>;
  if (typeof o.id === 'number' && 'data' in o) return `${o.id} 0 R`;
  let out = '<<';
  for (const key in o) if (o[key] !== undefined) out += `/${key} ${pdfValue(o[key])}`;
  return `${out}>>`;
}

/** A text string (§7.9.2.2): printable ASCII as a literal, anything else UTF-16BE with its BOM, in hex. */
export function pdfText(s: string): string {
  if (/^[\x20-\x7e]*$/.test(s)) return `(${s.replace(/[\\()]/g, '\\$&')})`;
  return utf16HexString(s);
}

/** A dictionary as PDFKit writes it, unencrypted: `like`'s PDFReference.finalize into a sink. */
function serialize(like: Ref, data: Record<string, unknown>): string {
  const out: string[] = [];
  const sink = { _offset: 0, _write: (chunk: string) => out.push(chunk), _refEnd: () => undefined };
  const finalize = Object.getPrototypeOf(like).finalize as (this: unknown) => void;
  finalize.call({ document: sink, id: like.id, gen: 0, data, buffer: [] });
  // "n 0 obj", the dictionary, "endobj".
  return out[1]!;
}

/**
 * PDFKit's _finalize with the packed objects left out of the table and listed in a
 * cross-reference stream (§7.5.8: type 2 entries, object stream number and index), which is
 * not encrypted (§7.6.1) and written last, as an object of its own.
 */
function writeHybridXref(file: Writer, packed: ReadonlyMap<number, readonly [number, number]>): void {
  const xrefStmId = file._offsets.length + 1;
  const size = xrefStmId + 1;
  const ids = [...packed.keys()].sort((a, b) => a - b);
  // Rows of 7 bytes, each after PNG's Up filter (byte 2, then its difference to the row above:
  // §7.4.4.4, Predictor 12): consecutive entries differ in one byte, so the rows deflate to almost nothing.
  const rows = Buffer.alloc(ids.length * 7);
  ids.forEach((id, i) => {
    const [stream, index] = packed.get(id)!;
    rows.writeUInt8(2, i * 7);
    rows.writeUInt32BE(stream, i * 7 + 1);
    rows.writeUInt16BE(index, i * 7 + 5);
  });
  const filtered = Buffer.alloc(ids.length * 8);
  for (let r = 0; r < ids.length; r++) {
    filtered[r * 8] = 2;
    for (let c = 0; c < 7; c++)
      filtered[r * 8 + 1 + c] = (rows[r * 7 + c]! - (r > 0 ? rows[(r - 1) * 7 + c]! : 0)) & 0xff;
  }
  const data = deflateSync(filtered);
  const xrefStmOffset = file._offset;
  file._write(`${xrefStmId} 0 obj`);
  file._write(
    `<<\n/Type /XRef\n/Size ${size}\n/Index [${runs(ids).flat().join(' ')}]\n/W [1 4 2]\n/Filter /FlateDecode\n/DecodeParms << /Predictor 12 /Columns 7 >>\n/Length ${data.length}\n>>`,
  );
  file._write('stream');
  file._write(data);
  file._write('\nendstream');
  file._write('endobj');

  const offsets = [...file._offsets, xrefStmOffset];
  const inTable = [0, ...offsets.map((_, i) => i + 1).filter((id) => !packed.has(id))];
  const xrefOffset = file._offset;
  file._write('xref');
  for (const [first, count] of runs(inTable)) {
    file._write(`${first} ${count}`);
    for (let id = first; id < first + count; id++)
      file._write(id === 0 ? '0000000000 65535 f ' : `${String(offsets[id - 1]).padStart(10, '0')} 00000 n `);
  }
  const trailer: Record<string, unknown> = {
    Size: size,
    Root: file._root,
    Info: file._info,
    ID: [file._id, file._id],
    ...(file._security ? { Encrypt: file._security.dictionary } : {}),
    XRefStm: xrefStmOffset,
  };
  file._write('trailer');
  file._write(serialize(file._root, trailer));
  file._write('startxref');
  file._write(`${xrefOffset}`);
  file._write('%%EOF');
  file.push(null);
}

/** Sorted numbers as [first, count] runs (the subsections of a table, an xref stream's /Index). */
function runs(ids: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const id of ids) {
    const last = out[out.length - 1];
    if (last && last[0] + last[1] === id) last[1]++;
    else out.push([id, 1]);
  }
  return out;
}
