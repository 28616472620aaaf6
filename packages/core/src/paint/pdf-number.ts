import type { Color } from '@platen/layout';

/** A number as PDF content text: at most 4 decimals, no exponent, no "-0"; NaN/∞ → 0. */
export function num(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const r = Math.round(n * 10000) / 10000;
  if (Object.is(r, -0) || r === 0) return '0';
  return String(r);
}

/**
 * Operands already written per colour object: computed styles share their colour objects,
 * so a table's thousands of cells ask for the same few. A pure function of an immutable
 * value; weak, so nothing outlives the render whose styles made the colour.
 */
const rgbOperands = new WeakMap<Color, string>();

/** PDF `rg`/`RG` operands for a colour (0–1 channels). */
export function rgb(color: Color): string {
  let ops = rgbOperands.get(color);
  if (ops === undefined) {
    ops = `${num(color.r / 255)} ${num(color.g / 255)} ${num(color.b / 255)}`;
    rgbOperands.set(color, ops);
  }
  return ops;
}

/** A PDF text string in UTF-16BE with its byte order mark, in hex (ISO 32000-1 §7.9.2.2), as /ActualText holds one. */
export function utf16HexString(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += text.charCodeAt(i).toString(16).padStart(4, '0');
  return `<FEFF${out.toUpperCase()}>`;
}
