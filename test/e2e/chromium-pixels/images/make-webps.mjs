#!/usr/bin/env node
// Writes the WebP variants next to this script (committed; re-run only to change them) with
// libwebp's encoder from @jsquash/webp: lossy (VP8), lossless (VP8L), each opaque and with alpha
// (VP8X + ALPH for lossy), odd sizes. Same four quadrants as the PNGs (make-pngs.mjs), plus a
// gradient that lossy coding has to keep smooth.   `node make-webps.mjs`
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import encode, { init } from '@jsquash/webp/encode.js';

const here = new URL('.', import.meta.url);
const require = createRequire(import.meta.url);
await init({ wasmBinary: readFileSync(require.resolve('@jsquash/webp/codec/enc/webp_enc_simd.wasm')) });

const RGBA = [
  [255, 0, 0, 255],
  [0, 153, 51, 255],
  [26, 51, 230, 128],
  [204, 204, 204, 0],
];
function quadrants(width, height, alpha) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = RGBA[(x < width / 2 ? 0 : 1) + (y < height / 2 ? 0 : 2)];
      data.set([r, g, b, alpha ? a : 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}
function gradient(width, height) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++)
      data.set(
        [Math.round((x * 255) / (width - 1)), 128, Math.round((y * 255) / (height - 1)), 255],
        (y * width + x) * 4,
      );
  }
  return { width, height, data };
}

const variants = {
  lossy: [quadrants(32, 32, false), { quality: 90 }],
  'lossy-alpha': [quadrants(32, 32, true), { quality: 90, alpha_quality: 100 }],
  lossless: [quadrants(32, 32, false), { lossless: 1 }],
  'lossless-alpha': [quadrants(32, 32, true), { lossless: 1, exact: 1 }],
  'lossless-13x7': [quadrants(13, 7, false), { lossless: 1 }],
  'lossy-gradient': [gradient(64, 64), { quality: 95 }],
};
for (const [name, [image, options]] of Object.entries(variants)) {
  writeFileSync(new URL(`webp-${name}.webp`, here), new Uint8Array(await encode(image, options)));
}
console.log(Object.keys(variants).length, 'WebP variants');
