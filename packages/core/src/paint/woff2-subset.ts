/**
 * WOFF2 fonts (what Google Fonts serves browsers) store glyf/loca transformed, and
 * fontkit's TrueType subsetter copies raw glyf bytes through loca, which then fails; its
 * own re-encoder (TTFGlyphEncoder) is broken in fontkit 2.0.4. So glyphs of WOFF2 fonts
 * are written here from their decoded outlines as plain TrueType simple glyphs
 * (composites flattened, hinting dropped: neither matters in a PDF).
 */

interface PathCommand {
  readonly command: string;
  readonly args: readonly number[];
}

/** fontkit's TTFSubset internals (fontkit/src/subset/TTFSubset.js). */
export interface TtfSubsetInternals {
  font: {
    getGlyph(id: number): {
      path: { commands: PathCommand[] };
      advanceWidth: number;
      _getMetrics(): { leftBearing: number };
    };
  };
  glyf: Uint8Array[];
  loca: { offsets: number[] };
  hmtx: { metrics: { advance: number; bearing: number }[] };
  offset: number;
  _addGlyph(gid: number): number;
}

interface Point {
  readonly x: number;
  readonly y: number;
  readonly on: boolean;
}

function contoursOf(commands: readonly PathCommand[]): Point[][] {
  const contours: Point[][] = [];
  let current: Point[] | null = null;
  const point = (x: number | undefined, y: number | undefined, on: boolean): Point => ({
    x: Math.round(x ?? 0),
    y: Math.round(y ?? 0),
    on,
  });
  for (const { command, args } of commands) {
    if (command === 'moveTo') {
      current = [point(args[0], args[1], true)];
      contours.push(current);
    } else if (command === 'lineTo') {
      current?.push(point(args[0], args[1], true));
    } else if (command === 'quadraticCurveTo') {
      current?.push(point(args[0], args[1], false), point(args[2], args[3], true));
    } else if (command === 'closePath' && current && current.length > 1) {
      const first = current[0];
      const last = current[current.length - 1];
      if (first && last && last.on && last.x === first.x && last.y === first.y) current.pop();
    }
  }
  return contours.filter((c) => c.length > 0);
}

/** A TrueType simple glyph (OpenType glyf table) with uncompressed flags and 16-bit deltas. */
export function encodeSimpleGlyph(commands: readonly PathCommand[]): Uint8Array {
  const contours = contoursOf(commands);
  const points = contours.flat();
  if (points.length === 0) return new Uint8Array(0);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const size = 10 + 2 * contours.length + 2 + points.length * 5;
  const bytes = new Uint8Array(size + ((4 - (size % 4)) % 4));
  const view = new DataView(bytes.buffer);
  let pos = 0;
  const i16 = (v: number): void => {
    view.setInt16(pos, v);
    pos += 2;
  };
  i16(contours.length);
  i16(Math.min(...xs));
  i16(Math.min(...ys));
  i16(Math.max(...xs));
  i16(Math.max(...ys));
  let end = -1;
  for (const c of contours) {
    end += c.length;
    view.setUint16(pos, end);
    pos += 2;
  }
  i16(0); // no instructions
  for (const p of points) bytes[pos++] = p.on ? 1 : 0;
  let prev = 0;
  for (const x of xs) {
    i16(x - prev);
    prev = x;
  }
  prev = 0;
  for (const y of ys) {
    i16(y - prev);
    prev = y;
  }
  return bytes;
}

export function reencodeWoff2Glyphs(subset: TtfSubsetInternals): void {
  subset._addGlyph = function addGlyph(this: TtfSubsetInternals, gid: number): number {
    const glyph = this.font.getGlyph(gid);
    const buffer = encodeSimpleGlyph(glyph.path.commands);
    this.glyf.push(buffer);
    this.loca.offsets.push(this.offset);
    this.hmtx.metrics.push({ advance: glyph.advanceWidth, bearing: glyph._getMetrics().leftBearing });
    this.offset += buffer.length;
    return this.glyf.length - 1;
  };
}
