import type { BlockLevelBox, ContainerBox } from '../boxes/box.js';
import type { BoxFragment } from '../fragment.js';
import { addPx, type ComputedStyle } from '../style.js';
import { memoized, memoSlot, type LayoutContext } from './context.js';
import type { LayoutResult, Resume, Space } from './types.js';
import { NO_MARGINS } from './types.js';
import { borderEdges, marginOrZero, paddingEdges, resolveBlockBox } from './box-model.js';
import { layoutBlockContainer } from './block-layout.js';
import { layoutBox } from './layout-box.js';
import { changedFragment, movedFragment } from './fragments.js';
import { isOutOfFlowBlock } from '../boxes/hoist.js';

/**
 * `<fieldset>` and its rendered legend (HTML §15.3.13): the first `<legend>` child that is not
 * floated or positioned sits over the fieldset's top border, shrink-to-fit, after the border
 * and padding of the inline-start side; the content starts below whichever ends lower, the
 * legend's bottom margin edge or the top border. Paint draws the top border through the legend's
 * middle with a gap for it (core/paint). Measured in Chromium: legend 18px over a 2px or 10px
 * border, content 18 + 0.35em below the fieldset top (packages/core/test/forms).
 */
export function layoutFieldset(
  box: ContainerBox,
  space: Space,
  resume: Resume | null,
  ctx: LayoutContext,
): LayoutResult {
  const legend = renderedLegend(box);
  if (!legend) return layoutBlockContainer(box, space, resume, ctx);
  const { rest, fit } = memoized(ctx, strippedFieldsets, box, () => withoutLegend(box, legend));
  if (resume !== null) return layoutBlockContainer(rest, space, resume, ctx);
  const placed = layoutLegend(
    legend,
    box.style,
    space.inlineSize,
    resolveBlockBox(box.style, space.inlineSize, space.cbBlockSize).width,
    ctx,
  );
  const bt = borderEdges(box.style).top;
  // The legend's border box is centred over the top border, or starts at the fieldset's top
  // when taller than it; its block-start margin is ignored, its block-end margin keeps the
  // content below it (measured in Chromium: margin-top 10px or 20px move neither the legend
  // nor the content, margin-bottom 20px or 40px push the content down from the legend's bottom).
  const top = placed.height >= bt ? 0 : (bt - placed.height) / 2;
  const extra = Math.max(0, top + placed.height + placed.marginBottom - bt);
  const result = layoutBlockContainer(fit(extra), space, resume, ctx);
  const frag = result.fragment;
  if (!frag || frag.kind !== 'box' || !placed.fragment) return result;
  const legendFragment = movedFragment(placed.fragment, 0, top);
  return { ...result, fragment: changedFragment(frag, { children: [legendFragment, ...frag.children] }) };
}

/** The first `<legend>` child, unless floated or absolutely positioned. */
function renderedLegend(box: ContainerBox): ContainerBox | null {
  const first = box.children.find((c) => c.kind !== 'lines' && c.tag === 'legend');
  if (!first || first.kind === 'lines' || first.kind === 'replaced') return null;
  return isOutOfFlowBlock(first) ? null : first;
}

const fittedLegends = memoSlot<ContainerBox, ContainerBox>('render');

/** An auto-width legend is `width: fit-content` (HTML §15.3.13), so that auto margins can place it. */
function shrinkToFit(legend: ContainerBox, ctx: LayoutContext): ContainerBox {
  if (legend.style.width !== 'auto') return legend;
  return memoized(ctx, fittedLegends, legend, () => ({ ...legend, style: { ...legend.style, width: 'fit-content' } }));
}

interface Stripped {
  /** The fieldset without its legend (resume tokens count these children). */
  readonly rest: ContainerBox;
  /** It with `extra` px more top padding: the room the legend takes beyond the top border. */
  readonly fit: (extra: number) => ContainerBox;
}

const strippedFieldsets = memoSlot<ContainerBox, Stripped>('render');

function withoutLegend(box: ContainerBox, legend: ContainerBox): Stripped {
  const children = box.children.filter((c: BlockLevelBox) => c !== legend);
  // Chromium gives a fieldset with a legend no list marker (WPT fieldset-list-item.html).
  const rest: ContainerBox = { ...box, children, marker: null };
  const byExtra = new Map<number, ContainerBox>();
  const fit = (extra: number): ContainerBox => {
    if (extra === 0) return rest;
    let made = byExtra.get(extra);
    if (!made) byExtra.set(extra, (made = { ...rest, style: withExtraTop(box.style, extra) }));
    return made;
  };
  return { rest, fit };
}

function withExtraTop(style: ComputedStyle, extra: number): ComputedStyle {
  return { ...style, paddingTop: addPx(style.paddingTop, extra) };
}

/**
 * The legend laid out shrink-to-fit (its own width wins; auto margins share what is left) in
 * the fieldset's content width `available`, from its inline-start content edge (`fieldsetCb`:
 * the fieldset's containing block width, for its percentage padding).
 */
function layoutLegend(
  legend: ContainerBox,
  fieldset: ComputedStyle,
  fieldsetCb: number,
  available: number,
  ctx: LayoutContext,
): { fragment: BoxFragment | null; height: number; marginBottom: number } {
  const b = borderEdges(fieldset);
  const p = paddingEdges(fieldset, fieldsetCb);
  const r = layoutBox(
    shrinkToFit(legend, ctx),
    {
      inlineSize: available,
      blockSize: Infinity,
      pageIsEmpty: true,
      mode: 'layout',
      marginAbove: NO_MARGINS,
      truncateMargins: false,
      cbBlockSize: null,
    },
    null,
    ctx,
  );
  const frag = r.fragment && r.fragment.kind === 'box' ? r.fragment : null;
  const marginBottom = marginOrZero(legend.style.marginBottom, available);
  return { fragment: frag && movedFragment(frag, b.left + p.left, 0), height: r.height, marginBottom };
}
