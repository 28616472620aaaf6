import type { InlineBox } from '../boxes/box.js';
import type { ComputedStyle } from '../style.js';
import type { LayoutContext } from './context.js';
import { itemWidth, wraps, type InlineItem, type Paragraph } from './inline-items.js';
import { hangingWidth, hyphenWidth, LINE_FIT, tailOf, type LineSpec } from './line-breaker.js';

/**
 * `text-wrap-style: pretty` (CSS Text 4 §6.3) as Chromium prints it: the greedy lines stay, but the
 * last lines of each paragraph (or part of one ended by a forced break) are broken again by a
 * score (the square of each line's free room, a cost per line, a large one for leaving the last
 * word alone) when the greedy last line is a single word shorter than a third of the line.
 * Chromium's ScoreLineBreaker, its constants and its order of trials (ties go to the later start).
 */

/** How many lines at a paragraph's end are broken again (Chromium's kMaxLinesForOptimal). */
const PRETTY_LINES = 4;
/** A last line shorter than the line width over this is short (kShortLineDenominator). */
const SHORT_LINE = 3;
/** The least number of break opportunities worth choosing between (kMinCandidates). */
const MIN_CANDIDATES = 3;
/** Added to the last opportunity: breaking there leaves the last word alone (kOrphansPenalty). */
const ORPHAN_PENALTY = 10000;
/** The last line counts its start's penalty this many times (kLastLinePenaltyMultiplier). */
const LAST_LINE_PENALTY = 4;
const OVERFULL = 1e12;

/** A place the window may break: before item `at`, with the line widths up to it. */
interface Candidate {
  readonly at: number;
  /** Where the next line's content starts (after the trailing spaces). */
  readonly posNoBreak: number;
  /** Where this line's content ends if it breaks here (trailing spaces hang, a soft hyphen shows). */
  readonly posIfBreak: number;
  penalty: number;
  readonly hyphenated: boolean;
}

interface Score {
  readonly score: number;
  readonly prev: number;
  readonly line: number;
}

/** The lines of a paragraph, with the last lines of each of its parts broken again for `pretty`. */
export function prettyLines(
  style: ComputedStyle,
  para: Paragraph,
  specs: LineSpec[],
  width: number,
  indent: number,
  ctx: LayoutContext,
): LineSpec[] {
  if (style.textWrapStyle !== 'pretty' || !wraps(style) || specs.length < 2) return specs;
  const out: LineSpec[] = [];
  let changed = false;
  let partStart = 0;
  for (let i = 0; i < specs.length; i++) {
    if (!specs[i]!.forced && i < specs.length - 1) continue;
    const first = Math.max(partStart, i + 1 - PRETTY_LINES);
    for (let k = partStart; k < first; k++) out.push(specs[k]!);
    const lines = i > first ? breakAgain(style, para, specs, first, i, width, first === 0 ? indent : 0, ctx) : null;
    if (lines) {
      out.push(...lines);
      changed = true;
    } else for (let k = first; k <= i; k++) out.push(specs[k]!);
    partStart = i + 1;
  }
  return changed ? out : specs;
}

/** Lines `first`..`last` broken again by score, or null when they stay as they are. */
function breakAgain(
  style: ComputedStyle,
  para: Paragraph,
  specs: readonly LineSpec[],
  first: number,
  last: number,
  width: number,
  indent: number,
  ctx: LayoutContext,
): LineSpec[] | null {
  const range = itemRange(para, specs, first, last);
  if (!range) return null;
  const [from, to] = range;
  const items = para.items;
  const lastStart = tailOf(para, specs[last]);
  if (lastStart === null) return null;
  // Only a short last line of one word is worth it (Chromium's ShouldOptimize; no hyphenation here).
  const lastWidth = widthOf(items, lastStart, to) - hangingWidth(items, lastStart, to);
  if (lastWidth >= width / SHORT_LINE || opportunities(para, lastStart + 1, to).length > 0) return null;
  const candidates = candidatesOf(para, from, to, ctx);
  if (candidates.length < MIN_CANDIDATES + 2) return null;
  // A hyphen costs the width times the font size, twice (half when justified); a line twice that (none when justified).
  const justified = style.textAlign === 'justify';
  const hyphenPenalty = width * style.fontSize * (justified ? 0.5 : 2);
  const linePenalty = justified ? 0 : hyphenPenalty * 2;
  for (const c of candidates) if (c.hyphenated) c.penalty = hyphenPenalty;
  for (let k = candidates.length - 2; k > 0; k--) {
    candidates[k]!.penalty += ORPHAN_PENALTY;
    if (!candidates[k]!.hyphenated) break;
  }
  const fit = (line: number) => Math.max(0, line === 0 ? width - indent : width) + LINE_FIT;
  const scores = scoresOf(candidates, fit, justified, linePenalty);
  const ends: number[] = [];
  for (let k = candidates.length - 1; k > 0; k = scores[k]!.prev) ends.push(candidates[k]!.at);
  ends.reverse();
  const lines: LineSpec[] = [];
  let open = specs[first]!.openAtStart;
  let start = from;
  for (const [n, end] of ends.entries()) {
    const lineItems = items.slice(start, end);
    lines.push({ items: lineItems, forced: n === ends.length - 1 && specs[last]!.forced, openAtStart: open });
    open = stillOpen(open, lineItems);
    start = end;
  }
  const same =
    lines.length === last - first + 1 && lines.every((l, n) => l.items.length === specs[first + n]!.items.length);
  return same ? null : lines;
}

/** The paragraph items lines `first`..`last` hold, when they are exactly its items `from`..`to` (no piece of a broken word). */
function itemRange(para: Paragraph, specs: readonly LineSpec[], first: number, last: number): [number, number] | null {
  const from = tailOf(para, specs[first]);
  if (from === null) return null;
  let at = from;
  for (let k = first; k <= last; k++) for (const item of specs[k]!.items) if (para.items[at++] !== item) return null;
  return [from, at];
}

function widthOf(items: readonly InlineItem[], from: number, to: number): number {
  let w = 0;
  for (let k = from; k < to; k++) w += itemWidth(items[k]!);
  return w;
}

/** Break opportunities before items `from`..`to`-1 with content after them (not before trailing spaces, ends or a br). */
function opportunities(para: Paragraph, from: number, to: number): number[] {
  const found: number[] = [];
  let contentAfter = false;
  for (let k = to - 1; k >= from; k--) {
    const item = para.items[k]!;
    if (item.type === 'atomic' || (item.type === 'text' && item.word !== '')) contentAfter = true;
    if (contentAfter && para.breakBefore[k] === 'allowed') found.push(k);
  }
  return found.reverse();
}

/** The window's opportunities between a sentinel at its start and one at its end (Chromium's LineBreakCandidates). */
function candidatesOf(para: Paragraph, from: number, to: number, ctx: LayoutContext): Candidate[] {
  const items = para.items;
  const list: Candidate[] = [{ at: from, posNoBreak: 0, posIfBreak: 0, penalty: 0, hyphenated: false }];
  let pos = 0;
  let k = from;
  for (const at of [...opportunities(para, from + 1, to), to]) {
    for (; k < at; k++) pos += itemWidth(items[k]!);
    const hyphen = hyphenWidth(items, from, at, ctx);
    list.push({
      at,
      posNoBreak: pos,
      posIfBreak: pos - hangingWidth(items, from, at) + hyphen,
      penalty: 0,
      hyphenated: hyphen > 0,
    });
  }
  return list;
}

/** The best score of a break at each candidate (Chromium's ComputeScores, with its pruning: ties go to the later start). */
function scoresOf(
  candidates: readonly Candidate[],
  fit: (line: number) => number,
  justified: boolean,
  linePenalty: number,
): Score[] {
  const scores: Score[] = [{ score: 0, prev: 0, line: 0 }];
  let active = 0;
  for (let end = 1; end < candidates.length; end++) {
    const endCandidate = candidates[end]!;
    const isLast = end === candidates.length - 1;
    let best = Infinity;
    let bestPrev = 0;
    let line = scores[active]!.line;
    let room = fit(line);
    let startEdge = endCandidate.posIfBreak - room;
    let bestHope = 0;
    for (let start = active; start < end; start++) {
      const startScore = scores[start]!;
      if (startScore.line !== line) {
        line = startScore.line;
        if (fit(line) !== room) {
          room = fit(line);
          startEdge = endCandidate.posIfBreak - room;
          bestHope = 0;
        }
      }
      if (startScore.score + bestHope >= best) continue;
      const startCandidate = candidates[start]!;
      const delta = startCandidate.posNoBreak - startEdge;
      let widthScore = 0;
      let extra = 0;
      if ((isLast || !justified) && delta < 0) widthScore = OVERFULL;
      else if (isLast) extra = LAST_LINE_PENALTY * startCandidate.penalty;
      else if (delta < 0) widthScore = OVERFULL;
      else widthScore = delta * delta;
      if (delta < 0) active = start + 1;
      else bestHope = widthScore;
      const score = startScore.score + widthScore + extra;
      if (score <= best) {
        best = score;
        bestPrev = start;
      }
    }
    scores.push({ score: best + endCandidate.penalty + linePenalty, prev: bestPrev, line: scores[bestPrev]!.line + 1 });
  }
  return scores;
}

/** The inline boxes still open after a line's items. */
function stillOpen(open: readonly InlineBox[], items: readonly InlineItem[]): readonly InlineBox[] {
  let stack: InlineBox[] | null = null;
  for (const item of items) {
    if (item.type === 'open') (stack ??= open.slice()).push(item.box);
    else if (item.type === 'close') {
      stack ??= open.slice();
      const at = stack.lastIndexOf(item.box);
      if (at >= 0) stack.splice(at, 1);
    }
  }
  return stack ?? open;
}
