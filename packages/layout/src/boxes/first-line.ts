import type { ComputedStyle } from '../style.js';
import type { BlockLevelBox } from './box.js';
import { isOutOfFlowBlock, keepInlineFloats } from './hoist.js';

/**
 * Give a block container's first formatted line its `::first-line` style (CSS Pseudo 4 §2.2):
 * the lines box of the first in-flow child, or, when that child is a block, its own first
 * formatted line, unless it has a `::first-line` of its own. Returns the children with that
 * one lines box replaced (the same array when there is none).
 */
export function withFirstLine(children: readonly BlockLevelBox[], firstLine: ComputedStyle): readonly BlockLevelBox[] {
  const i = children.findIndex((child) => !isOutOfFlowBlock(child));
  const child = children[i];
  if (!child) return children;
  let replaced: BlockLevelBox;
  if (child.kind === 'lines') {
    if (child.firstLine || !child.indent) return children;
    replaced = keepInlineFloats(child, { ...child, firstLine });
  } else if (child.kind === 'block') {
    const inner = withFirstLine(child.children, firstLine);
    if (inner === child.children) return children;
    replaced = { ...child, children: inner };
  } else {
    return children;
  }
  const out = children.slice();
  out[i] = replaced;
  return out;
}

/**
 * The inherited properties `::first-line` may set that change how its line is set and painted
 * (CSS Pseudo 4 §2.2.1: font properties, color, spacing, line-height). text-transform is
 * applied to the text when boxes are built, before lines exist, so it is not among them.
 */
const FIRST_LINE_PROPERTIES = [
  'fontFamily',
  'fontSize',
  'fontWeight',
  'fontStyle',
  'fontVariant',
  'color',
  'letterSpacing',
  'wordSpacing',
  'lineHeight',
] as const;

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * Restyling for the first formatted line: the `::first-line` pseudo-element wraps the line's
 * content and its descendants inherit from it (§2.2), so a value a descendant inherited from
 * the block (equal to the block's) becomes the pseudo-element's; values of its own stay.
 */
export function firstLineRestyle(
  block: ComputedStyle,
  firstLine: ComputedStyle,
): (style: ComputedStyle) => ComputedStyle {
  const changed = FIRST_LINE_PROPERTIES.filter((p) => !same(block[p], firstLine[p]));
  const cache = new Map<ComputedStyle, ComputedStyle>();
  return (style) => {
    let out = cache.get(style);
    if (!out) {
      const patch: Record<string, unknown> = {};
      for (const p of changed) if (same(style[p], block[p])) patch[p] = firstLine[p];
      out = Object.keys(patch).length ? { ...style, ...patch } : style;
      cache.set(style, out);
    }
    return out;
  };
}
