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
  if (name !== 'bdi' && !hasHintAttribute(a)) return name === 'td' || name === 'th' ? tableCellHintText(el) : '';
  hints = '';
  if (a['bgcolor'] !== undefined && BG_ELEMENTS.has(name)) {
    const c = legacyColor(a['bgcolor']);
    if (c) add(`background-color:${c}`);
  }
  if (a['background'] !== undefined && BG_ELEMENTS.has(name) && a['background'].trim()) add(`background-image:url(${JSON.stringify(a['background'].trim())})`);
  if (a['align'] !== undefined) alignHint(name, a['align'].trim().toLowerCase(), add);
  if (a['valign'] !== undefined && VALIGN_ELEMENTS.has(name)) {
    const v = a['valign'].trim().toLowerCase();
    if (['top', 'middle', 'bottom', 'baseline'].includes(v)) add(`vertical-align:${v}`);
  }
  if (SIZE_ELEMENTS.has(name)) {
    const w = dimension(a['width'], name !== 'td' && name !== 'th');
    if (w) add(`width:${w}`);
    const h = dimension(a['height'], true);
    if (h && name !== 'col' && name !== 'colgroup') add(`height:${h}`);
  }
  if ((name === 'td' || name === 'th') && a['nowrap'] !== undefined) add('white-space:nowrap');
  if (name === 'table') tableHints(a, add);
  if (name === 'td' || name === 'th') cellHints(el, add);
  if (name === 'body' && a['text'] !== undefined) {
    const c = legacyColor(a['text']);
    if (c) add(`color:${c}`);
  }
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

const RTL_SCRIPTS = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Adlam}]/u;

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
  'bgcolor', 'background', 'align', 'valign', 'width', 'height', 'nowrap', 'text', 'dir', 'type', 'color', 'face', 'size',
  'border', 'hspace', 'vspace', 'noshade', 'cellspacing', 'frame', 'rules',
]);

function hasHintAttribute(a: Record<string, string>): boolean {
  for (const name in a) if (HINT_ATTRIBUTES.has(name)) return true;
  return false;
}

const HINTED_ELEMENTS = new Set([
  'body', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'col', 'colgroup', 'img', 'object', 'iframe', 'embed', 'video', 'canvas',
  'input', 'hr', 'font', 'p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'caption', 'legend', 'ol', 'ul', 'li',
]);
const BG_ELEMENTS = new Set(['body', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th']);
const VALIGN_ELEMENTS = new Set(['col', 'colgroup', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th']);
const SIZE_ELEMENTS = new Set(['table', 'td', 'th', 'img', 'col', 'colgroup', 'iframe', 'embed', 'object', 'video', 'canvas', 'hr', 'tr']);
const LIST_TYPES: Readonly<Record<string, string>> = {
  '1': 'decimal', a: 'lower-alpha', A: 'upper-alpha', i: 'lower-roman', I: 'upper-roman',
  disc: 'disc', circle: 'circle', square: 'square', none: 'none',
};
const TEXT_ALIGN_ELEMENTS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'caption', 'legend', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th']);

function alignHint(name: string, align: string, add: (d: string) => void): void {
  if (TEXT_ALIGN_ELEMENTS.has(name)) {
    // Chromium maps `center`/`middle` on blocks and cells to -webkit-center.
    if (align === 'center' || align === 'middle') add('text-align:-webkit-center');
    else if (align === 'left' || align === 'right') add(`text-align:-webkit-${align}`);
    else if (align === 'justify') add('text-align:justify');
  } else if (name === 'table') {
    if (align === 'left' || align === 'right') add(`float:${align}`);
    else if (align === 'center') add('margin-left:auto;margin-right:auto');
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

/** HTML "rules for parsing dimension values": `50` → 50px, `50%` → 50%. */
export function dimension(raw: string | undefined, allowZero: boolean): string | null {
  if (raw === undefined) return null;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(%)?/.exec(raw);
  if (!m) return null;
  const n = Number(m[1]);
  if (n === 0 && !allowZero) return null;
  return m[2] ? `${n}%` : `${n}px`;
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
  const part = (i: number) => padded.slice(i * third, i * third + third).slice(-Math.min(third, 8)).slice(0, 2).padEnd(2, '0');
  return `#${part(0)}${part(1)}${part(2)}`;
}

function tableHints(a: Record<string, string>, add: (d: string) => void): void {
  if (a['cellspacing'] !== undefined) {
    const n = parseInt(a['cellspacing'], 10);
    if (n >= 0) add(`border-spacing:${n}px`);
  }
  const border = tableBorder(a);
  if (border !== null && border > 0) add(`border-width:${border}px;border-style:outset`);
  if (a['frame'] === undefined && a['rules'] !== undefined && border === null) add('border-style:hidden');
}

/** The `border` attribute of a table: an empty value means 1 (HTML §15.3.8). */
function tableBorder(a: Record<string, string>): number | null {
  const raw = a['border'];
  if (raw === undefined) return null;
  const n = parseInt(raw, 10);
  return Number.isNaN(n) ? 1 : Math.max(0, n);
}

function enclosingTable(el: Element): Element | null {
  for (let p = el.parent; p; p = p.parent) {
    if (p instanceof Object && (p as Element).name === 'table') return p as Element;
  }
  return null;
}

const cellHintCache = new WeakMap<Element, string>();

function cellHints(el: Element, add: (d: string) => void): void {
  const css = tableCellHintText(el);
  if (css) add(css.slice(0, -1));
}

/** The hints a cell gets from its table's attributes, as declaration text ending in `;`. */
function tableCellHintText(el: Element): string {
  const table = enclosingTable(el);
  if (!table) return '';
  let css = cellHintCache.get(table);
  if (css === undefined) {
    let text = '';
    tableCellHints(table, (d) => {
      text += `${d};`;
    });
    cellHintCache.set(table, (css = text));
  }
  return css;
}

/** What a table's attributes give each of its cells (cellpadding, border, rules). */
function tableCellHints(table: Element, add: (d: string) => void): void {
  const ta = table.attribs;
  if (ta['cellpadding'] !== undefined) {
    const n = parseInt(ta['cellpadding'], 10);
    if (n >= 0) add(`padding:${n}px`);
  }
  const border = tableBorder(ta);
  const rules = ta['rules']?.toLowerCase();
  if ((border !== null && border > 0) || (rules !== undefined && rules !== 'none')) add('border-width:1px;border-style:inset;border-color:inherit');
}

const FONT_SIZES = ['x-small', 'small', 'medium', 'large', 'x-large', 'xx-large', 'xxx-large'];

function fontHints(a: Record<string, string>, add: (d: string) => void): void {
  if (a['color'] !== undefined) {
    const c = legacyColor(a['color']);
    if (c) add(`color:${c}`);
  }
  if (a['face'] !== undefined && a['face'].trim()) {
    // Plain names stay unquoted so that generic families (sans-serif) keep their meaning.
    const families = a['face'].split(',').map((f) => f.trim()).filter(Boolean);
    add(`font-family:${families.map((f) => (/^[a-zA-Z][\w-]*( [a-zA-Z][\w-]*)*$/.test(f) ? f : JSON.stringify(f))).join(',')}`);
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
