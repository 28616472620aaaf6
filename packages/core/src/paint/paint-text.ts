import type { Color, GlyphRun, TextDecoration, TextFragment } from '@platen/layout';
import type { ResolvedFace } from '../resources/fonts.js';
import type { PaintContext } from './paint-context.js';
import type { PdfGlyph } from './pdf-fonts.js';
import { num } from './pdf-number.js';
import { fontSize, shapingSize } from '../text/measurer.js';

/** Skia's fake-bold outline: 1/24 em at 9px down to 1/32 em at 36px and above. */
function fakeBoldWidth(size: number): number {
  const t = Math.min(1, Math.max(0, (size - 9) / (36 - 9)));
  return size * (1 / 24 + t * (1 / 32 - 1 / 24));
}
/** Skia's synthetic italic skew (SkFont::setSkewX(-1/4)). */
const OBLIQUE_SKEW = 0.25;

export interface PenGlyph {
  readonly cid: string;
  readonly mapped: boolean;
  /** The characters the glyph stands for (its /ActualText when the ToUnicode entry differs). */
  readonly text: string;
  readonly naturalPx: number;
  readonly advancePx: number;
  readonly offset: readonly [number, number] | undefined;
}

function utf16Hex(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += text.charCodeAt(i).toString(16).padStart(4, '0');
  return out.toUpperCase();
}

/**
 * What drawing an unjustified run again needs, per document (CIDs are the document's) and
 * run: layout hands the same shaped run object to every occurrence of a word, and building
 * a record per glyph and the TJ array again for each was a large share of a long table's
 * garbage. Looking a glyph up again would give the same answer: its CID and ToUnicode entry
 * are fixed at first use. Kept in PaintContext.textRuns, which lives as long as the document.
 */
export type TextRunPaint = {
  readonly resolved: ResolvedFace;
  /** A plain run (see plainRun): the operators from BT to ET around its text matrix position. */
  readonly plain: { readonly head: string; readonly tail: string };
  /** Advances in drawing order, for the pen. */
  readonly advances: readonly number[];
} | {
  readonly resolved: ResolvedFace;
  readonly plain: null;
  readonly glyphs: readonly PenGlyph[];
};

/** The run's cached drawing (see TextRunPaint), made at its first unjustified use. */
function runPaint(ctx: PaintContext, run: GlyphRun, resolved: ResolvedFace): TextRunPaint {
  let paint = ctx.textRuns.get(run);
  if (!paint) {
    const plain = plainRun(ctx, run, resolved);
    paint = plain ? { resolved, ...plain } : { resolved, plain: null, glyphs: buildPenGlyphs(ctx, run, resolved, 0) };
    ctx.textRuns.set(run, paint);
  }
  return paint;
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
function showGlyphs(ops: string[], glyphs: readonly PenGlyph[], x: number, baseline: number, size: number, skew: number, rtl: boolean): number {
  const tm = (px: number, py: number): string => `1 0 ${num(skew)} -1 ${num(px)} ${num(py)} Tm`;
  // Letter-spacing as character spacing (Tc), the rest as TJ adjustments: text extraction
  // counts Tc as part of each glyph but a TJ gap as space, which split spaced-out words.
  const charSpacing = letterSpacingOf(glyphs.map((g) => g.advancePx), glyphs.map((g) => g.naturalPx), size);
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
    // A base with its combining marks is one /ActualText span, as in Chromium's PDFs: drawn
    // apart (a mark placed over its base), extraction would cut the word at the mark.
    if (k > clusterEnd) {
      const end = markClusterEnd(glyphs, k, rtl);
      if (end > k) {
        flush();
        const cluster = glyphs.slice(k, end + 1).map((c) => c.text);
        ops.push(`/Span <</ActualText <FEFF${utf16Hex((rtl ? cluster.reverse() : cluster).join(''))}>>> BDC`);
        clusterEnd = end;
      }
    }
    const inCluster = k <= clusterEnd;
    // A glyph whose ToUnicode entry says something else (.notdef, a glyph shared by two
    // characters, a small-caps capital) carries its own /ActualText: one span around the
    // whole run would hide the spaces in it from extraction ("BS1 4RN" read as one word).
    if (!g.mapped && !inCluster) {
      flush();
      ops.push(`/Span <</ActualText <FEFF${utf16Hex(g.text)}>>> BDC`);
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
const isMark = (g: PenGlyph | undefined): boolean => g !== undefined && (g.text.codePointAt(0) ?? 0) >= 0x300 && MARK.test(g.text);

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

/**
 * A run of mapped glyphs without mark offsets is one TJ array at one text matrix: all of
 * paintRun's operators but the matrix position are fixed, so they are written once, and
 * no PenGlyph records are kept. The same bytes as the general path (paintRun's BT…ET
 * around showGlyphs); glyphs are looked up in the same (drawing) order, so CIDs are too.
 */
function plainRun(ctx: PaintContext, run: GlyphRun, resolved: ResolvedFace): { plain: { head: string; tail: string }; advances: number[] } | null {
  const n = run.glyphIds.length;
  if (n === 0) return null;
  const glyph = ctx.fonts.glyphLookup(resolved);
  const size = fontSize(run.size);
  const glyphs: PdfGlyph[] = new Array<PdfGlyph>(n);
  const natural: number[] = new Array<number>(n);
  const advances: number[] = new Array<number>(n);
  for (let k = 0; k < n; k++) {
    const i = run.rtl ? n - 1 - k : k;
    const offset = run.offsets?.[i];
    if (offset && (offset[0] !== 0 || offset[1] !== 0)) return null;
    const text = run.glyphText[i] ?? '';
    const g = glyph(run.glyphIds[i] ?? 0, text);
    if (!g.mapped && text !== '') return null;
    glyphs[k] = g;
    natural[k] = (g.width * size) / 1000;
    advances[k] = run.advances[i] ?? 0;
  }
  const charSpacing = letterSpacingOf(advances, natural, size);
  let body = '';
  for (let k = 0; k < n; k++) body += tjPiece(ctx, glyphs[k]!, ((natural[k]! + charSpacing - advances[k]!) * 1000) / size);
  // Concatenated, not joined: join would copy the body here, and the page's one join copies it anyway.
  let head = `BT\n/${ctx.fonts.use(resolved)} ${num(size)} Tf\n`;
  if (resolved.syntheticBold) head += '2 Tr\n';
  if (charSpacing !== 0) head += `${num(charSpacing)} Tc\n`;
  head += `1 0 ${num(resolved.syntheticOblique ? OBLIQUE_SKEW : 0)} -1 `;
  let tail = ' Tm\n[' + body + '] TJ\n';
  if (charSpacing !== 0) tail += '0 Tc\n';
  if (resolved.syntheticBold) tail += '0 Tr\n';
  tail += 'ET';
  return { plain: { head, tail }, advances };
}

/**
 * A glyph in a TJ array with its adjustment: per document, glyph and adjustment, since the
 * same glyph at the same size mostly needs the same one (drawn at the font size, measured
 * at the shaping size: every glyph has one) and formatting a number per glyph was a large
 * share of painting a long table.
 */
function tjPiece(ctx: PaintContext, g: PdfGlyph, adjust: number): string {
  let byAdjust = ctx.tjPieces.get(g);
  if (!byAdjust) ctx.tjPieces.set(g, (byAdjust = new Map()));
  let piece = byAdjust.get(adjust);
  if (piece === undefined) {
    piece = Math.abs(adjust) > 0.0001 ? g.shown + num(adjust) : g.shown;
    byAdjust.set(adjust, piece);
  }
  return piece;
}

/**
 * The extra advance most glyphs of a run have (its letter-spacing), or 0, from the glyphs'
 * advances and own widths in px, in drawing order. Glyphs are drawn at `size` but were
 * measured at shapingSize(size), a little smaller: that part is not letter-spacing (TJ
 * adjustments carry it).
 */
function letterSpacingOf(advances: readonly number[], natural: readonly number[], size: number): number {
  const n = advances.length;
  if (n < 2) return 0;
  const shaped = shapingSize(size) / size;
  const extra = (k: number): number => Math.round(((advances[k] ?? 0) - (natural[k] ?? 0) * shaped) * 100) / 100;
  // The median (element n/2 of the sorted extras) exceeds 0.05 only if at least n - n/2
  // extras do: the usual run (no letter-spacing; justified spaces are a minority) is
  // settled in one pass, without the array and sort below.
  let over = 0;
  for (let k = 0; k < n; k++) if (extra(k) > 0.05) over++;
  if (over < n - Math.floor(n / 2)) return 0;
  const extras = advances.map((_, k) => extra(k)).sort((a, b) => a - b);
  const median = extras[Math.floor(n / 2)] ?? 0;
  return median > 0.05 ? median : 0;
}

/**
 * Content operators of a fragment's runs, written with one `addContent` (PDFKit turns every
 * call into its own byte array). Same bytes as one call per run: PDFKit ends each chunk
 * with a newline, and the chunks are joined with one. Flushed before anything else writes.
 */
function flushText(ctx: PaintContext, ops: string[]): void {
  if (ops.length === 0) return;
  ctx.doc.addContent(ops.join('\n'));
  ops.length = 0;
}

/** Draw one run at pen `x` on `baseline` into `ops` (see flushText); returns the x after it. */
function paintRun(ctx: PaintContext, run: GlyphRun, x: number, baseline: number, fill: Color, justify: number, ops: string[]): number {
  const cached = justify === 0 ? ctx.textRuns.get(run) : undefined;
  const resolved = cached?.resolved ?? ctx.fonts.resolve(run.fontId);
  if (!resolved) {
    ctx.warn('unknown_font', `No font for run "${run.text.slice(0, 20)}" (${run.fontId})`);
    return x + run.width;
  }
  // Registers the font on the current page (a cached run may come from an earlier page).
  const fontName = ctx.fonts.use(resolved);
  const paint = justify === 0 ? cached ?? runPaint(ctx, run, resolved) : null;
  if (ctx.colorChanges(fill, false)) flushText(ctx, ops);
  ctx.setFill(fill);
  if (resolved.syntheticBold) {
    if (ctx.colorChanges(fill, true)) flushText(ctx, ops);
    ctx.setStroke(fill);
    ops.push(`${num(fakeBoldWidth(run.size))} w`);
  }
  if (paint?.plain) {
    ops.push(`${paint.plain.head}${num(x)} ${num(baseline)}${paint.plain.tail}`);
    let pen = x;
    for (const advance of paint.advances) pen += advance;
    return pen;
  }
  const glyphs = paint ? paint.glyphs : buildPenGlyphs(ctx, run, resolved, justify);
  ops.push('BT', `/${fontName} ${num(fontSize(run.size))} Tf`);
  if (resolved.syntheticBold) ops.push('2 Tr');
  const pen = showGlyphs(ops, glyphs, x, baseline, fontSize(run.size), resolved.syntheticOblique ? OBLIQUE_SKEW : 0, run.rtl);
  // Tr is graphics state and outlives ET.
  if (resolved.syntheticBold) ops.push('0 Tr');
  ops.push('ET');
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

/** Paint a line's text: shadows, then under/overlines, glyphs, line-through (CSS Text Decor 3 §2). */
export function paintText(ctx: PaintContext, frag: TextFragment): void {
  if (frag.style.visibility !== 'visible') return;
  const drawGlyphs = (dx: number, dy: number, color: Color): void => {
    let x = frag.x + dx;
    const ops: string[] = [];
    for (const run of frag.runs) x = paintRun(ctx, run, x, frag.baseline + dy, color, frag.justifySpacing, ops);
    flushText(ctx, ops);
  };
  const shadows = frag.style.textShadow;
  for (let i = shadows.length - 1; i >= 0; i--) {
    const shadow = shadows[i];
    if (shadow && !shadow.inset) drawGlyphs(shadow.x, shadow.y, shadow.color);
  }
  for (const d of frag.decorations) if (d.line !== 'line-through') paintDecoration(ctx, d);
  drawGlyphs(0, 0, frag.style.color);
  for (const d of frag.decorations) if (d.line === 'line-through') paintDecoration(ctx, d);
}
