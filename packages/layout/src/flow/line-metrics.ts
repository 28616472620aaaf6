import type { InlineBox } from '../boxes/box.js';
import type { FontMetrics } from '../measurer.js';
import type { ComputedStyle } from '../style.js';
import { resolveLength } from '../style.js';
import type { LayoutContext } from './context.js';
import { holdsText, type AtomicItem, type InlineItem } from './inline-items.js';
import { centralMetrics, isCentral, layoutUnit, usedLineHeight } from './line-height.js';

/**
 * Line box height (CSS 2.1 §10.8): every inline box (the root inline box being the strut)
 * contributes ascent + half-leading above its baseline and descent + half-leading below,
 * with its baseline shifted by vertical-align relative to its parent's.
 */
export interface AlignEntry {
  readonly parent: AlignEntry | null;
  readonly style: ComputedStyle;
  /** Ascent and descent of the box (font metrics, or the atomic's margin box around its baseline). */
  readonly ascent: number;
  readonly descent: number;
  /**
   * Leading above the ascent and below the descent. Chromium floors the top half to whole px
   * and gives the rest to the bottom (NGInlineBoxState CalculateLeadingSpace).
   */
  leadingTop: number;
  leadingBottom: number;
  /** Baseline shift relative to the parent's baseline, positive downwards (when not top/bottom). */
  readonly shift: number;
  readonly align: 'top' | 'bottom' | null;
  /** Baseline from the root baseline; filled by `resolveLine`. */
  offset: number;
  /** Sizes the line box; in quirks mode only boxes with text (or vertical edges) and atomics do. */
  counts: boolean;
  readonly atomic: boolean;
}

export function fontEntry(style: ComputedStyle, parent: AlignEntry | null, ctx: LayoutContext): AlignEntry {
  const m = ctx.shapes.metrics(style);
  // Vertical text sits on the central baseline (src/writing-mode): the em box split in half.
  const [ascent, descent] = isCentral(style) ? centralMetrics(m.ascent, m.descent) : [m.ascent, m.descent];
  const lineHeight = usedLineHeight(style, ascent, descent, m.lineGap);
  const leading = lineHeight - (ascent + descent);
  const top = Math.floor(leading / 2 + 1e-9);
  return makeEntry(style, parent, ascent, descent, top, leading - top, lineHeight, ctx);
}

export function atomicEntry(item: AtomicItem, parent: AlignEntry, ctx: LayoutContext): AlignEntry {
  const { baseline, marginHeight } = item.layout;
  // On a central baseline an atomic inline is centred (its central baseline is its middle).
  const ascent = isCentral(parent.style) ? marginHeight / 2 : baseline;
  return makeEntry(item.box.style, parent, ascent, marginHeight - ascent, 0, 0, marginHeight, ctx, true);
}

function makeEntry(
  style: ComputedStyle,
  parent: AlignEntry | null,
  ascent: number,
  descent: number,
  leadingTop: number,
  leadingBottom: number,
  lineHeight: number,
  ctx: LayoutContext,
  atomic = false,
): AlignEntry {
  const va = style.verticalAlign;
  let shift = 0;
  let align: 'top' | 'bottom' | null = null;
  if (parent && va !== 'baseline') {
    // baseline: no shift, and no need for the parent's metrics
    const p = parent.style;
    const pm = ctx.shapes.metrics(p);
    // On a central baseline the parent's em box is split in half (text-top/text-bottom).
    const central = isCentral(p);
    const [pAscent, pDescent] = central ? centralMetrics(pm.ascent, pm.descent) : [pm.ascent, pm.descent];
    switch (va) {
      // Chromium's offsets for sub/super, from the parent's font size.
      case 'sub':
        shift = layoutUnit(p.fontSize / 5) + 1;
        break;
      case 'super':
        shift = -(layoutUnit(p.fontSize / 3) + 1);
        break;
      case 'text-top':
        shift = -pAscent + ascent + leadingTop;
        break;
      case 'text-bottom':
        shift = pDescent - descent - leadingBottom;
        break;
      // Chromium keeps half the parent's x-height for middle on a central baseline too (WPT vertical-alignment-vrl-022).
      // The box's midpoint counts its half-leadings, in LayoutUnits (Chromium's ComputeVerticalAlign).
      case 'middle':
        shift =
          layoutUnit((ascent + leadingTop - descent - leadingBottom) / 2) - Math.round((pm.xHeight / 2) * 64) / 64;
        break;
      case 'top':
        align = 'top';
        break;
      case 'bottom':
        align = 'bottom';
        break;
      default:
        shift = -resolveLength(va, lineHeight); // a length raises the box; % of its line-height
    }
  }
  return { parent, style, ascent, descent, leadingTop, leadingBottom, shift, align, offset: 0, counts: true, atomic };
}

export interface LineGeometry {
  readonly height: number;
  /** Root baseline from the line top. */
  readonly baseline: number;
}

/**
 * Resolve every entry's baseline offset and the line's height (§10.8.1). A box aligned `top` or
 * `bottom` aligns its aligned subtree (itself and its descendants, less those aligned top or
 * bottom themselves) against the nearest such ancestor's, or the line box: each subtree is
 * first measured around its own baseline, then, innermost first and in document order, its top
 * put at the top of the box it aligns against (which grows downwards when the subtree is taller)
 * or its bottom at that box's bottom (which grows upwards): Chromium's ApplyBaselineShift.
 */
export function resolveLine(entries: readonly AlignEntry[]): LineGeometry {
  const extents = new Map<AlignEntry, Extent>();
  for (const e of entries) {
    const frame = frameOf(e);
    // Offsets are from the frame's baseline until the frames are aligned.
    e.offset = frame === e ? 0 : e.parent!.offset + e.shift;
    let extent = extents.get(frame);
    if (!extent) {
      extent = { top: Infinity, bottom: -Infinity, pending: [] };
      extents.set(frame, extent);
      if (e.parent) extents.get(frameOf(e.parent))!.pending.push(e);
    }
    // The line box spans the boxes' leading edges only (§10.8): with a line-height smaller than
    // the font's ascent + descent, the root baseline can lie outside it.
    if (!e.counts) continue;
    extent.top = Math.min(extent.top, e.offset - e.ascent - e.leadingTop);
    extent.bottom = Math.max(extent.bottom, e.offset + e.descent + e.leadingBottom);
  }
  for (const extent of [...extents.values()].reverse()) alignPending(extent, extents);
  // Each frame's baseline from its frame's, then every entry's from the root's (parents first).
  for (const e of entries) {
    if (e.parent) e.offset = e.align ? frameOf(e.parent).offset + e.offset : e.parent.offset + e.shift;
  }
  const root = extents.get(entries[0]!)!;
  return { height: root.bottom - root.top, baseline: -root.top };
}

/** A frame's extent around its baseline, and the top/bottom-aligned boxes aligned against it. */
interface Extent {
  top: number;
  bottom: number;
  readonly pending: AlignEntry[];
}

/** Puts each pending subtree against the frame's edge, then unites it with the frame. */
function alignPending(extent: Extent, extents: ReadonlyMap<AlignEntry, Extent>): void {
  if (extent.top > extent.bottom) extent.top = extent.bottom = 0; // nothing sizes it (quirks mode)
  for (const e of extent.pending) {
    const own = extents.get(e)!;
    e.offset = e.align === 'top' ? extent.top - own.top : extent.bottom - own.bottom;
    extent.top = Math.min(extent.top, own.top + e.offset);
    extent.bottom = Math.max(extent.bottom, own.bottom + e.offset);
  }
}

/** The box whose aligned subtree holds this entry: its nearest top/bottom-aligned ancestor (or itself), else the root. */
function frameOf(e: AlignEntry): AlignEntry {
  let a = e;
  while (!a.align && a.parent) a = a.parent;
  return a;
}

const NO_BOXES: ReadonlyMap<InlineBox, AlignEntry> = new Map();

/**
 * The entries of a line in logical order, and the entry each item sits on; `itemEntry` is
 * null when every item sits on the root (no inline boxes, no atomics: most lines), which
 * spares an array per line.
 */
export function lineEntries(
  items: readonly InlineItem[],
  openAtStart: readonly InlineBox[],
  root: AlignEntry,
  ctx: LayoutContext,
): { entries: AlignEntry[]; itemEntry: (AlignEntry | null)[] | null; boxEntry: ReadonlyMap<InlineBox, AlignEntry> } {
  if (openAtStart.length === 0 && onRootOnly(items)) {
    let rooted = false; // quirks: the root has text on this line (preserved spaces are text: holdsText)
    for (const item of items) {
      if (item.type === 'text' && item.style.lineHeight === 'normal') includeUsedFonts(root, item.shape.runs);
      if (item.type === 'br' || (item.type === 'text' && holdsText(item))) rooted = true;
    }
    const entries = [root];
    if (ctx.lineHeightQuirk && !rooted) applyQuirk(entries, new Set());
    return { entries, itemEntry: null, boxEntry: NO_BOXES };
  }
  const entries: AlignEntry[] = [root];
  let boxEntry: Map<InlineBox, AlignEntry> | null = null; // most lines open no inline box: no map for them
  const stack: AlignEntry[] = [root];
  for (const box of openAtStart) {
    const e = fontEntry(box.style, stack[stack.length - 1]!, ctx);
    entries.push(e);
    (boxEntry ??= new Map()).set(box, e);
    stack.push(e);
  }
  const itemEntry: (AlignEntry | null)[] = [];
  const quirky = ctx.lineHeightQuirk ? new Set<AlignEntry>() : null; // font entries that have text on this line
  // Font entries something on this line sized before a <br> in them: an atomic inline, or a child
  // box that sizes the line (quirks mode; see the <br> below).
  const sized = new Set<AlignEntry>();
  for (const item of items) {
    const top = stack[stack.length - 1]!;
    if (item.type === 'open') {
      const e = fontEntry(item.box.style, top, ctx);
      entries.push(e);
      (boxEntry ??= new Map()).set(item.box, e);
      stack.push(e);
      itemEntry.push(e);
    } else if (item.type === 'close') {
      const e = boxEntry?.get(item.box) ?? top;
      itemEntry.push(e);
      if (quirky && e.parent && (quirky.has(e) || sized.has(e) || hasVerticalEdges(e.style))) sized.add(e.parent);
      if (stack.length > 1) stack.pop();
    } else if (item.type === 'atomic') {
      const e = atomicEntry(item, top, ctx);
      entries.push(e);
      itemEntry.push(e);
      sized.add(top);
    } else {
      itemEntry.push(top);
      if (item.type === 'text' && item.style.lineHeight === 'normal') includeUsedFonts(top, item.shape.runs);
      // A <br> sizes its box like text, unless an atomic inline or a child box that sizes the
      // line came before it in that box (Chromium's PlaceControlItem sets the box's text metrics
      // only when it has none yet). Measured: quirks `<img height=50><br>` is a 50px line, a lone
      // `<br>` a full one, `<span style="font-size:7pt">x</span><br>` in 16px text a 7pt one,
      // also when the span is vertical-align: top or super.
      const br = item.type === 'br' && !sized.has(top);
      if (quirky && (br || (item.type === 'text' && holdsText(item)))) quirky.add(top);
    }
  }
  if (quirky) applyQuirk(entries, quirky);
  return { entries, itemEntry, boxEntry: boxEntry ?? NO_BOXES };
}

function onRootOnly(items: readonly InlineItem[]): boolean {
  for (const item of items) if (item.type !== 'text' && item.type !== 'br') return false;
  return true;
}

/**
 * The line height calculation quirk (Quirks Mode §3.3): an inline box (the root one too)
 * with no text and no vertical border or padding does not size the line box.
 */
function applyQuirk(entries: readonly AlignEntry[], withText: ReadonlySet<AlignEntry>): void {
  for (const e of entries) if (!e.atomic && !withText.has(e) && !hasVerticalEdges(e.style)) e.counts = false;
}

/** A box with top or bottom border or padding sizes the line in quirks mode too (Quirks Mode §3.3). */
function hasVerticalEdges(s: ComputedStyle): boolean {
  const edges =
    s.borderTop.width +
    s.borderBottom.width +
    (typeof s.paddingTop === 'number' ? s.paddingTop : 1) +
    (typeof s.paddingBottom === 'number' ? s.paddingBottom : 1);
  return edges !== 0;
}

/**
 * With `line-height: normal` an inline box also spans the fonts its text falls back to, each
 * with its own half-leading (CSS Inline 3 §5.1; Chromium's InlineBoxState::
 * AccumulateUsedFonts): Arial text with Arabic glyphs from DejaVu Sans is as tall as both.
 */
function includeUsedFonts(e: AlignEntry, runs: readonly { readonly metrics: FontMetrics }[]): void {
  if (e.atomic) return;
  const central = isCentral(e.style);
  for (const { metrics: m } of runs) {
    const [ascent, descent] = central ? centralMetrics(m.ascent, m.descent) : [m.ascent, m.descent];
    const above = ascent + Math.floor(m.lineGap / 2 + 1e-9);
    const below = descent + m.lineGap - Math.floor(m.lineGap / 2 + 1e-9);
    if (above > e.ascent + e.leadingTop) e.leadingTop = above - e.ascent;
    if (below > e.descent + e.leadingBottom) e.leadingBottom = below - e.descent;
  }
}
