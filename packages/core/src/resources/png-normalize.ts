import { createRequire } from 'node:module';
import type { PNG } from 'pngjs';
import { encodePng } from './gif-to-png.js';

/**
 * pngjs is loaded on the first PNG, not at import: most documents have none, and loading it
 * was about 1.4 % of a cold `platen render` (it is CommonJS, so a synchronous require works).
 */
const requireCjs = createRequire(import.meta.url);
let pngClass: typeof PNG | null = null;
const loadPng = (): typeof PNG => (pngClass ??= (requireCjs('pngjs') as typeof import('pngjs')).PNG);

/**
 * Check a PNG before PDFKit sees it, and fix what PDFKit gets wrong:
 * - PDFKit (png-js) decodes PNGs with alpha asynchronously and *throws* from the inflate
 *   callback on corrupt data, which would bring the whole process down: every PNG is
 *   decoded here first (pngjs) and a corrupt one is refused;
 * - 16-bit PNGs come out with wrong colours: they are re-encoded as 8-bit RGBA.
 * Returns the bytes to embed, or null when the PNG cannot be decoded.
 */
export function normalizePng(bytes: Uint8Array): Uint8Array | null {
  let png: PNG;
  try {
    png = loadPng().sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    return null;
  }
  return (bytes[24] ?? 8) === 16 ? encodePng(png.width, png.height, png.data) : bytes;
}
