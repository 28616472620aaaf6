import type { InlineBox } from '../boxes/box.js';
import { reorderByLevels } from './bidi.js';
import type { InlineItem } from './inline-items.js';
import type { AlignEntry } from './line-metrics.js';

/** A bidi line in visual order; inline boxes are rebuilt from the extents of their content. */
export interface VisualLine {
  readonly items: readonly InlineItem[];
  readonly entryOf: readonly (AlignEntry | null)[];
  /** Inline boxes each item sits in, outermost first. */
  readonly ancestors: readonly (readonly InlineBox[])[];
  /** Boxes that start / end on this line (for their part flags and edges). */
  readonly starts: ReadonlySet<InlineBox>;
  readonly ends: ReadonlySet<InlineBox>;
}

/**
 * Reorder a line's content for display (UAX #9 L2). Inline box starts and ends do not take
 * part: after reordering, a box's content may no longer be contiguous, so the box is drawn
 * over the span its content covers.
 */
export function visualLine(
  items: readonly InlineItem[],
  itemEntry: readonly (AlignEntry | null)[],
  openAtStart: readonly InlineBox[],
): VisualLine {
  const stack = [...openAtStart];
  const starts = new Set<InlineBox>();
  const ends = new Set<InlineBox>();
  const kept: { it: InlineItem; e: AlignEntry | null; a: InlineBox[] }[] = [];
  items.forEach((it, i) => {
    if (it.type === 'open') {
      stack.push(it.box);
      starts.add(it.box);
    } else if (it.type === 'close') {
      const at = stack.lastIndexOf(it.box);
      if (at >= 0) stack.splice(at, 1);
      ends.add(it.box);
    } else {
      kept.push({ it, e: itemEntry[i] ?? null, a: stack.slice() });
    }
  });
  const levels = kept.map((p) => (p.it.type === 'text' || p.it.type === 'atomic' ? p.it.level : 0));
  const visual = reorderByLevels(kept, levels);
  return {
    items: visual.map((p) => p.it),
    entryOf: visual.map((p) => p.e),
    ancestors: visual.map((p) => p.a),
    starts,
    ends,
  };
}
