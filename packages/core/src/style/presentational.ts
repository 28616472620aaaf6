import { canvasDimension } from '@platen/layout';
import type { Element } from 'domhandler';
import { parseColor } from './values.js';
import { parseComponents } from './tokenizer.js';

/**
 * Presentational hints (HTML §15 "Rendering"), as Chromium maps them: legacy attributes
 * become author-level declarations with specificity 0. Returns CSS declaration text.
 */
export function presentationalHints(el: Element): string {
  const a = el.attribs;
  if (!HINTED_ELEMENTS.has(el.name) && a['dir'] === undefined && el.name !== 'bdi') return '';
  const name = el.name;
  // Most rows and cells carry no hint attribute: then only a cell's table gives it hints.
  if (name !== 'bdi' && !hasHintAttribute(a)) return TABLE_PARTS.has(name) ? tablePartHintText(el) : '';
  hints = '';
  if (a['bgcolor'] !== undefined && BG_ELEMENTS.has(name)) {
    const c = legacyColor(a['bgcolor']);
    if (c) add(`background-color:${c}`);
  }
  if (a['background'] !== undefined && BG_ELEMENTS.has(name) && a['background'].trim())
    add(`background-image:url(${JSON.stringify(a['background'].trim())})`);
  if (a['align'] !== undefined) alignHint(name, a['align'], add);
  if (a['valign'] !== undefined && ALIGNED_TABLE_PARTS.has(name)) {
    // Any vertical-align value, as Chromium passes it to the CSS parser (`text-top`, `10px`).
    const v = a['valign'].trim().toLowerCase();
    if (VERTICAL_ALIGN_KEYWORDS.has(v) || /^[+-]?(\d+(\.\d*)?|\.\d+)(px|%|em|rem|pt)$/.test(v))
      add(`vertical-align:${v}`);
  }
  if (name === 'svg') svgSizeHints(a, add);
  if (name === 'canvas') canvasRatioHint(a, add);
  if (SIZE_ELEMENTS.has(name)) {
    // Cells ignore a zero width or height (HTML §15.3.8); rows and row groups have a height only.
    const cell = name === 'td' || name === 'th';
    const w = HEIGHT_ONLY.has(name) ? null : dimension(a['width'], !cell);
    if (w) add(`width:${w}`);
    const h = dimension(a['height'], !cell);
    if (h && name !== 'col' && name !== 'colgroup') add(`height:${h}`);
  }
  if ((name === 'td' || name === 'th') && a['nowrap'] !== undefined) add('white-space:nowrap');
  if (name === 'table') tableHints(a, add);
  if (TABLE_PARTS.has(name)) {
    const fromTable = tablePartHintText(el);
    if (fromTable) add(fromTable.slice(0, -1));
  }
  if (name === 'body') bodyHints(a, add);
  if (name === 'font') fontHints(a, add);
  const dir = a['dir']?.trim().toLowerCase();
  if (dir === 'auto' || (name === 'bdi' && dir !== 'ltr' && dir !== 'rtl')) add(`direction:${autoDirection(el)}`);
  if (name === 'img' || name === 'object') imageHints(a, add);
  if (name === 'hr') hrHints(a, add);
  if ((name === 'ol' || name === 'ul' || name === 'li') && a['type'] !== undefined) {
    const t = LIST_TYPES[a['type'].trim()] ?? LIST_TYPES[a['type'].trim().toLowerCase()];
    if (t) add(`list-style-type:${t}`);
  }
  return hints;
}

/**
 * The hints of the element being looked at. One module-level collector instead of a closure
 * per call: this runs for every table row and cell, and none of it re-enters.
 */
let hints = '';
function add(decl: string): void {
  hints += `${decl};`;
}

const RTL_SCRIPTS =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Adlam}]/u;

/** HTML §3.2.6.4 "auto" directionality: the first strong character of the text decides. */
function autoDirection(el: Element): 'ltr' | 'rtl' {
  const stack = [...el.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'text') {
      const match = /\p{L}/u.exec((node as unknown as { data: string }).data);
      if (match) return RTL_SCRIPTS.test(match[0]) ? 'rtl' : 'ltr';
    } else if ('attribs' in node) {
      const child = node as Element;
      if (child.attribs['dir'] !== undefined || ['bdi', 'script', 'style', 'textarea'].includes(child.name)) continue;
      for (let i = child.children.length - 1; i >= 0; i--) stack.push(child.children[i]!);
    }
  }
  return 'ltr';
}

/** Every attribute read below; an element without any of them has hints only from its table. */
const HINT_ATTRIBUTES = new Set([
  'bgcolor',
  'background',
  'align',
  'valign',
  'width',
  'height',
  'nowrap',
  'text',
  'dir',
  'type',
  'color',
  'face',
  'size',
  'border',
  'hspace',
  'vspace',
  'noshade',
  'cellspacing',
  'frame',
  'rules',
  'bordercolor',
  'marginwidth',
  'leftmargin',
  'marginheight',
  'topmargin',
]);

function hasHintAttribute(a: Record<string, string>): boolean {
  for (const name in a) if (HINT_ATTRIBUTES.has(name)) return true;
  return false;
}

const HINTED_ELEMENTS = new Set([
  'svg',
  'body',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'col',
  'colgroup',
  'img',
  'object',
  'iframe',
  'embed',
  'video',
  'canvas',
  'input',
  'hr',
  'font',
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'caption',
  'legend',
  'ol',
  'ul',
  'li',
]);
const BG_ELEMENTS = new Set(['body', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'col', 'colgroup']);
/** Table parts that take `valign` and `align` (HTML §15.3.8). */
const ALIGNED_TABLE_PARTS = new Set(['col', 'colgroup', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th']);
/** A canvas's width and height are its natural size, not dimension hints (HTML §15.4.3, as in Chromium). */
const SIZE_ELEMENTS = new Set([
  'table',
  'td',
  'th',
  'img',
  'col',
  'colgroup',
  'iframe',
  'embed',
  'object',
  'video',
  'hr',
  'tr',
  'thead',
  'tbody',
  'tfoot',
]);
/** Table parts with a `height` but no `width` hint (HTML §15.3.8). */
const HEIGHT_ONLY = new Set(['tr', 'thead', 'tbody', 'tfoot']);
const LIST_TYPES: Readonly<Record<string, string>> = {
  '1': 'decimal',
  a: 'lower-alpha',
  A: 'upper-alpha',
  i: 'lower-roman',
  I: 'upper-roman',
  disc: 'disc',
  circle: 'circle',
  square: 'square',
  none: 'none',
};
/** Elements whose `align` aligns their content and, through `-webkit-*`, their child blocks (HTML §15.3.3). */
const LEGACY_ALIGN_ELEMENTS = new Set(['p', 'div', ...ALIGNED_TABLE_PARTS]);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'legend']);
const TEXT_ALIGN_KEYWORDS = new Set([
  'left',
  'right',
  'center',
  'justify',
  'start',
  'end',
  '-webkit-left',
  '-webkit-right',
  '-webkit-center',
]);
const VERTICAL_ALIGN_KEYWORDS = new Set([
  'baseline',
  'sub',
  'super',
  'text-top',
  'text-bottom',
  'middle',
  'top',
  'bottom',
]);

/**
 * `align` as Chromium maps it: the exact keywords (any case, no spaces) of each element kind
 * get their mapping, any other value is a `text-align` value for the CSS parser (`justify`,
 * `end`, ` center`), as in Chromium's HTMLTablePartElement / HTMLDivElement.
 */
function alignHint(name: string, raw: string, add: (d: string) => void): void {
  const exact = raw.toLowerCase();
  const align = exact.trim();
  if (LEGACY_ALIGN_ELEMENTS.has(name) || HEADINGS.has(name)) {
    const legacy = LEGACY_ALIGN_ELEMENTS.has(name);
    if (exact === 'center' || exact === 'middle') add(legacy ? 'text-align:-webkit-center' : 'text-align:center');
    else if (exact === 'absmiddle' && ALIGNED_TABLE_PARTS.has(name)) add('text-align:center');
    else if ((exact === 'left' || exact === 'right') && legacy) add(`text-align:-webkit-${exact}`);
    else if (TEXT_ALIGN_KEYWORDS.has(align)) add(`text-align:${align}`);
  } else if (name === 'caption') {
    // A caption's align is its side (Chromium's HTMLTableCaptionElement), not its text alignment.
    if (align === 'top' || align === 'bottom') add(`caption-side:${align}`);
  } else if (name === 'table') {
    if (exact === 'center') add('margin-left:auto;margin-right:auto');
    else if (align === 'left' || align === 'right' || align === 'none') add(`float:${align}`);
  } else if (name === 'img' || name === 'object' || name === 'iframe' || name === 'embed' || name === 'input') {
    if (align === 'left' || align === 'right') add(`float:${align}`);
    else if (align === 'middle' || align === 'absmiddle' || align === 'center') add('vertical-align:middle');
    else if (align === 'top' || align === 'texttop') add(`vertical-align:${align === 'top' ? 'top' : 'text-top'}`);
    else if (align === 'bottom' || align === 'baseline' || align === 'absbottom') add('vertical-align:baseline');
  } else if (name === 'hr') {
    if (align === 'left') add('margin-left:0;margin-right:auto');
    else if (align === 'right') add('margin-left:auto;margin-right:0');
    else if (align === 'center') add('margin-left:auto;margin-right:auto');
  }
}

/**
 * A canvas's width and height attributes map to `aspect-ratio: auto w / h` (HTML §15.4.3): its
 * ratio even where its natural one is gone (size containment).
 */
function canvasRatioHint(a: Readonly<Record<string, string>>, add: (d: string) => void): void {
  const w = canvasDimension(a['width']);
  const h = canvasDimension(a['height']);
  if (w !== null && h !== null) add(`aspect-ratio:auto ${w} / ${h}`);
}

/**
 * HTML "rules for parsing dimension values" (§2.3.4.4) as Chromium's ParseDimensionValue reads
 * them: `50` → 50px, `50%` and `50.%` → 50%, garbage after the number ignored (`50px`, `50 %` are
 * 50px). A relative length, `50*` (the `*` right after the number, HTML 4's MultiLength), maps to
 * nothing: Chromium drops it, so a `<col width="23*">` leaves its column auto.
 */
export function dimension(raw: string | undefined, allowZero: boolean): string | null {
  if (raw === undefined) return null;
  const m = /^[\t\n\f\r ]*(\d+(?:\.\d*)?)([%*])?/.exec(raw);
  if (!m || m[2] === '*') return null;
  const n = Number(m[1]);
  if (n === 0 && !allowZero) return null;
  return m[2] ? `${n}%` : `${n}px`;
}

/**
 * An outer `<svg>`'s width and height are presentation attributes for the CSS properties
 * (SVG 2 §8.2, geometry properties): any length or percentage, unitless meaning px.
 */
function svgSizeHints(a: Record<string, string>, add: (declaration: string) => void): void {
  for (const side of ['width', 'height'] as const) {
    // Trimmed first, and `\d+(\.\d+)?|\.\d+` rather than `\d*\.?\d+`: one way to match, so a failing 1 MB value stays linear.
    const m = /^((?:\d+(?:\.\d+)?|\.\d+)(?:e[+-]?\d+)?)\s*(px|%|em|ex|rem|ch|pt|pc|cm|mm|in|q|vw|vh)?$/i.exec(
      (a[side] ?? '').trim(),
    );
    if (m) add(`${side}:${m[1]}${m[2] ?? 'px'}`);
  }
}

/** HTML "rules for parsing a legacy colour value", reduced to names and hex digits. */
export function legacyColor(raw: string): string | null {
  const value = raw.trim();
  if (value === '' || value.toLowerCase() === 'transparent') return null;
  const cvs = parseComponents(value);
  if (cvs.length === 1 && parseColor(cvs[0]) !== null) return value;
  const hex = value.replace(/^#/, '').replace(/[^0-9a-fA-F]/g, '0');
  if (hex.length === 0) return null;
  const padded = hex.length % 3 === 0 ? hex : hex.padEnd(hex.length + (3 - (hex.length % 3)), '0');
  const third = padded.length / 3;
  const part = (i: number) =>
    padded
      .slice(i * third, i * third + third)
      .slice(-Math.min(third, 8))
      .slice(0, 2)
      .padEnd(2, '0');
  return `#${part(0)}${part(1)}${part(2)}`;
}

function tableHints(a: Record<string, string>, add: (d: string) => void): void {
  const spacing = a['cellspacing'] === undefined ? null : /^\s*(\d+)/.exec(a['cellspacing']);
  // Chromium reads a non-negative integer and ignores a percentage.
  if (spacing && !/^\s*\d+(\.\d*)?\s*%/.test(a['cellspacing']!)) add(`border-spacing:${Number(spacing[1])}px`);
  if (a['bordercolor'] !== undefined) {
    const c = legacyColor(a['bordercolor']);
    if (c) add(`border-color:${c}`);
  }
  const t = tableAttributes(a);
  // Chromium applies `frame` and `border` in attribute order: the later border width wins.
  const frameFirst = t.frame !== null && Object.keys(a).indexOf('frame') < Object.keys(a).indexOf('border');
  if (t.border !== null && frameFirst) add('border-width:1px');
  if (t.border !== null) add(`border-width:${t.border}px`);
  if (t.frame !== null) {
    // HTML §15.3.8 `frame`: the listed sides solid, the others hidden.
    if (!frameFirst) add('border-width:1px');
    const [top, right, bottom, left] = t.frame;
    add(
      `border-style:${top ? 'solid' : 'hidden'} ${right ? 'solid' : 'hidden'} ${bottom ? 'solid' : 'hidden'} ${left ? 'solid' : 'hidden'}`,
    );
  } else if (t.border) add(`border-style:${t.borderColor ? 'solid' : 'outset'}`);
  // A hidden table border wins over its cells' outer borders in the collapsing model.
  else if (t.rules !== null) add('border-style:hidden');
  // Valid `rules` make the borders collapse (Chromium's HTMLTableElement).
  if (t.rules !== null) add('border-collapse:collapse');
}

interface TableAttributes {
  /** `border`: null when absent; an empty or unparsable value means 1 (HTML §15.3.8). */
  readonly border: number | null;
  readonly borderColor: boolean;
  /** `frame`: top, right, bottom, left drawn; null when absent or unknown. */
  readonly frame: readonly [boolean, boolean, boolean, boolean] | null;
  readonly rules: 'none' | 'groups' | 'rows' | 'cols' | 'all' | null;
  /** `cellpadding` in px, null when absent or empty. */
  readonly padding: number | null;
}

const FRAMES: ReadonlyMap<string, readonly [boolean, boolean, boolean, boolean]> = new Map(
  Object.entries({
    void: [false, false, false, false],
    above: [true, false, false, false],
    below: [false, false, true, false],
    hsides: [true, false, true, false],
    lhs: [false, false, false, true],
    rhs: [false, true, false, false],
    vsides: [false, true, false, true],
    box: [true, true, true, true],
    border: [true, true, true, true],
  } as const),
);
const RULES = new Set(['none', 'groups', 'rows', 'cols', 'all']);

function tableAttributes(a: Record<string, string>): TableAttributes {
  const border = a['border'] === undefined ? null : /^\s*\+?(\d+)/.exec(a['border']);
  const rules = a['rules']?.trim().toLowerCase() ?? '';
  const padding = a['cellpadding'];
  return {
    border: a['border'] === undefined ? null : border ? Number(border[1]) : 1,
    borderColor: a['bordercolor'] !== undefined && a['bordercolor'] !== '',
    frame: FRAMES.get(a['frame']?.trim().toLowerCase() ?? '') ?? null,
    rules: RULES.has(rules) ? (rules as TableAttributes['rules']) : null,
    // Chromium reads it as a loose integer: `abc` and negatives are 0, `3.7` is 3.
    padding: padding === undefined || padding === '' ? null : Math.max(0, parseInt(padding, 10) || 0),
  };
}

function enclosingTable(el: Element): Element | null {
  for (let p = el.parent; p; p = p.parent) {
    if (p instanceof Object && (p as Element).name === 'table') return p as Element;
  }
  return null;
}

/** Elements that take hints from their table's attributes. */
const TABLE_PARTS = new Set(['td', 'th', 'thead', 'tbody', 'tfoot', 'colgroup']);

/** Per table, the hints each kind of part gets from it (cells, row groups, column groups). */
const partHintCache = new WeakMap<Element, { cell: string; rowGroup: string; colGroup: string }>();

/** The hints a table part gets from its table's attributes, as declaration text ending in `;`. */
function tablePartHintText(el: Element): string {
  const table = enclosingTable(el);
  if (!table) return '';
  let hints = partHintCache.get(table);
  if (!hints) partHintCache.set(table, (hints = tablePartHints(tableAttributes(table.attribs))));
  return el.name === 'td' || el.name === 'th' ? hints.cell : el.name === 'colgroup' ? hints.colGroup : hints.rowGroup;
}

/** What a table's cellpadding, border and rules give its cells and groups (Chromium's HTMLTableElement). */
function tablePartHints(t: TableAttributes): { cell: string; rowGroup: string; colGroup: string } {
  let cell = t.padding === null ? '' : `padding:${t.padding}px;`;
  const solid = 'border-style:solid;border-color:inherit;';
  if (t.rules === 'all') cell += `border-width:1px;${solid}`;
  else if (t.rules === 'rows') cell += 'border-top:1px solid;border-bottom:1px solid;border-color:inherit;';
  else if (t.rules === 'cols') cell += 'border-left:1px solid;border-right:1px solid;border-color:inherit;';
  else if (t.rules === null && t.border)
    cell += `border-width:1px;border-style:${t.borderColor ? 'solid' : 'inset'};border-color:inherit;`;
  const groups = t.rules === 'groups';
  return {
    cell,
    rowGroup: groups ? 'border-top:1px solid;border-bottom:1px solid;' : '',
    colGroup: groups ? 'border-left:1px solid;border-right:1px solid;' : '',
  };
}

const FONT_SIZES = ['x-small', 'small', 'medium', 'large', 'x-large', 'xx-large', 'xxx-large'];

function fontHints(a: Record<string, string>, add: (d: string) => void): void {
  if (a['color'] !== undefined) {
    const c = legacyColor(a['color']);
    if (c) add(`color:${c}`);
  }
  if (a['face'] !== undefined && a['face'].trim()) {
    // Plain names stay unquoted so that generic families (sans-serif) keep their meaning.
    const families = a['face']
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    add(
      `font-family:${families.map((f) => (/^[a-zA-Z][\w-]*( [a-zA-Z][\w-]*)*$/.test(f) ? f : JSON.stringify(f))).join(',')}`,
    );
  }
  if (a['size'] !== undefined) {
    const m = /^\s*([+-]?)(\d+)/.exec(a['size']);
    if (m) {
      let n = Number(m[2]);
      if (m[1] === '+') n = 3 + n;
      else if (m[1] === '-') n = 3 - n;
      add(`font-size:${FONT_SIZES[Math.min(7, Math.max(1, n)) - 1]}`);
    }
  }
}

/**
 * `<body text marginwidth leftmargin marginheight topmargin>` (HTML §15.3.3). As in Chromium's
 * HTMLBodyElement, `marginwidth`/`leftmargin` set both side margins and `marginheight`/`topmargin`
 * both top and bottom (no `rightmargin`/`bottommargin`); a later attribute overrides an earlier one.
 */
function bodyHints(a: Record<string, string>, add: (d: string) => void): void {
  if (a['text'] !== undefined) {
    const c = legacyColor(a['text']);
    if (c) add(`color:${c}`);
  }
  for (const attr in a) {
    const sides = BODY_MARGIN_SIDES.get(attr);
    const m = sides && dimension(a[attr], true);
    if (m) add(sides.map((side) => `margin-${side}:${m}`).join(';'));
  }
}

const BODY_MARGIN_SIDES: ReadonlyMap<string, readonly string[]> = new Map([
  ['marginwidth', ['left', 'right']],
  ['leftmargin', ['left', 'right']],
  ['marginheight', ['top', 'bottom']],
  ['topmargin', ['top', 'bottom']],
]);

function imageHints(a: Record<string, string>, add: (d: string) => void): void {
  if (a['border'] !== undefined) {
    const n = parseInt(a['border'], 10);
    if (n >= 0) add(`border-width:${n}px;border-style:solid`);
  }
  const h = dimension(a['hspace'], true);
  if (h) add(`margin-left:${h};margin-right:${h}`);
  const v = dimension(a['vspace'], true);
  if (v) add(`margin-top:${v};margin-bottom:${v}`);
}

function hrHints(a: Record<string, string>, add: (d: string) => void): void {
  if (a['color'] !== undefined) {
    const c = legacyColor(a['color']);
    if (c) add(`border-style:solid;border-color:${c};background-color:${c}`);
  } else if (a['noshade'] !== undefined) add('border-style:solid;border-color:gray;background-color:gray');
  if (a['size'] !== undefined) {
    const n = parseInt(a['size'], 10);
    if (n > 1) add(`height:${n - 2}px`);
    else if (n === 1 || n === 0) add('border-bottom-width:0');
  }
}
