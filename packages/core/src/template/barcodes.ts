/**
 * Barcodes and QR codes as Handlebars helpers: `{{qrcode value}}` and
 * `{{barcode "code128" value}}` expand to inline SVG, so the code prints as vector paths
 * like any other SVG. The symbols are drawn by bwip-js (a maintained port of BWIPP, the
 * reference barcode writer: 100+ symbologies with their check digits and quiet zones),
 * loaded on the first call because it is 2 MB of JavaScript most renders never need.
 *
 *   {{qrcode url size="30mm" ecc="Q"}}
 *   {{barcode "ean13" product.gtin text=true height="20mm"}}
 *
 * Options (hash): `width`, `height`, `size` (both) as absolute CSS lengths; without them
 * the symbol has its nominal size (BWIPP's units are points: an EAN-13 is 37 mm wide);
 * with one, the other follows the symbol's proportions. `text` prints the human-readable
 * line under linear codes, `ecc` is QR's error-correction level, `color` a #rrggbb colour.
 */
import { createRequire } from 'node:module';
import Handlebars from 'handlebars';
import { TemplateError } from '../errors.js';
import { parseAbsoluteLength } from '../format.js';

interface Bwip {
  toSVG(options: Record<string, unknown>): string;
  readonly symbolList: readonly { readonly bcid: string }[];
}

let bwip: Bwip | null = null;
function loadBwip(): Bwip {
  bwip ??= createRequire(import.meta.url)('bwip-js') as Bwip;
  return bwip;
}

let symbologies: ReadonlySet<string> | null = null;
function isSymbology(name: string): boolean {
  symbologies ??= new Set(loadBwip().symbolList.map((s) => s.bcid));
  return symbologies.has(name);
}

/** Longer than any symbology holds (QR: 7,089 digits); refused before encoding starts. */
const MAX_VALUE_LENGTH = 8000;
/** bwip-js draws at `scale` device units per point. */
const SCALE = 2;
const PX_PER_PT = 96 / 72;
const ECC_LEVELS = new Set(['L', 'M', 'Q', 'H']);

interface HelperOptions {
  readonly hash: Readonly<Record<string, unknown>>;
  readonly loc?: { readonly start: { readonly line: number } };
}

const USAGE = {
  barcode: 'barcode needs a type and a value, e.g. {{barcode "code128" order.number}}.',
  qrcode: 'qrcode needs a value, e.g. {{qrcode url}}.',
} as const;

export function registerBarcodeHelpers(env: typeof Handlebars): void {
  env.registerHelper('barcode', function (this: unknown, type: unknown, value: unknown, options: HelperOptions) {
    // Handlebars passes its options last: `{{barcode}}` gets them as `type`.
    if (value === undefined) return ownField(this, 'barcode', type as HelperOptions);
    if (typeof type !== 'string' || options === undefined)
      throw new TemplateError(`Template error: ${USAGE.barcode}`, null);
    return barcodeSvg(type, value, options);
  });
  env.registerHelper('qrcode', function (this: unknown, value: unknown, options: HelperOptions) {
    if (options === undefined) return ownField(this, 'qrcode', value as HelperOptions);
    return barcodeSvg('qrcode', value, options);
  });
}

/**
 * `{{qrcode}}` alone, in a template written for plain Handlebars, is a lookup of the context's
 * own `qrcode` field (an image tag a mailer puts there), empty when there is none, as Handlebars
 * prints a missing field: the helper only draws when given a value. With options but no value it
 * asks for one.
 */
function ownField(context: unknown, name: keyof typeof USAGE, options: HelperOptions): unknown {
  if (Object.keys(options.hash).length > 0) throw new TemplateError(`Template error: ${USAGE[name]}`, null);
  const own = typeof context === 'object' && context !== null && Object.hasOwn(context, name);
  return own ? (context as Record<string, unknown>)[name] : '';
}

function barcodeSvg(type: string, value: unknown, options: HelperOptions): Handlebars.SafeString {
  const line = options.loc?.start.line ?? null;
  const fail: (reason: string) => never = (reason) => {
    throw new TemplateError(`Template error${line !== null ? ` on line ${line}` : ''}: ${type}: ${reason}`, line);
  };
  if (!isSymbology(type))
    fail('unknown barcode type (bwip-js symbology names: code128, ean13, qrcode, datamatrix, pdf417, …)');
  const text = value === null || value === undefined ? '' : String(value);
  if (text === '') fail('the value is empty');
  if (text.length > MAX_VALUE_LENGTH) fail(`the value is longer than ${MAX_VALUE_LENGTH} characters`);

  const hash = ownOptions(options.hash);
  const bwipOptions: Record<string, unknown> = { bcid: type, text, scale: SCALE };
  if (hash.text === true) bwipOptions.includetext = true;
  if (hash.ecc !== undefined) {
    const level = String(hash.ecc).toUpperCase();
    if (!ECC_LEVELS.has(level)) fail('ecc must be L, M, Q or H');
    bwipOptions.eclevel = level;
  }
  if (hash.color !== undefined) {
    const color = /^#([0-9a-f]{6})$/i.exec(String(hash.color));
    if (!color) fail('color must be #rrggbb');
    bwipOptions.barcolor = bwipOptions.textcolor = color[1];
  }

  let svg: string;
  try {
    svg = loadBwip().toSVG(bwipOptions);
  } catch (error) {
    // BWIPP's messages start with their error code: "bwipp.ean13badLength#6878: EAN-13 must be 12 or 13 digits".
    fail(String(error instanceof Error ? error.message : error).replace(/^[\w.]+(#\d+)?: /, ''));
  }
  const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!box) fail('the barcode writer returned no drawing');
  const natural = { width: (Number(box[1]) / SCALE) * PX_PER_PT, height: (Number(box[2]) / SCALE) * PX_PER_PT };
  const size = outputSize(natural, hash, fail);
  const label = Handlebars.escapeExpression(text);
  return new Handlebars.SafeString(
    svg
      .replace(
        '<svg ',
        `<svg width="${round(size.width)}" height="${round(size.height)}" preserveAspectRatio="none" role="img" aria-label="${label}" `,
      )
      .trim(),
  );
}

/** The hash's own properties only: a template cannot reach Object.prototype through it. */
function ownOptions(hash: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of ['width', 'height', 'size', 'text', 'ecc', 'color']) {
    if (Object.hasOwn(hash, key)) out[key] = hash[key];
  }
  return out;
}

/** Width and height in CSS px: given lengths, else the nominal size, keeping the symbol's proportions when one is given. */
function outputSize(
  natural: { width: number; height: number },
  hash: Record<string, unknown>,
  fail: (reason: string) => never,
): { width: number; height: number } {
  const length = (key: string): number | null => {
    if (hash[key] === undefined) return null;
    const px = parseAbsoluteLength(String(hash[key]));
    if (px === null || px <= 0 || px > 10_000) fail(`${key} must be a positive absolute CSS length such as "30mm"`);
    return px;
  };
  const size = length('size');
  const width = size ?? length('width');
  const height = size ?? length('height');
  if (width !== null && height !== null) return { width, height };
  if (width !== null) return { width, height: (width * natural.height) / natural.width };
  if (height !== null) return { width: (height * natural.width) / natural.height, height };
  return natural;
}

const round = (n: number): number => Math.round(n * 1000) / 1000;
