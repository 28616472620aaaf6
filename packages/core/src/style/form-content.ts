import type { Color } from '@platen/layout';
import { Element, Text } from 'domhandler';
import { USER_AGENT_DECLARATIONS, type Winners } from './cascade.js';
import type { ElementStyle } from './compute.js';

/**
 * What a form control shows as text, as Chromium renders it (HTML §4.10 and §15.5): an
 * input's value (password bullets, a button's label) or its placeholder. Sizes and the native
 * look are layout's and paint's (@platen/layout boxes/form-controls.ts, core/paint).
 */

/** Chromium's `::placeholder` colour (html.css `::-webkit-input-placeholder`). */
export const PLACEHOLDER_COLOR: Color = { r: 0x75, g: 0x75, b: 0x75, a: 1 };

const TEXT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);
/** Default labels of input buttons (Chromium's en-US locale strings). */
const BUTTON_LABELS: ReadonlyMap<string, string> = new Map([
  ['submit', 'Submit'],
  ['reset', 'Reset'],
  ['button', ''],
]);

/** Date and time inputs: text fields of `::field` boxes (dateTimeFields). */
const DATE_TIME_TYPES = new Set(['date', 'time', 'datetime-local', 'month', 'week']);
const OTHER_TYPES = new Set([
  'checkbox',
  'radio',
  'range',
  'color',
  'file',
  'hidden',
  'image',
  'date',
  'time',
  'datetime-local',
  'month',
  'week',
]);

/** The input's type; an unknown one is `text` (HTML §4.10.5). */
function inputType(el: Element): string {
  const type = (el.attribs['type'] ?? 'text').toLowerCase();
  return TEXT_TYPES.has(type) || BUTTON_LABELS.has(type) || OTHER_TYPES.has(type) ? type : 'text';
}

/** A text field's value after HTML's value sanitization (§4.10.5.1): no line breaks; number must parse. */
function sanitizedValue(el: Element, type: string): string {
  const value = (el.attribs['value'] ?? '').replace(/[\r\n]/g, '');
  if (type === 'number') return /^-?(\d+(\.\d+)?|\.\d+)([eE][-+]?\d+)?$/.test(value) ? value : '';
  if (type === 'email' || type === 'url') return value.trim();
  return value;
}

/** The text an `<input>` shows (its value, bullets for a password, a button's label), or ''. */
export function inputText(el: Element): string {
  const type = inputType(el);
  const label = BUTTON_LABELS.get(type);
  if (label !== undefined) return el.attribs['value'] ?? label;
  if (!TEXT_TYPES.has(type)) return '';
  const value = sanitizedValue(el, type);
  // -webkit-text-security: disc (html.css): one bullet per character.
  return type === 'password' ? '\u2022'.repeat([...value].length) : value;
}

/** The placeholder an empty text field or textarea shows, or null (HTML §4.10.5.3.10). */
export function shownPlaceholder(el: Element): string | null {
  const placeholder = el.attribs['placeholder'];
  if (placeholder === undefined || placeholder === '') return null;
  if (el.name === 'textarea') {
    const empty = el.children.every((c) => c instanceof Text && c.data === '');
    return empty ? placeholder : null;
  }
  const type = inputType(el);
  if (!TEXT_TYPES.has(type) || sanitizedValue(el, type) !== '') return null;
  // Line breaks are stripped from the placeholder of an input (§4.10.5.3.10).
  return placeholder.replace(/[\r\n]/g, '');
}

/** Controls whose native look Chromium drops when the author styles their border or background. */
function losesLookToAuthor(el: Element): boolean {
  if (el.name === 'button' || el.name === 'select' || el.name === 'textarea') return true;
  if (el.name !== 'input') return false;
  const type = inputType(el);
  return TEXT_TYPES.has(type) || BUTTON_LABELS.has(type) || DATE_TIME_TYPES.has(type);
}

/**
 * A button, text field or drop-down whose border or background comes from the author is
 * painted as a CSS box (Chromium's LayoutTheme::AdjustStyle with HasAuthorBorder /
 * HasAuthorBackground); a drop-down keeps its arrow (`menulist-button`).
 */
export function withAuthorControlLook(style: ElementStyle, winners: Winners, el: Element): ElementStyle {
  if (!losesLookToAuthor(el)) return style;
  return withAuthorLook(style, winners, el.name === 'select' ? 'menulist-button' : 'none');
}

/** withAuthorControlLook for a file input's button (`::file-selector-button`), an `<input type=button>`. */
export function withAuthorButtonLook(style: ElementStyle, winners: Winners): ElementStyle {
  return withAuthorLook(style, winners, 'none');
}

function withAuthorLook(style: ElementStyle, winners: Winners, appearance: 'none' | 'menulist-button'): ElementStyle {
  for (const [name, decl] of winners) {
    if ((name.startsWith('border-') || name.startsWith('background-')) && !USER_AGENT_DECLARATIONS.has(decl))
      return { ...style, style: { ...style.style, appearance } };
  }
  return style;
}

export interface FileInputLabels {
  readonly button: string;
  readonly status: string;
}

/**
 * A file input's button label and status text, Chromium's en-US strings (IDS_FORM_FILE_BUTTON_LABEL,
 * IDS_FORM_MULTIPLE_FILES_BUTTON_LABEL, IDS_FORM_FILE_NO_FILE_LABEL): a printed form has no file chosen.
 * Null for other elements.
 */
export function fileInputLabels(el: Element): FileInputLabels | null {
  if (inputType(el) !== 'file') return null;
  const button = el.attribs['multiple'] !== undefined ? 'Choose Files' : 'Choose File';
  return { button, status: 'No file chosen' };
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * The fields of a date or time input as Chromium's en-US locale shows them: each field (a
 * string) is a padded box in layout, separators (`{ sep }`) plain text. A valid value fills
 * the fields (HTML §4.10.5.1.7–.11), else they show their placeholders (`mm`, `--`…); a
 * field may reserve the width of a longer text (`width`). Null for other inputs.
 */
export type DateTimeField = string | { readonly sep: string } | { readonly field: string; readonly width: string };

export function dateTimeFields(el: Element): DateTimeField[] | null {
  const type = (el.attribs['type'] ?? '').toLowerCase();
  const value = (el.attribs['value'] ?? '').trim();
  const date = (v: string | undefined): DateTimeField[] => {
    const m = v ? /^(\d{4,})-(\d\d)-(\d\d)$/.exec(v) : null;
    return m ? [m[2]!, { sep: '/' }, m[3]!, { sep: '/' }, m[1]!] : ['mm', { sep: '/' }, 'dd', { sep: '/' }, 'yyyy'];
  };
  const time = (v: string | undefined): DateTimeField[] => {
    const m = v ? /^(\d\d):(\d\d)/.exec(v) : null;
    if (!m) return ['--', { sep: ':' }, '--', { sep: ' ' }, '--'];
    const h = parseInt(m[1]!, 10);
    return [pad2(h % 12 === 0 ? 12 : h % 12), { sep: ':' }, m[2]!, { sep: ' ' }, h < 12 ? 'AM' : 'PM'];
  };
  switch (type) {
    case 'date':
      return date(value);
    case 'time':
      return time(value);
    case 'datetime-local': {
      const [d, t] = value.split(/[T ]/);
      return [...date(d), { sep: ', ' }, ...time(t)];
    }
    case 'month': {
      const m = /^(\d{4,})-(\d\d)$/.exec(value);
      const month = m ? MONTHS[parseInt(m[2]!, 10) - 1] : undefined;
      // The month field is as wide as its placeholder, one dash per letter of the longest name.
      return month ? [{ field: month, width: '---------' }, { sep: ' ' }, m![1]!] : ['---------', { sep: ' ' }, '----'];
    }
    case 'week': {
      const m = /^(\d{4,})-W(\d\d)$/.exec(value);
      return m ? [{ sep: 'Week ' }, m[2]!, { sep: ', ' }, m[1]!] : [{ sep: 'Week ' }, '--', { sep: ', ' }, '----'];
    }
    default:
      return null;
  }
}
