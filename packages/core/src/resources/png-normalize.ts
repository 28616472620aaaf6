import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import type { PNG } from 'pngjs';
import { encodePng, PNG_SIGNATURE, pngChunk } from './png-write.js';

/**
 * pngjs is loaded on the first PNG, not at import: most documents have none, and loading it
 * was about 1.4 % of a cold `platen render` (it is CommonJS, so a synchronous require works).
 */
const requireCjs = createRequire(import.meta.url);
let pngClass: typeof PNG | null = null;
const loadPng = (): typeof PNG => (pngClass ??= (requireCjs('pngjs') as typeof import('pngjs')).PNG);

interface PngChunks {
  readonly ihdr: Uint8Array;
  /** PLTE (palette images only) and tRNS, in file order; the other chunks are dropped. */
  readonly kept: readonly (readonly [string, Uint8Array])[];
  readonly idat: Uint8Array;
  /** The gAMA value (e.g. 0.45455), or null when absent or overridden by sRGB/iCCP. */
  readonly gamma: number | null;
}

const u32 = (b: Uint8Array, i: number): number =>
  (((b[i] ?? 0) << 24) >>> 0) + ((b[i + 1] ?? 0) << 16) + ((b[i + 2] ?? 0) << 8) + (b[i + 3] ?? 0);
const typeAt = (b: Uint8Array, i: number): string => String.fromCharCode(...b.subarray(i, i + 4));

/**
 * Walk the chunks as browsers do (ISO/IEC 15948 §5.3): up to IEND or the end of the data,
 * whatever follows IEND ignored, a missing IEND tolerated, CRCs not checked (libpng and
 * Chromium drop a damaged ancillary chunk; we keep no ancillary chunk but gAMA anyway).
 */
function readChunks(b: Uint8Array): PngChunks | null {
  let ihdr: Uint8Array | null = null;
  const kept: [string, Uint8Array][] = [];
  const idat: Uint8Array[] = [];
  let gamma: number | null = null;
  let colourManaged = false;
  for (let i = 8; i + 8 <= b.length;) {
    const length = u32(b, i);
    const type = typeAt(b, i + 4);
    const data = b.subarray(i + 8, Math.min(b.length, i + 8 + length));
    i += 12 + length;
    if (type === 'IEND') break;
    if (type === 'IHDR') ihdr = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'tRNS' || (type === 'PLTE' && ihdr?.[9] === 3))
      kept.push([type, data]); // a truecolour PLTE is only a suggestion (§11.2.3)
    else if (type === 'gAMA' && data.length === 4) gamma = u32(data, 0) / 100000;
    else if (type === 'sRGB' || type === 'iCCP') colourManaged = true;
  }
  if (!ihdr || ihdr.length !== 13 || idat.length === 0) return null;
  return { ihdr, kept, idat: Buffer.concat(idat), gamma: colourManaged ? null : gamma };
}

/**
 * gAMA without sRGB/iCCP: samples are linear^gamma (§11.3.3.2); Chromium converts them to
 * sRGB, except a gamma within 1 % of 1/2.2, which it takes as sRGB as it is (measured).
 */
function gammaTable(gamma: number | null): Uint8Array | null {
  if (gamma === null || gamma <= 0 || Math.abs(gamma * 2.2 - 1) < 0.01) return null;
  const toSrgb = (l: number): number => (l <= 0.0031308 ? 12.92 * l : 1.055 * l ** (1 / 2.4) - 0.055);
  return Uint8Array.from({ length: 256 }, (_, v) => Math.round(255 * toSrgb((v / 255) ** (1 / gamma))));
}

const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Whether the zlib stream is whole and holds exactly the filtered rows (§7.2), as PDFKit needs. */
function inflatesToRows(idat: Uint8Array, width: number, height: number, ihdr: Uint8Array): boolean {
  const bitsPerPixel = (CHANNELS[ihdr[9] ?? 0] ?? 0) * (ihdr[8] ?? 8);
  const expected = (Math.ceil((width * bitsPerPixel) / 8) + 1) * height;
  try {
    return inflateSync(idat, { maxOutputLength: expected + 1 }).length === expected;
  } catch {
    return false;
  }
}

/**
 * Every PNG becomes one PDFKit can embed safely. PDFKit's own decoder (png-js) reads the
 * file as it is: it throws from an asynchronous callback (bringing the process down) on
 * interlaced or odd files, and gets 16-bit and tRNS colours wrong. So the chunks are read
 * leniently (readChunks), and
 * - a plain image (≤ 8 bits, not interlaced, no tRNS, no gamma to apply, a zlib stream that
 *   inflates cleanly to exactly the expected rows) is rewritten as IHDR, PLTE, one IDAT and
 *   IEND, its compressed data untouched;
 * - any other is decoded (pngjs) and re-encoded as 8-bit RGB or RGBA: 16-bit samples keep
 *   their high byte (as Chromium), tRNS becomes alpha, gAMA is applied, and damaged data
 *   comes out as far as pngjs could read it (Chromium also shows what it could decode).
 * Returns the bytes to embed, or null when the PNG cannot be decoded.
 */
export function normalizePng(bytes: Uint8Array): Uint8Array | null {
  const chunks = readChunks(bytes);
  if (!chunks) return null;
  const { ihdr, kept, idat } = chunks;
  const depth = ihdr[8] ?? 8;
  const interlaced = ihdr[12] === 1;
  const clean = Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    ...kept.map(([type, data]) => pngChunk(type, data)),
    pngChunk('IDAT', idat),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
  let png: PNG;
  try {
    png = loadPng().sync.read(clean, { skipRescale: depth === 16 });
  } catch {
    return null;
  }
  const gamma = gammaTable(chunks.gamma);
  if (
    depth <= 8 &&
    !interlaced &&
    !kept.some(([type]) => type === 'tRNS') &&
    !gamma &&
    inflatesToRows(idat, png.width, png.height, ihdr)
  )
    return clean;
  const rgba = depth === 16 ? Uint8Array.from(png.data as unknown as Uint16Array, (v) => v >> 8) : png.data;
  if (gamma) for (let i = 0; i < rgba.length; i++) if (i % 4 !== 3) rgba[i] = gamma[rgba[i] ?? 0] ?? 0;
  return encodePng(png.width, png.height, rgba);
}

/** The 8-bit RGBA pixels of a PNG (pngjs), or null when it cannot be decoded. */
export function decodePngRgba(bytes: Uint8Array): Uint8Array | null {
  try {
    return loadPng().sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).data;
  } catch {
    return null;
  }
}
