import type { ContainerBox } from '../boxes/box.js';
import { definite, toContentSize } from '../flow/box-model.js';
import { isSizeKeyword } from '../flow/size-keywords.js';
import type { FlexAxes } from './flex-axes.js';
import { alignOffset, distribute, mainStartIsLeft, sidedJustify } from '../items/alignment.js';
import { ascentOf, isBaselineAligned, type CrossItem, type SizedLine } from './flex-cross.js';
import { alignSelf, outerTarget, type FlexItem } from './flex-items.js';
import { columnItemGrows, rowItemGrows } from './fragment-growth.js';

/** An item's final border box relative to the container's content box, and the sizes it is laid out with. */
export interface PlacedItem {
  readonly item: FlexItem;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** Height to pin for the final layout (stretched or column items); null: the content decides. */
  readonly pinHeight: number | null;
  /** The pinned height is a minimum when the item breaks: its content may make it grow (./fragment-growth.ts). */
  readonly grows: boolean;
}

/** Main-axis (§9.5, justify-content and auto margins) and cross-axis (§9.6, align-self) placement of every item. */
export function placeLines(
  lines: readonly SizedLine[],
  container: ContainerBox,
  axes: FlexAxes,
  mainSize: number,
  crossSize: number,
  innerH: number | null,
): PlacedItem[][] {
  const directionReversed = container.style.flexDirection.endsWith('reverse');
  return lines.map((line) => {
    const mains = mainPositions(
      line.items.map((c) => c.item),
      sidedJustify(container.style.justifyContent, mainStartIsLeft(container.style)),
      axes,
      mainSize,
      directionReversed,
    );
    return line.items.map((c, i) => {
      const cross = crossPlacement(c, line, container, axes, innerH, crossSize);
      const mainPos = mains[i]!;
      const mainLen = c.item.target + c.item.mainBp;
      const main = axes.mainReverse ? mainSize - mainPos - mainLen : mainPos;
      const crossStart = (line.start ?? 0) + cross.offset;
      const crossPos = axes.crossFlip ? crossSize - crossStart - cross.size : crossStart;
      return axes.row
        ? {
            item: c.item,
            x: main,
            y: crossPos,
            width: mainLen,
            height: cross.size,
            pinHeight: cross.stretched ? cross.size : null,
            grows: cross.stretched && rowItemGrows(container, innerH),
          }
        : {
            item: c.item,
            x: crossPos,
            y: main,
            width: cross.size,
            height: mainLen,
            pinHeight: mainLen,
            grows: columnItemGrows(c.item, innerH),
          };
    });
  });
}

/** Border-box main-start positions along one line, from the main-start edge. */
function mainPositions(
  items: readonly FlexItem[],
  justify: string,
  axes: FlexAxes,
  mainSize: number,
  reversed: boolean,
): number[] {
  const used = items.reduce((s, it) => s + outerTarget(it), 0) + axes.mainGap * Math.max(0, items.length - 1);
  const free = mainSize - used;
  const autos = items.reduce((n, it) => n + (it.mainAuto[0] ? 1 : 0) + (it.mainAuto[1] ? 1 : 0), 0);
  // §9.5 step 12: positive free space goes to auto margins first; justify-content gets none of it.
  const perAuto = free > 0 && autos > 0 ? free / autos : 0;
  const d = autos > 0 && free > 0 ? { start: 0, between: 0 } : distribute(justify, free, items.length, reversed);
  const out: number[] = [];
  let pos = d.start;
  for (const it of items) {
    const before = it.mainMargins[0] + (it.mainAuto[0] ? perAuto : 0);
    const after = it.mainMargins[1] + (it.mainAuto[1] ? perAuto : 0);
    out.push(pos + before);
    pos += before + it.target + it.mainBp + after + axes.mainGap + d.between;
  }
  return out;
}

/** Cross size (stretch, §9.4 step 11) and border-box offset within the line (auto margins, align-self, baseline). */
function crossPlacement(
  c: CrossItem,
  line: SizedLine,
  container: ContainerBox,
  axes: FlexAxes,
  innerH: number | null,
  crossSize: number,
): { size: number; offset: number; stretched: boolean } {
  const it = c.item;
  const s = it.style;
  const align = alignSelf(s, container.style);
  const [m0, m1] = it.crossMargins;
  // A keyword height (fit-content…) is content-sized, never stretched, as in Chromium (CSS Sizing 3 §3.2).
  const sizeAuto = axes.row
    ? definite(s.height, innerH) === null && !isSizeKeyword(s.height)
    : definite(s.width, 0) === null || s.width === 'auto';
  let size = c.cross;
  let stretched = false;
  if (align === 'stretch' && sizeAuto && !it.crossAuto[0] && !it.crossAuto[1]) {
    const min = axes.row ? definite(s.minHeight, innerH) : definite(s.minWidth, crossSize);
    const max = axes.row ? definite(s.maxHeight, innerH) : definite(s.maxWidth, crossSize);
    let target = Math.max(0, line.cross - m0 - m1);
    if (max !== null) target = Math.min(target, toContentSize(max, s, it.crossBp) + it.crossBp);
    if (min !== null) target = Math.max(target, toContentSize(min, s, it.crossBp) + it.crossBp);
    // Items of a single-line column container were measured at their stretched width already
    // (flex-items.ts); those of a multi-line one stretch to their line now.
    if (axes.row || axes.wrap) {
      size = target;
      stretched = true;
    }
  }
  const free = line.cross - size - m0 - m1;
  if (it.crossAuto[0] || it.crossAuto[1]) {
    const share = Math.max(0, free) / ((it.crossAuto[0] ? 1 : 0) + (it.crossAuto[1] ? 1 : 0));
    return { size, offset: m0 + (it.crossAuto[0] ? share : 0), stretched };
  }
  if (isBaselineAligned(c, container.style, axes))
    return { size, offset: (line.ascent ?? 0) - ascentOf(c) + m0, stretched };
  return { size, offset: m0 + alignOffset(align, free, axes.crossReverse), stretched };
}
