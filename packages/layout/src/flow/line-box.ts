import type { InlineBox } from '../boxes/box.js';
import { collapsesSpaces } from '../boxes/whitespace.js';
import type { Fragment } from '../fragment.js';
import type { ComputedStyle } from '../style.js';
import type { LayoutContext } from './context.js';
import { visualLine } from './bidi-line.js';
import { hyphenString } from './hyphen-string.js';
import { holdsText, itemWidth, type InlineItem, type TextItem } from './inline-items.js';
import type { LineSpec } from './line-breaker.js';
import { fontEntry, lineEntries, resolveLine } from './line-metrics.js';
import { emitLineFragments } from './line-fragments.js';

/** A laid-out line, its fragments relative to (content-box left, line top). */
export interface LineBox {
  readonly fragments: Fragment[];
  readonly height: number;
  /** Baseline from the line top. */
  readonly baseline: number;
  /** Zero-height line without content (CSS 2.1 §9.4.2). */
  readonly empty: boolean;
  /** Its content's advance, indent included, without the spaces trimmed at its ends. */
  readonly contentWidth: number;
}

export interface LineOptions {
  readonly style: ComputedStyle;
  readonly width: number;
  readonly indent: number;
  readonly isLast: boolean;
  readonly hasRtl: boolean;
}

const EMPTY: LineBox = { fragments: [], height: 0, baseline: 0, empty: true, contentWidth: 0 };

export function buildLine(spec: LineSpec, opts: LineOptions, ctx: LayoutContext): LineBox {
  // Preserved spaces make a line (CSS 2.1 §9.4.2), even the ones that hang at its end and are trimmed
  // here: a `pre-wrap` line of spaces alone is a line's height tall (Chromium, measured).
  if (!spec.items.some(isContent)) return EMPTY;
  let items = trimLine(spec.items, ctx);
  const root = fontEntry(opts.style, null, ctx);
  const { entries, itemEntry, boxEntry } = lineEntries(items, spec.openAtStart, root, ctx);
  const geometry = resolveLine(entries);
  let width = 0;
  let spaces = 0;
  let leaders = 0;
  for (const item of items) {
    width += itemWidth(item);
    if (item.type === 'text') spaces += countSpaces(item.word) + countSpaces(item.space);
    if (isLeader(item)) leaders++;
  }
  if (leaders > 0 && opts.width - opts.indent - width > 0) {
    items = widenLeaders(items, (opts.width - opts.indent - width) / leaders, ctx);
    width = opts.width - opts.indent;
  }
  const align = lineAlign(opts.style, opts.isLast || spec.forced);
  const free = opts.width - opts.indent - width;
  const justify = align === 'justify' && free > 0 && spaces > 0 ? free / spaces : 0;
  const visual = opts.hasRtl ? visualLine(items, itemEntry ?? items.map(() => root), spec.openAtStart) : null;
  const fragments = emitLineFragments(
    {
      items: visual?.items ?? items,
      entryOf: visual ? visual.entryOf : itemEntry,
      root,
      boxEntry,
      openAtStart: visual ? [] : spec.openAtStart,
      x: lineStart(opts, align, width, spaces),
      baseline: geometry.baseline,
      justify,
      cbWidth: opts.width,
      visual,
    },
    ctx,
  );
  return {
    fragments,
    height: geometry.height,
    baseline: geometry.baseline,
    empty: false,
    contentWidth: opts.indent + width,
  };
}

/**
 * Start of the line's content (CSS Text 3 §7.1–7.3, text-indent §8.1 on the start side);
 * justified lines also spread `free / spaces` over their spaces. Content too long for the
 * line is start-aligned.
 */
function lineStart(
  opts: LineOptions,
  align: 'left' | 'right' | 'center' | 'justify',
  width: number,
  spaces: number,
): number {
  const rtl = opts.style.direction === 'rtl';
  const free = opts.width - opts.indent - width;
  const lineLeft = rtl ? 0 : opts.indent;
  const startAligned = rtl ? opts.width - opts.indent - width : opts.indent;
  if (free <= 0) return startAligned;
  switch (align) {
    case 'left':
      return lineLeft;
    case 'right':
      return lineLeft + free;
    case 'center':
      return lineLeft + free / 2;
    case 'justify':
      return spaces > 0 ? lineLeft : startAligned;
  }
}

/** CSS Text 3 §7.1: start/end follow direction; the last line and forced-break lines use text-align-last. */
export function lineAlign(style: ComputedStyle, last: boolean): 'left' | 'right' | 'center' | 'justify' {
  let a: string = style.textAlign;
  if (last) a = style.textAlignLast === 'auto' ? (a === 'justify' ? 'start' : a) : style.textAlignLast;
  const rtl = style.direction === 'rtl';
  if (a === 'start') return rtl ? 'right' : 'left';
  if (a === 'end') return rtl ? 'left' : 'right';
  return a as 'left' | 'right' | 'center' | 'justify';
}

function isLeader(item: InlineItem): item is TextItem {
  return item.type === 'text' && item.owner.kind === 'counter' && item.owner.counter === 'leader';
}

/**
 * CSS GCPM 3 §3: a leader takes the room left on its line (shared equally between the line's
 * leaders): its string repeated as often as it fits, the rest of the room before the first copy.
 */
function widenLeaders(items: readonly InlineItem[], share: number, ctx: LayoutContext): InlineItem[] {
  return items.map((item) => {
    if (!isLeader(item) || item.word === '') return item;
    const rtl = (item.level & 1) === 1;
    const room = item.shape.width + share;
    const one = item.shape.width;
    let copies = one > 0 ? Math.max(1, Math.floor(room / one)) : 1;
    let shaped = ctx.shapes.shape(item.word.repeat(copies), item.style, rtl);
    // Kerning between copies can make them wider than their count says.
    while (copies > 1 && shaped.width > room) shaped = ctx.shapes.shape(item.word.repeat(--copies), item.style, rtl);
    // The copies end where the leader does, next to what follows it (a page number ends the line).
    const gap = rtl ? 0 : room - shaped.width;
    const runs =
      gap > 0
        ? shaped.runs.map((run) => ({
            ...run,
            offsets: run.glyphIds.map(
              (_, i) => [gap + (run.offsets?.[i]?.[0] ?? 0), run.offsets?.[i]?.[1] ?? 0] as const,
            ),
          }))
        : shaped.runs;
    return { ...item, word: item.word.repeat(copies), shape: { runs, width: room } };
  });
}

function countSpaces(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 32) n++;
  return n;
}

function isContent(item: InlineItem): boolean {
  switch (item.type) {
    case 'text':
      return holdsText(item);
    case 'open':
    case 'close':
      return item.edge !== 0;
    default:
      return true;
  }
}

/**
 * White-space phase II (CSS Text 3 §4.1.2): collapsible spaces at the line start and end go.
 * The spec's items are returned as they are when nothing is trimmed (most lines of a table).
 */
function trimLine(items: readonly InlineItem[], ctx: LayoutContext): readonly InlineItem[] {
  let out: InlineItem[] | null = null; // copied on the first change
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.type === 'open' || item.type === 'close') continue;
    if (item.type !== 'text' || item.word !== '' || item.space === '' || !collapsesSpaces(item.style.whiteSpace)) break;
    (out ??= items.slice())[i] = withoutSpace(item, ctx);
  }
  for (let i = items.length - 1; i >= 0; i--) {
    const item = (out ?? items)[i]!;
    if (item.type === 'close' || item.type === 'br') continue;
    if (item.type !== 'text') break;
    if (item.space === '' && item.word.endsWith('\u00ad')) {
      // A line broken at a soft hyphen shows a hyphen (CSS Text 3 §6.1).
      const word = item.word + hyphenString(item.style, ctx.shapes);
      (out ??= items.slice())[i] = { ...item, word, shape: ctx.shapes.shape(word, item.style, (item.level & 1) === 1) };
      break;
    }
    const ws = item.style.whiteSpace;
    if (item.space !== '' && ws !== 'pre' && ws !== 'break-spaces')
      (out ??= items.slice())[i] = withoutSpace(item, ctx, !collapsesSpaces(ws));
    if (item.word !== '' || ws === 'pre' || ws === 'break-spaces') break;
  }
  return out ?? items;
}

/** The item without its trailing spaces; `hung`: they are preserved spaces, still content (holdsText). */
function withoutSpace(item: TextItem, ctx: LayoutContext, hung = false): TextItem {
  const shape = ctx.shapes.shape(item.word, item.style, (item.level & 1) === 1);
  return hung ? { ...item, space: '', shape, spaceWidth: 0, hung } : { ...item, space: '', shape, spaceWidth: 0 };
}

export type { InlineBox };
