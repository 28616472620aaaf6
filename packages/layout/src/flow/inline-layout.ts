import type { InlineBox, LinesBox, MarkerBox } from '../boxes/box.js';
import type { Fragment } from '../fragment.js';
import { resolveLength } from '../style.js';
import { cacheOf, cacheSlot, type LayoutContext } from './context.js';
import { createBoxFragment, movedFragment, NO_ATTRS, partOf, ZERO_EDGES, WHOLE } from './fragments.js';
import { collectParagraph, forgetParagraph, itemWidth, paragraphOf, type Paragraph } from './inline-items.js';
import { ellipsizeLine } from './text-overflow.js';
import { overTrim, underTrim } from './text-box-trim.js';
import { firstLineParagraph } from './first-line.js';
import { firstLineRestyle } from '../boxes/first-line.js';
import { buildLine, type LineBox } from './line-box.js';
import { breakLines, tailOf, withOpenBoxes } from './line-breaker.js';
import { prettyLines } from './pretty-lines.js';
import { applyOrphansWidows } from './breaks.js';
import { endBeforeLastLine } from './end-reserve.js';
import { NO_MARGINS, nothingAbove, resolveMargins, type LayoutResult, type Resume, type Space } from './types.js';
import { layoutLinesAroundFloats, needsFloatLines } from '../float/lines-around-floats.js';
import { noteLastLine } from '../float/last-line.js';

const EPSILON = 1e-6;

export interface CachedLines {
  readonly width: number;
  /** The containing block height atomic inlines resolve percentages against (null: indefinite). */
  readonly cbHeight: number | null;
  /** The page area's block size orthogonal atomic inlines may size against (LayoutContext.icb). */
  readonly icbBlockSize: number;
  /** A placed line keeps its metrics here, its fragments going to the page's cache (placeLine). */
  readonly lines: LineBox[];
  readonly empty: boolean;
  /** One past the last line placed on a page. */
  placedEnd: number;
  /**
   * Where each line starts in the paragraph: its first item's index (null: a piece of a broken
   * word) and the inline boxes open there, so that a page of another width goes on from there.
   */
  readonly starts: readonly (number | null)[];
  readonly opens: readonly (readonly InlineBox[])[];
}

/** Each lines box's lines at the last width laid out in this layout pass. */
const linesCache = cacheSlot('pass', () => new WeakMap<LinesBox, CachedLines>());

/**
 * Line breaking depends only on the width: computed once per paragraph and width, then
 * paginated. The lines stay cached while a paragraph runs over many pages: a page given away
 * takes only its own lines' fragments (placedLines), so each page resumes on the same lines
 * instead of breaking and building the whole paragraph again (quadratic in its length).
 */
function linesFor(
  box: LinesBox,
  width: number,
  ctx: LayoutContext,
  cbHeight: number | null,
  from: number,
): CachedLines {
  const cache = cacheOf(ctx, linesCache);
  const hit = cache.get(box);
  if (
    hit &&
    hit.width === width &&
    hit.cbHeight === cbHeight &&
    hit.icbBlockSize === ctx.icb.blockSize &&
    keepsFragmentsFrom(hit, from, ctx)
  )
    return hit;
  const para = paragraphOf(box, width, ctx, false, cbHeight);
  const tail = hit && from > 0 && from < hit.lines.length && hit.width !== width ? hit.starts[from] : null;
  if (tail !== null && tail !== undefined) return continuedLines(box, hit!, para, tail, width, cbHeight, from, ctx);
  const indent = box.indent ? resolveLength(box.style.textIndent, width) : 0;
  // ::first-line (CSS Pseudo 4 §2.2): the first line's text and its strut take its style.
  const restyle = box.firstLine ? firstLineRestyle(box.style, box.firstLine) : null;
  const first = restyle ? firstLineParagraph(para, restyle, ctx) : undefined;
  const specs = prettyLines(
    box.style,
    para,
    breakLines(para, width, indent, ctx, undefined, first),
    width,
    indent,
    ctx,
  );
  // map, not push: arrays of exactly the lines' count (most paragraphs have one line; a pushed
  // array reserves 17 slots), kept as long as the box.
  const clampedAt = clampLine(box, specs.length);
  const lines = specs.map((spec, i) =>
    ellipsizeLine(
      buildLine(
        spec,
        {
          style: i === 0 && restyle ? restyle(box.style) : box.style,
          width,
          indent: i === 0 ? indent : 0,
          isLast: i === specs.length - 1,
          hasRtl: para.hasRtl,
        },
        ctx,
      ),
      box.style,
      width,
      ctx,
      i === clampedAt,
    ),
  );
  let empty = true;
  for (const line of lines) if (!line.empty) empty = false;
  const cached: CachedLines = {
    width,
    cbHeight,
    icbBlockSize: ctx.icb.blockSize,
    lines,
    empty,
    placedEnd: 0,
    starts: specs.map((spec, i) => (i === 0 ? 0 : tailOf(para, spec))),
    opens: specs.map((spec) => spec.openAtStart),
  };
  cache.set(box, cached);
  // Intrinsic sizes are kept apart (flow/intrinsic-size.ts): the items are needed again only for
  // another width, rare, and are rebuilt then. Let them go: a 6000-row table holds 24,000.
  forgetParagraph(box, ctx);
  return cached;
}

/**
 * A paragraph broken on a page of one width goes on on a page of another (`@page :first`
 * margins, left and right pages): its lines up to `from` stay as they were, the rest is broken
 * again at the new width from where line `from` started, as Chromium goes on from the text
 * where the page ended (measured: no line printed twice, none lost).
 */
function continuedLines(
  box: LinesBox,
  prev: CachedLines,
  para: Paragraph,
  tail: number,
  width: number,
  cbHeight: number | null,
  from: number,
  ctx: LayoutContext,
): CachedLines {
  const specs = withOpenBoxes(breakLines(para, width, 0, ctx, undefined, undefined, tail), prev.opens[from]!);
  const rest = specs.map((spec, i) =>
    buildLine(spec, { style: box.style, width, indent: 0, isLast: i === specs.length - 1, hasRtl: para.hasRtl }, ctx),
  );
  const lines = [...prev.lines.slice(0, from), ...rest];
  const cached: CachedLines = {
    width,
    cbHeight,
    icbBlockSize: ctx.icb.blockSize,
    lines,
    empty: lines.every((line) => line.empty),
    placedEnd: Math.min(prev.placedEnd, from),
    starts: [...prev.starts.slice(0, from), ...specs.map((spec) => tailOf(para, spec))],
    opens: [...prev.opens.slice(0, from), ...specs.map((spec) => spec.openAtStart)],
  };
  cacheOf(ctx, linesCache).set(box, cached);
  forgetParagraph(box, ctx);
  return cached;
}

/**
 * The fragments of the lines placed on the pages not given away yet, by paragraph and line. They
 * die with their page (a `page` cache), while the pass's cache of lines keeps their metrics
 * only, so that a paragraph running over many pages holds one page's fragments at a time.
 */
const placedLines = cacheSlot('page', () => new Map<CachedLines, Map<number, readonly Fragment[]>>());

/** Whether the lines from `from` on still have their fragments: none was placed on a page given away. */
function keepsFragmentsFrom(cached: CachedLines, from: number, ctx: LayoutContext): boolean {
  if (cached.placedEnd <= from) return true;
  const placed = cacheOf(ctx, placedLines).get(cached);
  for (let i = from; i < cached.placedEnd; i++) if (!placed?.has(i)) return false;
  return true;
}

/** The index of the line `-webkit-line-clamp` ends the box with (CSS Overflow 4 §5.2), or -1 when it does not clamp. */
function clampLine(box: LinesBox, lineCount: number): number {
  const clamp = box.style.lineClamp;
  return clamp !== undefined && lineCount > clamp ? clamp - 1 : -1;
}

/**
 * An inline formatting context (CSS 2.1 §9.4.2, §10.8): line boxes stacked, as many as fit
 * on the page, keeping `orphans` lines before a break and `widows` after it (CSS Fragmentation 3 §3.3).
 */
/** How many lines a run of inline content makes at `width` (its line boxes, cached for its layout). */
export function lineCount(box: LinesBox, width: number, cbHeight: number | null, ctx: LayoutContext): number {
  return linesFor(box, width, ctx, cbHeight, 0).lines.length;
}

export function layoutLines(box: LinesBox, space: Space, resume: Resume | null, ctx: LayoutContext): LayoutResult {
  if (needsFloatLines(box, space, resume, ctx)) return layoutLinesAroundFloats(box, space, resume, ctx);
  const start = resume?.kind === 'lines' ? resume.line : 0;
  const cached = linesFor(box, space.inlineSize, ctx, space.cbBlockSize, start);
  const { lines, empty } = cached;
  if (empty) {
    // Only zero-height line boxes: the anonymous box is empty and margins collapse through it.
    const fragment = createBoxFragment(
      box.style,
      '',
      NO_ATTRS,
      { x: 0, y: 0, width: space.inlineSize, height: 0, border: ZERO_EDGES, padding: ZERO_EDGES, part: WHOLE },
      [],
    );
    return {
      fragment,
      resume: null,
      marginTop: space.marginAbove,
      marginBottom: space.marginAbove,
      collapsesThrough: true,
      height: 0,
      baseline: null,
      lastBaseline: null,
    };
  }
  // The first and last formatted lines of a block container that trims them (CSS Inline 3 §6.1):
  // the line box loses its over / under side, its content overflowing there.
  const trimTop = space.trimStart ? overTrim(lines[start]!, box.style, ctx) : 0;
  const available = space.blockSize - resolveMargins(space.marginAbove) + trimTop;
  let end = fitLines(lines, start, space.mode === 'measure' ? Infinity : available, space.pageIsEmpty);
  if (end < lines.length)
    end = applyOrphansWidows(
      box,
      lines.length + (space.linesAfter ?? 0),
      start,
      end,
      nothingAbove(space) || space.orphansGiveWay === true,
      start === 0 ? (space.linesBefore ?? 0) : 0,
    );
  else if (space.endReserve) {
    let bottom = 0;
    for (let i = start; i < end; i++) bottom += lines[i]!.height;
    end = endBeforeLastLine(
      box,
      start,
      end,
      lines.length,
      bottom,
      space.endReserve,
      available,
      nothingAbove(space),
      (i) => lines[i]!.empty,
    );
  }
  if (end === start)
    return {
      fragment: null,
      resume: null,
      marginTop: space.marginAbove,
      marginBottom: NO_MARGINS,
      collapsesThrough: false,
      height: 0,
      baseline: null,
      lastBaseline: null,
    };
  // Lines after a clamped one are laid out (they overflow) but do not size the box.
  const clampedAt = clampLine(box, lines.length);
  const trimmedLine = space.trimEnd ? lastFormattedLine(lines, start, end, clampedAt) : -1;
  const trimBottom = trimmedLine >= 0 ? underTrim(lines[trimmedLine]!, box.style, ctx) : 0;
  // One line (most paragraphs): its fragments, at the top, in an array of their size.
  const children: Fragment[] = end - start === 1 ? placeLine(cached, start, -trimTop, ctx) : [];
  let y = -trimTop;
  let baseline: number | null = null;
  let lastBaseline: number | null = null;
  let lastLineStart = 0;
  let clampedHeight: number | null = null;
  for (let i = start; i < end; i++) {
    const line = lines[i]!;
    if (end - start > 1) {
      lastLineStart = children.length;
      for (const f of placeLine(cached, i, y, ctx)) children.push(f);
    }
    if (!line.empty && clampedHeight === null) {
      baseline ??= y + line.baseline;
      lastBaseline = y + line.baseline;
    }
    y += line.height;
    if (i === clampedAt) clampedHeight = y;
  }
  y = (clampedHeight ?? y) - trimBottom;
  const fragment = createBoxFragment(
    box.style,
    '',
    NO_ATTRS,
    {
      x: 0,
      y: 0,
      width: space.inlineSize,
      height: y,
      border: ZERO_EDGES,
      padding: ZERO_EDGES,
      part: partOf(start === 0, end === lines.length),
    },
    children,
  );
  // A float right after this paragraph may sit beside its last line (src/float).
  if (end === lines.length) noteLastLine(fragment, y + trimBottom - lines[end - 1]!.height, children, lastLineStart);
  return {
    fragment,
    resume: end < lines.length ? { kind: 'lines', line: end } : null,
    marginTop: space.marginAbove,
    marginBottom: NO_MARGINS,
    collapsesThrough: false,
    height: y,
    baseline,
    lastBaseline,
  };
}

/** Moved copies of a line's fragments at `y`; the first placement moves them into the page's cache (placedLines). */
function placeLine(cached: CachedLines, i: number, y: number, ctx: LayoutContext): Fragment[] {
  const onPages = cacheOf(ctx, placedLines);
  let placed = onPages.get(cached);
  if (!placed) onPages.set(cached, (placed = new Map()));
  let fragments = placed.get(i);
  if (!fragments) {
    const line = cached.lines[i]!;
    placed.set(i, (fragments = line.fragments));
    cached.lines[i] = { ...line, fragments: [] };
    cached.placedEnd = Math.max(cached.placedEnd, i + 1);
  }
  return fragments.map((f) => movedFragment(f, 0, y));
}

/**
 * The line whose under side a trimmed end loses (CSS Inline 3 §6.1): the last formatted line,
 * which is the clamped one when line-clamp cuts the lines (CSS Overflow 4 §4.3), and never an
 * invisible line box (§4.1.1: a line with nothing in it, as after a last <br>). -1 when that line
 * is not in this fragment.
 */
function lastFormattedLine(lines: readonly LineBox[], start: number, end: number, clampedAt: number): number {
  if (clampedAt >= 0) return clampedAt >= start && clampedAt < end ? clampedAt : -1;
  if (end < lines.length) return -1;
  let last = end - 1;
  while (last > start && lines[last]!.empty) last--;
  return last;
}

function fitLines(lines: readonly LineBox[], start: number, available: number, pageIsEmpty: boolean): number {
  let y = 0;
  let i = start;
  for (; i < lines.length; i++) {
    const h = lines[i]!.height;
    if (y + h > available + EPSILON && (i > start || !pageIsEmpty)) break;
    y += h;
  }
  return i;
}

/** An outside marker's line (CSS Lists 3 §3.1): one unbreakable line, its width and baseline. */
export interface MarkerLine {
  readonly fragments: Fragment[];
  readonly width: number;
  readonly height: number;
  readonly baseline: number;
}

export function layoutMarkerLine(marker: MarkerBox, ctx: LayoutContext): MarkerLine {
  const para = collectParagraph(marker.children, marker.style, 0, ctx);
  let width = 0;
  for (const item of para.items) width += itemWidth(item);
  const [spec] = breakLines(para, Infinity, 0, ctx);
  if (!spec) return { fragments: [], width: 0, height: 0, baseline: 0 };
  const style = { ...marker.style, textAlign: 'left' as const, textIndent: 0 };
  const line = buildLine(spec, { style, width, indent: 0, isLast: true, hasRtl: para.hasRtl }, ctx);
  return { fragments: line.fragments, width, height: line.height, baseline: line.baseline };
}
