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
const BUTTON_LABELS: Readonly<Record<string, string>> = { submit: 'Submit', reset: 'Reset', button: '' };

function inputType(el: Element): string {
  const type = (el.attribs['type'] ?? 'text').toLowerCase();
  return TEXT_TYPES.has(type) || type in BUTTON_LABELS || isOtherInput(type) ? type : 'text';
}

function isOtherInput(type: string): boolean {
  return ['checkbox', 'radio', 'range', 'color', 'file', 'hidden', 'image', 'date', 'time', 'datetime-local', 'month', 'week'].includes(type);
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
  if (type in BUTTON_LABELS) return el.attribs['value'] ?? BUTTON_LABELS[type]!;
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
  return TEXT_TYPES.has(type) || type in BUTTON_LABELS;
}

/**
 * A button, text field or drop-down whose border or background comes from the author is
 * painted as a CSS box (Chromium's LayoutTheme::AdjustStyle with HasAuthorBorder /
 * HasAuthorBackground); a drop-down keeps its arrow (`menulist-button`).
 */
export function withAuthorControlLook(style: ElementStyle, winners: Winners, el: Element): ElementStyle {
  if (!losesLookToAuthor(el)) return style;
  let authored = false;
  for (const [name, decl] of winners) {
    if ((name.startsWith('border-') || name.startsWith('background-')) && !USER_AGENT_DECLARATIONS.has(decl)) {
      authored = true;
      break;
    }
  }
  if (!authored) return style;
  const appearance = el.name === 'select' ? 'menulist-button' : 'none';
  return { ...style, style: { ...style.style, appearance } };
}
