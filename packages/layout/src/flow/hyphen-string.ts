import type { ComputedStyle } from '../style.js';
import type { ShapeCache } from '../text/shape-cache.js';

/**
 * The hyphen shown where a line breaks at a soft hyphen (CSS Text 4 `hyphenate-character:
 * auto`): Chromium's ComputedStyle::HyphenString takes U+2010 HYPHEN when the primary font
 * has a glyph for it, else U+002D. The primary font has it when U+2010 shapes with the font
 * '-' shapes with (every font has '-'; a missing U+2010 falls back to another font).
 */
export function hyphenString(style: ComputedStyle, shapes: ShapeCache): string {
  const hyphen = shapes.shape('\u2010', style).runs[0]?.fontId;
  return hyphen !== undefined && hyphen === shapes.shape('-', style).runs[0]?.fontId ? '\u2010' : '-';
}
