import type { Diagnostic } from '@platen/layout';
import { gifToPng } from './gif-to-png.js';
import { decodeImage, type DecodedImage } from './images.js';
import { normalizePng } from './png-normalize.js';
import type { ResourceLoader } from './loader.js';
import { webpToPng } from './webp-to-png.js';

/**
 * Load and identify every image a document uses (img src, background url(), list-style-image),
 * in parallel. Images that fail are left out with a diagnostic; layout then treats them as
 * missing (ImageSizes returns null) and the painter skips them.
 */
export async function loadImages(
  loader: ResourceLoader,
  srcs: Iterable<string>,
  diagnostics: Diagnostic[],
): Promise<Map<string, DecodedImage>> {
  const unique = [...new Set(srcs)].filter((s) => s.trim() !== '');
  const loaded = await Promise.all(
    unique.map(async (src) => {
      const res = await loader.load(src, 'image');
      if (!res) return null;
      let decoded = decodeImage(src, res.bytes);
      if (decoded.ok && decoded.image.format === 'gif') {
        // PDFKit embeds PNG and JPEG only: a GIF is drawn from its first frame as PNG.
        const png = gifToPng(decoded.image.bytes);
        decoded = png ? decodeImage(src, png) : { ok: false, reason: 'cannot decode the GIF' };
      } else if (decoded.ok && decoded.image.format === 'webp') {
        // Likewise a WebP, decoded once its size is known to be within the pixel limit.
        const png = await webpToPng(decoded.image.bytes);
        decoded = png ? decodeImage(src, png) : { ok: false, reason: 'cannot decode the WebP' };
      } else if (decoded.ok && decoded.image.format === 'png') {
        const png = normalizePng(decoded.image.bytes);
        decoded = png
          ? { ok: true, image: { ...decoded.image, bytes: png } }
          : { ok: false, reason: 'corrupt PNG data' };
      }
      if (!decoded.ok) {
        diagnostics.push({
          severity: 'warning',
          code: 'image_not_loaded',
          message: `${src.slice(0, 80)}: ${decoded.reason}`,
        });
        return null;
      }
      return decoded.image;
    }),
  );
  const map = new Map<string, DecodedImage>();
  for (const image of loaded) if (image) map.set(image.src, image);
  return map;
}
