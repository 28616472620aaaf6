import { words, type CV } from './tokenizer.js';
import { parseColor } from './values.js';
import { LEGACY_BREAKS, LOGICAL_PAIRS } from './property-aliases.js';
import {
  BORDER_STYLES,
  CSS_WIDE,
  SIDES,
  SPACE,
  ident,
  isIdent,
  isLength,
  type Expander,
  type Expansion,
} from './shorthand-tokens.js';
import { background, font, gridTemplate, listStyle } from './shorthands-complex.js';

export type { Expansion } from './shorthand-tokens.js';

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
    columns: ['column-width', 'column-count', 'column-height', 'column-wrap'],
    font: [
      'font-style',
      'font-variant-caps',
      'font-weight',
      'font-size',
      'line-height',
      'font-family',
      'font-size-adjust',
    ],
    background: [
      'background-image',
      'background-position',
      'background-size',
      'background-repeat',
      'background-attachment',
      'background-origin',
      'background-clip',
      'background-color',
    ],
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
    'text-decoration': [
      'text-decoration-line',
      'text-decoration-style',
      'text-decoration-color',
      'text-decoration-thickness',
    ],
    overflow: ['overflow-x', 'overflow-y'],
    // CSS Text 4 §6.1: `text-wrap-mode || text-wrap-style`; the mode is white-space's here (only `wrap`, its usual value, is taken).
    'text-wrap': ['text-wrap-style'],
    'contain-intrinsic-size': ['contain-intrinsic-width', 'contain-intrinsic-height'],
    'background-position': ['background-position'],
    'text-box': ['text-box-trim', 'text-box-edge'],
  };
  for (const s of SIDES) m[`border-${s}`] = [`border-${s}-width`, `border-${s}-style`, `border-${s}-color`];
  // CSS Logical 1 §4.4: both block-axis sides at once (top and bottom, as border-block-start/-end map here).
  m['border-block'] = [...m['border-top']!, ...m['border-bottom']!];
  m['grid'] = m['grid-template']!;
  return m;
})();

function fourSides(longhands: readonly string[], w: readonly CV[]): Expansion | null {
  if (w.length < 1 || w.length > 4) return null;
  const [t, r = t, b = t, l = r] = w as [CV, CV?, CV?, CV?];
  return [
    [longhands[0]!, [t]],
    [longhands[1]!, [r!]],
    [longhands[2]!, [b!]],
    [longhands[3]!, [l!]],
  ];
}

/**
 * Expand a shorthand (or alias) into longhands; null when the value is invalid.
 * Returns undefined when `name` is not a shorthand.
 */
export function expandShorthand(name: string, value: readonly CV[]): Expansion | null | undefined {
  const w = words(value);
  const legacy = LEGACY_BREAKS[name];
  if (legacy) {
    const id = w[0]?.t === 'ident' ? w[0].v.toLowerCase() : '';
    const [target, always, avoid] = legacy;
    return [[target, [ident(id === 'always' ? always : id === 'avoid' ? avoid : id)]]];
  }
  const pair = LOGICAL_PAIRS[name];
  if (pair) {
    if (w.length < 1 || w.length > 2) return null;
    return [
      [pair[0], [w[0]!]],
      [pair[1], [w[1] ?? w[0]!]],
    ];
  }
  const longhands = SHORTHANDS[name];
  if (!longhands || name === 'background-position') return undefined;
  if (w.length === 1 && w[0]!.t === 'ident' && CSS_WIDE.has(w[0]!.v.toLowerCase()))
    return longhands.map((l) => [l, [w[0]!]]);
  const expander =
    EXPANDERS[name] ??
    (name.startsWith('border-') && SIDES.some((s) => name === `border-${s}`) ? borderSide : undefined);
  return expander ? expander(value, longhands) : null;
}

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

function flex(value: readonly CV[], longhands: readonly string[]): Expansion | null {
  const w = words(value);
  const num = (v: number): CV => ({ t: 'num', v, unit: '', s: 0, e: 0 });
  const zeroPct: CV = { t: 'num', v: 0, unit: '%', s: 0, e: 0 };
  if (w.length === 1 && isIdent(w[0], 'none'))
    return [
      [longhands[0]!, [num(0)]],
      [longhands[1]!, [num(0)]],
      [longhands[2]!, [ident('auto')]],
    ];
  if (w.length === 1 && isIdent(w[0], 'auto'))
    return [
      [longhands[0]!, [num(1)]],
      [longhands[1]!, [num(1)]],
      [longhands[2]!, [ident('auto')]],
    ];
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

function anyOrder(
  value: readonly CV[],
  longhands: readonly string[],
  tests: readonly ((cv: CV) => boolean)[],
  defaults: readonly CV[][],
): Expansion | null {
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

/**
 * `columns: [<'column-width'> || <'column-count'>] [/ <'column-height'>]?` (CSS Multicol 2 §3.5);
 * it resets `column-wrap` to its initial value.
 */
function columns(value: readonly CV[], longhands: readonly string[]): Expansion | null {
  const all = words(value);
  const slash = all.findIndex((cv) => cv.t === 'delim' && cv.v === '/');
  const widthCount = anyOrder(
    slash < 0 ? all : all.slice(0, slash),
    longhands.slice(0, 2),
    [(cv) => isLength(cv) || isIdent(cv, 'auto'), (cv) => (cv.t === 'num' && cv.unit === '') || isIdent(cv, 'auto')],
    [[ident('auto')], [ident('auto')]],
  );
  const height = slash < 0 ? [ident('auto')] : all.slice(slash + 1);
  const heightOk = height.length === 1 && (isLength(height[0]!) || isIdent(height[0]!, 'auto'));
  if (slash === 0 || !widthCount || !heightOk) return null;
  return [...widthCount, [longhands[2]!, height], [longhands[3]!, [ident('auto')]]];
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
  'border-block': borderSide,
  outline: borderSide,
  'column-rule': borderSide,
  columns,
  font,
  background,
  flex,
  'flex-flow': (v, l) =>
    anyOrder(
      v,
      l,
      [
        (cv) => isIdent(cv, 'row', 'row-reverse', 'column', 'column-reverse'),
        (cv) => isIdent(cv, 'nowrap', 'wrap', 'wrap-reverse'),
      ],
      [[ident('row')], [ident('nowrap')]],
    ),
  gap: (v, l) => {
    const w = words(v);
    return w.length < 1 || w.length > 2
      ? null
      : [
          [l[0]!, [w[0]!]],
          [l[1]!, [w[1] ?? w[0]!]],
        ];
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
  // `normal | <'text-box-trim'> || <'text-box-edge'>` (CSS Inline 3 §6.3): an edge alone trims both sides.
  'text-box': (v, l) => {
    const w = words(v);
    if (w.length === 1 && isIdent(w[0], 'normal'))
      return [
        [l[0]!, [ident('none')]],
        [l[1]!, [ident('auto')]],
      ];
    const trim = w.findIndex((cv) => isIdent(cv, 'none', 'trim-start', 'trim-end', 'trim-both'));
    const edge = w.filter((_, i) => i !== trim);
    if (trim > 0 && trim < w.length - 1) return null; // the edge's keywords stay together
    if (w.length === 0 || edge.length > 2) return null;
    return [
      [l[0]!, [trim >= 0 ? w[trim]! : ident('trim-both')]],
      [l[1]!, edge.length ? edge.flatMap((cv, i) => (i ? [SPACE, cv] : [cv])) : [ident('auto')]],
    ];
  },
  'text-decoration': (v, l) =>
    anyOrder(
      v,
      l,
      [
        (cv) => isIdent(cv, 'none', 'underline', 'overline', 'line-through', 'blink'),
        (cv) => isIdent(cv, 'solid', 'double', 'dotted', 'dashed', 'wavy'),
        (cv) => parseColor(cv) !== null,
        (cv) => isLength(cv) || isIdent(cv, 'auto', 'from-font'),
      ],
      [[ident('none')], [ident('solid')], [ident('currentcolor')], [ident('auto')]],
    ),
  'text-wrap': (v, l) => {
    const w = words(v);
    const style = w.filter((cv) => !isIdent(cv, 'wrap'));
    if (w.length < 1 || w.length > 2 || style.length > 1) return null;
    if (style.length === 1 && !isIdent(style[0]!, 'auto', 'balance', 'stable', 'pretty')) return null;
    return [[l[0]!, [style[0] ?? ident('auto')]]];
  },
  overflow: (v, l) => {
    const w = words(v);
    return w.length < 1 || w.length > 2
      ? null
      : [
          [l[0]!, [w[0]!]],
          [l[1]!, [w[1] ?? w[0]!]],
        ];
  },
  // `none | [auto? <length>]{1,2}` (CSS Sizing 4 §6.2): one value sets both axes.
  'contain-intrinsic-size': (v, l) => {
    const groups: CV[][] = [];
    for (const cv of words(v)) {
      const open = groups[groups.length - 1];
      if (open && open.length === 1 && isIdent(open[0]!, 'auto')) open.push(cv);
      else groups.push([cv]);
    }
    if (groups.length < 1 || groups.length > 2) return null;
    return [
      [l[0]!, groups[0]!],
      [l[1]!, groups[1] ?? groups[0]!],
    ];
  },
};

function pairOf(value: readonly CV[], longhands: readonly string[]): Expansion | null {
  const w = words(value);
  if (w.length < 1 || w.length > 2) return null;
  return [
    [longhands[0]!, [w[0]!]],
    [longhands[1]!, [w[1] ?? w[0]!]],
  ];
}

/** Whether component values contain `var()` anywhere (substitution happens at compute time). */
export function containsVar(cvs: readonly CV[]): boolean {
  for (const cv of cvs) {
    if (cv.t === 'fn' && (cv.v === 'var' || containsVar(cv.args))) return true;
    if (cv.t === 'block' && containsVar(cv.items)) return true;
  }
  return false;
}
