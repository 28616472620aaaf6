import type { FontMetrics } from '../measurer.js';
import { addPx, hasPercent, type ComputedStyle } from '../style.js';
import type { StyledElement, StyledNode } from '../styled-node.js';

/**
 * Form controls as Chromium lays them out (HTML §15.5 "Form controls" leaves their look to the
 * UA): boxes whose intrinsic size comes from their attributes and font, not their content.
 * core/style gives them their UA styles and text content (value, placeholder, label); here
 * that style gets the control's intrinsic size, then they are ordinary inline-block (or block,
 * flex item…) boxes. core/paint draws the native look of `appearance: auto` ones.
 */
export type ControlKind =
  | 'text-field'
  | 'textarea'
  | 'menulist'
  | 'listbox'
  | 'checkbox'
  | 'radio'
  | 'push-button'
  | 'range'
  | 'color'
  | 'progress'
  | 'meter'
  | 'file';

const TEXT_FIELD_TYPES = new Set([
  'text',
  'search',
  'email',
  'url',
  'tel',
  'password',
  'number',
  'date',
  'time',
  'datetime-local',
  'month',
  'week',
]);
const SIZED_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password']);
const DATE_TYPES = new Set(['date', 'time', 'datetime-local', 'month', 'week']);
const PUSH_BUTTON_TYPES = new Set(['submit', 'reset', 'button']);

/** What kind of control an element is, or null (hidden and image inputs; a file input is never themed, only sized). */
export function controlKind(tag: string, attrs: Readonly<Record<string, string>>): ControlKind | null {
  switch (tag) {
    case 'input': {
      const type = (attrs['type'] ?? 'text').toLowerCase();
      if (type === 'checkbox' || type === 'radio' || type === 'range' || type === 'color') return type;
      if (PUSH_BUTTON_TYPES.has(type)) return 'push-button';
      if (type === 'file') return 'file';
      // An unknown type is a text field (HTML §4.10.5 "the missing value default").
      return TEXT_FIELD_TYPES.has(type) || !['hidden', 'image'].includes(type) ? 'text-field' : null;
    }
    case 'button':
      return 'push-button';
    case 'textarea':
      return 'textarea';
    case 'select':
      return isListBox(attrs) ? 'listbox' : 'menulist';
    case 'progress':
    case 'meter':
      return tag;
    default:
      return null;
  }
}

/**
 * A list box shows `size` rows (HTML §4.10.7 "display size": 4 when absent), each as tall as its
 * first item (an option, or an optgroup's label row: 1.2em at least, plus the option's 1px of
 * bottom padding), 1.2em with none (Chromium's LayoutListBox); the options past them are clipped.
 */
function listBoxHeight(el: StyledElement, fonts: ControlFonts): number {
  const rows = positiveInt(el.attrs['size']) ?? 4;
  const first = el.children.find((c): c is StyledElement => c.kind === 'element' && ITEM_TAGS.has(c.tag));
  const itemHeight = first
    ? Math.max(lineHeight(first.style, fonts), 1.2 * first.style.fontSize) + LIST_BOX_ITEM_PADDING
    : 1.2 * el.style.fontSize;
  return rows * itemHeight;
}

const ITEM_TAGS = new Set(['option', 'optgroup']);
const LIST_BOX_ITEM_PADDING = 1; // the UA sheet's `option { padding-bottom: 1px }`

/** `<select multiple>` or with `size` > 1 is a list box, else a drop-down (HTML §4.10.7). */
function isListBox(attrs: Readonly<Record<string, string>>): boolean {
  return attrs['multiple'] !== undefined || parseInt(attrs['size'] ?? '', 10) > 1;
}

/** Fonts as layout measures them (LayoutContext.shapes). */
export interface ControlFonts {
  metrics(style: ComputedStyle): FontMetrics;
  shape(text: string, style: ComputedStyle): { readonly width: number };
}

/** Chromium's LayoutTheme sizes, px (unzoomed). */
const CHECKBOX_SIZE = 13; // ThemePainterDefault / NativeTheme kCheckbox and kRadio
const RANGE_SIZE = { width: 129, height: 16 }; // LayoutThemeDefault slider track and thumb
const SCROLLBAR_WIDTH = 15; // a textarea's intrinsic width leaves room for its scroll bar
/** A drop-down's room around its text for the arrow (LayoutThemeDefault PopupInternalPadding*). */
export const MENULIST_PADDING = { top: 1, right: 16, bottom: 1, left: 4 };

/**
 * The control with its intrinsic size folded into its style, and a drop-down's content
 * replaced by its selected option's text. Sizes set by the author win, as in Chromium.
 */
export function sizeControl(styled: StyledElement, kind: ControlKind, fonts: ControlFonts | undefined): StyledElement {
  const el = atomic(styled);
  const s = el.style;
  const native = s.appearance !== 'none';
  switch (kind) {
    case 'checkbox':
    case 'radio':
      return native ? withSize(...withoutEdges(el), CHECKBOX_SIZE, CHECKBOX_SIZE) : el;
    case 'range':
      return native ? withSize(el, s, RANGE_SIZE.width, RANGE_SIZE.height) : el;
    case 'text-field': {
      if (!fonts) return el;
      // `size` applies to the types that take free text (HTML §4.10.5.3.2), not number, date…
      const type = (el.attrs['type'] ?? 'text').toLowerCase();
      const size = (SIZED_TYPES.has(type) ? positiveInt(el.attrs['size']) : null) ?? 20;
      if (DATE_TYPES.has(type)) return withSize(el, s, dateTimeWidth(el, type, fonts), null);
      // Its text is one line that never wraps, clipped (Chromium's inner editor: white-space: pre).
      const pre: ComputedStyle = { ...s, whiteSpace: 'pre' };
      const children = el.children.map((c) =>
        c.kind === 'text' && c.style === styled.style ? { ...c, style: pre } : c,
      );
      const oneLine: StyledElement = { ...el, style: pre, children };
      return withSize(oneLine, oneLine.style, textFieldWidth(s, size, fonts), null, lineHeight(s, fonts));
    }
    case 'textarea': {
      if (!fonts) return el;
      const cols = positiveInt(el.attrs['cols']) ?? 20;
      const rows = positiveInt(el.attrs['rows']) ?? 2;
      const scrollbar = s.overflow === 'auto' || s.overflow === 'scroll' ? SCROLLBAR_WIDTH : 0;
      // field-sizing: content (CSS UI 4 §6.2): as tall as its text (or placeholder), at least a line.
      const width = Math.ceil(avgCharWidth(s, fonts) * cols) + scrollbar;
      if (s.fieldSizing === 'content') return withSize(el, s, width, null, lineHeight(s, fonts));
      return withSize(el, s, width, rows * lineHeight(s, fonts));
    }
    case 'menulist':
      return menulist(el, native, fonts);
    case 'listbox':
      return fonts ? withSize(el, s, null, listBoxHeight(el, fonts)) : el;
    case 'file':
      return fonts ? withSize(el, s, fileInputWidth(el, fonts), null) : el;
    case 'push-button':
      // An `<input>` button with no label is as tall as one with (Chromium: -internal-empty-line-height: fabricated).
      return el.tag === 'input' && fonts ? withSize(el, s, null, null, lineHeight(s, fonts)) : el;
    default:
      return el;
  }
}

/**
 * A control is never an inline box: `display: inline` acts as `inline-block` (HTML §15.5.2
 * "Button layout": an inline outer display type behaves as inline-block; §15.5 renders the other
 * widgets as inline-block boxes; Chromium: a text field, drop-down, textarea, progress… with
 * `display: inline` is an atomic inline whose padding and border take room in the line).
 */
function atomic(el: StyledElement): StyledElement {
  return el.style.display === 'inline' ? { ...el, style: { ...el.style, display: 'inline-block' } } : el;
}

function positiveInt(v: string | undefined): number | null {
  const n = v === undefined ? NaN : parseInt(v, 10);
  return n > 0 ? n : null;
}

/**
 * Chromium's LayoutTextControlSingleLine::PreferredContentLogicalWidth: `size` average
 * characters, plus the font's widest glyph less one average character. Both come from the
 * font's tables (OS/2 xAvgCharWidth, head bounding box), rounded to whole px as Skia does.
 */
function textFieldWidth(s: ComputedStyle, size: number, fonts: ControlFonts): number {
  const avg = avgCharWidth(s, fonts);
  const max = fonts.metrics(s).maxCharWidth;
  return Math.ceil(avg * size) + (max === undefined ? 0 : Math.round(max) - avg);
}

/**
 * A date or time input (its fields from core/style: `::field` boxes with 1px of padding and
 * separators): its fields and the picker icon's room, measured on Chromium's prints: 2.2em +
 * 4px for the calendar (Noto Sans Mono 13.33px and 20px), 1.8em + 4px for the clock.
 */
function dateTimeWidth(el: StyledElement, type: string, fonts: ControlFonts): number {
  let width = 0;
  for (const c of el.children) {
    if (c.kind !== 'element') continue;
    const text = c.children.map((t) => (t.kind === 'text' ? t.text : '')).join('');
    // A field may reserve a longer text's width (a month's name: `data-width`, core/style).
    const reserved = c.attrs['data-width'];
    const shown = Math.max(fonts.shape(text, c.style).width, reserved ? fonts.shape(reserved, c.style).width : 0);
    // Chromium keeps each piece's width in LayoutUnits (1/64 px), rounded up.
    width += Math.ceil(shown * 64) / 64 + (c.tag === '::field' ? 2 : 0);
  }
  return width + Math.floor(((type === 'time' ? 1.8 : 2.2) * el.style.fontSize + 4) * 64) / 64;
}

/**
 * A file input's width (Chromium's FileUploadControlIntrinsicInlineSize): its button's max-content
 * width, 4px and its status text, or 34 '0' characters if wider. Its content (core/style): the
 * button, an `<input type=button>`, then the status text.
 */
function fileInputWidth(el: StyledElement, fonts: ControlFonts): number {
  const AFTER_BUTTON_SPACING = 4; // the UA's margin-inline-end of ::file-selector-button, not the author's
  let width = 0;
  for (const c of el.children) {
    if (c.kind === 'text') width += fonts.shape(c.text, c.style).width;
    else width += buttonMaxContent(c, fonts) + AFTER_BUTTON_SPACING;
  }
  return Math.ceil(Math.max(34 * fonts.shape('0', el.style).width, width));
}

/** A button's max-content border-box width: its label's width, padding and border. */
function buttonMaxContent(button: StyledElement, fonts: ControlFonts): number {
  const s = button.style;
  let text = 0;
  for (const c of button.children) if (c.kind === 'text') text += fonts.shape(c.text, c.style).width;
  return text + px(s.paddingLeft) + px(s.paddingRight) + s.borderLeft.width + s.borderRight.width;
}

/** The font's average character width, else the width of '0' (LayoutTextControl::GetAvgCharWidth). */
function avgCharWidth(s: ComputedStyle, fonts: ControlFonts): number {
  const avg = fonts.metrics(s).avgCharWidth;
  return avg !== undefined && avg > 0 ? Math.round(avg) : fonts.shape('0', s).width;
}

function lineHeight(s: ComputedStyle, fonts: ControlFonts): number {
  const m = fonts.metrics(s);
  const lh = s.lineHeight;
  if (lh === 'normal') return m.ascent + m.descent + m.lineGap;
  return typeof lh === 'number' ? lh : lh.factor * s.fontSize;
}

/**
 * A drop-down `<select>`: as wide as its widest option (whole px) plus room for the arrow,
 * showing its selected option's text (the last `selected` one, else the first option).
 */
function menulist(el: StyledElement, native: boolean, fonts: ControlFonts | undefined): StyledElement {
  const options = optionsOf(el);
  const chosen = options.filter((o) => o.attrs['selected'] !== undefined).pop() ?? options[0];
  const text = chosen ? optionLabel(chosen) : '';
  let s = el.style;
  if (fonts && (native || s.lineHeight === 'normal')) {
    // Chromium's drop-down lines have no line gap (Times 14px: 15px, where a text field's are 16px).
    // A themed one (`menulist`, `menulist-button`) ignores the author's line-height: its height
    // is locked to auto (LayoutThemeDefault::AdjustMenuListStyle resets line-height to initial).
    const m = fonts.metrics(s);
    s = { ...s, lineHeight: m.ascent + m.descent };
  }
  if (native) {
    const pad = MENULIST_PADDING;
    s = {
      ...s,
      paddingTop: addPx(s.paddingTop, pad.top),
      paddingRight: addPx(s.paddingRight, pad.right),
      paddingBottom: addPx(s.paddingBottom, pad.bottom),
      paddingLeft: addPx(s.paddingLeft, pad.left),
    };
  }
  const children: StyledNode[] = text ? [{ kind: 'text', text, style: s }] : [];
  const out: StyledElement = { ...el, style: s, children };
  if (!fonts) return out;
  let widest = 0;
  for (const o of options) widest = Math.max(widest, fonts.shape(optionLabel(o), o.style).width);
  return withSize(out, s, Math.ceil(widest), null, lineHeight(s, fonts));
}

function optionsOf(el: StyledElement): StyledElement[] {
  const out: StyledElement[] = [];
  const visit = (n: StyledNode): void => {
    if (n.kind !== 'element') return;
    if (n.tag === 'option') out.push(n);
    else if (n.tag === 'optgroup') n.children.forEach(visit);
  };
  el.children.forEach(visit);
  return out;
}

/** An option's label: its `label` attribute, else its text with white space collapsed (HTML §4.10.10). */
function optionLabel(option: StyledElement): string {
  const label = option.attrs['label'];
  if (label !== undefined && label !== '') return label;
  const text = (n: StyledNode): string => (n.kind === 'text' ? n.text : n.children.map(text).join(''));
  return option.children
    .map(text)
    .join('')
    .replace(/[\t\n\f\r ]+/g, ' ')
    .trim();
}

/**
 * Set the content-box width / height (converted for box-sizing) where the author left them
 * auto; `minHeight` is the content height an empty control keeps (a line's height).
 */
function withSize(
  el: StyledElement,
  s: ComputedStyle,
  width: number | null,
  height: number | null,
  minHeight?: number,
): StyledElement {
  const edges = (a: ComputedStyle['paddingTop'], b: ComputedStyle['paddingTop'], ba: number, bb: number): number =>
    s.boxSizing === 'border-box' ? px(a) + px(b) + ba + bb : 0;
  const h = edges(s.paddingLeft, s.paddingRight, s.borderLeft.width, s.borderRight.width);
  const v = edges(s.paddingTop, s.paddingBottom, s.borderTop.width, s.borderBottom.width);
  const style: { -readonly [K in keyof ComputedStyle]: ComputedStyle[K] } = { ...s };
  const [stretchX, stretchY] = stretchedBetweenInsets(s);
  // The intrinsic size keywords mean the control's own size too (CSS Sizing 3 §5: its min- and max-content size).
  if (width !== null && !stretchX && (s.width === 'auto' || isSizeKeyword(s.width))) style.width = width + h;
  else if (width !== null && s.writingMode === undefined && hasPercent(s.width)) style.controlContentWidth = width;
  if (height !== null && !stretchY && (s.height === 'auto' || isSizeKeyword(s.height))) style.height = height + v;
  if (minHeight !== undefined && s.height === 'auto' && s.minHeight === 'auto') style.minHeight = minHeight + v;
  return { ...el, style };
}

/**
 * An absolutely positioned control with an auto size and both insets of an axis set stretches
 * between them like a non-replaced box (CSS Position 3 §4.1, csswg-drafts#6789: form controls are
 * not replaced elements), as Chromium lays them out: its own size is not written in that axis.
 */
function stretchedBetweenInsets(s: ComputedStyle): [boolean, boolean] {
  if (s.position !== 'absolute' && s.position !== 'fixed') return [false, false];
  return [
    s.width === 'auto' && s.left !== 'auto' && s.right !== 'auto',
    s.height === 'auto' && s.top !== 'auto' && s.bottom !== 'auto',
  ];
}

/**
 * A native checkbox or radio without its padding and border: the theme draws it, at its size
 * (Chromium's LayoutTheme::AdjustCheckboxStyle and AdjustRadioStyle reset both; measured: a
 * radio with `padding: 6px 12px; border: 1px solid` is 13 × 13 px).
 */
function withoutEdges(el: StyledElement): [StyledElement, ComputedStyle] {
  const s = el.style;
  const none = (side: ComputedStyle['borderTop']): ComputedStyle['borderTop'] => ({ ...side, width: 0, style: 'none' });
  const style: ComputedStyle = {
    ...s,
    paddingTop: 0,
    paddingRight: 0,
    paddingBottom: 0,
    paddingLeft: 0,
    borderTop: none(s.borderTop),
    borderRight: none(s.borderRight),
    borderBottom: none(s.borderBottom),
    borderLeft: none(s.borderLeft),
  };
  return [{ ...el, style }, style];
}

function isSizeKeyword(l: unknown): boolean {
  return l === 'min-content' || l === 'max-content' || l === 'fit-content';
}

/** A padding's px part (percentages of a control's padding are rare; they count as 0 here). */
function px(l: ComputedStyle['paddingTop']): number {
  return typeof l === 'number' ? l : l.px;
}
