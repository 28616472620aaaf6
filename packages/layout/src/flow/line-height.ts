import type { ComputedStyle } from '../style.js';

/**
 * In vertical-rl/lr with text-orientation mixed or upright the dominant baseline is central
 * (CSS Inline 3 §4.2): boxes align on the middle of each font's em box (src/writing-mode turns the lines).
 */
export function isCentral(style: ComputedStyle): boolean {
  const m = style.writingMode;
  return (m === 'vertical-rl' || m === 'vertical-lr') && style.textOrientation !== 'sideways';
}

/** A font's ascent and descent about the central baseline (Chromium's FontMetrics::Ascent(kCentralBaseline)). */
export function centralMetrics(ascent: number, descent: number): readonly [number, number] {
  const height = ascent + descent;
  const half = Math.floor(height / 2);
  return [height - half, half];
}

export function usedLineHeight(style: ComputedStyle, ascent: number, descent: number, lineGap: number): number {
  const lh = style.lineHeight;
  if (lh === 'normal') return ascent + descent + lineGap;
  // Chromium keeps the used line height in LayoutUnits (1/64 px). A length (px, em, a
  // percentage of the font size) is rounded to the nearest one (LayoutUnit::FromFloatRound;
  // measured with getBoundingClientRect at 14px: 1.4285em = 19.999px makes lines 20px tall,
  // 19.98px 1279/64, 19.9921px 1279/64 and 19.9922px 1280/64). A number is truncated: 13px ×
  // 1.15 makes lines 14.9375px tall, not 14.95, and multiplies the font size rounded to
  // LayoutUnits first (measured: 10pt × 1.45 is 13.328125 × 1.45 = 19.3125px, 20pt × 1.45 is
  // 26.671875 × 1.45 = 38.671875px).
  if (typeof lh === 'number') return Math.round(lh * 64) / 64;
  return layoutUnit(lh.factor * (Math.round(style.fontSize * 64) / 64));
}

/** Chromium's LayoutUnit: 1/64 px, truncated. */
export function layoutUnit(v: number): number {
  return Math.trunc(v * 64) / 64;
}
