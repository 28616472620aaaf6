import { MAX_IMAGE_PIXELS } from './images.js';
import { encodePng } from './png-write.js';

/**
 * GIF (first frame, as Chromium prints an animation) → PNG, because PDFKit embeds only PNG
 * and JPEG. GIF89a: LZW-coded indexed pixels, optional transparency from the Graphic
 * Control Extension; the frame is placed on the logical screen, the rest transparent.
 */

interface Frame {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  readonly interlaced: boolean;
  readonly palette: Uint8Array;
  readonly minCodeSize: number;
  readonly data: Uint8Array;
  readonly transparent: number;
}

const u16 = (b: Uint8Array, i: number): number => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);

/** Concatenated data sub-blocks starting at `i`; returns the data and the index after them. */
function subBlocks(b: Uint8Array, i: number): [Uint8Array, number] {
  const parts: Uint8Array[] = [];
  while (i < b.length) {
    const size = b[i] ?? 0;
    i++;
    if (size === 0) break;
    parts.push(b.subarray(i, i + size));
    i += size;
  }
  return [Buffer.concat(parts), i];
}

function firstFrame(b: Uint8Array): Frame | null {
  const packed = b[10] ?? 0;
  let i = 13;
  let globalPalette: Uint8Array = new Uint8Array(0);
  if (packed & 0x80) {
    const size = 3 * (1 << ((packed & 7) + 1));
    globalPalette = b.subarray(i, i + size);
    i += size;
  }
  let transparent = -1;
  while (i < b.length) {
    const block = b[i];
    if (block === 0x21) {
      if (b[i + 1] === 0xf9 && (b[i + 3] ?? 0) & 1) transparent = b[i + 6] ?? -1;
      [, i] = subBlocks(b, i + 2);
    } else if (block === 0x2c) {
      const p = b[i + 9] ?? 0;
      let j = i + 10;
      let palette: Uint8Array = globalPalette;
      if (p & 0x80) {
        const size = 3 * (1 << ((p & 7) + 1));
        palette = b.subarray(j, j + size);
        j += size;
      }
      const [data] = subBlocks(b, j + 1);
      return {
        left: u16(b, i + 1),
        top: u16(b, i + 3),
        width: u16(b, i + 5),
        height: u16(b, i + 7),
        interlaced: (p & 0x40) !== 0,
        palette,
        minCodeSize: b[j] ?? 2,
        data,
        transparent,
      };
    } else {
      return null;
    }
  }
  return null;
}

/** GIF's variable-width LZW (codes LSB first), into `count` palette indices. */
function lzwDecode(data: Uint8Array, minCodeSize: number, count: number): Uint8Array {
  const out = new Uint8Array(count);
  const clear = 1 << minCodeSize;
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const stack = new Uint8Array(4097);
  let codeSize = minCodeSize + 1;
  let next = clear + 2;
  let prev = -1;
  let first = 0;
  let bits = 0;
  let acc = 0;
  let n = 0;
  for (let i = 0; i < data.length && n < count; i++) {
    acc |= (data[i] ?? 0) << bits;
    bits += 8;
    while (bits >= codeSize && n < count) {
      const code = acc & ((1 << codeSize) - 1);
      acc >>>= codeSize;
      bits -= codeSize;
      if (code === clear) {
        codeSize = minCodeSize + 1;
        next = clear + 2;
        prev = -1;
        continue;
      }
      if (code === clear + 1) return out;
      let c = code;
      let top = 0;
      if (prev !== -1 && code >= next) {
        stack[top++] = first;
        c = prev;
      }
      while (c > clear && top < 4096) {
        stack[top++] = suffix[c] ?? 0;
        c = prefix[c] ?? 0;
      }
      first = c;
      stack[top++] = c;
      while (top > 0 && n < count) out[n++] = stack[--top] ?? 0;
      if (prev !== -1 && next < 4096) {
        prefix[next] = prev;
        suffix[next] = first;
        next++;
        if (next === 1 << codeSize && codeSize < 12) codeSize++;
      }
      prev = code;
    }
  }
  return out;
}

/** Source row for each output row of an interlaced frame (passes of 8, 8, 4, 2). */
function rowOrder(height: number, interlaced: boolean): number[] {
  if (!interlaced) return Array.from({ length: height }, (_, y) => y);
  const rows: number[] = [];
  for (const [start, step] of [
    [0, 8],
    [4, 8],
    [2, 4],
    [1, 2],
  ] as const)
    for (let y = start; y < height; y += step) rows.push(y);
  return rows;
}

/** The first frame of a GIF as PNG bytes, or null if it cannot be read. */
export function gifToPng(gif: Uint8Array): Buffer | null {
  const width = u16(gif, 6);
  const height = u16(gif, 8);
  const frame = firstFrame(gif);
  if (!frame || width === 0 || height === 0) return null;
  // The megapixel check saw the logical screen only: a 1×1 screen can hold a 46,340² frame,
  // whose indices alone are 2 GB. Check the frame's declared size before allocating it.
  if (frame.width * frame.height > MAX_IMAGE_PIXELS) return null;
  const indices = lzwDecode(frame.data, frame.minCodeSize, frame.width * frame.height);
  const rgba = new Uint8Array(width * height * 4);
  const rows = rowOrder(frame.height, frame.interlaced);
  rows.forEach((y, row) => {
    for (let x = 0; x < frame.width; x++) {
      const index = indices[row * frame.width + x] ?? 0;
      const px = frame.left + x;
      const py = frame.top + y;
      if (index === frame.transparent || px >= width || py >= height) continue;
      const o = (py * width + px) * 4;
      rgba.set(
        [frame.palette[index * 3] ?? 0, frame.palette[index * 3 + 1] ?? 0, frame.palette[index * 3 + 2] ?? 0, 255],
        o,
      );
    }
  });
  return encodePng(width, height, rgba);
}
