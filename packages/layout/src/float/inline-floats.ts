import type { InlineLevelBox, LinesBox } from '../boxes/box.js';
import type { Fragment } from '../fragment.js';
import type { LayoutContext } from '../flow/context.js';
import { movedFragment } from '../flow/fragments.js';
import { itemWidth, type InlineItem } from '../flow/inline-items.js';
import type { LineBox } from '../flow/line-box.js';
import type { LineSpec } from '../flow/line-breaker.js';
import type { FloatContext } from './exclusions.js';
import { layoutFloatBox } from './float-layout.js';
import { outOfFlowPlaceholder } from '../positioned/open-blocks.js';
import { isOutOfFlowStyle } from '../positioned/insets.js';
import { inlineFloatsOf, type InlineFloat } from '../boxes/hoist.js';

const EPSILON = 1e-6;

/** A line's free span: its top and left from the lines box, and its width. */
export interface LineSpan {
  readonly top: number;
  readonly left: number;
  readonly width: number;
}

/** The box a float anchored at this item would be anchored to. */
function anchorOf(item: InlineItem): InlineLevelBox | null {
  switch (item.type) {
    case 'text':
      return item.owner;
    case 'open':
    case 'close':
    case 'atomic':
      return item.box;
    default:
      return null;
  }
}

/**
 * Floats met amid a paragraph (CSS 2.1 §9.5.1 rule 6 and §9.5): each goes at the top of the
 * line its anchor is on when it fits beside that line's content, else below the line (as
 * Chromium places them); later lines are shortened beside it.
 */
export class InlineFloatPlacer {
  /** In document order; by anchor, so that a line finds its floats without going through all. */
  readonly #pending: Set<InlineFloat>;
  readonly #byAnchor = new Map<InlineLevelBox, InlineFloat[]>();
  readonly #placed: { line: number; fragment: Fragment }[] = [];

  readonly fc: FloatContext;
  readonly width: number;
  readonly cbHeight: number | null;
  readonly top0: number;
  readonly ctx: LayoutContext;

  /** `kept`: the first lines of `lines`, kept from an earlier page. */
  constructor(
    box: LinesBox,
    lines: readonly LineSpec[],
    kept: number,
    fc: FloatContext,
    width: number,
    cbHeight: number | null,
    top0: number,
    ctx: LayoutContext,
  ) {
    this.fc = fc;
    this.width = width;
    this.cbHeight = cbHeight;
    this.top0 = top0;
    this.ctx = ctx;
    const floats = inlineFloatsOf(box);
    // Floats anchored in lines kept from an earlier page were placed there.
    const keptAnchors = new Set<InlineLevelBox>();
    if (floats.length) {
      for (let i = 0; i < kept; i++) {
        for (const item of lines[i]!.items) {
          const anchor = anchorOf(item);
          if (anchor) keptAnchors.add(anchor);
        }
      }
    }
    this.#pending = new Set(floats.filter((f) => f.anchor === null || !keptAnchors.has(f.anchor)));
    for (const f of this.#pending) {
      if (f.anchor === null) continue;
      const list = this.#byAnchor.get(f.anchor);
      if (list) list.push(f);
      else this.#byAnchor.set(f.anchor, [f]);
    }
  }

  get isEmpty(): boolean {
    return this.#pending.size === 0 && this.#placed.length === 0;
  }

  /** The pending floats anchored in `items`, in document order. */
  #anchoredIn(items: readonly InlineItem[]): InlineFloat[] {
    if (this.#pending.size === 0) return [];
    const found = new Set<InlineFloat>();
    for (const item of items) {
      const anchor = anchorOf(item);
      const floats = anchor && this.#byAnchor.get(anchor);
      if (floats) for (const f of floats) if (this.#pending.has(f)) found.add(f);
    }
    if (found.size < 2) return [...found];
    return [...this.#pending].filter((f) => found.has(f));
  }

  /**
   * After line `index` is broken: place the floats anchored in it. A float that fits beside the
   * content before it goes at the line's top and the line must be broken again, narrower: its new
   * span is returned. The others go below the line.
   */
  afterLine(index: number, spec: LineSpec, line: LineBox, span: LineSpan): LineSpan | null {
    for (const float of this.#anchoredIn(spec.items)) {
      this.#pending.delete(float);
      if (isOutOfFlowStyle(float.box.style)) {
        // Static position of an absolute box met in a line (CSS 2.1 §10.3.7, as Chromium): one
        // that was inline-level sits where it is in the line, at its top; a block-level one
        // where a block would start, below the line.
        if (float.box.style.inlineStatic)
          this.#placeholder(float, index, span.left + widthBefore(spec.items, float), span.top);
        else this.#placeholder(float, index, 0, span.top + line.height);
        continue;
      }
      if (this.#place(float, index, span.top, line.height, span.width - widthBefore(spec.items, float))) {
        const s = this.fc.exclusions.available(this.fc.x, this.fc.x + this.width, this.top0 + span.top, line.height);
        return { top: span.top, left: s.left - this.fc.x, width: Math.max(0, s.right - s.left) };
      }
    }
    return null;
  }

  /**
   * Floats whose anchor made no item (collapsed white space…) go below the last line; an absolute
   * box after the paragraph's content that was inline-level, at the end of its last line.
   */
  finish(lastIndex: number, y: number, last: { readonly spec: LineSpec; readonly span: LineSpan } | null): void {
    const rest = [...this.#pending];
    this.#pending.clear();
    for (const float of rest) {
      const atLineEnd = float.anchor === null && float.box.style.inlineStatic && last;
      if (atLineEnd)
        this.#placeholder(float, lastIndex, last.span.left + widthBefore(last.spec.items, float), last.span.top);
      else if (isOutOfFlowStyle(float.box.style)) this.#placeholder(float, lastIndex, 0, y);
      else this.#place(float, lastIndex, y, 0, -Infinity);
    }
  }

  #placeholder(float: InlineFloat, index: number, x: number, y: number): void {
    const ph = outOfFlowPlaceholder(float.box, x, y);
    if (ph) this.#placed.push({ line: index, fragment: ph });
  }

  fragmentsFor(start: number, end: number): Fragment[] {
    return this.#placed.filter((p) => p.line >= start && p.line < end).map((p) => p.fragment);
  }

  /** Place a float at its line's top when it fits in `room` (true), else below the line. */
  #place(float: InlineFloat, index: number, lineTop: number, lineHeight: number, room: number): boolean {
    const laid = layoutFloatBox(
      float.box,
      { width: this.width, height: this.cbHeight },
      this.ctx,
      Infinity,
      null,
      true,
    );
    if (!laid) return false;
    const outer = laid.ml + laid.width + laid.mr;
    // It fits when its margin box is no wider than the room left (CSS 2.1 §9.5.1 rules 2, 3 and 7).
    const beside = outer <= room + EPSILON;
    const side = float.box.style.float === 'right' ? 'right' : 'left';
    const wanted = this.top0 + lineTop + (beside ? 0 : lineHeight);
    // `clear` on a float (CSS 2.1 §9.5.2): its top margin edge below the earlier floats it clears.
    const y = Math.max(wanted, this.fc.exclusions.clearance(float.box.style.clear));
    const at = this.fc.exclusions.place(
      side,
      outer,
      laid.mt + laid.height + laid.mb,
      y,
      this.fc.x,
      this.fc.x + this.width,
    );
    const f = laid.fragment;
    const dx = at.x + laid.ml - this.fc.x - f.x;
    this.#placed.push({ line: index, fragment: movedFragment(f, dx, at.y + laid.mt - this.top0 - f.y) });
    return beside && at.y <= wanted + EPSILON;
  }
}

/** Width of the line's items before the float's anchor. */
function widthBefore(items: readonly InlineItem[], float: InlineFloat): number {
  let w = 0;
  for (const item of items) {
    if (float.anchor !== null && anchorOf(item) === float.anchor) break;
    w += itemWidth(item);
  }
  return w;
}
