import { splitCommas, words, type CV } from './tokenizer.js';
import { parseColor, parseLength } from './values.js';

/** Longhand name → its value (component values). */
export type Expansion = [string, readonly CV[]][];

const SIDES = ['top', 'right', 'bottom', 'left'] as const;
const CSS_WIDE = new Set(['inherit', 'initial', 'unset', 'revert', 'revert-layer']);
const ident = (v: string): CV => ({ t: 'ident', v, s: 0, e: 0 });
const COMMA: CV = { t: 'delim', v: ',', s: 0, e: 0 };
const SPACE: CV = { t: 'ws', s: 0, e: 0 };
const ZERO_PCT: CV = { t: 'num', v: 0, unit: '%', s: 0, e: 0 };
const NO_CTX = { fontSize: 16, rootFontSize: 16, viewportWidth: 0, viewportHeight: 0 };

/** Longhands of each shorthand, in the order they are reset. */
export const SHORTHANDS: Readonly<Record<string, readonly string[]>> = (() => {
  const m: Record<string, string[]> = {
    margin: SIDES.map((s) => `margin-${s}`),
    padding: SIDES.map((s) => `padding-${s}`),
    inset: [...SIDES],
    'border-width': SIDES.map((s) => `border-${s}-width`),
    'border-style': SIDES.map((s) => `border-${s}-style`),
    'border-color': SIDES.map((s) => `border-${s}-color`),
    'border-radius': ['top-left', 'top-right', 'bottom-right', 'bottom-left'].map((c) => `border-${c}-radius`),
    border: SIDES.flatMap((s) => [`border-${s}-width`, `border-${s}-style`, `border-${s}-color`]),
    outline: ['outline-width', 'outline-style', 'outline-color'],
    'column-rule': ['column-rule-width', 'column-rule-style', 'column-rule-color'],
    columns: ['column-width', 'column-count'],
    font: ['font-style', 'font-variant-caps', 'font-weight', 'font-size', 'line-height', 'font-family'],
    background: ['background-image', 'background-position', 'background-size', 'background-repeat', 'background-attachment', 'background-origin', 'background-clip', 'background-color'],
    flex: ['flex-grow', 'flex-shrink', 'flex-basis'],
    'flex-flow': ['flex-direction', 'flex-wrap'],
    gap: ['row-gap', 'column-gap'],
    'grid-area': ['grid-row-start', 'grid-column-start', 'grid-row-end', 'grid-column-end'],
    'grid-row': ['grid-row-start', 'grid-row-end'],
    'grid-column': ['grid-column-start', 'grid-column-end'],
    'grid-template': ['grid-template-rows', 'grid-template-columns', 'grid-template-areas'],
    'place-items': ['align-items', 'justify-items'],
    'place-content': ['align-content', 'justify-content'],
    'place-self': ['align-self', 'justify-self'],
    'list-style': ['list-style-type', 'list-style-position', 'list-style-image'],
    'text-decoration': ['text-decoration-line', 'text-decoration-style', 'text-decoration-color', 'text-decoration-thickness'],
    overflow: ['overflow-x', 'overflow-y'],
    'background-position': ['background-position'],
  };
  for (const s of SIDES) m[`border-${s}`] = [`border-${s}-width`, `border-${s}-style`, `border-${s}-color`];
  m['grid'] = m['grid-template']!;
  return m;
})();

/** Renamed and logical properties, mapped to physical ones for horizontal-tb ltr. */
const ALIASES: Readonly<Record<string, string>> = {
  'word-wrap': 'overflow-wrap', 'grid-gap': 'gap', 'grid-row-gap': 'row-gap', 'grid-column-gap': 'column-gap',
  'font-variant': 'font-variant-caps', 'inline-size': 'width', 'block-size': 'height', 'min-inline-size': 'min-width',
  'min-block-size': 'min-height', 'max-inline-size': 'max-width', 'max-block-size': 'max-height',
  'margin-inline-start': 'margin-left', 'margin-inline-end': 'margin-right', 'margin-block-start': 'margin-top', 'margin-block-end': 'margin-bottom',
  'padding-inline-start': 'padding-left', 'padding-inline-end': 'padding-right', 'padding-block-start': 'padding-top', 'padding-block-end': 'padding-bottom',
  'inset-inline-start': 'left', 'inset-inline-end': 'right', 'inset-block-start': 'top', 'inset-block-end': 'bottom',
  'border-inline-start': 'border-left', 'border-inline-end': 'border-right', 'border-block-start': 'border-top', 'border-block-end': 'border-bottom',
  'border-start-start-radius': 'border-top-left-radius', 'border-start-end-radius': 'border-top-right-radius',
  'border-end-start-radius': 'border-bottom-left-radius', 'border-end-end-radius': 'border-bottom-right-radius',
  'text-decoration-skip-ink': '', 'print-color-adjust': '', 'color-adjust': '',
};
for (const part of ['width', 'style', 'color']) {
  Object.assign(ALIASES, {
    [`border-inline-start-${part}`]: `border-left-${part}`, [`border-inline-end-${part}`]: `border-right-${part}`,
    [`border-block-start-${part}`]: `border-top-${part}`, [`border-block-end-${part}`]: `border-bottom-${part}`,
  });
}
/** Logical two-value shorthands: name → [start longhand-or-shorthand, end]. */
const LOGICAL_PAIRS: Readonly<Record<string, readonly [string, string]>> = {
  'margin-inline': ['margin-left', 'margin-right'], 'margin-block': ['margin-top', 'margin-bottom'],
  'padding-inline': ['padding-left', 'padding-right'], 'padding-block': ['padding-top', 'padding-bottom'],
  'inset-inline': ['left', 'right'], 'inset-block': ['top', 'bottom'],
};
const PAGE_BREAK: Readonly<Record<string, string>> = { 'page-break-before': 'break-before', 'page-break-after': 'break-after', 'page-break-inside': 'break-inside' };

/** The canonical name of a (possibly prefixed or aliased) property; '' to ignore it. */
export function canonicalName(name: string, known: (n: string) => boolean): string {
  let n = name;
  if (n.startsWith('-webkit-') && !known(n)) n = n.slice(8);
  return ALIASES[n] ?? n;
}

function fourSides(longhands: readonly string[], w: readonly CV[]): Expansion | null {
  if (w.length < 1 || w.length > 4) return null;
  const [t, r = t, b = t, l = r] = w as [CV, CV?, CV?, CV?];
  return [[longhands[0]!, [t]], [longhands[1]!, [r!]], [longhands[2]!, [b!]], [longhands[3]!, [l!]]];
}

/**
 * Expand a shorthand (or alias) into longhands; null when the value is invalid.
 * Returns undefined when `name` is not a shorthand.
 */
export function expandShorthand(name: string, value: readonly CV[]): Expansion | null | undefined {
  const w = words(value);
  if (PAGE_BREAK[name]) {
    const id = w[0]?.t === 'ident' ? w[0].v.toLowerCase() : '';
    return [[PAGE_BREAK[name]!, [ident(id === 'always' ? 'page' : id)]]];
  }
  const pair = LOGICAL_PAIRS[name];
  if (pair) {
    if (w.length < 1 || w.length > 2) return null;
    return [[pair[0], [w[0]!]], [pair[1], [w[1] ?? w[0]!]]];
  }
  const longhands = SHORTHANDS[name];
  if (!longhands || name === 'background-position') return undefined;
  if (w.length === 1 && w[0]!.t === 'ident' && CSS_WIDE.has(w[0]!.v.toLowerCase())) return longhands.map((l) => [l, [w[0]!]]);
  const expander = EXPANDERS[name] ?? (name.startsWith('border-') && SIDES.some((s) => name === `border-${s}`) ? borderSide : undefined);
  return expander ? expander(value, longhands) : null;
}

type Expander = (value: readonly CV[], longhands: readonly string[]) => Expansion | null;

const isIdent = (cv: CV | undefined, ...names: string[]): boolean => cv?.t === 'ident' && names.includes(cv.v.toLowerCase());
const isLength = (cv: CV): boolean => parseLength(cv, NO_CTX) !== null;
const BORDER_STYLES = ['none', 'hidden', 'solid', 'dashed', 'dotted', 'double', 'groove', 'ridge', 'inset', 'outset', 'auto'];

/** `<line-width> || <line-style> || <color>` (Backgrounds 3 §4.4). */
function borderParts(value: readonly CV[]): [CV, CV, CV] | null {
  let width: CV | null = null;
  let style: CV | null = null;
  let color: CV | null = null;
  for (const cv of words(value)) {
    if (!style && isIdent(cv, ...BORDER_STYLES)) style = cv;
    else if (!width && (isIdent(cv, 'thin', 'medium', 'thick') || isLength(cv))) width = cv;
    else if (!color && parseColor(cv) !== null) color = cv;
    else return null;
  }
  return [width ?? ident('medium'), style ?? ident('none'), color ?? ident('currentcolor')];
}

function borderSide(value: readonly CV[], longhands: readonly string[]): Expansion | null {
  const p = borderParts(value);
  return p ? longhands.map((l, i) => [l, [p[i % 3]!]]) : null;
}

function radius(value: readonly CV[], longhands: readonly string[]): Expansion | null {
  const w = words(value);
  const slash = w.findIndex((cv) => cv.t === 'delim' && cv.v === '/');
  const h = slash >= 0 ? w.slice(0, slash) : w;
  const v = slash >= 0 ? w.slice(slash + 1) : h;
  const hs = fourSides(longhands, h);
  const vs = fourSides(longhands, v);
  if (!hs || !vs) return null;
  return hs.map(([l, hv], i) => [l, [hv[0]!, SPACE, vs[i]![1][0]!]]);
}

function font(value: readonly CV[], longhands: readonly string[]): Expansion | null {
  const w = words(value);
  if (w.length === 1 && w[0]!.t === 'ident') return null; // system fonts (caption, menu…) unsupported
  let style: CV = ident('normal');
  let variant: CV = ident('normal');
  let weight: CV = ident('normal');
  let i = 0;
  for (; i < w.length; i++) {
    const cv = w[i]!;
    if (isIdent(cv, 'normal')) continue;
    if (isIdent(cv, 'italic', 'oblique')) style = cv;
    else if (isIdent(cv, 'small-caps')) variant = cv;
    else if (isIdent(cv, 'bold', 'bolder', 'lighter') || (cv.t === 'num' && cv.unit === '' && cv.v >= 1 && cv.v <= 1000)) weight = cv;
    else if (isIdent(cv, 'condensed', 'expanded', 'semi-condensed', 'semi-expanded', 'ultra-condensed', 'extra-condensed', 'ultra-expanded', 'extra-expanded')) continue;
    else break;
  }
  const size = w[i];
  if (!size) return null;
  let lineHeight: CV = ident('normal');
  let rest = i + 1;
  if (w[rest]?.t === 'delim' && (w[rest] as { v: string }).v === '/') {
    if (!w[rest + 1]) return null;
    lineHeight = w[rest + 1]!;
    rest += 2;
  }
  // The family keeps its original spacing and commas: slice from the first family token.
  const first = w[rest];
  if (!first) return null;
  const family = value.slice(value.indexOf(first));
  return [[longhands[0]!, [style]], [longhands[1]!, [variant]], [longhands[2]!, [weight]], [longhands[3]!, [size]], [longhands[4]!, [lineHeight]], [longhands[5]!, family]];
}

const join = (parts: readonly (readonly CV[])[]): CV[] => parts.flatMap((p, i) => (i === 0 ? [...p] : [COMMA, ...p]));

function isImage(cv: CV): boolean {
  return cv.t === 'url' || (cv.t === 'fn' && /gradient$|^url$|^image-set$|^-webkit-image-set$/.test(cv.v)) || isIdent(cv, 'none');
}
const BOXES = ['border-box', 'padding-box', 'content-box', 'text'];
const POSITION_WORDS = ['left', 'right', 'top', 'bottom', 'center'];

/** Backgrounds 3 §3.10: layers separated by commas; only the last may hold a colour. */
function background(value: readonly CV[], longhands: readonly string[]): Expansion | null {
  const layers = splitCommas(value);
  const out: Record<string, CV[][]> = Object.fromEntries(longhands.map((l) => [l, []]));
  let color: CV = ident('transparent');
  for (const [index, layer] of layers.entries()) {
    const lw = words(layer);
    let image: CV = ident('none');
    const pos: CV[] = [];
    let size: CV[] = [ident('auto')];
    const repeat: CV[] = [];
    let attachment: CV = ident('scroll');
    const boxes: CV[] = [];
    for (let i = 0; i < lw.length; i++) {
      const cv = lw[i]!;
      if (isImage(cv)) image = cv;
      else if (isIdent(cv, 'repeat', 'no-repeat', 'repeat-x', 'repeat-y', 'space', 'round')) repeat.push(cv);
      else if (isIdent(cv, 'scroll', 'fixed', 'local')) attachment = cv;
      else if (isIdent(cv, ...BOXES)) boxes.push(cv);
      else if (isIdent(cv, ...POSITION_WORDS) || isLength(cv)) pos.push(cv);
      else if (cv.t === 'delim' && cv.v === '/') {
        size = [];
        while (lw[i + 1] && size.length < 2 && (isLength(lw[i + 1]!) || isIdent(lw[i + 1], 'auto', 'cover', 'contain'))) size.push(lw[++i]!);
        if (size.length === 0) return null;
      } else if (index === layers.length - 1 && parseColor(cv) !== null) color = cv;
      else return null;
    }
    const spaced = (cvs: readonly CV[]): CV[] => cvs.flatMap((cv, i) => (i === 0 ? [cv] : [SPACE, cv]));
    out['background-image']!.push([image]);
    out['background-position']!.push(pos.length ? spaced(pos) : [ZERO_PCT, SPACE, ZERO_PCT]);
    out['background-size']!.push(spaced(size));
    out['background-repeat']!.push(repeat.length ? spaced(repeat) : [ident('repeat')]);
    out['background-attachment']!.push([attachment]);
    out['background-origin']!.push([boxes[0] ?? ident('padding-box')]);
    out['background-clip']!.push([boxes[1] ?? boxes[0] ?? ident('border-box')]);
  }
  return longhands.map((l) => [l, l === 'background-color' ? [color] : join(out[l]!)]);
}

function flex(value: readonly CV[], longhands: readonly string[]): Expansion | null {
  const w = words(value);
  const num = (v: number): CV => ({ t: 'num', v, unit: '', s: 0, e: 0 });
  const zeroPct: CV = { t: 'num', v: 0, unit: '%', s: 0, e: 0 };
  if (w.length === 1 && isIdent(w[0], 'none')) return [[longhands[0]!, [num(0)]], [longhands[1]!, [num(0)]], [longhands[2]!, [ident('auto')]]];
  if (w.length === 1 && isIdent(w[0], 'auto')) return [[longhands[0]!, [num(1)]], [longhands[1]!, [num(1)]], [longhands[2]!, [ident('auto')]]];
  let nums = w.filter((cv) => cv.t === 'num' && cv.unit === '');
  let basis = w.filter((cv) => !(cv.t === 'num' && cv.unit === ''));
  // `flex: 1 1 0`: a third unitless number can only be a zero basis.
  if (nums.length === 3 && basis.length === 0 && (nums[2] as { v: number }).v === 0) {
    basis = [nums[2]!];
    nums = nums.slice(0, 2);
  }
  if (nums.length > 2 || basis.length > 1 || w.length === 0) return null;
  // A unitless 0 after two numbers is the basis.
  return [
    [longhands[0]!, [nums[0] ?? num(1)]],
    [longhands[1]!, [nums[1] ?? num(1)]],
    [longhands[2]!, [basis[0] ?? zeroPct]],
  ];
}

function anyOrder(value: readonly CV[], longhands: readonly string[], tests: readonly ((cv: CV) => boolean)[], defaults: readonly CV[][]): Expansion | null {
  const got: (CV[] | null)[] = longhands.map(() => null);
  for (const cv of words(value)) {
    const k = tests.findIndex((t, i) => got[i] === null && t(cv));
    if (k < 0) {
      // Multi-word longhand (text-decoration-line: underline overline): append.
      const prev = tests.findIndex((t, i) => got[i] !== null && t(cv));
      if (prev < 0) return null;
      got[prev]!.push(SPACE, cv);
    } else got[k] = [cv];
  }
  return longhands.map((l, i) => [l, got[i] ?? defaults[i]!]);
}

function slashPair(value: readonly CV[], longhands: readonly string[], mirrorIdent: boolean): Expansion | null {
  const parts: CV[][] = [[]];
  for (const cv of words(value)) {
    if (cv.t === 'delim' && cv.v === '/') parts.push([]);
    else parts[parts.length - 1]!.push(cv);
  }
  if (parts.some((p) => p.length === 0) || parts.length > longhands.length) return null;
  const spaced = (p: CV[]): CV[] => p.flatMap((cv, i) => (i === 0 ? [cv] : [SPACE, cv]));
  return longhands.map((l, i) => {
    const given = parts[i];
    if (given) return [l, spaced(given)];
    // Grid 1 §8.4: a missing end copies a custom-ident start, else auto.
    const src = i === 3 ? (parts[1] ?? parts[0]) : parts[0];
    return [l, mirrorIdent && src && src.length === 1 && src[0]!.t === 'ident' ? src : [ident('auto')]];
  });
}

function gridTemplate(value: readonly CV[], longhands: readonly string[]): Expansion | null {
  const w = words(value);
  if (w.length === 1 && isIdent(w[0], 'none')) return longhands.map((l) => [l, [ident('none')]]);
  const slash = w.findIndex((cv) => cv.t === 'delim' && cv.v === '/');
  const rowsPart = slash >= 0 ? w.slice(0, slash) : w;
  const colsPart = slash >= 0 ? w.slice(slash + 1) : [ident('none')];
  const spaced = (p: CV[]): CV[] => p.flatMap((cv, i) => (i === 0 ? [cv] : [SPACE, cv]));
  const areas = rowsPart.filter((cv) => cv.t === 'str');
  if (areas.length === 0) return [[longhands[0]!, spaced(rowsPart)], [longhands[1]!, spaced(colsPart)], [longhands[2]!, [ident('none')]]];
  // `"a b" 40px "c d" auto / 1fr 1fr`: each string is a row, optionally followed by its size.
  const rows: CV[] = [];
  let pendingSize = false;
  for (const cv of rowsPart) {
    if (cv.t === 'str') {
      if (pendingSize) rows.push(ident('auto'));
      pendingSize = true;
    } else if (cv.t !== 'block') {
      rows.push(cv);
      pendingSize = false;
    }
  }
  if (pendingSize) rows.push(ident('auto'));
  return [[longhands[0]!, spaced(rows)], [longhands[1]!, spaced(colsPart)], [longhands[2]!, spaced(areas)]];
}

const EXPANDERS: Readonly<Record<string, Expander>> = {
  margin: (v, l) => fourSides(l, words(v)),
  padding: (v, l) => fourSides(l, words(v)),
  inset: (v, l) => fourSides(l, words(v)),
  'border-width': (v, l) => fourSides(l, words(v)),
  'border-style': (v, l) => fourSides(l, words(v)),
  'border-color': (v, l) => fourSides(l, words(v)),
  'border-radius': radius,
  border: borderSide,
  outline: borderSide,
  'column-rule': borderSide,
  columns: (v, l) => anyOrder(v, l, [(cv) => isLength(cv) || isIdent(cv, 'auto'), (cv) => (cv.t === 'num' && cv.unit === '') || isIdent(cv, 'auto')], [[ident('auto')], [ident('auto')]]),
  font,
  background,
  flex,
  'flex-flow': (v, l) => anyOrder(v, l, [(cv) => isIdent(cv, 'row', 'row-reverse', 'column', 'column-reverse'), (cv) => isIdent(cv, 'nowrap', 'wrap', 'wrap-reverse')], [[ident('row')], [ident('nowrap')]]),
  gap: (v, l) => {
    const w = words(v);
    return w.length < 1 || w.length > 2 ? null : [[l[0]!, [w[0]!]], [l[1]!, [w[1] ?? w[0]!]]];
  },
  'grid-area': (v, l) => slashPair(v, l, true),
  'grid-row': (v, l) => slashPair(v, l, true),
  'grid-column': (v, l) => slashPair(v, l, true),
  'grid-template': gridTemplate,
  grid: gridTemplate,
  'place-items': (v, l) => pairOf(v, l),
  'place-content': (v, l) => pairOf(v, l),
  'place-self': (v, l) => pairOf(v, l),
  'list-style': listStyle,
  'text-decoration': (v, l) => anyOrder(v, l, [
    (cv) => isIdent(cv, 'none', 'underline', 'overline', 'line-through', 'blink'),
    (cv) => isIdent(cv, 'solid', 'double', 'dotted', 'dashed', 'wavy'),
    (cv) => parseColor(cv) !== null,
    (cv) => isLength(cv) || isIdent(cv, 'auto', 'from-font'),
  ], [[ident('none')], [ident('solid')], [ident('currentcolor')], [ident('auto')]]),
  overflow: (v, l) => {
    const w = words(v);
    return w.length < 1 || w.length > 2 ? null : [[l[0]!, [w[0]!]], [l[1]!, [w[1] ?? w[0]!]]];
  },
};

function pairOf(value: readonly CV[], longhands: readonly string[]): Expansion | null {
  const w = words(value);
  if (w.length < 1 || w.length > 2) return null;
  return [[longhands[0]!, [w[0]!]], [longhands[1]!, [w[1] ?? w[0]!]]];
}

function listStyle(value: readonly CV[], longhands: readonly string[]): Expansion | null {
  const w = words(value);
  let type: CV | null = null;
  let pos: CV | null = null;
  let image: CV | null = null;
  let nones = 0;
  for (const cv of w) {
    if (isIdent(cv, 'none')) nones++;
    else if (!pos && isIdent(cv, 'inside', 'outside')) pos = cv;
    else if (!image && isImage(cv)) image = cv;
    else if (!type && (cv.t === 'ident' || cv.t === 'str')) type = cv;
    else return null;
  }
  // `none` sets whichever of type and image is not otherwise given (Lists 3 §3.4).
  if (nones > 0 && !type) type = ident('none');
  return [[longhands[0]!, [type ?? ident('disc')]], [longhands[1]!, [pos ?? ident('outside')]], [longhands[2]!, [image ?? ident('none')]]];
}

/** Whether component values contain `var()` anywhere (substitution happens at compute time). */
export function containsVar(cvs: readonly CV[]): boolean {
  for (const cv of cvs) {
    if (cv.t === 'fn' && (cv.v === 'var' || containsVar(cv.args))) return true;
    if (cv.t === 'block' && containsVar(cv.items)) return true;
  }
  return false;
}
