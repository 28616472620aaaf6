import type { InlineBox } from '../boxes/box.js';
import type { BoxFragment, Fragment, TextDecoration, TextFragment } from '../fragment.js';
import type { GlyphRun } from '../measurer.js';
import { resolveLength } from '../style.js';
import type { LayoutContext } from './context.js';
import { createBoxFragment, movedFragment, partOf, setLineShift } from './fragments.js';
import type { AtomicItem, InlineItem, TextItem } from './inline-items.js';
import type { AlignEntry } from './line-metrics.js';
import type { VisualLine } from './bidi-line.js';
import { decorationsFor } from './text-decorations.js';
import { shiftRelative } from '../positioned/relative.js';

export interface EmitInput {
  /** Items in visual order. */
  readonly items: readonly InlineItem[];
  /** Entry of each item; null: all sit on `root` (lineEntries). */
  readonly entryOf: readonly (AlignEntry | null)[] | null;
  readonly root: AlignEntry;
  readonly boxEntry: ReadonlyMap<InlineBox, AlignEntry>;
  readonly openAtStart: readonly InlineBox[];
  readonly x: number;
  /** Root baseline from the line top. */
  readonly baseline: number;
  readonly justify: number;
  readonly cbWidth: number;
  /** Set for reordered bidi lines: inline boxes are drawn over the extent of their content. */
  readonly visual: VisualLine | null;
}

interface OpenBox {
  readonly box: InlineBox;
  readonly entry: AlignEntry | undefined;
  readonly left: number;
  readonly children: Fragment[];
  readonly isFirst: boolean;
}

const NO_DECORATIONS: TextDecoration[] = [];

/** Fragments of one line, relative to (content-box left, line top). */
export function emitLineFragments(input: EmitInput, ctx: LayoutContext): Fragment[] {
  const e = new LineEmitter(input, ctx);
  const items = input.items;
  for (let i = 0; i < items.length; i++) e.item(items[i]!, i);
  return e.finish();
}

/** Walks a line's items left to right, nesting fragments in their inline boxes. */
class LineEmitter {
  readonly #input: EmitInput;
  readonly #ctx: LayoutContext;
  readonly #roots: Fragment[] = [];
  readonly #stack: OpenBox[];
  /** Extents of inline boxes in reordered bidi lines (created for those lines only). */
  readonly #extents: Map<InlineBox, { left: number; right: number }> | null;
  #x: number;
  /**
   * The text fragment being gathered (pieces of one text box in a row), in fields rather
   * than an object per fragment: `#item` null when there is none. `#runs` is still the first
   * piece's shaped runs themselves while `#shared`: copied before joining.
   */
  #item: TextItem | null = null;
  #entry: AlignEntry | null = null;
  #textX = 0;
  #width = 0;
  #runs: GlyphRun[] = [];
  #shared = false;

  constructor(input: EmitInput, ctx: LayoutContext) {
    this.#input = input;
    this.#ctx = ctx;
    this.#x = input.x;
    this.#extents = input.visual ? new Map() : null;
    this.#stack = input.openAtStart.map((box) => ({
      box,
      entry: input.boxEntry.get(box),
      left: input.x,
      children: [],
      isFirst: false,
    }));
  }

  item(item: InlineItem, i: number): void {
    const entryOf = this.#input.entryOf;
    const entry = entryOf ? (entryOf[i] ?? null) : this.#input.root;
    if (item.type === 'text') return this.#textItem(item, entry, i);
    this.#flush();
    if (item.type === 'open') this.#open(item.box);
    else if (item.type === 'close') this.#close(item.box);
    else if (item.type === 'atomic') this.#atomic(item, entry, i);
  }

  finish(): Fragment[] {
    this.#flush();
    while (this.#stack.length) {
      const open = this.#stack.pop()!;
      this.#target().push(inlineFragment(open, this.#x, false, this.#input));
    }
    const visual = this.#input.visual;
    if (visual && this.#extents?.size) return [...spannedBoxes(this.#extents, visual, this.#input), ...this.#roots];
    return this.#roots;
  }

  #target(): Fragment[] {
    return this.#stack.length ? this.#stack[this.#stack.length - 1]!.children : this.#roots;
  }

  #flush(): void {
    const item = this.#item;
    if (item && this.#runs.length > 0) this.#target().push(this.#textFragment(item));
    this.#item = null;
  }

  #textFragment(item: TextItem): TextFragment {
    const shift = this.#entry?.offset ?? 0;
    const x = this.#textX;
    const width = this.#width;
    const baseline = this.#input.baseline + shift;
    const decorations = item.decorations.length ? decorationsFor(item, x, baseline, width, this.#ctx) : NO_DECORATIONS;
    const fragment: TextFragment = {
      kind: 'text',
      style: item.style,
      x,
      baseline,
      width,
      runs: this.#runs,
      justifySpacing: this.#input.justify,
      decorations,
    };
    setLineShift(fragment, shift);
    return fragment;
  }

  #extend(i: number, left: number, right: number): void {
    const extents = this.#extents;
    if (!extents) return;
    for (const box of this.#input.visual?.ancestors[i] ?? []) {
      const e = extents.get(box);
      if (e) {
        e.left = Math.min(e.left, left);
        e.right = Math.max(e.right, right);
      } else extents.set(box, { left, right });
    }
  }

  /** Consecutive pieces of one text box on one line become one fragment. */
  #textItem(item: TextItem, entry: AlignEntry | null, i: number): void {
    // Shaped runs are shared with the paragraph's items (and other lines): copy only to reverse or join.
    const rtl = (item.level & 1) === 1;
    const runs = rtl ? [...item.shape.runs].reverse() : (item.shape.runs as GlyphRun[]);
    const width = item.shape.width + this.#input.justify * (spaces(item.word) + spaces(item.space));
    const pending = this.#item;
    if (pending && pending.owner === item.owner && this.#entry === entry) {
      this.#width += width;
      if (this.#shared) this.#runs = [...this.#runs];
      this.#shared = false;
      for (const run of runs) this.#runs.push(run);
    } else {
      this.#flush();
      this.#item = item;
      this.#entry = entry;
      this.#textX = this.#x;
      this.#width = width;
      this.#runs = runs;
      this.#shared = !rtl;
    }
    this.#extend(i, this.#x, this.#x + width);
    this.#x += width;
  }

  #open(box: InlineBox): void {
    const e = edges(box, this.#input.cbWidth);
    this.#x += e.ml;
    if (!this.#input.visual)
      this.#stack.push({
        box,
        entry: this.#input.boxEntry.get(box),
        left: this.#x,
        children: [],
        isFirst: box.isFirstPart,
      });
    this.#x += e.bl + e.pl;
  }

  #close(box: InlineBox): void {
    const e = edges(box, this.#input.cbWidth);
    this.#x += e.pr + e.br;
    const open = this.#input.visual ? undefined : this.#stack.pop();
    if (open) this.#target().push(inlineFragment(open, this.#x, box.isLastPart, this.#input));
    this.#x += e.mr;
  }

  /** An atomic inline: its margin box on the line, its baseline on its entry's baseline (its ascent above it). */
  #atomic(item: AtomicItem, entry: AlignEntry | null, i: number): void {
    const frag = item.layout.fragment;
    if (frag && entry) {
      this.#target().push(movedFragment(frag, this.#x, this.#input.baseline + entry.offset - entry.ascent));
    }
    this.#extend(i, this.#x, this.#x + item.layout.marginWidth);
    this.#x += item.layout.marginWidth;
  }
}

function spaces(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 32) n++;
  return n;
}

function edges(box: InlineBox, cb: number): { ml: number; bl: number; pl: number; mr: number; br: number; pr: number } {
  const s = box.style;
  const m = (v: typeof s.marginLeft): number => (v === 'auto' ? 0 : resolveLength(v, cb));
  return {
    ml: box.isFirstPart ? m(s.marginLeft) : 0,
    bl: box.isFirstPart ? s.borderLeft.width : 0,
    pl: box.isFirstPart ? resolveLength(s.paddingLeft, cb) : 0,
    mr: box.isLastPart ? m(s.marginRight) : 0,
    br: box.isLastPart ? s.borderRight.width : 0,
    pr: box.isLastPart ? resolveLength(s.paddingRight, cb) : 0,
  };
}

/** An inline box's fragment on this line: its content area (font ascent + descent) plus padding and border (§10.6.1). */
function inlineFragment(open: OpenBox, right: number, isLast: boolean, input: EmitInput): BoxFragment {
  const s = open.box.style;
  const e = open.entry;
  const baseline = input.baseline + (e?.offset ?? 0);
  const pt = resolveLength(s.paddingTop, input.cbWidth);
  const pb = resolveLength(s.paddingBottom, input.cbWidth);
  const border = {
    top: s.borderTop.width,
    bottom: s.borderBottom.width,
    left: open.isFirst ? s.borderLeft.width : 0,
    right: isLast ? s.borderRight.width : 0,
  };
  const padding = {
    top: pt,
    bottom: pb,
    left: open.isFirst ? resolveLength(s.paddingLeft, input.cbWidth) : 0,
    right: isLast ? resolveLength(s.paddingRight, input.cbWidth) : 0,
  };
  const ascent = e?.ascent ?? 0;
  const descent = e?.descent ?? 0;
  const y = baseline - ascent - pt - border.top;
  const height = ascent + descent + pt + pb + border.top + border.bottom;
  const children = open.children.map((child) => movedFragment(child, -open.left, -y));
  // position: relative moves the inline box with its content (src/positioned, §9.4.3).
  return shiftRelative(
    createBoxFragment(
      s,
      open.box.tag,
      open.box.attrs,
      {
        x: open.left,
        y,
        width: right - open.left,
        height,
        border,
        padding,
        part: partOf(open.isFirst, isLast),
      },
      children,
    ),
    input.cbWidth,
  );
}

/** Inline boxes of a reordered line, behind the content they cover (outermost first). */
function spannedBoxes(
  extents: Map<InlineBox, { left: number; right: number }>,
  visual: VisualLine,
  input: EmitInput,
): BoxFragment[] {
  const out: BoxFragment[] = [];
  for (const [box, e] of extents) {
    const open: OpenBox = {
      box,
      entry: input.boxEntry.get(box),
      left: e.left,
      children: [],
      isFirst: visual.starts.has(box) && box.isFirstPart,
    };
    out.push(inlineFragment(open, e.right, visual.ends.has(box) && box.isLastPart, input));
  }
  return out;
}
