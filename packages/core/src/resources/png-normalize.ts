import { PNG } from 'pngjs';
import { encodePng } from './gif-to-png.js';

/**
 * PDFKit draws 16-bit PNGs wrongly (colours come out shifted); Chromium draws them right.
 * Such PNGs are re-encoded as 8-bit RGBA (pngjs reads every PNG variant), others pass.
 * IHDR: bit depth at byte 24.
 */
export function normalizePng(bytes: Uint8Array): Uint8Array {
  if ((bytes[24] ?? 8) !== 16) return bytes;
  try {
    const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return encodePng(png.width, png.height, png.data);
  } catch {
    return bytes;
  }
}
