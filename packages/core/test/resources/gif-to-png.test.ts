import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { gifToPng } from '../../src/resources/gif-to-png.js';

/**
 * A GIF89a written the simplest valid way: 3-bit codes, a clear code before every second
 * pixel so the code width never grows (how small uncompressed GIF encoders work).
 */
function gif(
  width: number,
  height: number,
  pixels: number[],
  palette: number[][],
  transparent?: number,
  interlaced = false,
): Uint8Array {
  const codes: number[] = [];
  pixels.forEach((p, i) => {
    if (i % 2 === 0) codes.push(4);
    codes.push(p);
  });
  codes.push(5);
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const c of codes) {
    acc |= c << bits;
    bits += 3;
    while (bits >= 8) {
      bytes.push(acc & 255);
      acc >>= 8;
      bits -= 8;
    }
  }
  if (bits > 0) bytes.push(acc & 255);
  const blocks: number[] = [];
  for (let i = 0; i < bytes.length; i += 255) {
    const part = bytes.slice(i, i + 255);
    blocks.push(part.length, ...part);
  }
  const gce = transparent === undefined ? [] : [0x21, 0xf9, 4, 1, 0, 0, transparent, 0];
  return Uint8Array.from([
    ...Buffer.from('GIF89a'),
    width & 255,
    width >> 8,
    height & 255,
    height >> 8,
    0x81,
    0,
    0,
    ...palette.flat(),
    ...gce,
    0x2c,
    0,
    0,
    0,
    0,
    width & 255,
    width >> 8,
    height & 255,
    height >> 8,
    interlaced ? 0x40 : 0,
    2,
    ...blocks,
    0,
    0x3b,
  ]);
}

const PALETTE = [
  [255, 0, 0],
  [0, 255, 0],
  [0, 0, 255],
  [255, 255, 255],
];

describe('gifToPng', () => {
  it('decodes indexed pixels with the palette and transparency', () => {
    const png = gifToPng(gif(3, 2, [0, 1, 2, 3, 0, 1], PALETTE, 3));
    expect(png).not.toBeNull();
    const img = PNG.sync.read(png as Buffer);
    const px = (x: number, y: number) => [...img.data.subarray((y * 3 + x) * 4, (y * 3 + x) * 4 + 4)];
    expect([img.width, img.height]).toEqual([3, 2]);
    expect(px(0, 0)).toEqual([255, 0, 0, 255]);
    expect(px(1, 0)).toEqual([0, 255, 0, 255]);
    expect(px(2, 0)).toEqual([0, 0, 255, 255]);
    expect(px(0, 1)[3]).toBe(0);
    expect(px(2, 1)).toEqual([0, 255, 0, 255]);
  });
  it('undoes interlacing (rows 0, 4, 2, 1, 3…)', () => {
    // Rows stored in interlaced order 0, 4, 2, 6, 1, 3, 5, 7 – each row one pixel of its own colour index.
    const stored = [0, 4, 2, 6, 1, 3, 5, 7].map((row) => row % 4);
    const img = PNG.sync.read(gifToPng(gif(1, 8, stored, PALETTE, undefined, true)) as Buffer);
    const rows = Array.from({ length: 8 }, (_, y) => [...img.data.subarray(y * 4, y * 4 + 3)]);
    expect(rows.map((rgb) => PALETTE.findIndex((p) => p.join() === rgb.join()))).toEqual([0, 1, 2, 3, 0, 1, 2, 3]);
  });
  it('decodes a real LZW stream with growing code sizes', () => {
    // 'GIF' from a classic encoder: 4×4, 4 colours, one LZW stream without clear codes in between.
    const pixels = [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3];
    const lzw = encodeLzw(pixels, 2);
    const blocks = [lzw.length, ...lzw];
    const file = Uint8Array.from([
      ...Buffer.from('GIF89a'),
      4,
      0,
      4,
      0,
      0x81,
      0,
      0,
      ...PALETTE.flat(),
      0x2c,
      0,
      0,
      0,
      0,
      4,
      0,
      4,
      0,
      0,
      2,
      ...blocks,
      0,
      0x3b,
    ]);
    const img = PNG.sync.read(gifToPng(file) as Buffer);
    const idx = Array.from({ length: 16 }, (_, i) =>
      PALETTE.findIndex((p) => p.join() === [...img.data.subarray(i * 4, i * 4 + 3)].join()),
    );
    expect(idx).toEqual(pixels);
  });
});

/** A straightforward LZW encoder (GIF flavour) to produce real, code-size-growing streams. */
function encodeLzw(pixels: number[], minCodeSize: number): number[] {
  const clear = 1 << minCodeSize;
  let codeSize = minCodeSize + 1;
  let next = clear + 2;
  const dict = new Map<string, number>();
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  const emit = (code: number) => {
    acc |= code << bits;
    bits += codeSize;
    while (bits >= 8) {
      out.push(acc & 255);
      acc >>>= 8;
      bits -= 8;
    }
  };
  emit(clear);
  let w = String(pixels[0]);
  for (const p of pixels.slice(1)) {
    const wc = `${w},${p}`;
    if (dict.has(wc)) {
      w = wc;
      continue;
    }
    emit(w.includes(',') ? (dict.get(w) ?? 0) : Number(w));
    dict.set(wc, next++);
    if (next - 1 === 1 << codeSize && codeSize < 12) codeSize++;
    w = String(p);
  }
  emit(w.includes(',') ? (dict.get(w) ?? 0) : Number(w));
  emit(clear + 1);
  if (bits > 0) out.push(acc & 255);
  return out;
}
