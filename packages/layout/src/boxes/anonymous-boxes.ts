import type { ComputedStyle } from '../style.js';
import type { StyledElement } from '../styled-node.js';
import type { BlockBox, BlockLevelBox, InlineBox, InlineLevelBox, Item, LinesBox } from './box.js';
import { collapsesSpaces } from './whitespace.js';
import { anonymousStyle } from './anonymous-style.js';
import { attachHoisted, endsInlineRun, hoistsOutOfFlow, isOutOfFlowBlock, showsEdges } from './hoist.js';

export function isBlockLevel(item: Item): item is BlockLevelBox {
  switch (item.kind) {
    case 'text':
    case 'inline':
    case 'line-break':
    case 'atomic':
    case 'counter':
      return false;
    case 'replaced':
      return !item.style.display.startsWith('inline');
    default:
      return true;
  }
}

/**
 * CSS 2.1 §9.2.1.1: a block container holding block-level boxes wraps each run of
 * inline-level boxes in an anonymous block (here: a `LinesBox` carrying the container's
 * style). Runs of collapsible white space alone generate no box (§9.2.2.1 / CSS Text 3 §4.1.2).
 */
export function groupBlockChildren(items: readonly Item[], style: ComputedStyle): BlockLevelBox[] {
  const out: BlockLevelBox[] = [];
  let run: InlineLevelBox[] = [];
  // Out-of-flow boxes taken out of the current run; null while there are none (almost always).
  let hoisted: { item: BlockLevelBox; at: number }[] | null = null;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (!isBlockLevel(item)) {
      run.push(item);
      continue;
    }
    // A float or absolute box amid inline content does not break the paragraph (src/float).
    // An initial letter (boxes/initial-letter.ts) goes with its paragraph, which places it at its first line.
    if (
      (run.length &&
        !isCollapsibleWhiteSpaceOnly(run) &&
        (hoistsOutOfFlow(item, items, i + 1) || endsInlineRun(item))) ||
      (item.kind !== 'lines' && item.style.initialLetter !== undefined && item.style.float !== 'none')
    ) {
      (hoisted ??= []).push({ item, at: run.length });
      continue;
    }
    if (run.length || hoisted) {
      flushRun(run, hoisted, style, out);
      run = [];
      hoisted = null;
    }
    out.push(item);
  }
  if (run.length || hoisted) flushRun(run, hoisted, style, out);
  // Exact size: a pushed-to array keeps room for 16 more entries, and boxes live as long as layout.
  return out.slice();
}

/** A run of inline content as an anonymous block of lines, after the out-of-flow boxes that do not travel with it. */
function flushRun(
  run: InlineLevelBox[],
  hoisted: readonly { item: BlockLevelBox; at: number }[] | null,
  style: ComputedStyle,
  out: BlockLevelBox[],
): void {
  // Floats and absolute boxes before it do not make it a later line (§16.1).
  const lines: LinesBox | null =
    run.length && !isCollapsibleWhiteSpaceOnly(run)
      ? {
          kind: 'lines',
          style: anonymousStyle(style),
          children: run.slice(),
          indent: out.every(isOutOfFlowBlock),
        }
      : null;
  if (hoisted) out.push(...attachHoisted(hoisted, run, lines));
  if (lines) out.push(lines);
}

/** True when the run would only make empty line boxes (CSS 2.1 §9.4.2: treated as zero-height). */
function isCollapsibleWhiteSpaceOnly(run: readonly InlineLevelBox[]): boolean {
  return run.every((b) => {
    if (b.kind === 'text') return collapsesSpaces(b.style.whiteSpace) && /^[ ]*$/.test(b.text);
    if (b.kind !== 'inline') return false;
    return !showsEdges(b) && isCollapsibleWhiteSpaceOnly(b.children);
  });
}

/**
 * A block inside a relatively positioned inline box moves with it (CSS 2.1 §9.2.1.1: "any
 * resulting translation also affects the block-level box contained in the inline box"): an
 * anonymous block around it takes the inline's offsets, which resolve against the same
 * containing block. It is no containing block for its content's percentage heights (those
 * resolve against the block around, as without it).
 */
function movedWith(inline: StyledElement, child: BlockLevelBox): BlockBox {
  const { top, right, bottom, left } = inline.style;
  const box: BlockBox = {
    kind: 'block',
    style: { ...anonymousStyle(inline.style), position: 'relative', top, right, bottom, left },
    tag: '',
    attrs: {},
    children: [child],
    marker: null,
  };
  movers.set(box.attrs, inline.attrs);
  return box;
}

/** The anonymous blocks made by movedWith, by their own attributes object (their fragments carry it), to their inline's. */
const movers = new WeakMap<object, object>();

/** The anonymous block that moves a block with its relatively positioned inline box (movedWith). */
export const movesWithInline = (box: BlockLevelBox): boolean => box.kind !== 'lines' && movers.has(box.attrs);

/**
 * The attributes of the inline whose block a fragment with these attributes carries (movedWith), if
 * any: the block is inside the inline, so the inline's box reaches over it (Chromium lays a block
 * in an inline out inside the inline's box fragment; an inline holding only blocks has no other).
 */
export const inlineOfMover = (attrs: object): object | undefined => movers.get(attrs);

const blocksInInline = new WeakSet<BlockLevelBox>();

/** A block that broke an inline box in two (§9.2.1.1): the runs of lines around it are one paragraph. */
export const isBlockInInline = (box: BlockLevelBox): boolean => blocksInInline.has(box);

/**
 * Block-in-inline (CSS 2.1 §9.2.1.1): an inline box containing block-level boxes is broken
 * around them; the parts before and after stay inline boxes, the start edge (margin, border,
 * padding) on the first part only and the end edge on the last part only.
 */
export function splitInlineAroundBlocks(el: StyledElement, children: readonly Item[]): Item[] {
  const make = (kids: InlineLevelBox[], first: boolean, last: boolean): InlineBox => ({
    kind: 'inline',
    style: el.style,
    tag: el.tag,
    attrs: el.attrs,
    isFirstPart: first,
    isLastPart: last,
    children: kids,
  });
  if (!children.some(isBlockLevel)) return [make(children as InlineLevelBox[], true, true)];
  const out: Item[] = [];
  let run: InlineLevelBox[] = [];
  let first = true;
  for (const child of children) {
    if (isBlockLevel(child)) {
      out.push(make(run, first, false));
      first = false;
      run = [];
      const block = el.style.position === 'relative' && !isOutOfFlowBlock(child) ? movedWith(el, child) : child;
      if (!isOutOfFlowBlock(block)) blocksInInline.add(block);
      out.push(block);
    } else {
      run.push(child);
    }
  }
  out.push(make(run, first, true));
  return out;
}
