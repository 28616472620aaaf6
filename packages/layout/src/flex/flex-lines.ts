import { outerHypo, outerTarget, type FlexItem } from './flex-items.js';

/**
 * Collect flex items into flex lines (CSS Flexbox §9.3 step 5): a single-line container
 * puts everything on one line; a multi-line one starts a new line when the next item's
 * outer hypothetical main size (plus the gap) would overflow the available main space.
 */
export function collectLines(items: readonly FlexItem[], available: number, wrap: boolean, gap: number): FlexItem[][] {
  if (!wrap) return items.length ? [[...items]] : [];
  const lines: FlexItem[][] = [];
  let line: FlexItem[] = [];
  let used = 0;
  for (const item of items) {
    const size = outerHypo(item);
    if (line.length > 0 && used + gap + size > available + 1e-6) {
      lines.push(line);
      line = [];
      used = 0;
    }
    used += (line.length > 0 ? gap : 0) + size;
    line.push(item);
  }
  if (line.length) lines.push(line);
  return lines;
}

/**
 * Resolve the flexible lengths of one line (CSS Flexbox §9.7): grow or shrink unfrozen items
 * in proportion to their flex factors (shrink scaled by the base size), freezing items that
 * hit their min/max constraints, until every item is frozen. Sets `item.target`.
 */
export function resolveFlexibleLengths(line: readonly FlexItem[], available: number, gap: number): void {
  const gaps = gap * Math.max(0, line.length - 1);
  const growing = line.reduce((sum, it) => sum + outerHypo(it), 0) + gaps < available;
  for (const it of line) {
    it.target = it.hypo;
    const factor = growing ? it.style.flexGrow : it.style.flexShrink;
    it.frozen = factor === 0 || (growing ? it.base > it.hypo : it.base < it.hypo);
  }
  const spaceLeft = (): number =>
    available - gaps - line.reduce((sum, it) => sum + (it.frozen ? outerTarget(it) : outerBase(it)), 0);
  const initial = spaceLeft();
  for (let guard = 0; guard <= line.length; guard++) {
    const open = line.filter((it) => !it.frozen);
    if (open.length === 0) return;
    let free = spaceLeft();
    const sumFactors = open.reduce((s, it) => s + (growing ? it.style.flexGrow : it.style.flexShrink), 0);
    if (sumFactors < 1 && Math.abs(initial * sumFactors) < Math.abs(free)) free = initial * sumFactors;
    distribute(open, free, growing);
    let total = 0;
    const clamped = open.map((it) => {
      const v = Math.max(it.min, Math.min(it.max, it.target));
      total += v - it.target;
      return v;
    });
    open.forEach((it, i) => {
      const v = clamped[i]!;
      const violation = v - it.target;
      it.target = v;
      // §9.7 step 5: freeze all on zero violation, the min violators on positive, the max violators on negative.
      if (Math.abs(total) < 1e-9 || (total > 0 && violation > 0) || (total < 0 && violation < 0)) it.frozen = true;
    });
    if (Math.abs(total) < 1e-9) return;
  }
}

function outerBase(it: FlexItem): number {
  return it.base + it.mainBp + it.mainMargins[0] + it.mainMargins[1];
}

function distribute(open: readonly FlexItem[], free: number, growing: boolean): void {
  if (growing) {
    const sum = open.reduce((s, it) => s + it.style.flexGrow, 0);
    for (const it of open) it.target = it.base + (sum > 0 ? (free * it.style.flexGrow) / sum : 0);
    return;
  }
  const sumScaled = open.reduce((s, it) => s + it.style.flexShrink * it.base, 0);
  for (const it of open) {
    const ratio = sumScaled > 0 ? (it.style.flexShrink * it.base) / sumScaled : 0;
    it.target = it.base + free * ratio; // free < 0 when shrinking
  }
}
