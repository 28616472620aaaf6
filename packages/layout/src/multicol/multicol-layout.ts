import type { ContainerBox } from '../boxes/box.js';
import { anonymousStyle } from '../boxes/anonymous-style.js';
import type { Fragment } from '../fragment.js';
import type { ComputedStyle } from '../style.js';
import type { LayoutContext } from '../flow/context.js';
import { resolveBlockBox, type UsedBox } from '../flow/box-model.js';
import { createBoxFragment, offsetFragment, ZERO_EDGES, WHOLE } from '../flow/fragments.js';
import { addMargin, NO_MARGINS, resolveMargins, type LayoutResult, type MarginSet, type Resume, type Space } from '../flow/types.js';
import { balanceColumns, columnGeometry, type ColumnSet } from './columns.js';

/** Is this block container a multi-column container (CSS Multicol 1 §2)? */
export function isMulticol(box: ContainerBox): boolean {
  return box.kind === 'block' && (box.style.columnCount !== 'auto' || box.style.columnWidth !== 'auto');
}

/**
 * Multi-column layout (CSS Multicol 1 §3–§8): the content flows through N columns of equal
 * width; with `column-fill: balance` (the initial value) the column height is the least that
 * fits the content; when the content does not fit the room left on the page, the columns are
 * filled to the page end and the flow continues in a new row of columns on the next page.
 * `column-span: all` children cut the flow into column sets with the spanner between them.
 */
export function layoutMulticol(box: ContainerBox, space: Space, resume: Resume | null, ctx: LayoutContext): LayoutResult {
  const used = resolveBlockBox(box.style, space.inlineSize, space.cbBlockSize, space.cbDirection ?? 'ltr');
  const token = resume?.kind === 'multicol' ? resume.inner : null;
  const continuation = resume !== null;
  const marginTop: MarginSet = continuation || space.truncateMargins ? space.marginAbove : addMargin(space.marginAbove, used.marginTop);
  const topEdges = continuation ? 0 : used.border.top + used.padding.top;
  const bottomEdges = used.border.bottom + used.padding.bottom;
  const paging = space.mode === 'layout' && Number.isFinite(space.blockSize);
  const room = paging ? space.blockSize - resolveMargins(marginTop) - topEdges : Infinity;
  if (paging && room <= 0 && !space.pageIsEmpty) return pushed(marginTop);
  const geo = columnGeometry(box.style, used.width);
  const limit = used.height === null ? room : Math.min(room, Math.max(0, used.height));
  const set = balanceColumns(box, geo, token, limit, box.style.columnFill === 'balance' || used.height === null, ctx);
  const children = placeColumns(set, box.style, used, topEdges);
  const contentHeight = used.height === null ? Math.max(used.minHeight, Math.min(used.maxHeight, set.height)) : used.height;
  const done = set.resume === null;
  const height = done ? topEdges + contentHeight + bottomEdges : Math.max(topEdges + set.height, space.blockSize - resolveMargins(marginTop));
  const fragment = makeFragment(box, used, height, children, continuation, done);
  return {
    fragment, resume: done ? null : { kind: 'multicol', inner: set.resume! }, marginTop,
    marginBottom: done ? addMargin(NO_MARGINS, used.marginBottom) : NO_MARGINS, collapsesThrough: false, height,
    baseline: set.baseline === null ? null : topEdges + set.baseline, lastBaseline: set.lastBaseline === null ? null : topEdges + set.lastBaseline,
  };
}

function pushed(marginTop: MarginSet): LayoutResult {
  return { fragment: null, resume: null, marginTop, marginBottom: NO_MARGINS, collapsesThrough: false, height: 0, baseline: null, lastBaseline: null };
}

/** Column fragments side by side (right to left in rtl) and the rules between used columns (§4). */
function placeColumns(set: ColumnSet, style: ComputedStyle, used: UsedBox, top: number): Fragment[] {
  const out: Fragment[] = [];
  const left = used.border.left + used.padding.left;
  const rtl = style.direction === 'rtl';
  set.columns.forEach((f, i) => {
    const x = rtl ? used.width - (i + 1) * set.width - i * set.gap : i * (set.width + set.gap);
    offsetFragment(f, left + x, top);
    out.push(f);
  });
  const rule = style.columnRule;
  if (rule.width > 0 && rule.style !== 'none' && rule.style !== 'hidden') {
    // A rule sits in the middle of each gap between two columns that have content (§4.1).
    const ruleStyle: ComputedStyle = { ...anonymousStyle(style), borderLeft: rule };
    for (let i = 1; i < set.columns.length; i++) {
      const gapStart = rtl ? used.width - i * (set.width + set.gap) : i * set.width + (i - 1) * set.gap;
      const x = left + gapStart + (set.gap - rule.width) / 2;
      out.push(createBoxFragment(ruleStyle, '', {}, {
        x, y: top, width: rule.width, height: set.height, border: { ...ZERO_EDGES, left: rule.width }, padding: ZERO_EDGES, part: WHOLE,
      }, []));
    }
  }
  return out;
}

function makeFragment(box: ContainerBox, used: UsedBox, height: number, children: Fragment[], continuation: boolean, last: boolean): Fragment {
  const border = { ...used.border, top: continuation ? 0 : used.border.top, bottom: last ? used.border.bottom : 0 };
  const padding = { ...used.padding, top: continuation ? 0 : used.padding.top, bottom: last ? used.padding.bottom : 0 };
  const width = used.width + used.border.left + used.border.right + used.padding.left + used.padding.right;
  return createBoxFragment(box.style, box.tag, box.attrs, {
    x: used.marginLeft, y: 0, width, height, border, padding, part: { isFirst: !continuation, isLast: last },
  }, children);
}
