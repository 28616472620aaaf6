import type { BlockBox, LinesBox } from '../boxes/box.js';
import { anonymousStyle } from '../boxes/anonymous-style.js';
import type { Fragment } from '../fragment.js';
import type { MarginBox, MarginBoxName, PageBoxStyle } from '../page-style.js';
import type { ComputedStyle, ContentItem } from '../style.js';
import type { LayoutContext } from '../flow/context.js';
import { movedFragment } from '../flow/fragments.js';
import { layoutBox } from '../flow/layout-box.js';
import { outerSizes } from '../flow/intrinsic-size.js';
import { NO_MARGINS, measureSpace } from '../flow/types.js';
import { formatCounter } from './counter-style.js';

export interface PageMargins {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}

interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Where each @page margin box goes (CSS Paged Media 3 §5.3) before its side's sizes are
 * resolved (sideRects, sideColumns): the three boxes of a side in equal thirds; corners fill
 * the corner squares.
 */
function marginBoxRect(name: MarginBoxName, w: number, h: number, m: PageMargins): Rect {
  const cw = w - m.left - m.right;
  const ch = h - m.top - m.bottom;
  const col = (k: number): number => m.left + (k * cw) / 3;
  const row = (k: number): number => m.top + (k * ch) / 3;
  switch (name) {
    case 'top-left-corner':
      return { x: 0, y: 0, width: m.left, height: m.top };
    case 'top-left':
      return { x: col(0), y: 0, width: cw / 3, height: m.top };
    case 'top-center':
      return { x: col(1), y: 0, width: cw / 3, height: m.top };
    case 'top-right':
      return { x: col(2), y: 0, width: cw / 3, height: m.top };
    case 'top-right-corner':
      return { x: w - m.right, y: 0, width: m.right, height: m.top };
    case 'bottom-left-corner':
      return { x: 0, y: h - m.bottom, width: m.left, height: m.bottom };
    case 'bottom-left':
      return { x: col(0), y: h - m.bottom, width: cw / 3, height: m.bottom };
    case 'bottom-center':
      return { x: col(1), y: h - m.bottom, width: cw / 3, height: m.bottom };
    case 'bottom-right':
      return { x: col(2), y: h - m.bottom, width: cw / 3, height: m.bottom };
    case 'bottom-right-corner':
      return { x: w - m.right, y: h - m.bottom, width: m.right, height: m.bottom };
    case 'left-top':
      return { x: 0, y: row(0), width: m.left, height: ch / 3 };
    case 'left-middle':
      return { x: 0, y: row(1), width: m.left, height: ch / 3 };
    case 'left-bottom':
      return { x: 0, y: row(2), width: m.left, height: ch / 3 };
    case 'right-top':
      return { x: w - m.right, y: row(0), width: m.right, height: ch / 3 };
    case 'right-middle':
      return { x: w - m.right, y: row(1), width: m.right, height: ch / 3 };
    case 'right-bottom':
      return { x: w - m.right, y: row(2), width: m.right, height: ch / 3 };
  }
}

/** The UA default alignment of each box (§5.3.1 / §5.3.2): by its position on the side. */
function defaultTextAlign(name: MarginBoxName): ComputedStyle['textAlign'] {
  if (name.endsWith('-left') || name === 'top-left-corner' || name === 'bottom-left-corner') return 'left';
  if (name.endsWith('-right') || name === 'top-right-corner' || name === 'bottom-right-corner') return 'right';
  if (name.startsWith('left-')) return 'right';
  if (name.startsWith('right-')) return 'left';
  return 'center';
}

export function contentText(content: readonly ContentItem[], page: number, pages: number): string {
  let out = '';
  for (const item of content) {
    if (item.kind === 'string') out += item.value;
    else if (item.kind === 'counter' || item.kind === 'counters') {
      // Document counters are not in scope in the page context: any other counter is a new one
      // at 0 (CSS Lists 3 §4.4), which Chromium prints ("Section 0").
      const value = item.name === 'page' ? page : item.name === 'pages' ? pages : 0;
      out += formatCounter(value, item.style);
    }
  }
  return out;
}

/** Lay out the page's margin boxes with `counter(page)` / `counter(pages)` filled in. */
export function layoutMarginBoxes(
  ps: PageBoxStyle,
  margins: PageMargins,
  page: number,
  pages: number,
  ctx: LayoutContext,
): Fragment[] {
  const boxes = new Map<MarginBoxName, BlockBox>();
  for (const mb of ps.marginBoxes) {
    const box = marginBlock(mb, page, pages);
    if (box) boxes.set(mb.name, box);
  }
  const rects = sideRects(boxes, ps.width, margins, ctx);
  const columns = sideColumns(boxes, ps.height, margins, ctx);
  const out: Fragment[] = [];
  for (const [name, box] of boxes) {
    const fragment = layoutMarginBox(
      box,
      { ...marginBoxRect(name, ps.width, ps.height, margins), ...rects.get(name), ...columns.get(name) },
      name,
      ctx,
    );
    if (fragment) out.push(fragment);
  }
  return out;
}

/**
 * CSS Paged Media 3 §5.3.2, the variable dimension rules, given the outer max-content sizes
 * `a`, `b`, `c` of the first, middle and last box of a side (null for a box not generated) and
 * the side's length: with a middle box, it takes its size plus the free space in proportion to
 * it against twice the larger of the other two, centred, and they share the rest equally;
 * without one, the first and last share the side in proportion to their sizes. Chromium sizes
 * both the top/bottom widths and the left/right heights so (measured: a lone @top-center with
 * `text-align: left` starts at the page area's left edge; a 1px border on @right-top lowers
 * @right-middle).
 */
function distribute(a: number | null, b: number | null, c: number | null, side: number): [number, number, number] {
  // Sizes all zero (empty content): the side is shared equally by the boxes generated (a lone
  // empty @bottom-center spans the side in Chromium).
  const generated = [a, b, c].filter((x) => x !== null).length;
  if (b === null) {
    const sum = (a ?? 0) + (c ?? 0);
    const first = sum > 0 ? (side * (a ?? 0)) / sum : a === null ? 0 : side / generated;
    return [first, 0, side - first];
  }
  const ac = 2 * Math.max(a ?? 0, c ?? 0);
  const middle =
    b + ac > 0 ? (b + ac <= side ? b + ((side - b - ac) * b) / (b + ac) : (side * b) / (b + ac)) : side / generated;
  const rest = (side - middle) / 2;
  return [rest, middle, rest];
}

/** The top and bottom sides: widths by the boxes' outer max-content widths (§5.3.2). */
function sideRects(
  boxes: ReadonlyMap<MarginBoxName, BlockBox>,
  pageWidth: number,
  m: PageMargins,
  ctx: LayoutContext,
): Map<MarginBoxName, { x: number; width: number }> {
  const out = new Map<MarginBoxName, { x: number; width: number }>();
  const cw = pageWidth - m.left - m.right;
  for (const side of ['top', 'bottom'] as const) {
    const [left, center, right] = (['left', 'center', 'right'] as const).map((k) => boxes.get(`${side}-${k}`));
    if (!left && !center && !right) continue;
    const max = (box: BlockBox | undefined): number | null => (box ? outerSizes(box, ctx).max : null);
    const [wL, wC, wR] = distribute(max(left), max(center), max(right), cw);
    out.set(`${side}-left`, { x: m.left, width: wL });
    out.set(`${side}-center`, { x: m.left + wL, width: wC });
    out.set(`${side}-right`, { x: m.left + cw - wR, width: wR });
  }
  return out;
}

/** The left and right sides: heights by the boxes' outer heights at the margin's width (§5.3.2). */
function sideColumns(
  boxes: ReadonlyMap<MarginBoxName, BlockBox>,
  pageHeight: number,
  m: PageMargins,
  ctx: LayoutContext,
): Map<MarginBoxName, { y: number; height: number }> {
  const out = new Map<MarginBoxName, { y: number; height: number }>();
  const ch = pageHeight - m.top - m.bottom;
  for (const side of ['left', 'right'] as const) {
    const width = side === 'left' ? m.left : m.right;
    const [top, middle, bottom] = (['top', 'middle', 'bottom'] as const).map((k) => boxes.get(`${side}-${k}`));
    if (!top && !middle && !bottom) continue;
    const height = (box: BlockBox | undefined): number | null => (box ? outerHeight(box, width, ctx) : null);
    const [hA, hB, hC] = distribute(height(top), height(middle), height(bottom), ch);
    out.set(`${side}-top`, { y: m.top, height: hA });
    out.set(`${side}-middle`, { y: m.top + hA, height: hB });
    out.set(`${side}-bottom`, { y: m.top + ch - hC, height: hC });
  }
  return out;
}

/** A margin box's outer height at a width, its height auto. */
function outerHeight(box: BlockBox, width: number, ctx: LayoutContext): number {
  const r = layoutBox(box, measureSpace(width), null, ctx);
  const s = box.style;
  return r.height + pxMargin(s.marginTop) + pxMargin(s.marginBottom);
}

/** A margin box's vertical margin in px (percentages and auto count as 0 here). */
function pxMargin(m: ComputedStyle['marginTop']): number {
  return typeof m === 'number' ? m : 0;
}

function marginBlock(mb: MarginBox, page: number, pages: number): BlockBox | null {
  // Generated whenever its content is not none (CSS Paged Media 3 §5.3): an empty string makes
  // a box that paints its background, as in Chromium.
  const text = contentText(mb.content, page, pages);
  // A margin box is a block container (CSS Paged Media 3 §5.3), whatever display the cascade gave it.
  const style: ComputedStyle = {
    ...mb.style,
    display: 'block',
    textAlign: mb.style.textAlign === 'start' ? defaultTextAlign(mb.name) : mb.style.textAlign,
  };
  const lines: LinesBox = {
    kind: 'lines',
    style: anonymousStyle(style),
    children: [{ kind: 'text', style, text, decorations: [] }],
    indent: true,
  };
  return { kind: 'block', style, tag: `@${mb.name}`, attrs: {}, children: [lines], marker: null };
}

function layoutMarginBox(box: BlockBox, rect: Rect, name: MarginBoxName, ctx: LayoutContext): Fragment | null {
  const r = layoutBox(
    box,
    {
      inlineSize: rect.width,
      blockSize: Infinity,
      pageIsEmpty: true,
      mode: 'layout',
      marginAbove: NO_MARGINS,
      truncateMargins: false,
      cbBlockSize: rect.height,
    },
    null,
    ctx,
  );
  if (!r.fragment) return null;
  const s = box.style;
  const marginTop = pxMargin(s.marginTop);
  const marginBottom = pxMargin(s.marginBottom);
  // An auto height fills the box's area (CSS Paged Media 3 §5.3.2 / §5.3.3: the used height of a
  // top or bottom box is the margin's, a side box's its share of the side), and vertical-align
  // places the content inside it (§5.3, the UA defaults per box).
  // Content taller than the area overflows below it from the top, whatever vertical-align says
  // (Chromium, measured: a 20pt line under 6mm of padding in a 1.5cm top margin).
  const filled = rect.height - marginTop - marginBottom;
  const shift = (filled - r.height) * alignFactor(name, s.verticalAlign);
  const own = r.fragment;
  const grown =
    s.height === 'auto' && own.kind === 'box'
      ? {
          ...own,
          height: filled,
          children: own.children.map((child) => movedFragment(child, 0, Math.max(0, shift))),
        }
      : null;
  const fills = grown !== null || (own.kind !== 'text' && own.height === filled);
  // Content taller than its area (or a fixed height) is aligned by the whole box.
  return movedFragment(grown ?? own, rect.x, rect.y + marginTop + (fills ? 0 : shift));
}

/** top / middle / bottom as a share of the free height; other values take the box's default (§5.3). */
function alignFactor(name: MarginBoxName, align: ComputedStyle['verticalAlign']): number {
  if (align === 'top') return 0;
  if (align === 'middle') return 0.5;
  if (align === 'bottom') return 1;
  if (name === 'left-top' || name === 'right-top') return 0;
  if (name === 'left-bottom' || name === 'right-bottom') return 1;
  return 0.5;
}
