import type { Color } from '@platen/layout';

/** A number as PDF content text: at most 4 decimals, no exponent, no "-0"; NaN/∞ → 0. */
export function num(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const r = Math.round(n * 10000) / 10000;
  if (Object.is(r, -0) || r === 0) return '0';
  return String(r);
}

/** PDF `rg`/`RG` operands for a colour (0–1 channels). */
export function rgb(color: Color): string {
  return `${num(color.r / 255)} ${num(color.g / 255)} ${num(color.b / 255)}`;
}
