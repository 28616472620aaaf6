import { controlKind, type BoxFragment, type Color, type ControlKind } from '@platen/layout';
import type { PaintContext } from './paint-context.js';
import { insetRect, type Radii, type Rect } from './geometry.js';

/**
 * The native look of `appearance: auto` form controls, as Chromium's print draws them on
 * Linux (ui/native_theme NativeThemeBase, the "refresh" controls), taken from the drawing
 * operators of its PDFs: 1px rounded borders in place of the CSS ones, the checkbox tick, the
 * radio dot, the drop-down arrow, progress, meter and range tracks. The box keeps its CSS size.
 */

const WHITE: Color = { r: 255, g: 255, b: 255, a: 1 };
const BLACK: Color = { r: 0, g: 0, b: 0, a: 1 };
const BORDER: Color = { r: 0x76, g: 0x76, b: 0x76, a: 1 };
/** Chromium's default accent colour (checked boxes, progress, range). */
const ACCENT: Color = { r: 0x00, g: 0x75, b: 0xff, a: 1 };
const TRACK: Color = { r: 0xef, g: 0xef, b: 0xef, a: 1 };
const METER_COLORS = {
  optimum: { r: 0x10, g: 0x7c, b: 0x10, a: 1 },
  suboptimum: { r: 0xff, g: 0xb9, b: 0x00, a: 1 },
  evenLessGood: { r: 0xd8, g: 0x3b, b: 0x01, a: 1 },
} as const;

/** The control kind `frag` is painted as natively, or null for a plain CSS box. */
export function nativeControl(frag: BoxFragment): ControlKind | null {
  const appearance = frag.style.appearance;
  if (appearance === 'none') return null;
  const kind = controlKind(frag.tag, frag.attrs);
  // A file input has no theme of its own: its button is an `<input type=button>` inside it.
  if (kind === 'file') return null;
  if (appearance === 'menulist-button') return kind === 'menulist' ? kind : null;
  return kind;
}

/** Does the control (`nativeControl(frag)`) paint in place of its CSS background and border? (A `menulist-button` only adds its arrow.) */
export function replacesDecorations(frag: BoxFragment, control: ControlKind | null): control is ControlKind {
  return frag.style.appearance === 'auto' && control !== null;
}

const radii = (r: number): Radii => [
  [r, r],
  [r, r],
  [r, r],
  [r, r],
];
const inset = (rect: Rect, by: number): Rect => insetRect(rect, { top: by, right: by, bottom: by, left: by });
const withAlpha = (c: Color, a: number): Color => ({ ...c, a: c.a * a });

/** Paint the control's native look inside its snapped border box (px, on the pixel grid). */
export function paintNativeControl(ctx: PaintContext, frag: BoxFragment, kind: ControlKind): void {
  const box = ctx.snap({ x: frag.x, y: frag.y, width: frag.width, height: frag.height });
  if (frag.style.appearance === 'menulist-button') {
    paintArrow(ctx, box, frag.style.color);
    return;
  }
  switch (kind) {
    case 'text-field':
    case 'textarea':
    case 'listbox':
      // A hairline at 75% (Skia's stroke width 0), over the field's background.
      field(ctx, box, frag.style.backgroundColor, withAlpha(frag.style.borderTop.color, 0.75), 0);
      return;
    case 'menulist':
      field(ctx, box, WHITE, withAlpha(frag.style.borderTop.color, 0.75), 0);
      paintArrow(ctx, box, frag.style.color);
      return;
    case 'push-button':
    case 'color':
      field(ctx, box, frag.style.backgroundColor, frag.style.borderTop.color, 1);
      if (kind === 'color') paintSwatch(ctx, box, frag.attrs['value']);
      return;
    case 'checkbox':
      return paintCheckbox(ctx, box, frag.attrs['checked'] !== undefined);
    case 'radio':
      return paintRadio(ctx, box, frag.attrs['checked'] !== undefined);
    case 'progress':
      return paintProgress(ctx, box, progressValue(frag.attrs));
    case 'meter':
      return paintMeter(ctx, box, frag.attrs);
    case 'range':
      return paintRange(ctx, box, rangeValue(frag.attrs));
  }
}

/** A rounded field: background inset 0.5px, then its 1px (or hairline) border on the same path. */
function field(ctx: PaintContext, box: Rect, fill: Color, stroke: Color, lineWidth: number): void {
  const path = inset(box, 0.5);
  ctx.fillRect(path, fill, radii(2));
  strokePath(ctx, () => ctx.pathRect(path, radii(2)), stroke, lineWidth);
}

function strokePath(ctx: PaintContext, path: () => void, color: Color, lineWidth: number): void {
  if (color.a <= 0) return;
  path();
  ctx.setStroke(color);
  ctx.doc.lineWidth(lineWidth).lineCap('butt').lineJoin('miter');
  ctx.doc.stroke();
}

/** The drop-down arrow: an 8 × 4px chevron, 2px wide, centred 9px from the right border edge. */
function paintArrow(ctx: PaintContext, box: Rect, color: Color): void {
  const cx = box.x + box.width - 9;
  const cy = box.y + box.height / 2;
  strokePath(
    ctx,
    () =>
      ctx.doc
        .moveTo(cx - 4, cy - 2.5)
        .lineTo(cx, cy + 1.5)
        .lineTo(cx + 4, cy - 2.5),
    color,
    2,
  );
}

/**
 * The check box is the largest square that fits in the box, centred (Chromium's theme paints
 * a checkbox of `height: 30px` as a 13px square in the middle of its 13 × 30 box).
 */
function paintCheckbox(ctx: PaintContext, border: Rect, checked: boolean): void {
  const side = Math.min(border.width, border.height);
  const box = {
    x: border.x + (border.width - side) / 2,
    y: border.y + (border.height - side) / 2,
    width: side,
    height: side,
  };
  const inner = inset(box, 0.2);
  ctx.fillRect(inner, WHITE, radii(2));
  if (!checked) {
    strokePath(ctx, () => ctx.pathRect(inset(box, 0.5), radii(2)), BORDER, 1);
    return;
  }
  ctx.fillRect(box, ACCENT, radii(2));
  // The tick, in the proportions of a 13px box.
  const u = box.width / 13;
  const v = box.height / 13;
  const x = box.x;
  const y = box.y;
  strokePath(
    ctx,
    () =>
      ctx.doc
        .moveTo(x + 2.6 * u, y + 6.5 * v)
        .lineTo(x + 5.2 * u, y + 9.1 * v)
        .lineTo(x + 10.4 * u, y + 2.6 * v),
    WHITE,
    2.08 * u,
  );
}

function paintRadio(ctx: PaintContext, box: Rect, checked: boolean): void {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const r = Math.min(box.width, box.height) / 2;
  ctx.doc.circle(cx, cy, r - 0.2);
  ctx.setFill(WHITE);
  ctx.doc.fill();
  strokePath(ctx, () => ctx.doc.circle(cx, cy, r - 0.5), checked ? ACCENT : BORDER, 1);
  if (!checked) return;
  ctx.doc.circle(cx, cy, r * 0.6);
  ctx.setFill(ACCENT);
  ctx.doc.fill();
}

/** A track half as tall as the box, centred, with rounded ends, filled up to `fraction`. */
function paintTrack(ctx: PaintContext, track: Rect, fraction: number, fill: Color, border: Color | null): void {
  const r = radii(track.height / 2);
  ctx.fillRect(track, TRACK, r);
  if (fraction > 0) {
    ctx.save();
    ctx.clipRect({ ...track, width: track.width * Math.min(1, fraction) });
    ctx.fillRect(track, fill, r);
    ctx.restore();
  }
  if (border) strokePath(ctx, () => ctx.pathRect(inset(track, 0.5), radii(track.height / 2 - 0.5)), border, 1);
}

function centredTrack(box: Rect, inset: number): Rect {
  const h = box.height / 2;
  return { x: box.x + inset, y: box.y + (box.height - h) / 2, width: box.width - 2 * inset, height: h };
}

function number(v: string | undefined, fallback: number): number {
  const n = v === undefined ? NaN : parseFloat(v);
  return Number.isFinite(n) ? n : fallback;
}

/** A determinate progress bar's position (HTML §4.10.13), or 0 when indeterminate. */
function progressValue(attrs: Readonly<Record<string, string>>): number {
  if (attrs['value'] === undefined) return 0;
  const max = number(attrs['max'], 1) > 0 ? number(attrs['max'], 1) : 1;
  return Math.max(0, Math.min(max, number(attrs['value'], 0))) / max;
}

function paintProgress(ctx: PaintContext, box: Rect, fraction: number): void {
  paintTrack(ctx, centredTrack(box, 0), fraction, ACCENT, withAlpha(BORDER, 0.5));
}

/** The meter's gauge (HTML §4.10.14): the value's place between min and max, coloured by region. */
function paintMeter(ctx: PaintContext, box: Rect, attrs: Readonly<Record<string, string>>): void {
  const min = number(attrs['min'], 0);
  const max = Math.max(min, number(attrs['max'], 1));
  const clamp = (v: number): number => Math.max(min, Math.min(max, v));
  const value = clamp(number(attrs['value'], 0));
  const low = clamp(number(attrs['low'], min));
  const high = Math.max(low, clamp(number(attrs['high'], max)));
  const optimum = clamp(number(attrs['optimum'], (min + max) / 2));
  const region = (v: number): number => (v < low ? -1 : v > high ? 1 : 0);
  const distance = Math.abs(region(value) - region(optimum));
  const color =
    distance === 0 ? METER_COLORS.optimum : distance === 1 ? METER_COLORS.suboptimum : METER_COLORS.evenLessGood;
  const track = centredTrack(box, 0);
  ctx.fillRect(track, TRACK, radii(track.height / 2));
  const inner = inset(track, 1);
  const fraction = max > min ? (value - min) / (max - min) : 0;
  if (fraction > 0) ctx.fillRect({ ...inner, width: inner.width * fraction }, color);
  strokePath(ctx, () => ctx.pathRect(inset(track, 0.5), radii(track.height / 2 - 0.5)), withAlpha(BORDER, 0.3), 1);
}

/** A range input's position (HTML §4.10.5.1.13: default 0–100, value the middle). */
function rangeValue(attrs: Readonly<Record<string, string>>): number {
  const min = number(attrs['min'], 0);
  const max = Math.max(min, number(attrs['max'], 100));
  const value = Math.max(min, Math.min(max, number(attrs['value'], min + (max - min) / 2)));
  return max > min ? (value - min) / (max - min) : 0;
}

/** A range: its track inset 1px, filled up to the thumb, and the 16px round thumb. */
function paintRange(ctx: PaintContext, box: Rect, fraction: number): void {
  const thumb = Math.min(16, box.height);
  const cx = box.x + thumb / 2 + (box.width - thumb) * fraction;
  const track = { x: box.x + 1, y: box.y + box.height / 2 - 4, width: box.width - 2, height: 8 };
  paintTrack(ctx, track, (cx - track.x) / track.width, ACCENT, withAlpha(BORDER, 0.5));
  ctx.doc.circle(cx, box.y + box.height / 2, thumb / 2);
  ctx.setFill(ACCENT);
  ctx.doc.fill();
}

/** A colour input's swatch: its value inside the 4px × 2px swatch padding, with a #777 border. */
function paintSwatch(ctx: PaintContext, box: Rect, value: string | undefined): void {
  const swatch = insetRect(box, { top: 6, right: 5, bottom: 6, left: 5 });
  ctx.fillRect(swatch, parseHex(value) ?? { r: 0, g: 0, b: 0, a: 1 });
  strokePath(ctx, () => ctx.pathRect(inset(swatch, 0.5)), { r: 0x77, g: 0x77, b: 0x77, a: 1 }, 1);
}

/** A valid simple colour (HTML §2.3.6: `#rrggbb`), else null. */
function parseHex(v: string | undefined): Color | null {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(v ?? '');
  return m ? { r: parseInt(m[1]!, 16), g: parseInt(m[2]!, 16), b: parseInt(m[3]!, 16), a: 1 } : null;
}

/**
 * The picker icon of a date or time input: Chromium's `::-webkit-calendar-picker-indicator`, the
 * last flex item of the input's shadow tree, centred in its content box at its inline end, whose
 * background is an SVG icon (html.css: a 16 × 15 calendar in a 1em box with 2px of padding, or a
 * 14 × 14 clock in a 1.05em box with 3px; `background-size: contain`, at the box's top left).
 * Hidden on a disabled or read-only input (`visibility: hidden`).
 */
interface PickerIcon {
  readonly path: string;
  /** The icon's natural size, px; its viewBox is 24 × 24. */
  readonly width: number;
  readonly height: number;
  /** The indicator's content size, em, and its padding, px. */
  readonly em: number;
  readonly padding: number;
}

const CALENDAR: PickerIcon = {
  path: 'M20 3h-1V1h-2v2H7V1H5v2H4c-1.1 0-2 .9-2 2v16c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2zm0 18H4V8h16v13z',
  width: 16,
  height: 15,
  em: 1,
  padding: 2,
};
const CLOCK: PickerIcon = {
  path:
    'M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z' +
    'M12.5 7H11v6l5.25 3.15.75-1.23-4.5-2.67z',
  width: 14,
  height: 14,
  em: 1.05,
  padding: 3,
};
const PICKER_ICONS: ReadonlyMap<string, PickerIcon> = new Map([
  ['date', CALENDAR],
  ['datetime-local', CALENDAR],
  ['month', CALENDAR],
  ['week', CALENDAR],
  ['time', CLOCK],
]);

/** The picker icon `frag` shows, or null. */
export function pickerIcon(frag: BoxFragment): PickerIcon | null {
  if (frag.tag !== 'input' || frag.attrs['disabled'] !== undefined || frag.attrs['readonly'] !== undefined) return null;
  return PICKER_ICONS.get((frag.attrs['type'] ?? '').toLowerCase()) ?? null;
}

/** Paint the picker icon in WindowText (black; a print has the light colour scheme). */
export function paintPickerIcon(ctx: PaintContext, frag: BoxFragment, icon: PickerIcon): void {
  const size = icon.em * frag.style.fontSize;
  const contentRight = frag.x + frag.width - frag.border.right - frag.padding.right;
  const contentTop = frag.y + frag.border.top + frag.padding.top;
  const contentHeight = frag.height - frag.border.top - frag.border.bottom - frag.padding.top - frag.padding.bottom;
  // Chromium paints a background on its pixel-snapped box.
  const box = ctx.snap({
    x: contentRight - icon.padding - size,
    y: contentTop + (contentHeight - size) / 2,
    width: size,
    height: size,
  });
  // `contain`: the icon's natural ratio in that box, at its top left; the viewBox fits the
  // natural size centred (preserveAspectRatio's default, xMidYMid meet).
  const scale = Math.min(box.width / icon.width, box.height / icon.height);
  const unit = (Math.min(icon.width, icon.height) * scale) / 24;
  const dx = (icon.width * scale - 24 * unit) / 2;
  const dy = (icon.height * scale - 24 * unit) / 2;
  ctx.save();
  ctx.transform(unit, 0, 0, unit, box.x + dx, box.y + dy);
  ctx.setFill(BLACK);
  ctx.doc.path(icon.path).fill();
  ctx.restore();
}
