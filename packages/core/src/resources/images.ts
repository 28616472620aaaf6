import { ABSOLUTE } from '../style/values.js';

/**
 * Image sniffing: format and intrinsic size from the header bytes, without decoding pixels.
 * PDFKit embeds PNG and JPEG: load-images.ts turns GIF and WebP into PNG and makes every PNG
 * one PDFKit reads safely (png-normalize.ts); SVG is drawn as vectors (paint/draw-image.ts).
 */
export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'svg';

export interface DecodedImage {
  readonly src: string;
  readonly format: ImageFormat;
  readonly bytes: Uint8Array;
  /** Intrinsic size in CSS px (1 image pixel = 1 px, as Chromium without resolution info). */
  readonly width: number;
  readonly height: number;
  /** An SVG with a viewBox but neither width nor height: only its ratio is intrinsic (width × height is the viewBox's). */
  readonly ratioOnly?: boolean;
}

/** Chromium-free upper bound agreed in DECISIONS.md: decoded images above this are skipped. */
export const MAX_IMAGE_PIXELS = 50_000_000;

const u16be = (b: Uint8Array, i: number): number => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number): number => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number): number => u16le(b, i) | ((b[i + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, i: number): number => u16be(b, i) * 65536 + u16be(b, i + 2);
const ascii = (b: Uint8Array, start: number, end: number): string => String.fromCharCode(...b.subarray(start, end));

function pngSize(b: Uint8Array): [number, number] | null {
  if (b.length < 24 || ascii(b, 12, 16) !== 'IHDR') return null;
  return [u32be(b, 16), u32be(b, 20)];
}

/** EXIF orientation (TIFF tag 0x0112) from an APP1 segment starting at `start`, or 1. */
function exifOrientation(b: Uint8Array, start: number, end: number): number {
  if (ascii(b, start, start + 6) !== 'Exif\0\0') return 1;
  const tiff = start + 6;
  const le = ascii(b, tiff, tiff + 2) === 'II';
  const u16 = (i: number): number => (le ? u16le(b, i) : u16be(b, i));
  const u32 = (i: number): number => (le ? u16le(b, i) + u16le(b, i + 2) * 65536 : u32be(b, i));
  const ifd = tiff + u32(tiff + 4);
  const count = ifd + 2 <= end ? u16(ifd) : 0;
  for (let k = 0; k < count; k++) {
    const entry = ifd + 2 + k * 12;
    if (entry + 12 > end) break;
    if (u16(entry) === 0x0112) return u16(entry + 8);
  }
  return 1;
}

/**
 * Walk JPEG markers to the first SOFn (not DHT C4, JPG C8, DAC CC). EXIF orientations 5–8
 * turn the image a quarter: Chromium (image-orientation: from-image) and PDFKit both
 * rotate it, so the intrinsic size swaps.
 */
function jpegSize(b: Uint8Array): [number, number] | null {
  let i = 2;
  let orientation = 1;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i++;
      continue;
    }
    const length = u16be(b, i + 2);
    if (marker === 0xe1) orientation = exifOrientation(b, i + 4, Math.min(b.length, i + 2 + length));
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const w = u16be(b, i + 7);
      const h = u16be(b, i + 5);
      return orientation > 4 ? [h, w] : [w, h];
    }
    i += 2 + length;
  }
  return null;
}

function webpSize(b: Uint8Array): [number, number] | null {
  const chunk = ascii(b, 12, 16);
  if (chunk === 'VP8 ') return [u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff];
  if (chunk === 'VP8L') {
    const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
    return [(bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1];
  }
  if (chunk === 'VP8X') return [u24le(b, 24) + 1, u24le(b, 27) + 1];
  return null;
}

/**
 * Where the root `<svg …>` tag of an SVG text starts and ends (what `/<svg\b[^>]*>/i`
 * finds, without retrying `[^>]*` from every later `<svg`: quadratic on 1 MB of them).
 * When the first `<svg` has no `>` after it, no later one has.
 */
export function svgRootTag(text: string): { readonly start: number; readonly end: number } | null {
  const open = /<svg\b/i.exec(text);
  const close = open ? text.indexOf('>', open.index) : -1;
  return open && close >= 0 ? { start: open.index, end: close + 1 } : null;
}

const svgRootAttribute = (text: string, name: string): string | undefined => {
  const tag = svgRootTag(text);
  const root = tag ? text.slice(tag.start, tag.end) : '';
  return new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root)?.[1];
};

function svgHasRatioOnly(text: string): boolean {
  return (
    svgRootAttribute(text, 'viewBox') !== undefined &&
    svgRootAttribute(text, 'width') === undefined &&
    svgRootAttribute(text, 'height') === undefined
  );
}

/**
 * SVG size from width/height (unitless or an absolute length: Inkscape writes mm), else the
 * viewBox, else 300×150 (CSS default).
 */
export function svgSize(text: string): [number, number] {
  const attr = (name: string): string | undefined => svgRootAttribute(text, name);
  const length = (v: string | undefined): number | undefined => {
    const m = v ? /^([\d.]+)\s*([a-z]*)$/i.exec(v.trim()) : null; // trimmed first: adjacent `\s*` are quadratic
    const unit = m?.[2]!.toLowerCase() ?? '';
    const perUnit = unit === '' ? 1 : Object.hasOwn(ABSOLUTE, unit) ? ABSOLUTE[unit] : undefined;
    return m?.[1] && perUnit !== undefined ? Number(m[1]) * perUnit : undefined;
  };
  const viewBox = attr('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const vw = viewBox?.[2];
  const vh = viewBox?.[3];
  const w = length(attr('width'));
  const h = length(attr('height'));
  if (w !== undefined && h !== undefined) return [w, h];
  if (vw && vh) {
    if (w !== undefined) return [w, (w * vh) / vw];
    if (h !== undefined) return [(h * vw) / vh, h];
    return [vw, vh];
  }
  return [w ?? 300, h ?? 150];
}

export function sniffFormat(b: Uint8Array): ImageFormat | null {
  if (b[0] === 0x89 && ascii(b, 1, 4) === 'PNG') return 'png';
  if (b[0] === 0xff && b[1] === 0xd8) return 'jpeg';
  if (ascii(b, 0, 4) === 'GIF8') return 'gif';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'webp';
  const head = new TextDecoder().decode(b.subarray(0, 1024)).trimStart();
  // Any `<svg` in the first 1 KB. (A stricter prolog pattern that was or-ed with this one
  // added nothing but exponential backtracking: 700 bytes of comments froze the render.)
  if (/<svg\b/i.test(head)) return 'svg';
  return null;
}

export type ImageResult =
  { readonly ok: true; readonly image: DecodedImage } | { readonly ok: false; readonly reason: string };

/** Identify an image and read its intrinsic size. */
export function decodeImage(src: string, bytes: Uint8Array): ImageResult {
  const format = sniffFormat(bytes);
  if (!format) return { ok: false, reason: 'unknown image format' };
  let size: [number, number] | null;
  switch (format) {
    case 'png':
      size = pngSize(bytes);
      break;
    case 'jpeg':
      size = jpegSize(bytes);
      break;
    case 'gif':
      size = bytes.length >= 10 ? [u16le(bytes, 6), u16le(bytes, 8)] : null;
      break;
    case 'webp':
      size = webpSize(bytes);
      break;
    case 'svg':
      size = svgSize(new TextDecoder().decode(bytes));
      break;
  }
  if (!size || !(size[0] > 0) || !(size[1] > 0)) return { ok: false, reason: `cannot read the ${format} image size` };
  if (format !== 'svg' && size[0] * size[1] > MAX_IMAGE_PIXELS) {
    return { ok: false, reason: `${size[0]}×${size[1]} is above the ${MAX_IMAGE_PIXELS / 1e6} megapixel limit` };
  }
  const ratioOnly = format === 'svg' && svgHasRatioOnly(new TextDecoder().decode(bytes.subarray(0, 4096)));
  return {
    ok: true,
    image: { src, format, bytes, width: size[0], height: size[1], ...(ratioOnly ? { ratioOnly } : {}) },
  };
}
