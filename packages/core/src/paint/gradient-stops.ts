import { resolveLength, type Color, type ColorStop } from '@platen/layout';

export interface Stop {
  /** px along the gradient line (or ray). */
  readonly at: number;
  readonly color: Color;
}

/** The most stops one gradient may expand to (repeating gradients over large boxes). */
const MAX_STOPS = 4000;

/** Positions fixed up per CSS Images 3 §3.5.3: missing ends, decreasing stops, even spacing. */
function placeStops(stops: readonly ColorStop[], length: number): Stop[] {
  const pos: (number | null)[] = stops.map((s) => (s.position === null ? null : resolveLength(s.position, length)));
  if (pos[0] === null) pos[0] = 0;
  if (pos[pos.length - 1] === null) pos[pos.length - 1] = length;
  let max = -Infinity;
  pos.forEach((v, i) => {
    if (v !== null && v !== undefined) pos[i] = max = Math.max(max, v);
  });
  for (let i = 0; i < pos.length; i++) {
    if (pos[i] !== null) continue;
    let j = i;
    while (pos[j] === null) j++;
    const a = pos[i - 1] ?? 0;
    const b = pos[j] ?? length;
    for (let k = i; k < j; k++) pos[k] = a + ((b - a) * (k - i + 1)) / (j - i + 1);
  }
  return stops.map((s, i) => ({ at: pos[i] ?? 0, color: s.color }));
}

/**
 * Colours are interpolated premultiplied (CSS Images 4 §3.7.2): a fully transparent stop
 * takes the colour of its neighbours, split in two when they differ, so `red → transparent`
 * fades red instead of going through grey.
 */
function premultiplyTransparent(stops: readonly Stop[]): Stop[] {
  const out: Stop[] = [];
  stops.forEach((s, i) => {
    if (s.color.a > 0) {
      out.push(s);
      return;
    }
    const prev = stops[i - 1]?.color;
    const next = stops[i + 1]?.color;
    if (prev) out.push({ at: s.at, color: { ...prev, a: 0 } });
    if (next && (!prev || next.r !== prev.r || next.g !== prev.g || next.b !== prev.b))
      out.push({ at: s.at, color: { ...next, a: 0 } });
    if (!prev && !next) out.push(s);
  });
  return out;
}

function lerp(a: Color, b: Color, t: number): Color {
  return { r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t, a: a.a + (b.a - a.a) * t };
}

function colorAt(stops: readonly Stop[], at: number): Color {
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first || !last) return { r: 0, g: 0, b: 0, a: 0 };
  if (at <= first.at) return first.color;
  if (at >= last.at) return last.color;
  for (let i = 1; i < stops.length; i++) {
    const a = stops[i - 1];
    const b = stops[i];
    if (a && b && at <= b.at) return b.at === a.at ? b.color : lerp(a.color, b.color, (at - a.at) / (b.at - a.at));
  }
  return last.color;
}

function repeat(stops: readonly Stop[], length: number): Stop[] {
  const first = stops[0]?.at ?? 0;
  const period = (stops[stops.length - 1]?.at ?? 0) - first;
  if (period <= 0) return stops.slice(-1).map((s) => ({ at: 0, color: s.color }));
  const out: Stop[] = [];
  const from = Math.floor((0 - first) / period);
  const to = Math.ceil((length - first) / period);
  for (let k = from; k <= to && out.length < MAX_STOPS; k++) {
    for (const s of stops) out.push({ at: s.at + k * period, color: s.color });
  }
  return out;
}

/** The stops at their positions along a gradient line of `length` px, transparent ones split. */
export function placedStops(stops: readonly ColorStop[], length: number): Stop[] {
  return premultiplyTransparent(placeStops(stops, length));
}

/**
 * Stops over [0, length] ready for a PDF shading: the first at 0, the last at `length`,
 * repeated for repeating-*-gradient, cut (with interpolated colours) at both ends.
 */
export function gradientStops(stops: readonly ColorStop[], length: number, repeating: boolean): Stop[] {
  let placed = placedStops(stops, length);
  if (repeating) placed = repeat(placed, length);
  const inside = placed.filter((s) => s.at > 0 && s.at < length);
  return [{ at: 0, color: colorAt(placed, 0) }, ...inside, { at: length, color: colorAt(placed, length) }];
}
