import type { Color, ComputedStyle, InitialLetter, TextBoxEdge } from '@platen/layout';
import { BLACK, parseColor, parseLength, parseNumber } from '../values.js';
import { splitCommas, words, type CV } from '../tokenizer.js';
import { colorOrCurrent, longhand, partOf, identOf, keyword, single, type ComputeContext } from './registry.js';
import { shadows } from './box.js';

const GENERIC = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'ui-serif',
  'ui-sans-serif',
  'ui-monospace',
  'ui-rounded',
  'math',
  'emoji',
  'fangsong',
]);

/** `font-family` (Fonts 4 §2.1): strings as written, unquoted names joined by spaces. */
export function fontFamilies(cvs: readonly CV[]): readonly string[] | undefined {
  const out: string[] = [];
  for (const part of splitCommas(cvs)) {
    const w = words(part);
    if (w.length === 1 && w[0]!.t === 'str') out.push(w[0]!.v);
    else if (w.length > 0 && w.every((cv) => cv.t === 'ident')) {
      const name = w.map((cv) => (cv as { v: string }).v).join(' ');
      out.push(w.length === 1 && GENERIC.has(name.toLowerCase()) ? name.toLowerCase() : name);
    } else return undefined;
  }
  return out.length > 0 ? out : undefined;
}

export const FONT_SIZE_KEYWORDS = [
  'xx-small',
  'x-small',
  'small',
  'medium',
  'large',
  'x-large',
  'xx-large',
  'xxx-large',
] as const;

/**
 * font-size as specified: px (em/% already resolved against the parent), a keyword index,
 * or `larger`/`smaller`. compute.ts finishes it (it knows the family, for the monospace quirk).
 */
export type SpecifiedFontSize = number | { readonly keyword: number } | 'larger' | 'smaller';

/** Fonts 4 §2.2 relative weights. */
export function bolder(p: number): number {
  return p < 350 ? 400 : p < 550 ? 700 : p < 900 ? 900 : p;
}
export function lighter(p: number): number {
  return p < 100 ? p : p < 550 ? 100 : p < 750 ? 400 : 700;
}

const ALIGN = ['left', 'right', 'center', 'justify', 'start', 'end'] as const;
const ALIGN_ALIASES = { '-webkit-auto': 'start' } as const;
/** `-webkit-*` values stay as they are: assemble.ts splits them into textAlign + legacyAlign. */
const ALIGN_VALUES = [...ALIGN, '-webkit-left', '-webkit-right', '-webkit-center'] as const;
const alignKeyword = keyword(ALIGN_VALUES, ALIGN_ALIASES);
const spacing = (cvs: readonly CV[], ctx: ComputeContext): number | undefined => {
  if (identOf(cvs) === 'normal') return 0;
  const v = parseLength(single(cvs), ctx.len);
  return v === null ? undefined : typeof v === 'number' ? v : v.px + (v.pct / 100) * ctx.len.fontSize;
};
// CSS Writing Modes 4 §3.1; the SVG 1.1 values are aliases (§3.1.1).
export const writingModeKeyword = keyword(
  ['horizontal-tb', 'vertical-rl', 'vertical-lr', 'sideways-rl', 'sideways-lr'] as const,
  {
    lr: 'horizontal-tb',
    'lr-tb': 'horizontal-tb',
    rl: 'horizontal-tb',
    'rl-tb': 'horizontal-tb',
    tb: 'vertical-rl',
    'tb-rl': 'vertical-rl',
  },
);

const VERTICAL_ALIGN_KEYWORDS = [
  'baseline',
  'sub',
  'super',
  'top',
  'middle',
  'bottom',
  'text-top',
  'text-bottom',
] as const;

/** The longhands of this group, in compute order (properties/index.ts). */
export const TEXT_LONGHANDS = {
  color: longhand('color', true, BLACK, (cvs, ctx): Color | undefined => {
    const c = parseColor(single(cvs));
    if (c === null) return undefined;
    return c === 'currentcolor' ? ((ctx.parent?.['color'] as Color | undefined) ?? BLACK) : c;
  }),
  'font-family': longhand('fontFamily', true, ['serif'], fontFamilies),
  // compute.ts finishes it (the monospace quirk), so that the computed value is px.
  'font-size': partOf<SpecifiedFontSize>(
    'fontSize',
    true,
    { keyword: 3 } as SpecifiedFontSize,
    (cvs, ctx): SpecifiedFontSize | undefined => {
      const id = identOf(cvs);
      if (id !== undefined) {
        const k = (FONT_SIZE_KEYWORDS as readonly string[]).indexOf(id);
        if (k >= 0) return { keyword: k };
        if (id === 'larger' || id === 'smaller') return id;
        if (id === '-webkit-xxx-large') return { keyword: 7 };
        return undefined;
      }
      // ctx.len.fontSize is the parent's size while font-size itself computes (Fonts 4 §2.5).
      const v = parseLength(single(cvs), ctx.len, { negative: false });
      if (v === null) return undefined;
      return typeof v === 'number' ? v : v.px + (v.pct / 100) * ctx.len.fontSize;
    },
  ),
  'font-weight': longhand('fontWeight', true, 400, (cvs, ctx) => {
    const id = identOf(cvs);
    const parent = (ctx.parent?.['font-weight'] as number | undefined) ?? 400;
    if (id === 'normal') return 400;
    if (id === 'bold') return 700;
    if (id === 'bolder') return bolder(parent);
    if (id === 'lighter') return lighter(parent);
    const n = parseNumber(single(cvs), ctx.len);
    return n !== null && n >= 1 && n <= 1000 ? n : undefined;
  }),
  'font-style': longhand('fontStyle', true, 'normal', (cvs) => {
    const first = words(cvs)[0];
    const id = first?.t === 'ident' ? first.v.toLowerCase() : '';
    return id === 'normal' || id === 'italic' || id === 'oblique' ? id : undefined;
  }),
  // CSS Fonts 5 §2.6: none | [ex-height | cap-height]? <number [0,∞]>; from-font and the other
  // metrics (ch-width, ic-width, ic-height) are not supported: the declaration is dropped.
  'font-size-adjust': longhand('fontSizeAdjust', true, 'none' as ComputedStyle['fontSizeAdjust'], (cvs, ctx) => {
    if (identOf(cvs) === 'none') return 'none';
    const parts = words(cvs);
    const metric = parts.length === 2 && parts[0]?.t === 'ident' ? parts[0].v.toLowerCase() : 'ex-height';
    if (metric !== 'ex-height' && metric !== 'cap-height') return undefined;
    const value = parseNumber(parts[parts.length - 1], ctx.len);
    return parts.length <= 2 && value !== null && value >= 0 ? { metric, value } : undefined;
  }),
  'font-variant-caps': longhand('fontVariant', true, 'normal', (cvs) => {
    const id = identOf(cvs);
    if (id === undefined) return undefined;
    return ['small-caps', 'all-small-caps', 'petite-caps', 'all-petite-caps', 'unicase', 'titling-caps'].includes(id)
      ? 'small-caps'
      : id === 'normal'
        ? 'normal'
        : undefined;
  }),
  'line-height': longhand('lineHeight', true, 'normal', (cvs, ctx) => {
    const cv = single(cvs);
    if (cv?.t === 'ident') return cv.v.toLowerCase() === 'normal' ? 'normal' : undefined;
    const n = parseNumber(cv, ctx.len);
    if (n !== null) return n >= 0 ? { factor: n } : undefined;
    const v = parseLength(cv, ctx.len, { negative: false });
    if (v === null) return undefined;
    if (typeof v === 'number') return v;
    // A percentage (also calc() of percentages only) counts whole percents, truncated
    // (Chromium's StyleBuilderConverter::ConvertLineHeight takes its GetIntValue; measured at
    // 14px: 142.85%, 142.99% and calc(100% + 42.85%) make 19.875px lines, 143% 20.015625px).
    // A calc() of a length and a percentage is resolved in LayoutUnits, truncated (calc(142.85%
    // + 1px) makes 1343/64 px lines), where a length alone is rounded (flow/line-height.ts).
    if (v.px === 0) return (Math.trunc(v.pct) / 100) * ctx.len.fontSize;
    return Math.trunc((v.px + (v.pct / 100) * ctx.len.fontSize) * 64) / 64;
  }),
  'text-align': partOf('textAlign', true, 'start', (cvs, ctx) => {
    const id = identOf(cvs);
    if (id !== '-internal-center' && id !== 'match-parent') return alignKeyword(cvs);
    const p = (ctx.parent?.['text-align'] as string | undefined) ?? 'start';
    // The UA sheet's `th` value (HTML §15.3.8): centre only when the parent's text-align is the
    // initial one, else keep the parent's (`text-align: left` on a table or row reaches its th).
    if (id === '-internal-center') return p === 'start' ? 'center' : p;
    const rtl = ctx.parent?.['direction'] === 'rtl';
    return p === 'start'
      ? rtl
        ? 'right'
        : 'left'
      : p === 'end'
        ? rtl
          ? 'left'
          : 'right'
        : p.replace('-webkit-', '');
  }),
  'text-align-last': longhand('textAlignLast', true, 'auto', keyword(['auto', ...ALIGN] as const)),
  'text-indent': longhand('textIndent', true, 0, (cvs, ctx) => parseLength(words(cvs)[0], ctx.len) ?? undefined),
  'text-transform': longhand(
    'textTransform',
    true,
    'none',
    keyword(['none', 'uppercase', 'lowercase', 'capitalize'] as const),
  ),
  'letter-spacing': longhand('letterSpacing', true, 0, spacing),
  'word-spacing': longhand('wordSpacing', true, 0, spacing),
  'white-space': longhand(
    'whiteSpace',
    true,
    'normal',
    keyword(['normal', 'nowrap', 'pre', 'pre-wrap', 'pre-line', 'break-spaces'] as const, {
      '-webkit-nowrap': 'nowrap',
    }),
  ),
  'word-break': longhand(
    'wordBreak',
    true,
    'normal',
    keyword(['normal', 'break-all', 'keep-all', 'break-word'] as const, { 'auto-phrase': 'normal' }),
  ),
  'overflow-wrap': longhand('overflowWrap', true, 'normal', keyword(['normal', 'break-word', 'anywhere'] as const)),
  hyphens: longhand('hyphens', true, 'manual', keyword(['none', 'manual', 'auto'] as const)),
  'text-wrap-style': longhand('textWrapStyle', true, 'auto', keyword(['auto', 'balance', 'stable', 'pretty'] as const)),
  direction: longhand('direction', true, 'ltr', keyword(['ltr', 'rtl'] as const)),
  'writing-mode': partOf('writingMode', true, 'horizontal-tb', writingModeKeyword),
  // CSS Writing Modes 4 §9.1 (`digits` is not supported by Chromium: invalid).
  'text-combine-upright': partOf('textCombineUpright', true, 'none', keyword(['none', 'all'] as const)),
  'text-orientation': partOf(
    'textOrientation',
    true,
    'mixed',
    keyword(['mixed', 'upright', 'sideways'] as const, { 'sideways-right': 'sideways', 'vertical-right': 'mixed' }),
  ),
  // CSS Inline 3 §6.1, §6.2 (ideographic edges are not supported: invalid).
  'text-box-trim': partOf(
    'textBoxTrim',
    false,
    'none',
    keyword(['none', 'trim-start', 'trim-end', 'trim-both'] as const),
  ),
  'text-box-edge': partOf('textBoxEdge', true, 'auto', textBoxEdge),
  'initial-letter': partOf('initialLetter', false, 'normal', initialLetter),
  'unicode-bidi': longhand(
    'unicodeBidi',
    false,
    'normal',
    keyword(['normal', 'embed', 'isolate', 'bidi-override', 'isolate-override', 'plaintext'] as const, {
      '-webkit-isolate': 'isolate',
      '-webkit-plaintext': 'plaintext',
    }),
  ),
  'text-overflow': longhand('textOverflow', false, 'clip', (cvs) => {
    const first = words(cvs)[0];
    const id = first?.t === 'ident' ? first.v.toLowerCase() : null;
    return id === 'clip' || id === 'ellipsis' ? id : first?.t === 'str' ? 'ellipsis' : undefined;
  }),
  'tab-size': longhand('tabSize', true, 8, (cvs, ctx) => {
    const cv = single(cvs);
    const n = parseNumber(cv, ctx.len);
    if (n !== null) return n >= 0 ? n : undefined;
    const v = parseLength(cv, ctx.len, { percent: false, negative: false });
    // A length tab size is kept in spaces, assuming a space of 0.25em (Times/Arial ≈ 0.25em).
    return typeof v === 'number' ? v / (ctx.len.fontSize * 0.25) : undefined;
  }),
  'text-decoration-line': longhand(
    'textDecorationLine',
    false,
    { underline: false, overline: false, lineThrough: false },
    (cvs) => {
      const out = { underline: false, overline: false, lineThrough: false };
      for (const cv of words(cvs)) {
        const id = cv.t === 'ident' ? cv.v.toLowerCase() : '';
        if (id === 'none') continue;
        if (id === 'underline') out.underline = true;
        else if (id === 'overline') out.overline = true;
        else if (id === 'line-through') out.lineThrough = true;
        else if (id !== 'blink' && id !== 'spelling-error' && id !== 'grammar-error') return undefined;
      }
      return out;
    },
  ),
  'text-decoration-color': longhand('textDecorationColor', false, 'currentcolor', colorOrCurrent),
  'text-decoration-style': longhand(
    'textDecorationStyle',
    false,
    'solid',
    keyword(['solid', 'double', 'dotted', 'dashed', 'wavy'] as const),
  ),
  'text-decoration-thickness': longhand('textDecorationThickness', false, 'auto', (cvs, ctx) => {
    const id = identOf(cvs);
    if (id === 'auto' || id === 'from-font') return 'auto';
    const v = parseLength(single(cvs), ctx.len);
    return v === null ? undefined : typeof v === 'number' ? v : v.px + (v.pct / 100) * ctx.len.fontSize;
  }),
  // CSS Text Decoration 4 §4.3: auto | <length-percentage>, the percentage of 1em
  'text-underline-offset': longhand('textUnderlineOffset', true, 'auto', (cvs, ctx) => {
    if (identOf(cvs) === 'auto') return 'auto';
    const v = parseLength(single(cvs), ctx.len);
    return v === null ? undefined : typeof v === 'number' ? v : v.px + (v.pct / 100) * ctx.len.fontSize;
  }),
  'text-shadow': longhand('textShadow', true, [], shadows(false)),
  'vertical-align': longhand('verticalAlign', false, 'baseline', (cvs, ctx) => {
    const id = identOf(cvs);
    if (id !== undefined) {
      return (VERTICAL_ALIGN_KEYWORDS as readonly string[]).includes(id)
        ? (id as (typeof VERTICAL_ALIGN_KEYWORDS)[number])
        : undefined;
    }
    return parseLength(single(cvs), ctx.len) ?? undefined;
  }),
};

/**
 * `normal | <number [1,∞]> <integer [1,∞]> | <number [1,∞]> && [ drop | raise ]?` (CSS Inline 3
 * §7.2): the size in lines and the sink, by default the size rounded down (`drop`); `raise` is 1.
 */
export function initialLetter(cvs: readonly CV[]): InitialLetter | 'normal' | undefined {
  const w = words(cvs);
  if (w.length === 1 && w[0]!.t === 'ident' && w[0]!.v.toLowerCase() === 'normal') return 'normal';
  const isNumber = (cv: CV | undefined): cv is Extract<CV, { t: 'num' }> => cv?.t === 'num' && cv.unit === '';
  const ident = (cv: CV | undefined): string => (cv?.t === 'ident' ? cv.v.toLowerCase() : '');
  const sizeAt = isNumber(w[0]) ? 0 : 1;
  const size = w[sizeAt];
  if (w.length < 1 || w.length > 2 || !isNumber(size) || size.v < 1) return undefined;
  const other = w[1 - sizeAt];
  if (other === undefined) return { size: size.v, sink: Math.max(1, Math.floor(size.v)) };
  if (sizeAt === 0 && isNumber(other)) {
    return Number.isInteger(other.v) && other.v >= 1 ? { size: size.v, sink: other.v } : undefined;
  }
  const kw = ident(other);
  if (kw === 'drop') return { size: size.v, sink: Math.max(1, Math.floor(size.v)) };
  return kw === 'raise' ? { size: size.v, sink: 1 } : undefined;
}

/**
 * `auto | <over> <under>?` (CSS Inline 3 §6.2): one keyword sets both edges when it can
 * (`text`), else the under edge is `text`.
 */
export function textBoxEdge(cvs: readonly CV[]): TextBoxEdge | 'auto' | undefined {
  const w = words(cvs).map((cv) => (cv.t === 'ident' ? cv.v.toLowerCase() : ''));
  if (w.length === 1 && w[0] === 'auto') return 'auto';
  const [over, under = 'text'] = w;
  if (w.length > 2 || (over !== 'text' && over !== 'cap' && over !== 'ex')) return undefined;
  if (under !== 'text' && under !== 'alphabetic') return undefined;
  return { over, under };
}
