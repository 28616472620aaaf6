import { PNG } from 'pngjs';
import { encodePng } from './gif-to-png.js';

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
    png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    return null;
  }
  return (bytes[24] ?? 8) === 16 ? encodePng(png.width, png.height, png.data) : bytes;
}
