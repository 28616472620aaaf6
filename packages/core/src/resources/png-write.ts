import { deflateSync } from 'node:zlib';

/** Writing PNGs for PDFKit, which embeds only PNG and JPEG (ISO/IEC 15948 §5: chunks with CRC-32). */

export const PNG_SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function pngChunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let crc = 0xffffffff;
  for (const byte of body) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE((crc ^ 0xffffffff) >>> 0, body.length + 4);
  return out;
}

/**
 * 8-bit RGBA pixels as a plain PNG (no interlace, filter 0): RGB when every pixel is opaque,
 * so that PDFKit embeds it without a soft mask, RGBA otherwise.
 */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  let opaque = true;
  for (let i = 3; i < rgba.length && opaque; i += 4) opaque = rgba[i] === 255;
  const channels = opaque ? 3 : 4;
  const stride = width * channels + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    if (!opaque) {
      raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * stride + 1);
      continue;
    }
    for (let x = 0, o = y * stride + 1, i = y * width * 4; x < width; x++, o += 3, i += 4) {
      raw[o] = rgba[i] ?? 0;
      raw[o + 1] = rgba[i + 1] ?? 0;
      raw[o + 2] = rgba[i + 2] ?? 0;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, opaque ? 2 : 6, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 6 })),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}
