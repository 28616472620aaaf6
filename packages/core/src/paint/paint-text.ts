import type { Color, GlyphRun, TextDecoration, TextFragment } from '@platen/layout';
import type { ResolvedFace } from '../resources/fonts.js';
import type { PaintContext } from './paint-context.js';
import { num, utf16HexString } from './pdf-number.js';
import { fontSize } from '../text/measurer.js';
import { OBLIQUE_SKEW, TextObject, fakeBoldWidth, letterSpacingOf, plainRun } from './text-object.js';
import { hasColorLayers } from '../resources/font-data.js';
import { paintColorLayers } from './color-glyphs.js';

export interface PenGlyph {
  readonly cid: string;
  readonly mapped: boolean;
  /** The characters the glyph stands for (its /ActualText when the ToUnicode entry differs). */
  readonly text: string;
  readonly naturalPx: number;
  readonly advancePx: number;
  readonly offset: readonly [number, number] | undefined;
}

function buildPenGlyphs(ctx: PaintContext, run: GlyphRun, resolved: ResolvedFace, justify: number): PenGlyph[] {
  const n = run.glyphIds.length;
  const out: PenGlyph[] = new Array<PenGlyph>(n);
  const glyph = ctx.fonts.glyphLookup(resolved);
  for (let k = 0; k < n; k++) {
    const i = run.rtl ? n - 1 - k : k;
    const text = run.glyphText[i] ?? '';
    const g = glyph(run.glyphIds[i] ?? 0, text);
    const extra = justify !== 0 && text === ' ' ? justify : 0;
    out[k] = {
      cid: g.hex,
      mapped: g.mapped || text === '',
      text,
      naturalPx: (g.width * fontSize(run.size)) / 1000,
      advancePx: (run.advances[i] ?? 0) + extra,
      offset: run.offsets?.[i],
    };
  }
  return out;
}

/**
 * Text-showing operators: TJ arrays whose adjustments turn each glyph's own advance into
 * the measured one; a glyph with a mark offset gets its own text matrix. Returns the pen.
 */
function showGlyphs(
  ops: string[],
  glyphs: readonly PenGlyph[],
  x: number,
  baseline: number,
  size: number,
  skew: number,
  rtl: boolean,
  hidden?: readonly boolean[],
): number {
  const tm = (px: number, py: number): string => `1 0 ${num(skew)} -1 ${num(px)} ${num(py)} Tm`;
  // Letter-spacing as character spacing (Tc), the rest as TJ adjustments: text extraction
  // counts Tc as part of each glyph but a TJ gap as space, which split spaced-out words.
  const charSpacing = letterSpacingOf(
    glyphs.map((g) => g.advancePx),
    glyphs.map((g) => g.naturalPx),
    size,
  );
  if (charSpacing !== 0) ops.push(`${num(charSpacing)} Tc`);
  let pen = x;
  // One string per TJ array, not an array of pieces per glyph (this runs for every glyph).
  let pending = '';
  const flush = (): void => {
    if (pending !== '') ops.push(`[${pending}] TJ`);
    pending = '';
  };
  let needsTm = true;
  let clusterEnd = -1;
  for (let k = 0; k < glyphs.length; k++) {
    const g = glyphs[k]!;
    if (hidden?.[k]) {
      // Not drawn (glyphsOutsideClip): the next shown glyph sets its own text matrix.
      flush();
      needsTm = true;
      if (k === clusterEnd) ops.push('EMC');
      pen += g.advancePx;
      continue;
    }
    // A base with its combining marks is one /ActualText span, as in Chromium's PDFs: drawn
    // apart (a mark placed over its base), extraction would cut the word at the mark.
    if (k > clusterEnd) {
      const end = markClusterEnd(glyphs, k, rtl);
      if (end > k) {
        flush();
        const cluster = glyphs.slice(k, end + 1).map((c) => c.text);
        ops.push(`/Span <</ActualText ${utf16HexString((rtl ? cluster.reverse() : cluster).join(''))}>> BDC`);
        clusterEnd = end;
      }
    }
    const inCluster = k <= clusterEnd;
    // A glyph whose ToUnicode entry says something else (.notdef, a glyph shared by two
    // characters, a small-caps capital) carries its own /ActualText: one span around the
    // whole run would hide the spaces in it from extraction ("BS1 4RN" read as one word).
    if (!g.mapped && !inCluster) {
      flush();
      ops.push(`/Span <</ActualText ${utf16HexString(g.text)}>> BDC`);
    }
    if (g.offset && (g.offset[0] !== 0 || g.offset[1] !== 0)) {
      flush();
      ops.push(tm(pen + g.offset[0], baseline - g.offset[1]), `<${g.cid}> Tj`);
      needsTm = true;
    } else {
      if (needsTm) {
        flush();
        ops.push(tm(pen, baseline));
        needsTm = false;
      }
      pending += `<${g.cid}>`;
      const adjust = ((g.naturalPx + charSpacing - g.advancePx) * 1000) / size;
      if (Math.abs(adjust) > 0.0001) pending += num(adjust);
    }
    if ((!g.mapped && !inCluster) || k === clusterEnd) {
      flush();
      ops.push('EMC');
    }
    pen += g.advancePx;
  }
  flush();
  // Tc is graphics state and outlives ET.
  if (charSpacing !== 0) ops.push('0 Tc');
  return pen;
}

const MARK = /^\p{M}+$/u;
// Marks all lie at U+0300 or above: most glyphs are settled without the regex (this runs per glyph).
const isMark = (g: PenGlyph | undefined): boolean =>
  g !== undefined && (g.text.codePointAt(0) ?? 0) >= 0x300 && MARK.test(g.text);

/**
 * The last index of the base-and-marks cluster starting at glyph k, or -1 when there is none:
 * in drawing order marks follow their base left to right and precede it right to left.
 */
function markClusterEnd(glyphs: readonly PenGlyph[], k: number, rtl: boolean): number {
  let j = rtl ? k : k + 1;
  while (isMark(glyphs[j])) j++;
  if (rtl) return j > k && j < glyphs.length ? j : -1;
  return j > k + 1 ? j - 1 : -1;
}

/** Set a colour for the text: after the glyphs shown so far (the open TJ array ends first). */
function setTextColor(ctx: PaintContext, fill: Color, stroke: boolean, text: TextObject): void {
  if (ctx.colorChanges(fill, stroke)) text.endArray();
  if (stroke) ctx.setStroke(fill);
  else ctx.setFill(fill);
}

/**
 * Draw one run at pen `x` on `baseline`, pushing operators onto `ops` (the stream's:
 * PaintContext.ops); returns the x after it.
 * Every run continues the line's text object `text`; a plain one keeps its state (font, pen).
 */
function paintRun(
  ctx: PaintContext,
  run: GlyphRun,
  x: number,
  baseline: number,
  fill: Color,
  justify: number,
  ops: string[],
  text: TextObject,
): number {
  const resolved = ctx.fonts.resolve(run.fontId);
  if (!resolved) {
    ctx.warn('unknown_font', `No font for run "${run.text.slice(0, 20)}" (${run.fontId})`);
    text.moved();
    return x + run.width;
  }
  // Registers the font on the current page (plainRun's Tf operator is made once per document).
  const fontName = ctx.fonts.use(resolved);
  if (hasColorLayers(resolved.face.font))
    return paintColorRun(ctx, run, resolved, fontName, x, baseline, fill, ops, text);
  const hidden = glyphsOutsideClip(ctx, run, resolved, x, baseline, justify);
  if (hidden?.every(Boolean)) {
    text.moved();
    return x + justifiedWidth(run, justify);
  }
  // Made again at each occurrence: a memo per run for the document cost more than it saved
  // (most of a long table's runs occur once) and kept every run until the PDF was written.
  const plain = hidden ? null : plainRun(ctx, run, resolved, !ctx.transformed, justify);
  setTextColor(ctx, fill, false, text);
  if (resolved.syntheticBold) setTextColor(ctx, fill, true, text);
  if (plain) {
    text.show(plain, x, baseline);
    return text.penX;
  }
  // Within the line's text object (a tagged PDF's marked content may be open in it).
  text.raw();
  if (resolved.syntheticBold) ops.push(`${num(fakeBoldWidth(run.size))} w`);
  const glyphs = buildPenGlyphs(ctx, run, resolved, justify);
  ops.push(`/${fontName} ${num(fontSize(run.size))} Tf`);
  if (resolved.syntheticBold) ops.push('2 Tr');
  const pen = showGlyphs(
    ops,
    glyphs,
    x,
    baseline,
    fontSize(run.size),
    resolved.syntheticOblique ? OBLIQUE_SKEW : 0,
    run.rtl,
    hidden ?? undefined,
  );
  if (resolved.syntheticBold) ops.push('0 Tr');
  return pen;
}

/** The run's width with each space widened by `justify` (CSS Text 3 §7.4). */
const justifiedWidth = (run: GlyphRun, justify: number): number =>
  justify === 0 ? run.width : run.glyphText.reduce((w, t) => (t === ' ' ? w + justify : w), run.width);

/**
 * Which glyphs of a run (in drawing order) lie wholly outside the clip, or null when none can:
 * Chromium's PDF device (Skia's SkPDFDevice) drops each glyph whose ink bounds miss the clip's
 * bounds, so text cut by `overflow: hidden` or `auto` keeps only the glyphs that show; a word
 * half inside is extracted half, as in Chromium's PDF. Glyphs without ink (spaces) count
 * their advance box.
 */
function glyphsOutsideClip(
  ctx: PaintContext,
  run: GlyphRun,
  resolved: ResolvedFace,
  x: number,
  baseline: number,
  justify: number,
): boolean[] | null {
  const clip = ctx.clipBounds;
  if (!clip) return null;
  const size = fontSize(run.size);
  // Quick test: a band of an em around the run inside the clip holds every glyph's ink.
  const right = x + justifiedWidth(run, justify);
  if (
    x - size >= clip.x &&
    right + size <= clip.x + clip.width &&
    baseline - 2 * size >= clip.y &&
    baseline + size <= clip.y + clip.height
  )
    return null;
  const font = resolved.face.font;
  const scale = size / font.unitsPerEm;
  const n = run.glyphIds.length;
  // Made at the first hidden glyph: most runs that fail the quick test (a long report's cells
  // near their clip: 860 runs a render) have none, and allocate nothing.
  let hidden: boolean[] | null = null;
  let pen = x;
  for (let k = 0; k < n; k++) {
    const i = run.rtl ? n - 1 - k : k;
    const advance = (run.advances[i] ?? 0) + (justify !== 0 && run.glyphText[i] === ' ' ? justify : 0);
    const offset = run.offsets?.[i];
    const dx = offset ? offset[0] : 0;
    const dy = offset ? offset[1] : 0;
    const box = font.getGlyph(run.glyphIds[i] ?? 0).bbox;
    const inked = box.maxX > box.minX && box.maxY > box.minY;
    const left = pen + dx + (inked ? box.minX * scale : 0);
    const width = inked ? (box.maxX - box.minX) * scale : advance;
    const top = baseline - dy - (inked ? box.maxY * scale : size);
    const height = inked ? (box.maxY - box.minY) * scale : size;
    if (left + width <= clip.x || left >= clip.x + clip.width || top + height <= clip.y || top >= clip.y + clip.height)
      (hidden ??= new Array<boolean>(n).fill(false))[k] = true;
    pen += advance;
  }
  return hidden;
}

/**
 * A colour font's run (emoji): its glyphs as invisible text (render mode 3), which keeps the
 * text for extraction, search and copy, under their colour layers drawn as vector paths.
 */
function paintColorRun(
  ctx: PaintContext,
  run: GlyphRun,
  resolved: ResolvedFace,
  fontName: string,
  x: number,
  baseline: number,
  fill: Color,
  ops: string[],
  text: TextObject,
): number {
  text.close();
  const size = fontSize(run.size);
  ops.push('BT', `/${fontName} ${num(size)} Tf`, '3 Tr');
  const skew = resolved.syntheticOblique ? OBLIQUE_SKEW : 0;
  const pen = showGlyphs(ops, buildPenGlyphs(ctx, run, resolved, 0), x, baseline, size, skew, run.rtl);
  ops.push('0 Tr', 'ET');
  paintColorLayers(ctx, resolved.face.font, run, { x, baseline, size, skew }, fill);
  return pen;
}

function paintDecoration(ctx: PaintContext, d: TextDecoration): void {
  const t = Math.max(d.thickness, 0.01);
  if (d.style === 'double') {
    ctx.fillRect({ x: d.x, y: d.y - t * 1.5, width: d.width, height: t }, d.color);
    ctx.fillRect({ x: d.x, y: d.y + t * 0.5, width: d.width, height: t }, d.color);
    return;
  }
  if (d.style === 'solid') {
    ctx.fillRect({ x: d.x, y: d.y - t / 2, width: d.width, height: t }, d.color);
    return;
  }
  const doc = ctx.doc;
  ctx.save();
  ctx.setStroke(d.color);
  doc.lineWidth(t);
  if (d.style === 'wavy') {
    const step = Math.max(2, t * 3);
    doc.moveTo(d.x, d.y);
    for (let px = d.x, up = true; px < d.x + d.width; px += step, up = !up) {
      doc.quadraticCurveTo(px + step / 2, d.y + (up ? -step / 2 : step / 2), px + step, d.y);
    }
  } else {
    if (d.style === 'dotted') doc.lineCap('round').dash(0.001, { space: t * 2 });
    else doc.dash(t * 3, { space: t * 3 });
    doc.moveTo(d.x, d.y).lineTo(d.x + d.width, d.y);
  }
  doc.stroke();
  ctx.restore();
}

/** Draw the glyphs of `frag` moved by (dx, dy) into `text`, which stays open. */
function drawRuns(ctx: PaintContext, frag: TextFragment, dx: number, dy: number, color: Color, text: TextObject): void {
  let x = frag.x + dx;
  // A fragment starts at its own position, unless the text object's pen is already there
  // (the words of a justified line are a fragment each).
  text.startAt(x, frag.baseline + dy);
  for (const run of frag.runs)
    x = paintRun(ctx, run, x, frag.baseline + dy, color, frag.justifySpacing, text.ops, text);
}

/** Is the fragment only glyphs (no shadow, no decoration), which may continue another fragment's text object? */
export function onlyGlyphs(frag: TextFragment): boolean {
  return (
    frag.style.visibility === 'visible' &&
    frag.decorations.length === 0 &&
    frag.style.textShadow.length === 0 &&
    frag.rotation === undefined &&
    frag.compress === undefined
  );
}

/**
 * Paint a line's text: shadows, then under/overlines, glyphs, line-through (CSS Text Decor 3 §2).
 * With `shared` (a fragment for which onlyGlyphs holds), its glyphs continue that text object.
 * `marked`: a tagged PDF's operator opening the line's marked content (structure.ts), closed here.
 */
export function paintText(ctx: PaintContext, frag: TextFragment, shared?: TextObject, marked?: string): void {
  if (frag.style.visibility !== 'visible') {
    // Tagged: the MCID stays on the page, with nothing in it.
    if (marked) ctx.ops().push(marked, 'EMC');
    return;
  }
  if (frag.rotation !== undefined) {
    // A line of vertical text: painted as a horizontal one, turned about its pen origin.
    const sin = frag.rotation === 90 ? 1 : -1;
    const { x, baseline } = frag;
    paintTransformed(
      ctx,
      { ...frag, rotation: undefined },
      [0, sin, -sin, 0, x + sin * baseline, baseline - sin * x],
      marked,
    );
    return;
  }
  if (frag.compress !== undefined) {
    // text-combine-upright squeezes its text into 1em: narrower glyphs from the pen on.
    const k = frag.compress;
    paintTransformed(ctx, { ...frag, compress: undefined }, [k, 0, 0, 1, frag.x * (1 - k), 0], marked);
    return;
  }
  if (shared) {
    drawRuns(ctx, frag, 0, 0, frag.style.color, shared);
    return;
  }
  const drawGlyphs = (dx: number, dy: number, color: Color): void => {
    // Operators go straight onto the stream (same bytes as one addContent per operator).
    const text = new TextObject(ctx.ops());
    drawRuns(ctx, frag, dx, dy, color, text);
    text.close();
  };
  const shadows = frag.style.textShadow.filter((shadow) => !shadow.inset);
  const under = frag.decorations.filter((d) => d.line !== 'line-through');
  const through = frag.decorations.filter((d) => d.line === 'line-through');
  // Tagged: shadows (a second copy of the glyphs) and lines are artifacts, outside the text's
  // marked content (PDF/UA-1 §7.1: no artifact inside tagged content).
  const artifact = (paint: () => void): void => {
    if (marked) ctx.ops().push('/Artifact BMC');
    paint();
    if (marked) ctx.ops().push('EMC');
  };
  if (shadows.length > 0 || under.length > 0)
    artifact(() => {
      for (let i = shadows.length - 1; i >= 0; i--) drawGlyphs(shadows[i]!.x, shadows[i]!.y, shadows[i]!.color);
      for (const d of under) paintDecoration(ctx, d);
    });
  if (marked) ctx.ops().push(marked);
  drawGlyphs(0, 0, frag.style.color);
  if (marked) ctx.ops().push('EMC');
  if (through.length > 0) artifact(() => through.forEach((d) => paintDecoration(ctx, d)));
}

/** Paint a fragment under a transform (turned or squeezed text), not snapped to the pixel grid. */
function paintTransformed(
  ctx: PaintContext,
  frag: TextFragment,
  matrix: [number, number, number, number, number, number],
  marked: string | undefined,
): void {
  ctx.save();
  ctx.transform(...matrix);
  ctx.unsnapped(() => paintText(ctx, frag, undefined, marked));
  ctx.restore();
}
