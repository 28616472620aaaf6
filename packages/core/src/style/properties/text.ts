import type { Color } from '@platen/layout';
import { BLACK, parseColor, parseLength, parseNumber } from '../values.js';
import { splitCommas, words, type CV } from '../tokenizer.js';
import { color, define, identOf, keyword, single, type ComputeContext } from './registry.js';
import { shadows } from './box.js';

define('color', true, BLACK, (cvs, ctx): Color | undefined => {
  const c = parseColor(single(cvs));
  if (c === null) return undefined;
  return c === 'currentcolor' ? ((ctx.parent?.['color'] as Color | undefined) ?? BLACK) : c;
});

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
define('font-family', true, ['serif'], fontFamilies);

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
define('font-size', true, { keyword: 3 }, (cvs, ctx): SpecifiedFontSize | undefined => {
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
});

/** Fonts 4 §2.2 relative weights. */
export function bolder(p: number): number {
  return p < 350 ? 400 : p < 550 ? 700 : p < 900 ? 900 : p;
}
export function lighter(p: number): number {
  return p < 100 ? p : p < 550 ? 100 : p < 750 ? 400 : 700;
}
define('font-weight', true, 400, (cvs, ctx) => {
  const id = identOf(cvs);
  const parent = (ctx.parent?.['font-weight'] as number | undefined) ?? 400;
  if (id === 'normal') return 400;
  if (id === 'bold') return 700;
  if (id === 'bolder') return bolder(parent);
  if (id === 'lighter') return lighter(parent);
  const n = parseNumber(single(cvs), ctx.len);
  return n !== null && n >= 1 && n <= 1000 ? n : undefined;
});
define('font-style', true, 'normal', (cvs) => {
  const first = words(cvs)[0];
  const id = first?.t === 'ident' ? first.v.toLowerCase() : '';
  return id === 'normal' || id === 'italic' || id === 'oblique' ? id : undefined;
});
define('font-variant-caps', true, 'normal', (cvs) => {
  const id = identOf(cvs);
  if (id === undefined) return undefined;
  return ['small-caps', 'all-small-caps', 'petite-caps', 'all-petite-caps', 'unicase', 'titling-caps'].includes(id)
    ? 'small-caps'
    : id === 'normal'
      ? 'normal'
      : undefined;
});
define('line-height', true, 'normal', (cvs, ctx) => {
  const cv = single(cvs);
  if (cv?.t === 'ident') return cv.v.toLowerCase() === 'normal' ? 'normal' : undefined;
  const n = parseNumber(cv, ctx.len);
  if (n !== null) return n >= 0 ? { factor: n } : undefined;
  const v = parseLength(cv, ctx.len, { negative: false });
  if (v === null) return undefined;
  return typeof v === 'number' ? v : v.px + (v.pct / 100) * ctx.len.fontSize;
});

const ALIGN = ['left', 'right', 'center', 'justify', 'start', 'end'] as const;
const ALIGN_ALIASES = { '-webkit-auto': 'start' } as const;
/** `-webkit-*` values stay as they are: assemble.ts splits them into textAlign + legacyAlign. */
const ALIGN_VALUES = [...ALIGN, '-webkit-left', '-webkit-right', '-webkit-center'] as const;
const alignKeyword = keyword(ALIGN_VALUES, ALIGN_ALIASES);
define('text-align', true, 'start', (cvs, ctx) => {
  const id = identOf(cvs);
  if (id !== '-internal-center' && id !== 'match-parent') return alignKeyword(cvs);
  const p = (ctx.parent?.['text-align'] as string | undefined) ?? 'start';
  // The UA sheet's `th` value (HTML §15.3.8): centre only when the parent's text-align is the
  // initial one, else keep the parent's (`text-align: left` on a table or row reaches its th).
  if (id === '-internal-center') return p === 'start' ? 'center' : p;
  const rtl = ctx.parent?.['direction'] === 'rtl';
  return p === 'start' ? (rtl ? 'right' : 'left') : p === 'end' ? (rtl ? 'left' : 'right') : p.replace('-webkit-', '');
});
define('text-align-last', true, 'auto', keyword(['auto', ...ALIGN] as const));
define('text-indent', true, 0, (cvs, ctx) => parseLength(words(cvs)[0], ctx.len) ?? undefined);
define('text-transform', true, 'none', keyword(['none', 'uppercase', 'lowercase', 'capitalize'] as const));
const spacing = (cvs: readonly CV[], ctx: ComputeContext): number | undefined => {
  if (identOf(cvs) === 'normal') return 0;
  const v = parseLength(single(cvs), ctx.len);
  return v === null ? undefined : typeof v === 'number' ? v : v.px + (v.pct / 100) * ctx.len.fontSize;
};
define(['letter-spacing', 'word-spacing'], true, 0, spacing);
define(
  'white-space',
  true,
  'normal',
  keyword(['normal', 'nowrap', 'pre', 'pre-wrap', 'pre-line', 'break-spaces'] as const, { '-webkit-nowrap': 'nowrap' }),
);
define(
  'word-break',
  true,
  'normal',
  keyword(['normal', 'break-all', 'keep-all', 'break-word'] as const, { 'auto-phrase': 'normal' }),
);
define('overflow-wrap', true, 'normal', keyword(['normal', 'break-word', 'anywhere'] as const));
define('hyphens', true, 'manual', keyword(['none', 'manual', 'auto'] as const));
define('direction', true, 'ltr', keyword(['ltr', 'rtl'] as const));
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
define('writing-mode', true, 'horizontal-tb', writingModeKeyword);
// CSS Writing Modes 4 §9.1 (`digits` is not supported by Chromium: invalid).
define('text-combine-upright', true, 'none', keyword(['none', 'all'] as const));
define(
  'text-orientation',
  true,
  'mixed',
  keyword(['mixed', 'upright', 'sideways'] as const, { 'sideways-right': 'sideways', 'vertical-right': 'mixed' }),
);
define(
  'unicode-bidi',
  false,
  'normal',
  keyword(['normal', 'embed', 'isolate', 'bidi-override', 'isolate-override', 'plaintext'] as const, {
    '-webkit-isolate': 'isolate',
    '-webkit-plaintext': 'plaintext',
  }),
);
define('text-overflow', false, 'clip', (cvs) => {
  const first = words(cvs)[0];
  return first?.t === 'ident' && ['clip', 'ellipsis'].includes(first.v.toLowerCase())
    ? first.v.toLowerCase()
    : first?.t === 'str'
      ? 'ellipsis'
      : undefined;
});
define('tab-size', true, 8, (cvs, ctx) => {
  const cv = single(cvs);
  const n = parseNumber(cv, ctx.len);
  if (n !== null) return n >= 0 ? n : undefined;
  const v = parseLength(cv, ctx.len, { percent: false, negative: false });
  // A length tab size is kept in spaces, assuming a space of 0.25em (Times/Arial ≈ 0.25em).
  return typeof v === 'number' ? v / (ctx.len.fontSize * 0.25) : undefined;
});

define('text-decoration-line', false, { underline: false, overline: false, lineThrough: false }, (cvs) => {
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
});
define('text-decoration-color', false, 'currentcolor', (cvs, ctx) =>
  identOf(cvs) === 'currentcolor' ? 'currentcolor' : color(cvs, ctx),
);
define('text-decoration-style', false, 'solid', keyword(['solid', 'double', 'dotted', 'dashed', 'wavy'] as const));
define('text-decoration-thickness', false, 'auto', (cvs, ctx) => {
  const id = identOf(cvs);
  if (id === 'auto' || id === 'from-font') return 'auto';
  const v = parseLength(single(cvs), ctx.len);
  return v === null ? undefined : typeof v === 'number' ? v : v.px + (v.pct / 100) * ctx.len.fontSize;
});
define('text-shadow', true, [], shadows(false));
define('vertical-align', false, 'baseline', (cvs, ctx) => {
  const id = identOf(cvs);
  if (id !== undefined) {
    return ['baseline', 'sub', 'super', 'top', 'middle', 'bottom', 'text-top', 'text-bottom'].includes(id)
      ? id
      : undefined;
  }
  return parseLength(single(cvs), ctx.len) ?? undefined;
});
