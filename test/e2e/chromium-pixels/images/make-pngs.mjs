#!/usr/bin/env node
// Writes the PngSuite-style PNG variants next to this script (committed; re-run only to change
// them): every colour type and bit depth, tRNS, Adam7, split/empty IDAT, gAMA/sRGB/iCCP, odd sizes.
// Each image is four quadrants (top-left, top-right, bottom-left, bottom-right) so that a print
// shows at a glance whether it was decoded. `node make-pngs.mjs`
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { encodePng } from './png-encoder.mjs';

const here = new URL('.', import.meta.url);
const pdfkitDir = dirname(createRequire(import.meta.url).resolve('pdfkit'));
const srgbIcc = readFileSync(join(pdfkitDir, 'data', 'sRGB_IEC61966_2_1.icc'));

/** Which quadrant (0 TL, 1 TR, 2 BL, 3 BR) a pixel is in. */
const quadrant = (w, h, x, y) => (x < w / 2 ? 0 : 1) + (y < h / 2 ? 0 : 2);
const max = (depth) => 2 ** depth - 1;
const scale = (v, depth) => Math.round(v * max(depth));

// Colours per quadrant as 0–1 fractions; alpha 1, 0.5 (bottom-left) and 0 (bottom-right).
const RGB = [
  [1, 0, 0],
  [0, 0.6, 0.2],
  [0.1, 0.2, 0.9],
  [0.8, 0.8, 0.8],
];
const ALPHA = [1, 1, 0.5, 0];
const GREY = [0, 1 / 3, 2 / 3, 1];

const rgb = (depth, alpha) => (w, h) => (x, y) => {
  const q = quadrant(w, h, x, y);
  const c = RGB[q].map((v) => scale(v, depth));
  return alpha ? [...c, scale(ALPHA[q], depth)] : c;
};
const grey = (depth, alpha) => (w, h) => (x, y) => {
  const q = quadrant(w, h, x, y);
  const g = depth === 1 ? [0, 1, 1, 0][q] : scale(GREY[q], depth);
  return alpha ? [g, scale(ALPHA[q], depth)] : [g];
};
const indexed = (w, h) => (x, y) => [quadrant(w, h, x, y)];
const PALETTE = RGB.map((c) => c.map((v) => scale(v, 8)));
const u16 = (v) => [v >> 8, v & 0xff];

const iccp = [...Buffer.from('sRGB IEC61966-2.1\0\0', 'latin1'), ...deflateSync(srgbIcc)];
const variants = {
  // colour type 2: truecolour
  rgb8: { colorType: 2, depth: 8, pattern: rgb(8) },
  'rgb8-plte': { colorType: 2, depth: 8, pattern: rgb(8), palette: PALETTE }, // suggested palette
  'rgb8-split-idat': { colorType: 2, depth: 8, pattern: rgb(8), idatParts: 7 },
  'rgb8-empty-idat': { colorType: 2, depth: 8, pattern: rgb(8), idatParts: 2, emptyIdat: true },
  'rgb8-stored': { colorType: 2, depth: 8, pattern: rgb(8), level: 0 },
  'rgb8-gama10': { colorType: 2, depth: 8, pattern: rgb(8), chunksBeforeIdat: [['gAMA', [0, 1, 0x86, 0xa0]]] },
  'rgb8-srgb': {
    colorType: 2,
    depth: 8,
    pattern: rgb(8),
    chunksBeforeIdat: [
      ['sRGB', [0]],
      ['gAMA', [0, 0, 0xb1, 0x8f]],
    ],
  },
  'rgb8-iccp': { colorType: 2, depth: 8, pattern: rgb(8), chunksBeforeIdat: [['iCCP', iccp]] },
  'rgb8-text': {
    colorType: 2,
    depth: 8,
    pattern: rgb(8),
    chunksBeforeIdat: [
      ['tEXt', [...Buffer.from('Comment\0made for a test')]],
      ['pHYs', [0, 0, 0x0b, 0x13, 0, 0, 0x0b, 0x13, 1]],
    ],
  },
  'rgb8-trns': { colorType: 2, depth: 8, pattern: rgb(8), trns: [...u16(204), ...u16(204), ...u16(204)] },
  rgb16: { colorType: 2, depth: 16, pattern: rgb(16) },
  'rgb16-trns': { colorType: 2, depth: 16, pattern: rgb(16), trns: [...u16(52428), ...u16(52428), ...u16(52428)] },
  // colour type 6: truecolour with alpha
  rgba8: { colorType: 6, depth: 8, pattern: rgb(8, true) },
  rgba16: { colorType: 6, depth: 16, pattern: rgb(16, true) },
  // colour type 0: greyscale
  grey1: { colorType: 0, depth: 1, pattern: grey(1) },
  grey2: { colorType: 0, depth: 2, pattern: grey(2) },
  grey4: { colorType: 0, depth: 4, pattern: grey(4) },
  grey8: { colorType: 0, depth: 8, pattern: grey(8) },
  grey16: { colorType: 0, depth: 16, pattern: grey(16) },
  'grey8-trns': { colorType: 0, depth: 8, pattern: grey(8), trns: u16(255) },
  'grey16-trns': { colorType: 0, depth: 16, pattern: grey(16), trns: u16(65535) },
  // colour type 4: greyscale with alpha
  greya8: { colorType: 4, depth: 8, pattern: grey(8, true) },
  greya16: { colorType: 4, depth: 16, pattern: grey(16, true) },
  // colour type 3: palette
  pal1: {
    colorType: 3,
    depth: 1,
    pattern: (w, h) => (x, y) => [quadrant(w, h, x, y) % 2],
    palette: PALETTE.slice(0, 2),
  },
  pal2: { colorType: 3, depth: 2, pattern: indexed, palette: PALETTE },
  pal4: { colorType: 3, depth: 4, pattern: indexed, palette: PALETTE },
  pal8: { colorType: 3, depth: 8, pattern: indexed, palette: PALETTE },
  'pal8-trns': { colorType: 3, depth: 8, pattern: indexed, palette: PALETTE, trns: [255, 255, 128, 0] },
  'pal4-short-trns': { colorType: 3, depth: 4, pattern: indexed, palette: PALETTE, trns: [0] },
  // Adam7
  'rgb8-adam7': { colorType: 2, depth: 8, pattern: rgb(8), interlace: true },
  'rgba16-adam7': { colorType: 6, depth: 16, pattern: rgb(16, true), interlace: true },
  'pal2-adam7': { colorType: 3, depth: 2, pattern: indexed, palette: PALETTE, interlace: true },
  'grey1-adam7': { colorType: 0, depth: 1, pattern: grey(1), interlace: true },
  'greya8-adam7': { colorType: 4, depth: 8, pattern: grey(8, true), interlace: true },
  'rgb8-adam7-3x3': { colorType: 2, depth: 8, pattern: rgb(8), interlace: true, width: 3, height: 3 },
  // odd sizes
  'rgb8-1x1': { colorType: 2, depth: 8, pattern: rgb(8), width: 1, height: 1 },
  'pal1-33x17': {
    colorType: 3,
    depth: 1,
    pattern: (w, h) => (x, y) => [quadrant(w, h, x, y) % 2],
    palette: PALETTE.slice(0, 2),
    width: 33,
    height: 17,
  },
  'grey2-13x7': { colorType: 0, depth: 2, pattern: grey(2), width: 13, height: 7 },
  'rgba8-7x13-adam7': { colorType: 6, depth: 8, pattern: rgb(8, true), width: 7, height: 13, interlace: true },
};

for (const [name, { pattern, width = 16, height = 16, ...options }] of Object.entries(variants)) {
  writeFileSync(new URL(`${name}.png`, here), encodePng({ width, height, sample: pattern(width, height), ...options }));
}

// Damaged in ways that browsers shrug off (seen in PNGs from real tools): bytes after IEND,
// no IEND, a wrong CRC on an ancillary chunk, a zlib stream without its Adler-32.
const base = readFileSync(new URL('rgb8.png', here));
const iend = base.length - 12;
const damaged = {
  'rgb8-after-iend': Buffer.concat([base, Buffer.from('\0\0\0\0 trailing bytes\n')]),
  'rgb8-no-iend': base.subarray(0, iend),
  'rgb8-bad-text-crc': (() => {
    const text = readFileSync(new URL('rgb8-text.png', here));
    const out = Buffer.from(text);
    const at = out.indexOf('tEXt', 0, 'latin1');
    const length = out.readUInt32BE(at - 4);
    out.writeUInt32BE((out.readUInt32BE(at + 4 + length) ^ 1) >>> 0, at + 4 + length);
    return out;
  })(),
};
for (const [name, bytes] of Object.entries(damaged)) writeFileSync(new URL(`${name}.png`, here), bytes);
writeFileSync(
  new URL('variants.json', here),
  JSON.stringify([...Object.keys(variants), ...Object.keys(damaged)]) + '\n',
);
console.log(Object.keys(variants).length + Object.keys(damaged).length, 'PNG variants');
