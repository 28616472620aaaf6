/** Property names that map onto others: prefixes, legacy names, logical properties. */

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
export const LOGICAL_PAIRS: Readonly<Record<string, readonly [string, string]>> = {
  'margin-inline': ['margin-left', 'margin-right'], 'margin-block': ['margin-top', 'margin-bottom'],
  'padding-inline': ['padding-left', 'padding-right'], 'padding-block': ['padding-top', 'padding-bottom'],
  'inset-inline': ['left', 'right'], 'inset-block': ['top', 'bottom'],
};
export const PAGE_BREAK: Readonly<Record<string, string>> = { 'page-break-before': 'break-before', 'page-break-after': 'break-after', 'page-break-inside': 'break-inside' };

/** The canonical name of a (possibly prefixed or aliased) property; '' to ignore it. */
export function canonicalName(name: string, known: (n: string) => boolean): string {
  let n = name;
  if (n.startsWith('-webkit-') && !known(n)) n = n.slice(8);
  return ALIASES[n] ?? n;
}

