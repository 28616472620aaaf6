import type { BlockBox, LinesBox } from '../boxes/box.js';
import { anonymousStyle } from '../boxes/anonymous-style.js';
import type { Fragment } from '../fragment.js';
import type { MarginBox, MarginBoxName, PageBoxStyle } from '../page-style.js';
import type { ComputedStyle, ContentItem } from '../style.js';
import type { LayoutContext } from '../flow/context.js';
import { offsetFragment } from '../flow/fragments.js';
import { layoutBox } from '../flow/layout-box.js';
import { NO_MARGINS } from '../flow/types.js';
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
 * Where each @page margin box goes (CSS Paged Media 3 §5.3), simplified: the three boxes of
 * a side share it in equal thirds; corners fill the corner squares.
 */
function marginBoxRect(name: MarginBoxName, w: number, h: number, m: PageMargins): Rect {
  const cw = w - m.left - m.right;
  const ch = h - m.top - m.bottom;
  const col = (k: number): number => m.left + (k * cw) / 3;
  const row = (k: number): number => m.top + (k * ch) / 3;
  switch (name) {
    case 'top-left-corner': return { x: 0, y: 0, width: m.left, height: m.top };
    case 'top-left': return { x: col(0), y: 0, width: cw / 3, height: m.top };
    case 'top-center': return { x: col(1), y: 0, width: cw / 3, height: m.top };
    case 'top-right': return { x: col(2), y: 0, width: cw / 3, height: m.top };
    case 'top-right-corner': return { x: w - m.right, y: 0, width: m.right, height: m.top };
    case 'bottom-left-corner': return { x: 0, y: h - m.bottom, width: m.left, height: m.bottom };
    case 'bottom-left': return { x: col(0), y: h - m.bottom, width: cw / 3, height: m.bottom };
    case 'bottom-center': return { x: col(1), y: h - m.bottom, width: cw / 3, height: m.bottom };
    case 'bottom-right': return { x: col(2), y: h - m.bottom, width: cw / 3, height: m.bottom };
    case 'bottom-right-corner': return { x: w - m.right, y: h - m.bottom, width: m.right, height: m.bottom };
    case 'left-top': return { x: 0, y: row(0), width: m.left, height: ch / 3 };
    case 'left-middle': return { x: 0, y: row(1), width: m.left, height: ch / 3 };
    case 'left-bottom': return { x: 0, y: row(2), width: m.left, height: ch / 3 };
    case 'right-top': return { x: w - m.right, y: row(0), width: m.right, height: ch / 3 };
    case 'right-middle': return { x: w - m.right, y: row(1), width: m.right, height: ch / 3 };
    case 'right-bottom': return { x: w - m.right, y: row(2), width: m.right, height: ch / 3 };
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
      if (item.name === 'page') out += formatCounter(page, item.style);
      else if (item.name === 'pages') out += formatCounter(pages, item.style);
    }
  }
  return out;
}

/** Lay out the page's margin boxes with `counter(page)` / `counter(pages)` filled in. */
export function layoutMarginBoxes(ps: PageBoxStyle, margins: PageMargins, page: number, pages: number, ctx: LayoutContext): Fragment[] {
  const out: Fragment[] = [];
  for (const mb of ps.marginBoxes) {
    const fragment = layoutMarginBox(mb, marginBoxRect(mb.name, ps.width, ps.height, margins), page, pages, ctx);
    if (fragment) out.push(fragment);
  }
  return out;
}

function layoutMarginBox(mb: MarginBox, rect: Rect, page: number, pages: number, ctx: LayoutContext): Fragment | null {
  const text = contentText(mb.content, page, pages);
  if (!text) return null;
  // A margin box is a block container (CSS Paged Media 3 §5.3), whatever display the cascade gave it.
  const style: ComputedStyle = { ...mb.style, display: 'block', textAlign: mb.style.textAlign === 'start' ? defaultTextAlign(mb.name) : mb.style.textAlign };
  const lines: LinesBox = { kind: 'lines', style: anonymousStyle(style), children: [{ kind: 'text', style, text, decorations: [] }], indent: true };
  const box: BlockBox = { kind: 'block', style, tag: `@${mb.name}`, attrs: {}, children: [lines], marker: null };
  const r = layoutBox(box, {
    inlineSize: rect.width, blockSize: Infinity, pageIsEmpty: true, mode: 'layout', marginAbove: NO_MARGINS, truncateMargins: false, cbBlockSize: rect.height,
  }, null, ctx);
  if (!r.fragment) return null;
  // Vertically centred in its area, the default for top and bottom boxes (§5.3.1).
  offsetFragment(r.fragment, rect.x, rect.y + (rect.height - r.height) / 2);
  return r.fragment;
}
