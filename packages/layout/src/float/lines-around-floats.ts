import type { LinesBox } from '../boxes/box.js';
import type { Fragment } from '../fragment.js';
import type { ComputedStyle, InitialLetter } from '../style.js';
import { resolveLength } from '../style.js';
import { cacheOf, memoSlot, type LayoutContext } from '../flow/context.js';
import { createBoxFragment, movedFragment, NO_ATTRS, ZERO_EDGES, partOf } from '../flow/fragments.js';
import { collectParagraph, itemWidth, wraps, type Paragraph } from '../flow/inline-items.js';
import type { InlineBox } from '../boxes/box.js';
import { buildLine, type LineBox } from '../flow/line-box.js';
import { applyOrphansWidows } from '../flow/breaks.js';
import { endBeforeLastLine } from '../flow/end-reserve.js';
import { breakLines, tailOf, withOpenBoxes, type LineSpec } from '../flow/line-breaker.js';
import { NO_MARGINS, nothingAbove, resolveMargins, type LayoutResult, type Resume, type Space } from '../flow/types.js';
import { ExclusionSpace, type FloatContext } from './exclusions.js';
import { noteLastLine } from './last-line.js';
import { inlineFloatsOf } from '../boxes/hoist.js';
import { raisedBy } from '../boxes/initial-letter.js';
import { usedLineHeight } from '../flow/line-height.js';
import { InlineFloatPlacer } from './inline-floats.js';

const EPSILON = 1e-6;

/** Line specs of paragraphs broken around floats, so that a continuation resumes on the same breaks. */
const brokenSpecsSlot = memoSlot<LinesBox, { readonly para: Paragraph; readonly specs: LineSpec[] }>('render');

/** Does this inline formatting context need its line boxes shortened (CSS 2.1 §9.5: floats beside it, or already broken so)? */
export function needsFloatLines(box: LinesBox, space: Space, resume: Resume | null, ctx: LayoutContext): boolean {
  if (inlineFloatsOf(box).length) return true;
  const f = space.floats;
  if (resume !== null && f !== undefined && cacheOf(ctx, brokenSpecsSlot).has(box)) return true;
  if (!f || f.exclusions.isEmpty) return false;
  return f.exclusions.affects(f.x, f.x + space.inlineSize, f.y + resolveMargins(space.marginAbove));
}

/** A guess of a line's height before it is built: its line-height (what the float band is tested over). */
function lineHeightGuess(style: ComputedStyle): number {
  const lh = style.lineHeight;
  if (typeof lh === 'number') return lh;
  if (lh === 'normal') return style.fontSize * 1.15;
  return lh.factor * style.fontSize;
}

interface Span {
  readonly top: number;
  readonly left: number;
  readonly width: number;
}

/**
 * The free span for a line whose top is at `y` (from the lines box top): shortened by the
 * floats it overlaps; a line with no room at all moves down past the floats (§9.5), unless its
 * content fits in no width (`noWidthFits`, Chromium keeps it there).
 */
function spanAt(
  ex: ExclusionSpace,
  x: number,
  width: number,
  top0: number,
  y: number,
  band: number,
  noWidthFits = false,
): Span {
  let top = y;
  for (;;) {
    const s = ex.available(x, x + width, top0 + top, band);
    const next = ex.nextBottom(top0 + top);
    const room = s.right - s.left;
    if (room > EPSILON || (noWidthFits && room > -EPSILON) || next === null)
      return { top, left: s.left - x, width: Math.max(0, room) };
    top = next - top0;
  }
}

/**
 * Does the line starting at item `at` fit in a span of no width beside floats that fill the
 * line (CSS 2 §9.5: "too small to contain any content")? As Chromium prints it: yes when its
 * content up to the first break opportunity has no width (a line of only a `<br>`, an empty
 * inline-block) or when lines do not wrap (nowrap text stays there and overflows); else it
 * moves below the floats. `at` null: the line starts with a piece of a broken word.
 */
function fitsNoWidth(para: Paragraph, at: number | null, wrapsLines: boolean): boolean {
  if (!wrapsLines) return true;
  if (at === null) return false;
  for (let k = at; k < para.items.length; k++) {
    if (k > at && para.breakBefore[k] !== 'none') return true;
    const item = para.items[k]!;
    if (item.type === 'br') return true;
    if (itemWidth(item) - (item.type === 'text' ? item.spaceWidth : 0) > EPSILON) return false;
  }
  return true;
}

/** The item the line after `spec` starts with, or null when that is a piece of a broken word. */
function nextStart(para: Paragraph, spec: LineSpec): number | null {
  const first = tailOf(para, spec);
  if (first === null) return null;
  const at = first + spec.items.length;
  return para.items[at - 1] === spec.items[spec.items.length - 1] ? at : null;
}

/**
 * Line boxes beside floats (CSS 2.1 §9.5: "the current and subsequent line boxes are
 * shortened"): lines are broken one at a time, each with the width left free at its top.
 * A continued paragraph keeps its earlier lines and breaks the rest again around the floats
 * of this page. Paginated like the other lines (as many as fit), without orphans/widows.
 */
export function layoutLinesAroundFloats(
  box: LinesBox,
  outer: Space,
  resume: Resume | null,
  ctx: LayoutContext,
): LayoutResult {
  // Floats amid the paragraph need a float context even where the parent passes none.
  const space: Space = outer.floats ? outer : { ...outer, floats: { exclusions: new ExclusionSpace(), x: 0, y: 0 } };
  const f = space.floats!;
  const width = space.inlineSize;
  const top0 = f.y + resolveMargins(space.marginAbove);
  const band = lineHeightGuess(box.style);
  const start = resume?.kind === 'lines' ? resume.line : 0;
  // A continued paragraph keeps the items its earlier lines were broken from (atomic inlines are laid out per call).
  const stored = start > 0 ? cacheOf(ctx, brokenSpecsSlot).get(box) : undefined;
  const para = stored?.para ?? collectParagraph(box.children, box.style, width, ctx);
  // An initial letter takes the first line's indent as its start margin (boxes/initial-letter.ts).
  const indent = box.indent && !hasInitialLetter(box) ? resolveLength(box.style.textIndent, width) : 0;
  const build = (spec: LineSpec, i: number, span: Span, isLast: boolean): LineBox =>
    buildLine(
      spec,
      {
        style: box.style,
        width: span.width,
        indent: i === 0 ? indent : 0,
        isLast,
        hasRtl: para.hasRtl,
      },
      ctx,
    );
  // Earlier lines: as broken before (around floats, or at full width by the plain line layout).
  const head: LineSpec[] = start > 0 ? (stored?.specs ?? breakLines(para, width, indent, ctx)) : [];
  const tail = start > 0 ? tailOf(para, head[start]) : 0;
  if (tail === null) return placeLines(box, space, head, start, [], build, null);
  const placer = new InlineFloatPlacer(box, head, start, f, width, space.cbBlockSize, top0, ctx);
  // Lines below the page are broken again on the next one (around its floats): break only as far as
  // placing this page's lines needs, so that each page breaks its own lines, not the whole rest.
  const available = space.mode === 'measure' ? Infinity : space.blockSize - resolveMargins(space.marginAbove);
  // Not where words may break: a page that starts with a piece of a broken word keeps the lines
  // broken before (tailOf). Floats amid the lines not broken go with them to the next page.
  const stop = !mayBreakWords(para)
    ? { available, pageIsEmpty: space.pageIsEmpty, widows: Math.max(1, box.style.widows) }
    : null;
  const broken = breakTail(
    para,
    tail,
    {
      start,
      shift: start === 0 ? initialLetterShift(box, ctx) : 0,
      indent,
      open: head[start]?.openAtStart ?? [],
      f,
      width,
      top0,
      band,
      wraps: wraps(box.style),
      build,
      placer,
      stop,
    },
    ctx,
  );
  const { specs: tailSpecs, spans, y } = broken;
  const lastSpec = tailSpecs[tailSpecs.length - 1];
  if (!broken.stopped)
    placer.finish(
      start + tailSpecs.length - 1,
      y,
      lastSpec ? { spec: lastSpec, span: spans[tailSpecs.length - 1]! } : null,
    );
  // The lines kept from earlier pages, then this page's (no copy of the kept ones per page).
  const specs = head;
  specs.length = start;
  for (const spec of tailSpecs) specs.push(spec);
  cacheOf(ctx, brokenSpecsSlot).set(box, { para, specs });
  return placeLines(box, space, specs, start, spans, build, placer);
}

/**
 * A raised initial letter (CSS Inline 3 §7.4, sink below its size) reaches above the first line
 * it is placed beside: the paragraph's lines start lower by as many lines, as Chromium prints.
 */
function initialLetterShift(box: LinesBox, ctx: LayoutContext): number {
  const letter = initialLetterOf(box);
  if (!letter) return 0;
  const m = ctx.shapes.metrics(box.style);
  return raisedBy(letter, usedLineHeight(box.style, m.ascent, m.descent, m.lineGap));
}

/** The paragraph's initial letter (CSS Inline 3 §7): its first float, a `::first-letter` with `initial-letter`. */
function initialLetterOf(box: LinesBox): InitialLetter | undefined {
  return inlineFloatsOf(box)[0]?.box.style.initialLetter;
}

function hasInitialLetter(box: LinesBox): boolean {
  return initialLetterOf(box) !== undefined;
}

interface TailEnv {
  readonly start: number;
  /** How far below the paragraph's top its first line starts (a raised initial letter's room). */
  readonly shift: number;
  readonly indent: number;
  readonly open: readonly InlineBox[];
  readonly f: FloatContext;
  readonly width: number;
  readonly top0: number;
  readonly band: number;
  /** The container wraps lines (white-space other than nowrap and pre). */
  readonly wraps: boolean;
  readonly build: (spec: LineSpec, i: number, span: Span, isLast: boolean) => LineBox;
  readonly placer: InlineFloatPlacer;
  /** Where breaking may stop: the page's room (null: break to the end). */
  readonly stop: StopAt | null;
}

interface StopAt {
  readonly available: number;
  readonly pageIsEmpty: boolean;
  readonly widows: number;
}

const RESTART = Symbol('restart');
const STOP = Symbol('stop');

/**
 * Line `index` (from this page's first) cannot fit on the page: placeLines puts a line with
 * content at its span's top, so the page ends before it. Once `widows` lines from it are broken,
 * what placeLines does with this page no longer depends on the lines after them
 * (applyOrphansWidows sees at least `widows` lines left; endBeforeLastLine is not reached).
 */
function cannotFit(stop: StopAt, index: number, span: Span, line: LineBox): boolean {
  return !line.empty && span.top + line.height > stop.available + EPSILON && (index > 0 || !stop.pageIsEmpty);
}

/**
 * Break the lines from `tail` on, one at a time at the span free at each line's top. When a float
 * amid the paragraph goes beside a line, that line is broken again from its first item, narrower.
 */
function breakTail(
  para: Paragraph,
  tail: number,
  env: TailEnv,
  ctx: LayoutContext,
): { specs: LineSpec[]; spans: Span[]; y: number; stopped: boolean } {
  const { f, width, top0, band, placer, stop } = env;
  const specs: LineSpec[] = [];
  const spans: Span[] = [spanAt(f.exclusions, f.x, width, top0, env.shift, band, fitsNoWidth(para, tail, env.wraps))];
  let y = spans[0]!.top;
  let current: number | null = tail;
  let open = env.open;
  /** One past the last line needed once a line that cannot fit is met (cannotFit). */
  let needed = Infinity;
  while (current !== null) {
    const round: LineSpec[] = [];
    try {
      breakLines(
        para,
        spans[spans.length - 1]!.width,
        env.start + specs.length === 0 ? env.indent : 0,
        ctx,
        (spec) => {
          round.push(spec);
          const k = specs.length + round.length - 1;
          const line = env.build(spec, env.start + k, spans[k]!, false);
          const beside =
            (placer.isEmpty ? null : placer.afterLine(env.start + k, spec, line, spans[k]!)) ??
            lowerSpan(env, spans[k]!, line, spec, para);
          if (beside) {
            spans[k] = beside;
            throw RESTART;
          }
          if (stop && needed === Infinity && cannotFit(stop, k, spans[k]!, line)) needed = k + stop.widows;
          if (k + 1 >= needed) throw STOP;
          const next = spanAt(
            f.exclusions,
            f.x,
            width,
            top0,
            spans[k]!.top + line.height,
            line.empty ? band : line.height,
            fitsNoWidth(para, nextStart(para, spec), env.wraps),
          );
          spans.push(next);
          y = next.top;
          return next.width;
        },
        undefined,
        current,
      );
    } catch (e) {
      if (e === STOP) {
        specs.push(...withOpenBoxes(round, open));
        return { specs, spans, y, stopped: true };
      }
      if (e !== RESTART) throw e;
      const withOpen = withOpenBoxes(round, open);
      specs.push(...withOpen.slice(0, -1));
      const again = withOpen[withOpen.length - 1]!;
      open = again.openAtStart;
      current = tailOf(para, again);
      if (current === null) specs.push(again);
      continue;
    }
    specs.push(...withOpenBoxes(round, open));
    current = null;
  }
  return { specs, spans, y, stopped: false };
}

const breaksWords = new WeakMap<Paragraph, boolean>();

/** Some text of the paragraph may break inside words (overflow-wrap, CSS Text 3 §5.5): looked at once per paragraph. */
function mayBreakWords(para: Paragraph): boolean {
  let known = breaksWords.get(para);
  if (known === undefined) {
    known = para.items.some(
      (item) => item.type === 'text' && (item.style.overflowWrap !== 'normal' || item.style.wordBreak === 'break-word'),
    );
    breaksWords.set(para, known);
  }
  return known;
}

/**
 * A line whose content does not fit the span floats leave beside it moves down to where the next
 * float ends, until it fits or no float narrows it (CSS 2 §9.5). Chromium does so only when the
 * container wraps lines (`white-space`); a line starting with a piece of a broken word stays.
 */
function lowerSpan(env: TailEnv, span: Span, line: LineBox, spec: LineSpec, para: Paragraph): Span | null {
  const { f, width, top0 } = env;
  if (
    !env.wraps ||
    line.contentWidth <= span.width + EPSILON ||
    span.width >= width - EPSILON ||
    tailOf(para, spec) === null
  )
    return null;
  const next = f.exclusions.nextBottom(top0 + span.top);
  return next === null ? null : spanAt(f.exclusions, f.x, width, top0, next - top0, line.height);
}

function placeLines(
  box: LinesBox,
  space: Space,
  specs: readonly LineSpec[],
  start: number,
  known: Span[],
  build: (spec: LineSpec, i: number, span: Span, isLast: boolean) => LineBox,
  placer: InlineFloatPlacer | null,
): LayoutResult {
  const f = space.floats!;
  const top0 = f.y + resolveMargins(space.marginAbove);
  const available = space.mode === 'measure' ? Infinity : space.blockSize - resolveMargins(space.marginAbove);
  // Lay out the lines that fit, then keep orphans/widows (CSS Fragmentation 3 §3.3) as the plain line layout does.
  const laid: { line: LineBox; span: Span; top: number }[] = [];
  let y = 0;
  for (let i = start; i < specs.length; i++) {
    const span = known[i - start] ?? spanAt(f.exclusions, f.x, space.inlineSize, top0, y, lineHeightOf(box));
    const line = build(specs[i]!, i, span, i === specs.length - 1);
    const top = line.empty ? y : span.top;
    if (top + line.height > available + EPSILON && (i > start || !space.pageIsEmpty)) break;
    laid.push({ line, span, top });
    y = top + line.height;
  }
  const fitted = start + laid.length;
  const end =
    fitted < specs.length
      ? applyOrphansWidows(box, specs.length, start, fitted, nothingAbove(space))
      : endBeforeLastLine(
          box,
          start,
          fitted,
          specs.length,
          y,
          space.endReserve,
          available,
          nothingAbove(space),
          (i) => laid[i - start]!.line.empty,
        );
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
  const children: Fragment[] = [];
  let baseline: number | null = null;
  let lastBaseline: number | null = null;
  for (const { line, span, top } of laid.slice(0, end - start)) {
    for (const frag of line.fragments) children.push(movedFragment(frag, span.left, top));
    if (!line.empty) {
      baseline ??= top + line.baseline;
      lastBaseline = top + line.baseline;
    }
  }
  if (placer) children.push(...placer.fragmentsFor(start, end));
  const last = laid[end - start - 1]!;
  const height = last.top + last.line.height;
  const empty = height === 0 && start === 0 && end === specs.length && baseline === null;
  const fragment = createBoxFragment(
    box.style,
    '',
    NO_ATTRS,
    {
      x: 0,
      y: 0,
      width: space.inlineSize,
      height,
      border: ZERO_EDGES,
      padding: ZERO_EDGES,
      part: partOf(start === 0, end === specs.length),
    },
    children,
  );
  if (end === specs.length) noteLastLine(fragment, last.top, last.line.fragments);
  return {
    fragment,
    resume: end < specs.length ? { kind: 'lines', line: end } : null,
    marginTop: space.marginAbove,
    marginBottom: empty ? space.marginAbove : NO_MARGINS,
    collapsesThrough: empty,
    height,
    baseline,
    lastBaseline,
  };
}

function lineHeightOf(box: LinesBox): number {
  return lineHeightGuess(box.style);
}
