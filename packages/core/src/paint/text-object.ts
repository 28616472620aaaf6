import type { GlyphRun } from '@platen/layout';
import type { ResolvedFace } from '../resources/fonts.js';
import type { PaintContext } from './paint-context.js';
import type { PdfGlyph } from './pdf-fonts.js';
import { num } from './pdf-number.js';
import { fontSize, shapingSize } from '../text/measurer.js';

/** Skia's fake-bold outline: 1/24 em at 9px down to 1/32 em at 36px and above. */
export function fakeBoldWidth(size: number): number {
  const t = Math.min(1, Math.max(0, (size - 9) / (36 - 9)));
  return size * (1 / 24 + t * (1 / 32 - 1 / 24));
}
/** Skia's synthetic italic skew (SkFont::setSkewX(-1/4)). */
export const OBLIQUE_SKEW = 0.25;

/**
 * A run of mapped glyphs without mark offsets (see plainRun): everything needed to show it
 * but its position, per document (the font resource name and CIDs are the document's).
 */
export interface PlainRun {
  /** `/F2 13.33 Tf`. */
  readonly font: string;
  /** Synthetic bold: drawn with `2 Tr`, stroked `lineWidth` wide in the fill colour. */
  readonly bold: boolean;
  readonly lineWidth: string;
  /** Letter-spacing as character spacing (Tc): extraction counts it as part of each glyph. */
  readonly charSpacing: number;
  /** The text matrix's skew operand (synthetic oblique). */
  readonly skew: string;
  /**
   * The glyphs in drawing order, their own widths (px) and their advances (px), the first
   * `count` of each: the run's own advances, or scratch arrays. `show` writes the TJ array's
   * contents from them. The next plainRun call overwrites the run and its arrays: show it first.
   */
  readonly glyphs: readonly PdfGlyph[];
  readonly natural: readonly number[];
  readonly advances: readonly number[];
  readonly count: number;
  readonly size: number;
  /** How far (thousandths of an em) TJ adjustments may be carried to the next glyph (DRIFT_PX); 0: none. */
  readonly carryLimit: number;
}

/**
 * The extra advance most glyphs of a run have (its letter-spacing), or 0, from the glyphs'
 * advances and own widths in px, in drawing order (the first `n`). Glyphs are drawn at `size` but were
 * measured at shapingSize(size), a little smaller: that part is not letter-spacing (TJ
 * adjustments carry it).
 */
export function letterSpacingOf(
  advances: readonly number[],
  natural: readonly number[],
  size: number,
  n = advances.length,
): number {
  if (n < 2) return 0;
  const shaped = shapingSize(size) / size;
  // The median (element n/2 of the sorted extras) exceeds 0.05 only if at least n - n/2
  // extras do: the usual run (no letter-spacing; justified spaces are a minority) is
  // settled in one pass, without the array and sort below.
  let over = 0;
  for (let k = 0; k < n; k++) if (extraAdvance(advances, natural, shaped, k) > 0.05) over++;
  if (over < n - Math.floor(n / 2)) return 0;
  const extras: number[] = [];
  for (let k = 0; k < n; k++) extras.push(extraAdvance(advances, natural, shaped, k));
  extras.sort((a, b) => a - b);
  const median = extras[Math.floor(n / 2)] ?? 0;
  return median > 0.05 ? median : 0;
}

/** Glyph k's advance beyond its own width at the shaping size (`shaped`: shaping ÷ drawing size), to 0.01 px. */
function extraAdvance(advances: readonly number[], natural: readonly number[], shaped: number, k: number): number {
  return Math.round(((advances[k] ?? 0) - (natural[k] ?? 0) * shaped) * 100) / 100;
}

/**
 * How far (px) a glyph of a plain run may be drawn from its measured position. Glyphs are
 * drawn at the font size but measured at the shaping size, 1/64 px smaller or less (see
 * shapingSize): nearly every glyph was a TJ adjustment of 0.04–0.1 thousandths of an em,
 * about half the bytes of a page's text. The adjustments are carried and written once they
 * add up to more than this, and at the end of the run, which so ends where it was measured.
 */
const DRIFT_PX = 0.01;
/** A fragment starting this close to the pen continues the text matrix (startAt). */
const SAME_PEN_PX = 0.001;

/**
 * Scratch arrays for plainRun, which builds one run at a time: three arrays per distinct
 * run were a large share of painting's garbage (advances are kept, the others are not).
 */
const scratchGlyphs: PdfGlyph[] = [];
const scratchNatural: number[] = [];
/** Advances of a run drawn in another order or justified (a justified paragraph: every word). */
const scratchAdvances: number[] = [];
/** plainRun's result: one object, filled again for each run (a run is shown before the next is made). */
const scratchRun: { -readonly [K in keyof PlainRun]: PlainRun[K] } = {
  font: '',
  bold: false,
  lineWidth: '',
  charSpacing: 0,
  skew: '',
  glyphs: scratchGlyphs,
  natural: scratchNatural,
  advances: scratchAdvances,
  count: 0,
  size: 0,
  carryLimit: 0,
};

/** `/F2 13.33 Tf` for a face and size, made once per document (PaintContext.tfOperators). */
function tfOperator(ctx: PaintContext, resolved: ResolvedFace, size: number): string {
  let bySize = ctx.tfOperators.get(resolved);
  if (!bySize) ctx.tfOperators.set(resolved, (bySize = new Map()));
  let tf = bySize.get(size);
  if (tf === undefined) bySize.set(size, (tf = `/${ctx.fonts.use(resolved)} ${num(size)} Tf`));
  return tf;
}

/**
 * The run as a PlainRun, or null when a glyph has a mark offset or a ToUnicode entry that
 * says something else (those need their own text matrix or /ActualText: paint-text.ts).
 * Glyphs are looked up in drawing order, as the general path does, so CIDs are the same.
 */
export function plainRun(
  ctx: PaintContext,
  run: GlyphRun,
  resolved: ResolvedFace,
  carry: boolean,
  justify = 0,
): PlainRun | null {
  const n = run.glyphIds.length;
  if (n === 0) return null;
  const glyph = ctx.fonts.glyphLookup(resolved);
  const size = fontSize(run.size);
  const glyphs = scratchGlyphs;
  const natural = scratchNatural;
  // Left to right and unjustified, the drawing order is the run's: its advances are kept as
  // they are. Justification widens each space (CSS Text 3 §7.4) by an adjustment after it.
  let advances: number[] | readonly number[] = run.advances;
  // (Scratch arrays keep their length: the first n entries are this run's.)
  if (run.rtl || justify !== 0 || run.advances.length !== n) advances = scratchAdvances;
  for (let k = 0; k < n; k++) {
    const i = run.rtl ? n - 1 - k : k;
    const offset = run.offsets?.[i];
    if (offset && (offset[0] !== 0 || offset[1] !== 0)) return null;
    const text = run.glyphText[i] ?? '';
    const g = glyph(run.glyphIds[i] ?? 0, text);
    if (!g.mapped && text !== '') return null;
    glyphs[k] = g;
    natural[k] = (g.width * size) / 1000;
    if (advances !== run.advances)
      (advances as number[])[k] = (run.advances[i] ?? 0) + (justify !== 0 && text === ' ' ? justify : 0);
  }
  const charSpacing = letterSpacingOf(advances, natural, size, n);
  const bold = resolved.syntheticBold;
  const out = scratchRun;
  out.font = tfOperator(ctx, resolved, size);
  out.bold = bold;
  out.lineWidth = bold ? `${num(fakeBoldWidth(run.size))} w` : '';
  out.charSpacing = charSpacing;
  out.skew = num(resolved.syntheticOblique ? OBLIQUE_SKEW : 0);
  out.advances = advances;
  out.count = n;
  out.size = size;
  // Letter-spaced and rotated runs keep one adjustment per glyph: pdftotext split 'OFFICIAL'
  // spaced by 0.1 em into 'OF FI CI AL' and a stamp rotated by 8° into 'ca rd endin g' where
  // glyphs shared one (corpus watermark, words found 100 → 96.5 %).
  out.carryLimit = carry && charSpacing === 0 ? (DRIFT_PX * 1000) / size : 0;
  return out;
}

/**
 * Push the TJ array's contents for a plain run onto `parts`: its glyphs, with the adjustments
 * that give their measured advances. Pieces are pushed, not concatenated: a string built per
 * run (and again per line) was the largest allocation of painting a long text (session 16).
 */
function pushBody(run: PlainRun, parts: string[]): void {
  const { glyphs, natural, advances, count: n, size, charSpacing, carryLimit: limit } = run;
  let drift = 0;
  for (let k = 0; k < n; k++) {
    const g = glyphs[k]!;
    parts.push(g.shown);
    drift += ((natural[k]! + charSpacing - advances[k]!) * 1000) / size;
    if (k < n - 1 && Math.abs(drift) <= limit) continue;
    if (Math.abs(drift) > 0.0001) parts.push(num(drift));
    drift = 0;
  }
}

/**
 * One text object (BT…ET) for consecutive plain runs of a line, and for consecutive lines
 * that are only glyphs (paint-pdf.ts paintInlines): the font is set only when it changes,
 * and a run continues the previous one's TJ array, whose adjustments leave the text matrix
 * at the pen (runs of a fragment are contiguous, in visual order); a line starts with its
 * own Tm. One text object per run, each with its Tf and Tm, was most of a long table's
 * content stream. Operators are pushed onto `ops`, a stream's (PaintContext.ops).
 */
export class TextObject {
  readonly #ops: string[];
  #open = false;
  #font = '';
  #charSpacing = 0;
  #bold = false;
  #lineWidth = '';
  #skew = '';
  /** Is the text matrix at the pen (after a plain run)? Otherwise the next run sets it. */
  #atPen = false;
  /** Where the pen is after the last plain run (px), for startAt. */
  #penX = NaN;
  #penBaseline = NaN;
  /** The open TJ array's pieces, from its `[`; empty when none is open. */
  readonly #parts: string[] = [];

  constructor(ops: string[]) {
    this.#ops = ops;
  }

  /** The operator list it writes to (a stream's: PaintContext.ops). */
  get ops(): string[] {
    return this.#ops;
  }

  /** Show a plain run whose first glyph starts at (x, baseline). */
  show(run: PlainRun, x: number, baseline: number): void {
    const ops = this.#ops;
    this.#begin();
    if (run.font !== this.#font) {
      this.endArray();
      ops.push(run.font);
      this.#font = run.font;
    }
    // Tr, Tc and w are graphics state and outlive ET: they start at 0 (close() resets them).
    if (run.bold !== this.#bold) {
      this.endArray();
      ops.push(run.bold ? '2 Tr' : '0 Tr');
      this.#bold = run.bold;
    }
    if (run.bold && run.lineWidth !== this.#lineWidth) {
      this.endArray();
      ops.push(run.lineWidth);
      this.#lineWidth = run.lineWidth;
    }
    if (run.charSpacing !== this.#charSpacing) {
      this.endArray();
      ops.push(`${num(run.charSpacing)} Tc`);
      this.#charSpacing = run.charSpacing;
    }
    if (!this.#atPen || run.skew !== this.#skew) {
      this.endArray();
      ops.push(`1 0 ${run.skew} -1 ${num(x)} ${num(baseline)} Tm`);
      this.#skew = run.skew;
      this.#atPen = true;
    }
    if (this.#parts.length === 0) this.#parts.push('[');
    pushBody(run, this.#parts);
    let pen = x;
    for (let k = 0; k < run.count; k++) pen += run.advances[k]!;
    this.#penX = pen;
    this.#penBaseline = baseline;
  }

  #begin(): void {
    if (this.#open) return;
    this.#ops.push('BT');
    this.#open = true;
    this.#font = '';
    this.#atPen = false;
  }

  /**
   * Open a marked-content sequence (a tagged PDF's `BDC`) inside the text object: ISO 32000-1
   * §8.2 Figure 9 allows marked-content operators in text objects, so the cells of a table can
   * share one, each its own MCID. `unmark` closes it; nothing may close the text object between.
   */
  mark(op: string): void {
    this.#begin();
    this.endArray();
    this.#ops.push(op);
  }

  unmark(): void {
    this.endArray();
    this.#ops.push('EMC');
  }

  /**
   * The operator list, inside the text object, for a run written by hand (marks, /ActualText):
   * Tc and Tr back at 0 as a new text object has them, and every other state left unknown.
   */
  raw(): string[] {
    this.#begin();
    this.endArray();
    if (this.#charSpacing !== 0) this.#ops.push('0 Tc');
    if (this.#bold) this.#ops.push('0 Tr');
    this.#charSpacing = 0;
    this.#bold = false;
    this.#font = '';
    this.#lineWidth = '';
    this.#atPen = false;
    return this.#ops;
  }

  /** The pen after the last run shown (px). */
  get penX(): number {
    return this.#penX;
  }

  /**
   * The next run starts at (x, baseline): the text matrix is kept where the last plain run
   * left it when that is there (the next word of a line), otherwise the run sets its own.
   */
  startAt(x: number, baseline: number): void {
    if (!this.#atPen || baseline !== this.#penBaseline || Math.abs(x - this.#penX) > SAME_PEN_PX) this.#atPen = false;
  }

  /** Write the open TJ array, before any other operator (a colour between runs). */
  endArray(): void {
    if (this.#parts.length === 0) return;
    this.#parts.push('] TJ');
    this.#ops.push(this.#parts.join(''));
    this.#parts.length = 0;
  }

  /** The pen moved without showing glyphs here: the next run sets the text matrix. */
  moved(): void {
    this.#atPen = false;
  }

  /** End the text object, if open, with Tc and Tr back at 0. */
  close(): void {
    if (!this.#open) return;
    this.endArray();
    if (this.#charSpacing !== 0) this.#ops.push('0 Tc');
    if (this.#bold) this.#ops.push('0 Tr');
    this.#ops.push('ET');
    this.#open = false;
    this.#charSpacing = 0;
    this.#bold = false;
    // Another run's path may write its own `w` before this object opens again.
    this.#lineWidth = '';
  }
}
