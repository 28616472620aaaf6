import type { Fragment, TextFragment } from '../fragment.js';
import type { GlyphRun } from '../measurer.js';
import { centralMetrics, isCentral, usedLineHeight } from '../flow/line-height.js';
import type { VerticalMode } from './logical-style.js';

/**
 * Lines of vertical text onto the page (CSS Writing Modes 4 §7). In vertical-rl/lr with
 * text-orientation mixed or upright the dominant baseline is central (CSS Inline 3 §4.2):
 * layout aligns boxes on the middle of each font's em box (flow/line-height.ts centralMetrics), and here each run
 * turns a quarter clockwise about its own alphabetic baseline, its em box's over edge on its
 * central box's; CJK characters (mixed) or all (upright) stand upright in their slot.
 * sideways-rl/lr and text-orientation: sideways keep the alphabetic baseline and turn whole
 * lines (sideways-lr counter-clockwise, its text running up).
 */
export function physicalText(f: TextFragment, pw: number, ph: number, mode: VerticalMode): Fragment | Fragment[] {
  if (!isCentral(f.style)) {
    if (mode === 'sideways-lr') return turned(f, f.baseline, pw - f.x, -90);
    const a = f.runs[0]?.metrics;
    const x =
      mode === 'vertical-lr'
        ? f.baseline - (a ? a.ascent - a.descent : 0) + flipLeading(f, a?.ascent ?? 0, a?.descent ?? 0)
        : ph - f.baseline;
    return turned(f, x, f.x, 90);
  }
  const m = f.runs[0]?.metrics;
  const [a, d] = m ? centralMetrics(m.ascent, m.descent) : [0, 0];
  // The central baseline across the page; vertical-lr mirrors the line, whose over side stays on the right.
  const centre = mode === 'vertical-lr' ? f.baseline - (a - d) + flipLeading(f, a, d) : ph - f.baseline;
  if (f.style.textCombineUpright && m) return combined(f, centre, m.ascent, m.descent);
  return centralLine(f, centre);
}

/**
 * text-combine-upright: all — the text across the line, upright, centred in its 1em slot and
 * squeezed (§9.1.1) into 1.1em, the room Chromium allows (LayoutTextCombine's kTextCombineMargin).
 */
function combined(f: TextFragment, centre: number, ascent: number, descent: number): TextFragment {
  const em = f.style.fontSize;
  const room = em * 1.1;
  const compress = f.width > room ? room / f.width : 1;
  const width = f.width * compress;
  const baseline = f.x + ascent + (em - ascent - descent) / 2;
  return {
    ...f,
    rotation: undefined,
    x: centre - width / 2,
    baseline,
    width,
    decorations: [],
    ...(compress < 1 ? { compress } : {}),
  };
}

/** One turned fragment whose pen is (x, y). */
function turned(f: TextFragment, x: number, y: number, rotation: 90 | -90): TextFragment {
  const dx = x - f.x;
  const dy = y - f.baseline;
  const decorations = f.decorations.length
    ? f.decorations.map((d) => ({ ...d, x: d.x + dx, y: d.y + dy }))
    : f.decorations;
  return { ...f, x, baseline: y, decorations, rotation };
}

/**
 * The odd half-leading of a mirrored (vertical-lr) line: line-metrics floors the top half,
 * Chromium's line over side, which vertical-lr puts on the right, the logical bottom here.
 */
function flipLeading(f: TextFragment, ascent: number, descent: number): number {
  const m = f.runs[0]?.metrics;
  if (!m) return 0;
  const leading = usedLineHeight(f.style, ascent, descent, m.lineGap) - (ascent + descent);
  const top = Math.floor(leading / 2 + 1e-9);
  return leading - 2 * top;
}

/** A central-baseline line: its runs turned about their alphabetic baselines, its upright glyphs apart. */
function centralLine(f: TextFragment, centre: number): Fragment | Fragment[] {
  const all = f.style.textOrientation === 'upright';
  const out: Fragment[] = [];
  let piece: GatheredRun[] = [];
  let pieceX = NaN;
  let pieceY = f.x;
  let y = f.x;
  const flush = (): void => {
    if (piece.length)
      out.push({
        ...f,
        x: pieceX,
        baseline: pieceY,
        runs: piece.map(gatheredRun),
        decorations: [],
        width: y - pieceY,
        rotation: 90,
      });
    piece = [];
  };
  for (const run of f.runs) {
    const [a, d] = [run.metrics.ascent, run.metrics.descent];
    // The em box's over edge on the central box's (Chromium draws from there).
    const pen = centre + centralMetrics(a, d)[0] - a;
    for (let i = 0; i < run.glyphIds.length; i++) {
      const advance = run.advances[i] ?? 0;
      if (all || isUpright(run.glyphText[i] ?? '')) {
        flush();
        // Upright: centred across the line, the em box centred in the advance down it.
        out.push({
          ...f,
          rotation: undefined,
          runs: [sliceRun(run, i)],
          decorations: [],
          width: advance,
          x: centre - advance / 2,
          baseline: y + a + (advance - a - d) / 2,
        });
      } else {
        if (pen !== pieceX) flush();
        if (piece.length === 0) {
          pieceX = pen;
          pieceY = y;
        }
        let last = piece[piece.length - 1];
        if (!last || last.base.fontId !== run.fontId || last.base.size !== run.size) piece.push((last = gather(run)));
        addGlyph(last, run, i);
      }
      y += advance;
    }
  }
  flush();
  if (out.length === 1 && f.decorations.length === 0) return out[0]!;
  if (f.decorations.length) {
    const m = f.runs[0]?.metrics;
    out.push(turned({ ...f, runs: [] }, centre + (m ? centralMetrics(m.ascent, m.descent)[0] - m.ascent : 0), f.x, 90));
  }
  return out;
}

function sliceRun(run: GlyphRun, i: number): GlyphRun {
  const offset = run.offsets?.[i];
  return {
    ...run,
    text: run.glyphText[i] ?? '',
    glyphIds: [run.glyphIds[i]!],
    advances: [run.advances[i] ?? 0],
    glyphText: [run.glyphText[i] ?? ''],
    width: run.advances[i] ?? 0,
    ...(run.offsets ? { offsets: [offset ?? [0, 0]] } : {}),
  };
}

/** Turned glyphs of one font gathered in place, so that a line stays linear in its glyphs. */
interface GatheredRun {
  readonly base: GlyphRun;
  text: string;
  readonly glyphIds: number[];
  readonly advances: number[];
  readonly glyphText: string[];
  readonly offsets: (readonly [number, number])[];
  hasOffsets: boolean;
  width: number;
}

function gather(base: GlyphRun): GatheredRun {
  return { base, text: '', glyphIds: [], advances: [], glyphText: [], offsets: [], hasOffsets: false, width: 0 };
}

function addGlyph(g: GatheredRun, run: GlyphRun, i: number): void {
  const advance = run.advances[i] ?? 0;
  g.width = g.glyphIds.length ? g.width + advance : advance;
  g.text += run.glyphText[i] ?? '';
  g.glyphIds.push(run.glyphIds[i]!);
  g.advances.push(advance);
  g.glyphText.push(run.glyphText[i] ?? '');
  g.offsets.push(run.offsets?.[i] ?? [0, 0]);
  if (run.offsets) g.hasOffsets = true;
}

function gatheredRun(g: GatheredRun): GlyphRun {
  const { base, offsets, hasOffsets, ...glyphs } = g;
  return { ...base, ...glyphs, ...(hasOffsets ? { offsets } : {}) };
}

/** Vertical_Orientation U or Tu (UAX #50) for the blocks CJK text is made of (brackets and the long vowel mark turn). */
function isUpright(text: string): boolean {
  const c = text.codePointAt(0) ?? 0;
  if (c < 0x1100) return false;
  return (
    c <= 0x11ff ||
    (c >= 0x2e80 && c <= 0xa4cf && !(c >= 0x3008 && c <= 0x3011) && !(c >= 0x3014 && c <= 0x301f) && c !== 0x30fc) ||
    (c >= 0xa960 && c <= 0xa97f) ||
    (c >= 0xac00 && c <= 0xd7ff) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0xfe30 && c <= 0xfe4f) ||
    (c >= 0xff01 && c <= 0xff60 && !'（）［］｛｝｟｠＜＞－～＝｜'.includes(text[0]!)) ||
    (c >= 0xffe0 && c <= 0xffe6) ||
    (c >= 0x1f000 && c <= 0x1faff) ||
    (c >= 0x20000 && c <= 0x3fffd)
  );
}
