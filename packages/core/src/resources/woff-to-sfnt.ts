import { inflateSync } from 'node:zlib';

/** Thrown for WOFF data that does not decode to the font its directory declares. */
export class CorruptWoffError extends Error {}

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const HEADER_BYTES = 44;
const DIRECTORY_ENTRY_BYTES = 20;

export const isWoff = (bytes: Uint8Array): boolean =>
  bytes.byteLength >= HEADER_BYTES && new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0) === WOFF_SIGNATURE;

/**
 * A WOFF 1.0 font as the TrueType/OpenType file it wraps (WOFF 1.0 §5–§6), its tables
 * inflated by Node's zlib. fontkit inflates them with tiny-inflate, which never returns on a
 * truncated stream: a template's @font-face could hang a render. Here every table must
 * inflate to exactly the length it declares, within `maxBytes` in all.
 */
export function woffToSfnt(bytes: Uint8Array, maxBytes: number): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const flavor = view.getUint32(4);
  const numTables = view.getUint16(12);
  if (numTables === 0 || HEADER_BYTES + numTables * DIRECTORY_ENTRY_BYTES > bytes.byteLength)
    throw new CorruptWoffError('a table directory larger than the file');
  const tables = [];
  let total = 12 + 16 * numTables;
  for (let i = 0; i < numTables; i++) {
    const at = HEADER_BYTES + i * DIRECTORY_ENTRY_BYTES;
    const [tag, offset, compLength, origLength, checksum] = [0, 4, 8, 12, 16].map((o) => view.getUint32(at + o)) as [
      number,
      number,
      number,
      number,
      number,
    ];
    if (offset + compLength > bytes.byteLength || compLength > origLength)
      throw new CorruptWoffError('a table outside the file');
    total += (origLength + 3) & ~3;
    if (total > maxBytes) throw new CorruptWoffError(`tables of more than ${maxBytes} bytes`);
    tables.push({ tag, offset, compLength, origLength, checksum });
  }
  const out = new Uint8Array(total);
  const outView = new DataView(out.buffer);
  // The offset table (OpenType "Table Directory"): binary-search fields from the table count.
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  outView.setUint32(0, flavor);
  outView.setUint16(4, numTables);
  outView.setUint16(6, searchRange);
  outView.setUint16(8, entrySelector);
  outView.setUint16(10, numTables * 16 - searchRange);
  let dataAt = 12 + 16 * numTables;
  tables.forEach((t, i) => {
    const stored = bytes.subarray(t.offset, t.offset + t.compLength);
    let data: Uint8Array = stored;
    if (t.compLength < t.origLength) {
      try {
        data = inflateSync(stored, { maxOutputLength: t.origLength });
      } catch {
        throw new CorruptWoffError('a table that does not inflate');
      }
    }
    if (data.byteLength !== t.origLength) throw new CorruptWoffError('a table shorter than its declared length');
    const record = 12 + 16 * i;
    outView.setUint32(record, t.tag);
    outView.setUint32(record + 4, t.checksum);
    outView.setUint32(record + 8, dataAt);
    outView.setUint32(record + 12, t.origLength);
    out.set(data, dataAt);
    dataAt += (t.origLength + 3) & ~3;
  });
  return out;
}
