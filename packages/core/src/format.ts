import { InvalidFormatError } from './errors.js';
import { parseComponents, splitCommas, words } from './style/tokenizer.js';
import { parseColor, parseLength } from './style/values.js';

export const PRESET_NAMES = ['a4', 'a4-landscape', 'letter', 'letter-landscape', 'square', 'custom'] as const;
export const TEXT_ALIGNS = ['left', 'center', 'right', 'justify'] as const;
export const HORIZONTAL_ALIGNS = ['left', 'center', 'right'] as const;
export const VERTICAL_ALIGNS = ['top', 'center', 'bottom'] as const;
export const FOOTER_POSITIONS = ['after-content', 'page-bottom'] as const;

export type PresetName = (typeof PRESET_NAMES)[number];
export type TextAlignOption = (typeof TEXT_ALIGNS)[number];

/**
 * A CSS absolute length: a number and one of px, pt, pc, mm, cm, in, q (any case, as CSS
 * units are), or `0`. Examples: `"20mm"`, `".5in"`, `"1e1mm"`, `"72pt"`.
 */
export type CssLength = string;

/**
 * The page format object of SPEC.md ("PdfFormat"); every field optional. It is the
 * document's default page: the template's own `@page` rules win, field by field.
 */
export interface PdfFormat {
  /** Page size; default `a4` (210×297 mm). `custom` takes `width` and `height`. */
  preset?: PresetName;
  /** Page width when `preset` is `custom`, 10 mm to 5,000 mm. */
  width?: CssLength;
  /** Page height when `preset` is `custom`, 10 mm to 5,000 mm. */
  height?: CssLength;
  /** Page margins; default 20 mm top and bottom, 15 mm left and right. */
  margins?: { top?: CssLength; bottom?: CssLength; left?: CssLength; right?: CssLength };
  /** Default page background, a CSS colour. */
  background_color?: string;
  /** Default font, a CSS `font-family` list. */
  font_family?: string;
  /** Default font size, a CSS font size such as `"11pt"`. */
  font_size?: string;
  /** Default `text-align` of the body. */
  text_align?: TextAlignOption;
  /** Where the content sits across the page when it is narrower; default `left`. */
  horizontal_align?: (typeof HORIZONTAL_ALIGNS)[number];
  /** Where the content sits down a page when it is shorter; default `top`. */
  vertical_align?: (typeof VERTICAL_ALIGNS)[number];
  /** A Google Fonts stylesheet URL, fetched when rendering under the resource rules. */
  google_fonts_url?: string;
  /** Default text colour, a CSS colour. */
  color?: string;
  /** Default line height, a CSS line height such as `"1.4"`. */
  line_height?: string;
  /** Space between the header, the content and the footer; default `0`. */
  component_gap?: CssLength;
  /** The footer right after the content, or at the bottom of each page; default `after-content`. */
  footer_position?: (typeof FOOTER_POSITIONS)[number];
}

/** A PdfFormat with defaults applied and lengths in CSS px (1in = 96px = 25.4mm). */
export interface ResolvedFormat {
  /** The page box that content is laid out in, px. */
  readonly width: number;
  readonly height: number;
  /** The sheet the PDF page gets when it differs from the layout size (a4: exactly 210 × 297 mm), px. */
  readonly paper?: { readonly width: number; readonly height: number };
  readonly margins: { readonly top: number; readonly right: number; readonly bottom: number; readonly left: number };
  readonly componentGap: number;
  readonly footerPosition: 'after-content' | 'page-bottom';
  readonly verticalAlign: 'top' | 'center' | 'bottom';
  readonly horizontalAlign: 'left' | 'center' | 'right';
  readonly googleFontsUrl: string | null;
  /** Typography defaults, as CSS text; the document's own CSS overrides them. */
  readonly fontFamily: string | null;
  readonly fontSize: string | null;
  readonly color: string | null;
  readonly lineHeight: string | null;
  readonly textAlign: TextAlignOption | null;
  readonly backgroundColor: string | null;
}

const MM = 96 / 25.4;
const PX_PER_UNIT: Readonly<Record<string, number>> = {
  px: 1,
  mm: MM,
  cm: MM * 10,
  q: MM / 4,
  in: 96,
  pt: 96 / 72,
  pc: 16,
};

const PT = 96 / 72;

/**
 * Preset sheets in px, portrait (DECISIONS.md: a4 210 × 297 mm, letter 8.5 × 11 in, square 210 × 210 mm),
 * and the page box each is laid out in where that differs. Chromium lays out a print-API A4 page
 * (Puppeteer's and Playwright's 8.27 × 11.7 in) in whole points, rounded up: 596 × 843 pt
 * (measured: a `width: 100%` box is 795 px wide at zero margins, 721 at 10 mm, 683 at 15 mm).
 * Templates written for those services break their lines and pages in that box, so the a4
 * preset lays out in it, on a sheet of exactly 210 × 297 mm: the content ends 0.7 pt closer to
 * the right edge and 1.1 pt closer to the bottom. CSS `@page { size: A4 }` stays 210 × 297 mm.
 */
const PRESETS: Readonly<
  Record<string, { readonly paper: readonly [number, number]; readonly layout?: readonly [number, number] }>
> = {
  a4: { paper: [210 * MM, 297 * MM], layout: [596 * PT, 843 * PT] },
  letter: { paper: [8.5 * 96, 11 * 96] },
  square: { paper: [210 * MM, 210 * MM] },
};
export const MIN_PAGE_SIDE = 10 * MM;
export const MAX_PAGE_SIDE = 5000 * MM;

const DEFAULT_MARGINS = { top: 20 * MM, right: 15 * MM, bottom: 20 * MM, left: 15 * MM };

/**
 * Parse a CssLength (`12mm`, `.5in`, `1e1mm`, `20MM`, `0`) to px, or null. The one rule for
 * lengths everywhere: the server's schemas and the CLI call it too. As in CSS, a number
 * other than 0 needs a unit (CSS Values 4 §6.1), and units are ASCII case-insensitive.
 */
export function parseAbsoluteLength(text: string): number | null {
  // One way to match each string (`\d+\.?\d*` splits digits n ways, trimming spaces in the
  // pattern too): an anchored match that fails must not retry splits, quadratic on 1 MB.
  const m = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)([a-z]*)$/i.exec(text.trim());
  if (!m) return null;
  const value = Number(m[1]);
  if (!Number.isFinite(value)) return null;
  const unit = (m[2] ?? '').toLowerCase();
  if (unit === '') return value === 0 ? 0 : null;
  const factor = PX_PER_UNIT[unit];
  return factor === undefined ? null : value * factor;
}

function fail(param: string, message: string): never {
  throw new InvalidFormatError(param, message);
}

function optionalString(format: PdfFormat, key: keyof PdfFormat, prefix: string): string | undefined {
  const value = format[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') fail(`${prefix}.${key}`, `${prefix}.${key} must be a string.`);
  return value;
}

function oneOf<T extends string>(
  format: PdfFormat,
  key: keyof PdfFormat,
  prefix: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const raw = optionalString(format, key, prefix);
  if (raw === undefined) return fallback;
  const value = raw;
  if (!(allowed as readonly string[]).includes(value)) {
    fail(`${prefix}.${key}`, `${prefix}.${key} must be one of ${allowed.join(', ')}; got "${raw}".`);
  }
  return value as T;
}

/** The layout size and, when it differs, the paper size of the format's page. */
function pageSize(format: PdfFormat, prefix: string): { size: [number, number]; paper?: [number, number] } {
  // Without a preset, a width and a height mean a custom size (rather than ignoring them).
  const impliedCustom = format.preset === undefined && format.width !== undefined && format.height !== undefined;
  const preset = oneOf(format, 'preset', prefix, PRESET_NAMES, impliedCustom ? 'custom' : 'a4');
  if (preset !== 'custom') {
    const { paper, layout } = PRESETS[preset.replace('-landscape', '')] ?? PRESETS['a4']!;
    const orient = ([w, h]: readonly [number, number]): [number, number] =>
      preset.endsWith('-landscape') ? [h, w] : [w, h];
    return layout ? { size: orient(layout), paper: orient(paper) } : { size: orient(paper) };
  }
  const side = (key: 'width' | 'height'): number => {
    const raw = optionalString(format, key, prefix);
    if (raw === undefined || raw.trim() === '')
      fail(`${prefix}.${key}`, `${prefix}.${key} is required when ${prefix}.preset is "custom".`);
    const px = parseAbsoluteLength(raw);
    if (px === null) fail(`${prefix}.${key}`, `${prefix}.${key} must be a CSS length such as "210mm"; got "${raw}".`);
    if (px < MIN_PAGE_SIDE - 1e-6 || px > MAX_PAGE_SIDE + 1e-6) {
      fail(`${prefix}.${key}`, `${prefix}.${key} must be between 10mm and 5000mm; got "${raw}".`);
    }
    return px;
  };
  return { size: [side('width'), side('height')] };
}

function margins(format: PdfFormat, prefix: string, width: number, height: number): ResolvedFormat['margins'] {
  const given = format.margins;
  if (given !== undefined && given !== null && (typeof given !== 'object' || Array.isArray(given))) {
    fail(`${prefix}.margins`, `${prefix}.margins must be an object with top, bottom, left and right.`);
  }
  const out = { ...DEFAULT_MARGINS };
  for (const side of ['top', 'bottom', 'left', 'right'] as const) {
    const raw: unknown = given?.[side];
    if (raw === undefined || raw === null) continue;
    const param = `${prefix}.margins.${side}`;
    const px = typeof raw === 'string' ? parseAbsoluteLength(raw) : null;
    if (px === null || px < 0)
      fail(param, `${param} must be a non-negative CSS length such as "20mm"; got "${String(raw)}".`);
    out[side] = px;
  }
  if (out.left + out.right >= width)
    fail(
      `${prefix}.margins`,
      `${prefix}.margins.left and .right leave no room for content on a page ${round(width)}px wide.`,
    );
  if (out.top + out.bottom >= height)
    fail(
      `${prefix}.margins`,
      `${prefix}.margins.top and .bottom leave no room for content on a page ${round(height)}px high.`,
    );
  return out;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * Apply defaults to a PdfFormat and validate it.
 * @param paramPrefix the dotted path reported in errors (`format`, `pdf_format`)
 * @throws InvalidFormatError naming the first faulty field
 */
export function resolveFormat(format: PdfFormat | undefined, paramPrefix = 'format'): ResolvedFormat {
  const f: PdfFormat = format ?? {};
  if (typeof f !== 'object' || f === null || Array.isArray(f)) fail(paramPrefix, `${paramPrefix} must be an object.`);
  const {
    size: [width, height],
    paper,
  } = pageSize(f, paramPrefix);
  const resolvedMargins = margins(f, paramPrefix, width, height);
  const gapRaw = optionalString(f, 'component_gap', paramPrefix);
  const gap = gapRaw === undefined ? 0 : parseAbsoluteLength(gapRaw);
  if (gap === null || gap < 0)
    fail(
      `${paramPrefix}.component_gap`,
      `${paramPrefix}.component_gap must be a non-negative CSS length such as "20mm"; got "${gapRaw}".`,
    );
  const text = (key: keyof PdfFormat): string | null => {
    const value = optionalString(f, key, paramPrefix);
    return value === undefined || value.trim() === '' ? null : value.trim();
  };
  validateTypography(f, paramPrefix);
  const textAlign =
    f.text_align === undefined || f.text_align === null
      ? null
      : oneOf(f, 'text_align', paramPrefix, TEXT_ALIGNS, 'left');
  return {
    width,
    height,
    ...(paper ? { paper: { width: paper[0], height: paper[1] } } : {}),
    margins: resolvedMargins,
    componentGap: gap,
    footerPosition: oneOf(f, 'footer_position', paramPrefix, FOOTER_POSITIONS, 'after-content'),
    verticalAlign: oneOf(f, 'vertical_align', paramPrefix, VERTICAL_ALIGNS, 'top'),
    horizontalAlign: oneOf(f, 'horizontal_align', paramPrefix, HORIZONTAL_ALIGNS, 'left'),
    googleFontsUrl: text('google_fonts_url'),
    fontFamily: text('font_family'),
    fontSize: text('font_size'),
    color: text('color'),
    lineHeight: text('line_height'),
    textAlign,
    backgroundColor: text('background_color'),
  };
}

const LENGTH_CONTEXT = { fontSize: 16, rootFontSize: 16, viewportWidth: 1000, viewportHeight: 1000 };
const FONT_SIZE_KEYWORDS = new Set([
  'xx-small',
  'x-small',
  'small',
  'medium',
  'large',
  'x-large',
  'xx-large',
  'xxx-large',
  'smaller',
  'larger',
]);

/** The typography fields are CSS values: reject what CSS would reject, naming the field. */
function validateTypography(f: PdfFormat, prefix: string): void {
  const check = (key: keyof PdfFormat, ok: (text: string) => boolean, what: string): void => {
    const raw = optionalString(f, key, prefix);
    if (raw === undefined || raw.trim() === '') return;
    if (/[;{}]/.test(raw) || !ok(raw)) fail(`${prefix}.${key}`, `${prefix}.${key} must be ${what}; got "${raw}".`);
  };
  const single = (text: string) => {
    const w = words(parseComponents(text));
    return w.length === 1 ? w[0] : undefined;
  };
  const isColor = (text: string) => parseColor(single(text)) !== null;
  check('color', isColor, 'a CSS colour');
  check('background_color', isColor, 'a CSS colour');
  check(
    'font_size',
    (t) => {
      const cv = single(t);
      return (
        (cv?.t === 'ident' && FONT_SIZE_KEYWORDS.has(cv.v.toLowerCase())) ||
        parseLength(cv, LENGTH_CONTEXT, { negative: false }) !== null
      );
    },
    'a CSS font size such as "11pt"',
  );
  check(
    'line_height',
    (t) => {
      const cv = single(t);
      return (
        (cv?.t === 'ident' && cv.v.toLowerCase() === 'normal') ||
        (cv?.t === 'num' && cv.unit === '' && cv.v >= 0) ||
        parseLength(cv, LENGTH_CONTEXT, { negative: false }) !== null
      );
    },
    'a CSS line height such as "1.4"',
  );
  check(
    'font_family',
    (t) =>
      splitCommas(parseComponents(t)).every((part) => {
        const w = words(part);
        return w.length > 0 && (w.length === 1 && w[0]!.t === 'str' ? true : w.every((cv) => cv.t === 'ident'));
      }),
    'a CSS font-family list',
  );
}

/**
 * Merge formats field by field, later arguments winning (`mergeFormats(template.pdf_format,
 * request.format)`); `margins` merge per side. Undefined and null values never override.
 */
export function mergeFormats(...formats: (PdfFormat | null | undefined)[]): PdfFormat {
  const out: PdfFormat = {};
  for (const format of formats) {
    if (!format || typeof format !== 'object') continue;
    for (const [key, value] of Object.entries(format) as [keyof PdfFormat, unknown][]) {
      if (value === undefined || value === null) continue;
      if (key === 'margins' && typeof value === 'object' && !Array.isArray(value)) {
        const merged = { ...(out.margins ?? {}) };
        for (const [side, v] of Object.entries(value as Record<string, unknown>)) {
          if (v !== undefined && v !== null) (merged as Record<string, unknown>)[side] = v;
        }
        out.margins = merged;
      } else {
        (out as Record<string, unknown>)[key] = value;
      }
    }
  }
  return out;
}
