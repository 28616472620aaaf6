// A small PNG encoder that writes every layout the PNG spec allows (ISO/IEC 15948:2003):
// colour types 0/2/3/4/6 at every legal bit depth, Adam7 interlacing, tRNS, ancillary chunks,
// IDAT split into several chunks or with empty ones, each row with its own filter. Used to make
// the PngSuite-style variants in this folder (make-pngs.mjs); the decoder under test never sees it.
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
export function chunk(type, data = new Uint8Array(0)) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

function paeth(a, b, c) {
  const p = a + b - c,
    pa = Math.abs(p - a),
    pb = Math.abs(p - b),
    pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Filter one scanline (`row`, previous `prev` or null) with `type` 0–4 and prepend the type byte. */
function filterRow(row, prev, bpp, type) {
  const out = new Uint8Array(row.length + 1);
  out[0] = type;
  for (let i = 0; i < row.length; i++) {
    const a = i >= bpp ? row[i - bpp] : 0,
      b = prev ? prev[i] : 0,
      c = prev && i >= bpp ? prev[i - bpp] : 0;
    const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][type];
    out[i + 1] = (row[i] - predictor) & 0xff;
  }
  return out;
}

/** Pack the samples of one row (integers below 2^depth) into bytes, big-endian, MSB first. */
function packRow(samples, depth) {
  if (depth === 16) {
    const out = new Uint8Array(samples.length * 2);
    samples.forEach((s, i) => {
      out[i * 2] = s >> 8;
      out[i * 2 + 1] = s & 0xff;
    });
    return out;
  }
  const out = new Uint8Array(Math.ceil((samples.length * depth) / 8));
  samples.forEach((s, i) => {
    const bit = i * depth;
    out[bit >> 3] |= s << (8 - depth - (bit & 7));
  });
  return out;
}

/**
 * Encode an image. `sample(x, y)` returns the raw samples of one pixel (palette index, grey,
 * grey+alpha, RGB or RGBA, each below 2^depth).
 * Options: palette [[r,g,b]…], trns bytes, interlace, chunksBeforeIdat/After [[type, data]…],
 * idatParts (split the zlib stream into n IDAT chunks), emptyIdat (add zero-length IDATs).
 */
export function encodePng({
  width,
  height,
  colorType,
  depth,
  sample,
  palette,
  trns,
  interlace = false,
  chunksBeforeIdat = [],
  idatParts = 1,
  emptyIdat = false,
  level = 9,
}) {
  const channels = CHANNELS[colorType];
  const bpp = Math.max(1, (channels * depth) >> 3);
  const passes = interlace ? ADAM7 : [[0, 0, 1, 1]];
  const raw = [];
  let filterType = 0;
  for (const [x0, y0, dx, dy] of passes) {
    let prev = null;
    for (let y = y0; y < height; y += dy) {
      const samples = [];
      for (let x = x0; x < width; x += dx) samples.push(...sample(x, y));
      if (samples.length === 0) continue;
      const row = packRow(samples, depth);
      raw.push(filterRow(row, prev, bpp, filterType));
      filterType = (filterType + 1) % 5;
      prev = row;
    }
  }
  const zlib = deflateSync(Buffer.concat(raw), { level });
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([depth, colorType, 0, 0, interlace ? 1 : 0], 8);
  const parts = [];
  const size = Math.ceil(zlib.length / idatParts);
  for (let i = 0; i < zlib.length; i += size) {
    if (emptyIdat) parts.push(chunk('IDAT'));
    parts.push(chunk('IDAT', zlib.subarray(i, i + size)));
  }
  if (emptyIdat) parts.push(chunk('IDAT'));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...chunksBeforeIdat.map(([type, data]) => chunk(type, data)),
    ...(palette ? [chunk('PLTE', Uint8Array.from(palette.flat()))] : []),
    ...(trns ? [chunk('tRNS', Uint8Array.from(trns))] : []),
    ...parts,
    chunk('IEND'),
  ]);
}
