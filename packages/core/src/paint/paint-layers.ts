import type { BoxFragment, Fragment, TextFragment } from '@platen/layout';
import type { PaintContext } from './paint-context.js';
import { buildStacking, clipsOverflow, isContext, type PaintItem, type StackingContext } from './stacking.js';
import { applyTransform, clipToPaddingBox, paintBoxDecorations, paintImage, paintsDecorations } from './paint-box.js';
import { onlyGlyphs, paintText } from './paint-text.js';
import { TextObject } from './text-object.js';
import { paintWithOpacity } from './opacity-group.js';
import { applyClipping } from './clipping.js';

/**
 * One layer of a page painted in CSS 2.1 Appendix E order: its top-level fragments are each
 * a root (the page's body layer, or its header/footer/margin-box layer painted above it).
 */
export function paintLayer(ctx: PaintContext, fragments: readonly Fragment[]): void {
  for (const item of buildStacking({ fragments })) paintItem(ctx, item);
}

function paintItem(ctx: PaintContext, item: PaintItem | StackingContext): void {
  if (isContext(item)) {
    paintStackingContext(ctx, item);
    return;
  }
  if (item.clips.length === 0) {
    paintFragment(ctx, item.fragment);
    return;
  }
  ctx.save();
  for (const clip of item.clips) clipToAncestor(ctx, clip);
  paintFragment(ctx, item.fragment);
  ctx.restore();
}

/**
 * What an ancestor clips of its descendants: its `clip` (CSS 2 §11.1.2; on a positioned box whose
 * descendants paint in the enclosing stacking context, stacking.ts) and its overflow clip.
 */
function clipToAncestor(ctx: PaintContext, box: BoxFragment): void {
  if (box.style.clip && !applyClipping(ctx, box)) ctx.clipRect({ x: box.x, y: box.y, width: 0, height: 0 });
  if (clipsOverflow(box)) clipToPaddingBox(ctx, box);
}

/** Geometry a PDF can hold: a layout bug must cost one fragment, not the whole render. */
function isFinitePlaced(frag: Fragment): boolean {
  if (frag.kind === 'text') return Number.isFinite(frag.x) && Number.isFinite(frag.baseline);
  return (
    Number.isFinite(frag.x) && Number.isFinite(frag.y) && Number.isFinite(frag.width) && Number.isFinite(frag.height)
  );
}

function paintFragment(ctx: PaintContext, frag: Fragment): void {
  if (!isFinitePlaced(frag)) {
    ctx.warn('bad_geometry', `a ${frag.kind} fragment has no finite position and was not painted`);
    return;
  }
  const tags = ctx.tags;
  if (tags === null) {
    if (frag.kind === 'text') paintText(ctx, frag);
    else if (frag.kind === 'image') paintImage(ctx, frag);
    else paintBoxDecorations(ctx, frag);
    return;
  }
  // Tagged PDF: text and images are their element's marked content, backgrounds and borders artifacts (ISO 32000-1 §14.8.2.2).
  if (frag.kind === 'box' && !paintsDecorations(frag)) return;
  if (frag.kind === 'text') {
    paintText(ctx, frag, undefined, tags.open(ctx.doc, frag));
    return;
  }
  ctx.ops().push(frag.kind === 'box' ? '/Artifact BMC' : tags.open(ctx.doc, frag));
  if (frag.kind === 'image') paintImage(ctx, frag);
  else paintBoxDecorations(ctx, frag);
  ctx.ops().push('EMC');
}

/** An unclipped box whose decorations paintBoxDecorations draws in a pixel-grid group. */
function onGrid(item: PaintItem | undefined): boolean {
  if (item === undefined || item.clips.length > 0) return false;
  const frag = item.fragment;
  return frag.kind === 'box' && isFinitePlaced(frag) && paintsDecorations(frag);
}

/**
 * Appendix E step 4, the block boxes' backgrounds and borders in tree order. Consecutive
 * boxes share one pixel-grid group (ctx.onPixelGrid): a group per box, with its colour set
 * again after each Q, was most of a long table's decoration operators. Their painting
 * saves and restores what it changes but colours (tracked) and line width (set by each
 * stroke), so a group around several paints each as its own did.
 */
function paintBlocks(ctx: PaintContext, blocks: readonly PaintItem[]): void {
  for (let i = 0; i < blocks.length;) {
    if (!onGrid(blocks[i])) {
      paintItem(ctx, blocks[i]!);
      i++;
      continue;
    }
    let j = i;
    ctx.onPixelGrid(() => {
      // Tagged: the group's decorations are one artifact.
      if (ctx.tags) ctx.ops().push('/Artifact BMC');
      while (onGrid(blocks[j])) paintBoxDecorations(ctx, blocks[j++]!.fragment as BoxFragment);
      if (ctx.tags) ctx.ops().push('EMC');
    });
    i = j;
  }
}

/**
 * Appendix E step 7, the inline content in tree order. Consecutive unclipped lines that are
 * only glyphs share one text object (a table's cells: BT, Tf and ET once, not per cell);
 * anything else ends it first. Tagged, each element's lines are a marked-content sequence
 * inside it (the words of a justified line, the lines of a paragraph: one MCID).
 */
function paintInlines(ctx: PaintContext, inlines: readonly (PaintItem | StackingContext)[]): void {
  const tags = ctx.tags;
  let text: TextObject | null = null;
  /** Tagged: the fragment whose marked content `text` is in (closed with it). */
  let marked: TextFragment | null = null;
  const end = (): void => {
    if (marked) text?.unmark();
    marked = null;
    text?.close();
    text = null;
  };
  for (const item of inlines) {
    const frag = isContext(item) || item.clips.length > 0 ? null : item.fragment;
    if (frag?.kind === 'text' && isFinitePlaced(frag) && onlyGlyphs(frag)) {
      text ??= new TextObject(ctx.ops());
      if (tags && !(marked && tags.continues(marked, frag))) {
        if (marked) text.unmark();
        text.mark(tags.open(ctx.doc, frag));
        marked = frag;
      }
      paintText(ctx, frag, text);
      continue;
    }
    end();
    paintItem(ctx, item);
  }
  end();
}

/** CSS 2.1 Appendix E, steps 1–10, for one stacking context (or an atomically painted box). */
function paintStackingContext(ctx: PaintContext, sc: StackingContext): void {
  const root: BoxFragment = sc.root;
  if (!isFinitePlaced(root)) {
    ctx.warn('bad_geometry', 'a box fragment has no finite position and was not painted');
    return;
  }
  ctx.save();
  for (const clip of sc.clips) clipToAncestor(ctx, clip);
  applyTransform(ctx, root);
  if (!applyClipping(ctx, root)) {
    ctx.restore();
    return;
  }
  const paint = (): void => {
    if (root.style.opacity < 1) paintWithOpacity(ctx, root.style.opacity, () => paintLayers(ctx, sc));
    else paintLayers(ctx, sc);
  };
  if (root.style.transform.length > 0) ctx.unsnapped(paint);
  else paint();
  ctx.restore();
}

function paintLayers(ctx: PaintContext, sc: StackingContext): void {
  const root = sc.root;
  paintBoxDecorations(ctx, root);
  const clipped = clipsOverflow(root);
  if (clipped) {
    ctx.save();
    clipToPaddingBox(ctx, root);
  }
  for (const c of sc.negative) paintStackingContext(ctx, c);
  paintBlocks(ctx, sc.blocks);
  for (const f of sc.floats) paintStackingContext(ctx, f);
  paintInlines(ctx, sc.inlines);
  for (const p of sc.positioned) paintStackingContext(ctx, p);
  for (const p of sc.positive) paintStackingContext(ctx, p);
  if (clipped) ctx.restore();
}
