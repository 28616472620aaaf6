import type { Color, ColorStop } from '@platen/layout';
import { placedStops, type Stop } from './gradient-stops.js';
import type { Rect } from './geometry.js';

/** The parts of PDFKit's PDFGradient that the fill path drives (not in @types/pdfkit). */
interface GradientInternals {
  doc: {
    ref(data: Record<string, unknown>): { end(data?: string): void };
    page: { patterns: Record<string, unknown> };
    _gradCount: number;
  };
  id: string;
  embedded: boolean;
  matrix: number[];
  embed(m: number[]): unknown;
  setTransform(...m: number[]): unknown;
}

/** Gradient line of a linear gradient: start point, unit direction, length (CSS Images 3 §3.1). */
export interface GradientLine {
  readonly x: number;
  readonly y: number;
  readonly dx: number;
  readonly dy: number;
  readonly length: number;
}

const fixed = (n: number): string => String(Math.round(n * 1e6) / 1e6);

/**
 * One period of the gradient as a PostScript calculator function (PDF 32000 §7.10.5) of
 * (u, v), u in periods along the gradient line: the fraction of u picks the stop interval,
 * colours interpolate linearly within it.
 */
function periodFunction(stops: readonly Stop[], period: number): string {
  const first = stops[0]?.at ?? 0;
  const at = stops.map((s) => (s.at - first) / period);
  const rgb = (c: Color): number[] => [c.r / 255, c.g / 255, c.b / 255];
  const interval = (i: number): string => {
    const a = rgb(stops[i]!.color);
    const b = rgb(stops[i + 1]!.color);
    const span = at[i + 1]! - at[i]!;
    if (span <= 0 || a.every((v, k) => v === b[k])) return `pop ${b.map(fixed).join(' ')}`;
    const d = b.map((v, k) => v - a[k]!);
    return `${fixed(at[i]!)} sub ${fixed(1 / span)} mul dup ${fixed(d[0]!)} mul ${fixed(a[0]!)} add exch dup ${fixed(d[1]!)} mul ${fixed(a[1]!)} add exch ${fixed(d[2]!)} mul ${fixed(a[2]!)} add`;
  };
  let body = interval(stops.length - 2);
  for (let i = stops.length - 3; i >= 0; i--) body = `dup ${fixed(at[i + 1]!)} le {${interval(i)}} {${body}} ifelse`;
  return `{pop dup floor sub ${body}}`;
}

/**
 * A repeating-linear-gradient as Chromium prints it: a function-based shading (type 1) whose
 * function repeats one period, so viewers sample each pixel exactly (crisp 1 px barcode bars)
 * instead of interpolating a long stitched axial shading. Opaque stops only (null otherwise:
 * transparent stops need the soft-mask path of PDFKit's gradients).
 */
export function repeatingLinearGradient(
  doc: PDFKit.PDFDocument,
  stops: readonly ColorStop[],
  line: GradientLine,
  paint: Rect,
): PDFKit.PDFGradient | null {
  const placed = placedStops(stops, line.length);
  const first = placed[0];
  const last = placed[placed.length - 1];
  if (!first || !last || placed.length < 2 || placed.some((s) => s.color.a < 1)) return null;
  const period = last.at - first.at;
  if (!(period > 0)) return null;
  // Shading space: u in periods from the first stop, v across the line, in px.
  const ox = line.x + line.dx * first.at;
  const oy = line.y + line.dy * first.at;
  const corners = [
    [paint.x, paint.y],
    [paint.x + paint.width, paint.y],
    [paint.x, paint.y + paint.height],
    [paint.x + paint.width, paint.y + paint.height],
  ];
  const us = corners.map(([x, y]) => ((x! - ox) * line.dx + (y! - oy) * line.dy) / period);
  const vs = corners.map(([x, y]) => (x! - ox) * -line.dy + (y! - oy) * line.dx);
  const domain = [Math.min(...us), Math.max(...us), Math.min(...vs), Math.max(...vs)].map(
    (n) => Math.round(n * 1e4) / 1e4,
  );

  const grad = doc.linearGradient(0, 0, 1, 0) as unknown as GradientInternals;
  grad.setTransform(line.dx * period, line.dy * period, -line.dy, line.dx, ox, oy);
  grad.embed = function embed(this: GradientInternals, m: number[]): unknown {
    const fn = this.doc.ref({ FunctionType: 4, Domain: domain, Range: [0, 1, 0, 1, 0, 1] });
    fn.end(periodFunction(placed, period));
    const shading = this.doc.ref({ ShadingType: 1, ColorSpace: 'DeviceRGB', Domain: domain, Function: fn });
    shading.end();
    const pattern = this.doc.ref({
      Type: 'Pattern',
      PatternType: 2,
      Shading: shading,
      Matrix: m.map((n) => Math.round(n * 1e6) / 1e6),
    });
    pattern.end();
    this.id = `Sh${++this.doc._gradCount}`;
    this.doc.page.patterns[this.id] = pattern;
    this.embedded = true;
    this.matrix = m;
    return pattern;
  };
  return grad as unknown as PDFKit.PDFGradient;
}
