/** Property names that map onto others: prefixes, legacy names, logical properties. */

/** Renamed and logical properties, mapped to physical ones for horizontal-tb ltr. */
const ALIASES: Record<string, string> = {
  'word-wrap': 'overflow-wrap',
  'grid-gap': 'gap',
  'grid-row-gap': 'row-gap',
  'grid-column-gap': 'column-gap',
  'font-variant': 'font-variant-caps',
  'inline-size': 'width',
  'block-size': 'height',
  'min-inline-size': 'min-width',
  'min-block-size': 'min-height',
  'max-inline-size': 'max-width',
  'max-block-size': 'max-height',
  'margin-inline-start': 'margin-left',
  'margin-inline-end': 'margin-right',
  'margin-block-start': 'margin-top',
  'margin-block-end': 'margin-bottom',
  'padding-inline-start': 'padding-left',
  'padding-inline-end': 'padding-right',
  'padding-block-start': 'padding-top',
  'padding-block-end': 'padding-bottom',
  'inset-inline-start': 'left',
  'inset-inline-end': 'right',
  'inset-block-start': 'top',
  'inset-block-end': 'bottom',
  'border-inline-start': 'border-left',
  'border-inline-end': 'border-right',
  'border-block-start': 'border-top',
  'border-block-end': 'border-bottom',
  'border-start-start-radius': 'border-top-left-radius',
  'border-start-end-radius': 'border-top-right-radius',
  'border-end-start-radius': 'border-bottom-left-radius',
  'border-end-end-radius': 'border-bottom-right-radius',
  'contain-intrinsic-inline-size': 'contain-intrinsic-width',
  'contain-intrinsic-block-size': 'contain-intrinsic-height',
  'text-decoration-skip-ink': '',
  'print-color-adjust': '',
  'color-adjust': '',
};
for (const part of ['width', 'style', 'color']) {
  Object.assign(ALIASES, {
    [`border-inline-start-${part}`]: `border-left-${part}`,
    [`border-inline-end-${part}`]: `border-right-${part}`,
    [`border-block-start-${part}`]: `border-top-${part}`,
    [`border-block-end-${part}`]: `border-bottom-${part}`,
  });
}

/**
 * The `-webkit-` (and `-epub-`) names Chromium 156 still parses as another property (its css_properties.json5
 * `alias_for`), measured by setting each in Chromium and reading which property it set. Any other
 * `-webkit-` name is not a property there, so its declaration is dropped (`-webkit-hyphens`,
 * `-webkit-text-decoration`, `-webkit-display` …); Chromium's own `-webkit-` properties are
 * defined as such (properties/webkit-box.ts).
 */
const WEBKIT_ALIASES: Readonly<Record<string, string>> = {
  '-webkit-align-content': 'align-content',
  '-webkit-align-items': 'align-items',
  '-webkit-align-self': 'align-self',
  '-webkit-justify-content': 'justify-content',
  '-webkit-order': 'order',
  '-webkit-flex': 'flex',
  '-webkit-flex-flow': 'flex-flow',
  '-webkit-flex-basis': 'flex-basis',
  '-webkit-flex-direction': 'flex-direction',
  '-webkit-flex-grow': 'flex-grow',
  '-webkit-flex-shrink': 'flex-shrink',
  '-webkit-flex-wrap': 'flex-wrap',
  '-webkit-background-clip': 'background-clip',
  '-webkit-background-origin': 'background-origin',
  '-webkit-background-size': 'background-size',
  '-webkit-border-radius': 'border-radius',
  '-webkit-border-top-left-radius': 'border-top-left-radius',
  '-webkit-border-top-right-radius': 'border-top-right-radius',
  '-webkit-border-bottom-left-radius': 'border-bottom-left-radius',
  '-webkit-border-bottom-right-radius': 'border-bottom-right-radius',
  '-webkit-box-shadow': 'box-shadow',
  '-webkit-box-sizing': 'box-sizing',
  '-webkit-opacity': 'opacity',
  '-webkit-transform': 'transform',
  '-webkit-transform-origin': 'transform-origin',
  '-webkit-clip-path': 'clip-path',
  '-webkit-columns': 'columns',
  '-webkit-column-count': 'column-count',
  '-webkit-column-gap': 'column-gap',
  '-webkit-column-width': 'column-width',
  '-webkit-column-span': 'column-span',
  '-webkit-column-rule': 'column-rule',
  '-webkit-column-rule-color': 'column-rule-color',
  '-webkit-column-rule-style': 'column-rule-style',
  '-webkit-column-rule-width': 'column-rule-width',
  '-webkit-print-color-adjust': 'print-color-adjust',
  '-webkit-appearance': 'appearance',
  '-webkit-filter': 'filter',
  '-webkit-font-feature-settings': 'font-feature-settings',
  '-webkit-hyphenate-character': 'hyphenate-character',
  '-webkit-user-select': 'user-select',
  '-webkit-text-size-adjust': 'text-size-adjust',
  '-webkit-backface-visibility': 'backface-visibility',
  '-webkit-perspective': 'perspective',
  '-webkit-perspective-origin': 'perspective-origin',
  '-webkit-transform-style': 'transform-style',
  '-webkit-mask-image': 'mask-image',
  '-webkit-mask-size': 'mask-size',
  '-webkit-mask-repeat': 'mask-repeat',
  '-webkit-shape-outside': 'shape-outside',
  '-webkit-shape-margin': 'shape-margin',
  // Chromium's own properties that stand for the standard one (css_properties.json5 `surrogate_for`).
  '-webkit-box-decoration-break': 'box-decoration-break',
  '-webkit-writing-mode': 'writing-mode',
  '-webkit-text-orientation': 'text-orientation',
  // The logical ones, which then map to physical sides as the standard names do.
  '-webkit-margin-before': 'margin-block-start',
  '-webkit-margin-after': 'margin-block-end',
  '-webkit-margin-start': 'margin-inline-start',
  '-webkit-margin-end': 'margin-inline-end',
  '-webkit-padding-before': 'padding-block-start',
  '-webkit-padding-after': 'padding-block-end',
  '-webkit-padding-start': 'padding-inline-start',
  '-webkit-padding-end': 'padding-inline-end',
  '-webkit-border-before': 'border-block-start',
  '-webkit-border-after': 'border-block-end',
  '-webkit-border-start': 'border-inline-start',
  '-webkit-border-end': 'border-inline-end',
  '-webkit-logical-width': 'inline-size',
  '-webkit-logical-height': 'block-size',
  '-webkit-min-logical-width': 'min-inline-size',
  '-webkit-min-logical-height': 'min-block-size',
  '-webkit-max-logical-width': 'max-inline-size',
  '-webkit-max-logical-height': 'max-block-size',
  // The `-epub-` aliases Chromium keeps (measured the same way); the other `-epub-` names are dropped.
  '-epub-caption-side': 'caption-side',
  '-epub-text-combine': '-webkit-text-combine',
  '-epub-text-emphasis': 'text-emphasis',
  '-epub-text-emphasis-color': 'text-emphasis-color',
  '-epub-text-emphasis-style': 'text-emphasis-style',
  '-epub-text-orientation': 'text-orientation',
  '-epub-text-transform': 'text-transform',
  '-epub-word-break': 'word-break',
  '-epub-writing-mode': 'writing-mode',
};
for (const [logical, side] of [
  ['before', 'block-start'],
  ['after', 'block-end'],
  ['start', 'inline-start'],
  ['end', 'inline-end'],
] as const) {
  for (const part of ['width', 'style', 'color'])
    Object.assign(WEBKIT_ALIASES, { [`-webkit-border-${logical}-${part}`]: `border-${side}-${part}` });
}

/** Chromium's own `-webkit-` properties (not aliases), measured like WEBKIT_ALIASES: `@supports` answers true for them. */
export const CHROMIUM_OWN_WEBKIT: ReadonlySet<string> = new Set([
  '-webkit-border-image',
  '-webkit-box-align',
  '-webkit-box-decoration-break',
  '-webkit-box-direction',
  '-webkit-box-flex',
  '-webkit-box-ordinal-group',
  '-webkit-box-orient',
  '-webkit-box-pack',
  '-webkit-box-reflect',
  '-webkit-font-smoothing',
  '-webkit-line-break',
  '-webkit-line-clamp',
  '-webkit-locale',
  '-webkit-mask-box-image',
  '-webkit-mask-position-x',
  '-webkit-mask-position-y',
  '-webkit-rtl-ordering',
  '-webkit-ruby-position',
  '-webkit-tap-highlight-color',
  '-webkit-text-combine',
  '-webkit-text-fill-color',
  '-webkit-text-orientation',
  '-webkit-text-security',
  '-webkit-text-stroke',
  '-webkit-text-stroke-color',
  '-webkit-text-stroke-width',
  '-webkit-user-drag',
  '-webkit-user-modify',
  '-webkit-writing-mode',
  '-webkit-border-horizontal-spacing',
  '-webkit-border-vertical-spacing',
]);

/** Logical two-value shorthands: name → [start longhand-or-shorthand, end]. */
export const LOGICAL_PAIRS: Readonly<Record<string, readonly [string, string]>> = {
  'margin-inline': ['margin-left', 'margin-right'],
  'margin-block': ['margin-top', 'margin-bottom'],
  'padding-inline': ['padding-left', 'padding-right'],
  'padding-block': ['padding-top', 'padding-bottom'],
  'inset-inline': ['left', 'right'],
  'inset-block': ['top', 'bottom'],
};

/**
 * Legacy break properties (CSS Fragmentation 3 §3.4): name → [the break property, what `always`
 * and `avoid` become]. Chromium parses the `-webkit-column-break-*` ones as aliases too.
 */
export const LEGACY_BREAKS: Readonly<Record<string, readonly [string, string, string]>> = {
  'page-break-before': ['break-before', 'page', 'avoid'],
  'page-break-after': ['break-after', 'page', 'avoid'],
  'page-break-inside': ['break-inside', 'page', 'avoid'],
  '-webkit-column-break-before': ['break-before', 'column', 'avoid-column'],
  '-webkit-column-break-after': ['break-after', 'column', 'avoid-column'],
  '-webkit-column-break-inside': ['break-inside', 'column', 'avoid-column'],
};

/**
 * Inline-axis logical longhands (CSS Logical 1 §4) → their physical side in [ltr, rtl]
 * (horizontal-tb). They keep their own name through the cascade, so that they and the physical
 * ones compete in cascade order, and compute.ts resolves them with the element's direction.
 */
export const INLINE_LOGICAL: Readonly<Record<string, readonly [string, string]>> = {
  'border-start-start-radius': ['border-top-left-radius', 'border-top-right-radius'],
  'border-start-end-radius': ['border-top-right-radius', 'border-top-left-radius'],
  'border-end-start-radius': ['border-bottom-left-radius', 'border-bottom-right-radius'],
  'border-end-end-radius': ['border-bottom-right-radius', 'border-bottom-left-radius'],
};
// Logical sizes (CSS Logical 1 §3): the inline size is the width in horizontal-tb whatever the
// direction, the height in a vertical writing mode (compute.ts turns them).
for (const prefix of ['', 'min-', 'max-', 'contain-intrinsic-'])
  Object.assign(INLINE_LOGICAL, {
    [`${prefix}inline-size`]: [`${prefix}width`, `${prefix}width`],
    [`${prefix}block-size`]: [`${prefix}height`, `${prefix}height`],
  });
for (const [prefix, suffix] of [
  ['margin', ''],
  ['padding', ''],
  ['inset', ''],
  ['border', '-width'],
  ['border', '-style'],
  ['border', '-color'],
] as const) {
  const side = (s: 'left' | 'right' | 'top' | 'bottom'): string => (prefix === 'inset' ? s : `${prefix}-${s}${suffix}`);
  Object.assign(INLINE_LOGICAL, {
    [`${prefix}-inline-start${suffix}`]: [side('left'), side('right')],
    [`${prefix}-inline-end${suffix}`]: [side('right'), side('left')],
    // Block-axis ones too: horizontal-tb puts them on top and bottom whatever the direction, a vertical writing mode on the sides.
    [`${prefix}-block-start${suffix}`]: [side('top'), side('top')],
    [`${prefix}-block-end${suffix}`]: [side('bottom'), side('bottom')],
  });
}
/** Logical names whose declarations keep logical longhand names (shorthands expand to them). */
const LTR_TO_LOGICAL = new Map(Object.entries(INLINE_LOGICAL).map(([logical, [ltr]]) => [ltr, logical]));
const INLINE_LOGICAL_SOURCES = new Set([
  ...Object.keys(INLINE_LOGICAL),
  'margin-inline',
  'padding-inline',
  'inset-inline',
  'border-inline-start',
  'border-inline-end',
  'margin-block',
  'padding-block',
  'inset-block',
  'border-block-start',
  'border-block-end',
]);

/** The name a longhand `physical` (expanded from `source`) keeps through the cascade. */
export function cascadeName(source: string, physical: string): string {
  return INLINE_LOGICAL_SOURCES.has(source) ? (LTR_TO_LOGICAL.get(physical) ?? physical) : physical;
}

/** Names whose winners keep the order they were last applied in (physical sides with a logical twin, and those twins). */
export const ORDERED_IN_CASCADE: ReadonlySet<string> = new Set([
  ...Object.keys(INLINE_LOGICAL),
  ...Object.values(INLINE_LOGICAL).flat(),
]);

/** The canonical name of a (possibly prefixed or aliased) property; '' to ignore it. */
export function canonicalName(name: string): string {
  const n = unprefixed(name);
  return ALIASES[n] ?? n;
}

/** The standard name a `-webkit-` alias stands for (the name itself otherwise). */
export function unprefixed(name: string): string {
  return WEBKIT_ALIASES[name] ?? name;
}
