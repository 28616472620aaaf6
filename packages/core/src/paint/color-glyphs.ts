import type { Font, Glyph, PathCommand } from 'fontkit';
import type { Color, GlyphRun } from '@platen/layout';
import type { PaintContext } from './paint-context.js';
import { num } from './pdf-number.js';

/** One layer of a colour glyph: its outline as PDF path operators in font units, and its colour. */
interface Layer {
  readonly path: string;
  /** null: the text's own colour (palette index 0xFFFF). */
  readonly color: Color | null;
}

const FOREGROUND = 0xffff;
/** Layers per font and glyph id, made once per process (an emoji's outlines do not change). */
const layersByFont = new WeakMap<Font, Map<number, readonly Layer[]>>();

/** A glyph outline as path construction operators (quadratic segments raised to cubic ones). */
function pathOperators(commands: readonly PathCommand[]): string {
  const out: string[] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  for (const { command, args } of commands) {
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = args;
    if (command === 'moveTo') {
      [x, y, startX, startY] = [a, b, a, b];
      out.push(`${num(a)} ${num(b)} m`);
    } else if (command === 'lineTo') {
      [x, y] = [a, b];
      out.push(`${num(a)} ${num(b)} l`);
    } else if (command === 'quadraticCurveTo') {
      const c1 = [x + ((a - x) * 2) / 3, y + ((b - y) * 2) / 3];
      const c2 = [c + ((a - c) * 2) / 3, d + ((b - d) * 2) / 3];
      [x, y] = [c, d];
      out.push(`${num(c1[0] ?? 0)} ${num(c1[1] ?? 0)} ${num(c2[0] ?? 0)} ${num(c2[1] ?? 0)} ${num(c)} ${num(d)} c`);
    } else if (command === 'bezierCurveTo') {
      [x, y] = [e, f];
      out.push(`${num(a)} ${num(b)} ${num(c)} ${num(d)} ${num(e)} ${num(f)} c`);
    } else {
      [x, y] = [startX, startY];
      out.push('h');
    }
  }
  return out.join(' ');
}

/** fontkit's glyph cache and outline reader (fontkit/src/TTFFont.js, WOFF2Font.js). */
interface FontGlyphInternals {
  readonly _glyphs: Record<number, Glyph | undefined>;
  _getBaseGlyph(id: number): Glyph | null | undefined;
}

/**
 * A glyph's own outline. In a font with a COLR table fontkit's getGlyph gives every glyph as a
 * COLRGlyph, whose path is empty; its base-glyph reader answers only for a glyph not yet cached
 * (WOFF2Font), so the cache entry is set aside while it reads.
 */
function outlineOf(font: Font, glyphId: number): readonly PathCommand[] {
  const internals = font as unknown as FontGlyphInternals;
  const cached = internals._glyphs[glyphId];
  delete internals._glyphs[glyphId];
  try {
    return internals._getBaseGlyph(glyphId)?.path.commands ?? [];
  } finally {
    if (cached) internals._glyphs[glyphId] = cached;
    else delete internals._glyphs[glyphId];
  }
}

/**
 * The layers of a glyph (OpenType COLR version 0, palette 0), bottom first; a glyph the COLR
 * table does not list is its own outline in the text colour. Read from the tables here:
 * fontkit's COLRGlyph.layers loses the layer glyphs of WOFF2 fonts (see outlineOf).
 */
function layersOf(font: Font, glyphId: number): readonly Layer[] {
  let known = layersByFont.get(font);
  if (!known) layersByFont.set(font, (known = new Map()));
  let layers = known.get(glyphId);
  if (layers) return layers;
  const records = font.COLR?.baseGlyphRecord ?? [];
  let low = 0;
  let high = records.length - 1;
  let base: (typeof records)[number] | undefined;
  while (low <= high && !base) {
    const mid = (low + high) >> 1;
    const record = records[mid];
    if (!record) break;
    if (record.gid === glyphId) base = record;
    else if (record.gid < glyphId) low = mid + 1;
    else high = mid - 1;
  }
  const parts = base
    ? (font.COLR?.layerRecords ?? []).slice(base.firstLayerIndex, base.firstLayerIndex + base.numLayers)
    : [{ gid: glyphId, paletteIndex: FOREGROUND }];
  layers = parts.flatMap(({ gid, paletteIndex }) => {
    const path = pathOperators(outlineOf(font, gid));
    const entry = paletteIndex === FOREGROUND ? undefined : font.CPAL?.colorRecords[paletteIndex];
    const color = entry ? { r: entry.red, g: entry.green, b: entry.blue, a: entry.alpha / 255 } : null;
    return path === '' ? [] : [{ path, color }];
  });
  known.set(glyphId, layers);
  return layers;
}

/** A layer's colour under the text's: its palette colour takes the text colour's opacity. */
function layerColor(layer: Layer, fill: Color): Color {
  if (!layer.color) return fill;
  return fill.a >= 1 ? layer.color : { ...layer.color, a: layer.color.a * fill.a };
}

/** Where a run is drawn: pen origin, Tf size and the synthetic oblique's skew (0: none). */
export interface RunPlacement {
  readonly x: number;
  readonly baseline: number;
  readonly size: number;
  readonly skew: number;
}

/**
 * Paint a run of a colour font's glyphs as filled vector paths, each glyph's layers in their
 * palette colours; `fill` is the text colour. The run's text itself is drawn invisibly by the
 * caller, for extraction and search.
 */
export function paintColorLayers(ctx: PaintContext, font: Font, run: GlyphRun, at: RunPlacement, fill: Color): void {
  // Chromium paints nothing of text whose colour is transparent, colour glyphs included.
  if (fill.a <= 0) return;
  const scale = at.size / font.unitsPerEm;
  // Font units (y up) onto the page (y down), slanted as the text matrix is (paint-text.ts).
  const units = `${num(scale)} 0 ${num(at.skew * scale)} ${num(-scale)}`;
  const n = run.glyphIds.length;
  let pen = at.x;
  for (let k = 0; k < n; k++) {
    const i = run.rtl ? n - 1 - k : k;
    const layers = layersOf(font, run.glyphIds[i] ?? 0);
    if (layers.length > 0) {
      ctx.save();
      ctx.ops().push(`${units} ${num(pen)} ${num(at.baseline)} cm`);
      for (const layer of layers) {
        ctx.setFill(layerColor(layer, fill));
        ctx.ops().push(layer.path, 'f');
      }
      ctx.restore();
    }
    pen += run.advances[i] ?? 0;
  }
}
