import {
  resolveLength,
  type BorderImage,
  type BorderImageLength,
  type BorderImageRepeat,
  type BoxFragment,
} from '@platen/layout';
import type { PaintContext } from './paint-context.js';
import type { Rect } from './geometry.js';
import { fillGradient } from './gradients.js';
import { drawImage } from './draw-image.js';

type Four = [number, number, number, number];
/** A tiled edge or the middle never draws more than this many tiles along an axis. */
const MAX_TILES = 1000;

/**
 * Paint a box's border-image in place of its border styles (CSS Backgrounds 3 §6). Returns false
 * when there is none or its image did not load, and the border styles are painted instead (§6.1).
 */
export function paintBorderImage(ctx: PaintContext, frag: BoxFragment): boolean {
  const bi = frag.style.borderImage;
  if (!bi) return false;
  const size = imageSize(ctx, bi);
  if (!size) return false;
  const border: Four = [frag.border.top, frag.border.right, frag.border.bottom, frag.border.left];
  // §6.4: the border image area is the border box extended by border-image-outset.
  const out = bi.outset.map((o, i) => sideLength(o, border[i]!, 0)) as Four;
  const box = ctx.snap({ x: frag.x, y: frag.y, width: frag.width, height: frag.height });
  const area = {
    x: box.x - out[3],
    y: box.y - out[0],
    width: box.width + out[1] + out[3],
    height: box.height + out[0] + out[2],
  };
  const [iw, ih] = size(area);
  // §6.2: slices are clamped to the image.
  const s = bi.slice.map((l, i) => Math.min(resolveLength(l, i % 2 ? iw : ih), i % 2 ? iw : ih)) as Four;
  const w = widths(bi, border, s, area);
  const draw = (
    src: Rect,
    dst: Rect,
    repeat: readonly [BorderImageRepeat, BorderImageRepeat],
    scale: [number, number],
  ): void => drawPiece(ctx, bi, [iw, ih], src, dst, repeat, scale);
  const [rx, ry] = bi.repeat;
  const midW = iw - s[1] - s[3];
  const midH = ih - s[0] - s[2];
  const inner = {
    x: area.x + w[3],
    y: area.y + w[0],
    width: area.width - w[1] - w[3],
    height: area.height - w[0] - w[2],
  };
  const ratio = (d: number, src: number): number => (src > 0 ? d / src : 0);
  // Corners: stretched to the widths (§6.5 draws them unscaled by the repeat).
  draw(
    { x: 0, y: 0, width: s[3], height: s[0] },
    { x: area.x, y: area.y, width: w[3], height: w[0] },
    ['stretch', 'stretch'],
    [0, 0],
  );
  draw(
    { x: iw - s[1], y: 0, width: s[1], height: s[0] },
    { x: inner.x + inner.width, y: area.y, width: w[1], height: w[0] },
    ['stretch', 'stretch'],
    [0, 0],
  );
  draw(
    { x: iw - s[1], y: ih - s[2], width: s[1], height: s[2] },
    { x: inner.x + inner.width, y: inner.y + inner.height, width: w[1], height: w[2] },
    ['stretch', 'stretch'],
    [0, 0],
  );
  draw(
    { x: 0, y: ih - s[2], width: s[3], height: s[2] },
    { x: area.x, y: inner.y + inner.height, width: w[3], height: w[2] },
    ['stretch', 'stretch'],
    [0, 0],
  );
  // Edges: scaled to the border width across, tiled or stretched along (§6.5, §6.6).
  draw(
    { x: s[3], y: 0, width: midW, height: s[0] },
    { x: inner.x, y: area.y, width: inner.width, height: w[0] },
    [rx, 'stretch'],
    [ratio(w[0], s[0]), 0],
  );
  draw(
    { x: s[3], y: ih - s[2], width: midW, height: s[2] },
    { x: inner.x, y: inner.y + inner.height, width: inner.width, height: w[2] },
    [rx, 'stretch'],
    [ratio(w[2], s[2]), 0],
  );
  draw(
    { x: 0, y: s[0], width: s[3], height: midH },
    { x: area.x, y: inner.y, width: w[3], height: inner.height },
    ['stretch', ry],
    [0, ratio(w[3], s[3])],
  );
  draw(
    { x: iw - s[1], y: s[0], width: s[1], height: midH },
    { x: inner.x + inner.width, y: inner.y, width: w[1], height: inner.height },
    ['stretch', ry],
    [0, ratio(w[1], s[1])],
  );
  // The middle, with `fill` only: scaled as the top and left edges are (§6.5).
  if (bi.fill) {
    const sx = ratio(w[0], s[0]) || ratio(w[2], s[2]) || 1;
    const sy = ratio(w[3], s[3]) || ratio(w[1], s[1]) || 1;
    draw({ x: s[3], y: s[0], width: midW, height: midH }, inner, [rx, ry], [sx, sy]);
  }
  return true;
}

/** The image's size for a border image area: its natural size, or the area's for a gradient (§6.2). */
function imageSize(ctx: PaintContext, bi: BorderImage): ((area: Rect) => [number, number]) | null {
  if (bi.source.kind !== 'url') return (area) => [area.width, area.height];
  const info = ctx.images.info(bi.source.url);
  if (!info || !(info.width > 0) || !(info.height > 0)) return null;
  return () => [info.width, info.height];
}

function sideLength(l: BorderImageLength, borderWidth: number, reference: number): number {
  return typeof l === 'object' && 'times' in l ? l.times * borderWidth : resolveLength(l, reference);
}

/**
 * §6.3 border-image-width: each side's width (auto: the slice's), all reduced by one factor when
 * two opposite ones overlap.
 */
function widths(bi: BorderImage, border: Four, slice: Four, area: Rect): Four {
  const w = bi.width.map((l, i) =>
    l === 'auto' ? slice[i]! : sideLength(l, border[i]!, i % 2 ? area.width : area.height),
  ) as Four;
  const f = Math.min(1, area.height / (w[0] + w[2] || 1), area.width / (w[1] + w[3] || 1));
  return w.map((v) => v * f) as Four;
}

/**
 * Draw the part `src` of the image into `dst`: stretched, or tiles of `src` scaled by `scale`
 * (0: from the other axis's stretch) repeated, rounded or spaced along each axis (§6.5).
 */
function drawPiece(
  ctx: PaintContext,
  bi: BorderImage,
  [iw, ih]: [number, number],
  src: Rect,
  dst: Rect,
  repeat: readonly [BorderImageRepeat, BorderImageRepeat],
  scale: [number, number],
): void {
  if (src.width <= 0 || src.height <= 0 || dst.width <= 0 || dst.height <= 0) return;
  const fx = repeat[0] === 'stretch' ? dst.width / src.width : scale[0] || dst.height / src.height;
  const fy = repeat[1] === 'stretch' ? dst.height / src.height : scale[1] || dst.width / src.width;
  const xs = tiles(repeat[0], dst.x, dst.width, src.width * fx);
  const ys = tiles(repeat[1], dst.y, dst.height, src.height * fy);
  ctx.save();
  ctx.clipRect(dst);
  for (const y of ys.starts) {
    for (const x of xs.starts) {
      ctx.save();
      const tile = { x, y, width: xs.size, height: ys.size };
      ctx.clipRect(tile);
      // The image at its own size, sliced and then scaled (§6.2): `src` lands on the tile
      // whatever the image's preserveAspectRatio.
      const kx = xs.size / src.width;
      const ky = ys.size / src.height;
      ctx.transform(kx, 0, 0, ky, x - src.x * kx, y - src.y * ky);
      const image = { x: 0, y: 0, width: iw, height: ih };
      if (bi.source.kind === 'url') drawImage(ctx, bi.source.url, image);
      else fillGradient(ctx, bi.source, image, image);
      ctx.restore();
    }
  }
  ctx.restore();
}

/** Tile starts along one axis of `length` from `start`, for tiles `size` long (§6.5). */
function tiles(
  repeat: BorderImageRepeat,
  start: number,
  length: number,
  size: number,
): { starts: number[]; size: number } {
  if (repeat === 'stretch' || size <= 0) return { starts: [start], size: length };
  if (repeat === 'round') {
    const n = Math.max(1, Math.round(length / size));
    const s = length / n;
    return { starts: Array.from({ length: Math.min(n, MAX_TILES) }, (_, i) => start + i * s), size: s };
  }
  if (repeat === 'space') {
    const n = Math.min(Math.floor(length / size), MAX_TILES);
    const gap = (length - n * size) / (n + 1);
    return { starts: Array.from({ length: n }, (_, i) => start + gap + i * (size + gap)), size };
  }
  // repeat: tiles centred on the middle of the edge.
  const first = start + length / 2 - size / 2 - Math.ceil((length / 2 - size / 2) / size) * size;
  const n = Math.min(Math.ceil((start + length - first) / size), MAX_TILES);
  return { starts: Array.from({ length: n }, (_, i) => first + i * size), size };
}
