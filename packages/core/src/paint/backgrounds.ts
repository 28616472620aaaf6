import { resolveLength, type BackgroundLayer, type BoxFragment, type Edges } from '@platen/layout';
import type { PaintContext } from './paint-context.js';
import { borderRadii, innerRadii, insetRect, type Radii, type Rect } from './geometry.js';
import { fillGradient } from './gradients.js';
import { gradientStops } from './gradient-stops.js';
import { drawImage } from './draw-image.js';

type BoxArea = 'border-box' | 'padding-box' | 'content-box';
/** A tiled background is drawn tile by tile; beyond this many tiles the rest is dropped. */
const MAX_TILES = 4000;

function areaEdges(frag: BoxFragment, area: BoxArea): Edges {
  if (area === 'border-box') return { top: 0, right: 0, bottom: 0, left: 0 };
  const b = frag.border;
  if (area === 'padding-box') return b;
  const p = frag.padding;
  return { top: b.top + p.top, right: b.right + p.right, bottom: b.bottom + p.bottom, left: b.left + p.left };
}

/** An area of the border box `outer` (already pixel-snapped, as Chromium's background painter has it). */
function boxArea(frag: BoxFragment, outer: Rect, area: BoxArea, radii: Radii): { rect: Rect; radii: Radii } {
  const edges = areaEdges(frag, area);
  return { rect: insetRect(outer, edges), radii: innerRadii(radii, edges) };
}

/** CSS Backgrounds 3 §3.9 background-size, for an image of intrinsic size `w`×`h` (0 for gradients). */
function tileSize(layer: BackgroundLayer, area: Rect, w: number, h: number): [number, number] {
  const size = layer.size;
  if (w <= 0 || h <= 0) {
    if (size === 'auto' || size === 'cover' || size === 'contain') return [area.width, area.height];
    const sw = size[0] === 'auto' ? area.width : resolveLength(size[0], area.width);
    const sh = size[1] === 'auto' ? area.height : resolveLength(size[1], area.height);
    return [sw, sh];
  }
  if (size === 'cover' || size === 'contain') {
    const f = (size === 'cover' ? Math.max : Math.min)(area.width / w, area.height / h);
    return [w * f, h * f];
  }
  if (size === 'auto') return [w, h];
  const sw = size[0] === 'auto' ? null : resolveLength(size[0], area.width);
  const sh = size[1] === 'auto' ? null : resolveLength(size[1], area.height);
  if (sw !== null && sh !== null) return [sw, sh];
  if (sw !== null) return [sw, (sw * h) / w];
  if (sh !== null) return [(sh * w) / h, sh];
  return [w, h];
}

/** Tile origins along one axis covering [clipStart, clipEnd). */
function tiles(
  repeat: string,
  areaStart: number,
  areaSize: number,
  pos: number,
  size: number,
  clipStart: number,
  clipEnd: number,
): { starts: number[]; size: number } {
  if (size <= 0) return { starts: [], size };
  if (repeat === 'no-repeat') return { starts: [areaStart + pos], size };
  if (repeat === 'space') {
    // §3.4 space: as many whole tiles as fit, the first and last touching the edges.
    const n = Math.floor(areaSize / size);
    if (n < 2) return { starts: n === 1 ? [areaStart + pos] : [], size };
    const step = size + (areaSize - n * size) / (n - 1);
    const starts: number[] = [];
    for (
      let k = Math.floor((clipStart - areaStart) / step);
      areaStart + k * step < clipEnd && starts.length < MAX_TILES;
      k++
    )
      starts.push(areaStart + k * step);
    return { starts, size };
  }
  let s = size;
  if (repeat === 'round') s = areaSize / Math.max(1, Math.round(areaSize / size));
  const first = areaStart + pos - Math.ceil((areaStart + pos - clipStart) / s) * s;
  const starts: number[] = [];
  for (let t = first; t < clipEnd && starts.length < MAX_TILES; t += s) starts.push(t);
  return { starts, size: s };
}

type Tiles = ReturnType<typeof tiles>;
type Linear = Extract<BackgroundLayer['image'], { kind: 'linear-gradient' }>;

/** Tiles that touch (`repeat`, `round`; any one tile): no gaps between them along the axis. */
function contiguous(t: Tiles): boolean {
  return t.starts.length < 2 || Math.abs(t.starts[1]! - t.starts[0]! - t.size) < 1e-6;
}

/**
 * A linear gradient along an axis (0°, 90°, 180°, 270°) in tiles that touch is the same stripe in
 * every tile: the layer is one repeating gradient with the tile's length as its period (CSS Images 3
 * §3.1, §3.4), a single shading where thousands of tiles each drew one (a page-wide grid of 20 px
 * tiles was 8 MB a page and took seconds to view). Null for other gradients and tilings.
 */
function stripesOf(g: Linear, xs: Tiles, ys: Tiles): { gradient: Linear; area: Rect } | null {
  if (g.repeating || g.angleDeg % 90 !== 0 || !contiguous(xs) || !contiguous(ys)) return null;
  if (xs.starts.length * ys.starts.length < 2) return null;
  const length = (g.angleDeg / 90) % 2 === 0 ? ys.size : xs.size;
  const stops = gradientStops(g.stops, length, false).map((s) => ({ color: s.color, position: s.at }));
  const x = xs.starts[0]!;
  const y = ys.starts[0]!;
  const area = {
    x,
    y,
    width: xs.starts[xs.starts.length - 1]! + xs.size - x,
    height: ys.starts[ys.starts.length - 1]! + ys.size - y,
  };
  return { gradient: { ...g, stops, repeating: true }, area };
}

function paintLayer(ctx: PaintContext, frag: BoxFragment, outer: Rect, layer: BackgroundLayer, radii: Radii): void {
  const origin = boxArea(frag, outer, layer.origin, radii).rect;
  const clip = boxArea(frag, outer, layer.clip, radii);
  const image = layer.image;
  let w = 0;
  let h = 0;
  if (image.kind === 'url') {
    const info = ctx.images.info(image.url);
    if (!info) return;
    [w, h] = [info.width, info.height];
  }
  const [tw, th] = tileSize(layer, origin, w, h);
  const px = resolveLength(layer.position[0], origin.width - tw);
  const py = resolveLength(layer.position[1], origin.height - th);
  const xs = tiles(layer.repeat[0], origin.x, origin.width, px, tw, clip.rect.x, clip.rect.x + clip.rect.width);
  const ys = tiles(layer.repeat[1], origin.y, origin.height, py, th, clip.rect.y, clip.rect.y + clip.rect.height);
  ctx.save();
  ctx.clipRect(clip.rect, clip.radii);
  if (image.kind === 'url') {
    tileLoop: for (const y of ys.starts) {
      for (const x of xs.starts) {
        if (!drawImage(ctx, image.url, { x, y, width: xs.size, height: ys.size })) break tileLoop;
      }
    }
  } else {
    const stripes = image.kind === 'linear-gradient' ? stripesOf(image, xs, ys) : null;
    if (stripes) fillGradient(ctx, stripes.gradient, stripes.area, stripes.area);
    else
      for (const y of ys.starts) {
        for (const x of xs.starts) {
          const tile = { x, y, width: xs.size, height: ys.size };
          fillGradient(ctx, image, tile, tile);
        }
      }
  }
  ctx.restore();
}

/** background-color under the background layers, bottom layer first (CSS Backgrounds 3 §3.11). */
export function paintBackground(ctx: PaintContext, frag: BoxFragment): void {
  const s = frag.style;
  const layers = s.backgroundLayers;
  if (s.backgroundColor.a <= 0 && layers.length === 0) return;
  const rect = ctx.snap({ x: frag.x, y: frag.y, width: frag.width, height: frag.height });
  const radii = borderRadii(frag, rect);
  const colorArea = boxArea(frag, rect, s.backgroundClip, radii);
  ctx.fillRect(colorArea.rect, s.backgroundColor, colorArea.radii);
  for (let i = layers.length - 1; i >= 0; i--) {
    const layer = layers[i];
    if (layer) paintLayer(ctx, frag, rect, layer, radii);
  }
}
