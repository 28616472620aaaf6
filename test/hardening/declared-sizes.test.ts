/**
 * Memory outside the V8 heap is allocated from sizes a file declares. Both are checked before
 * anything is allocated: a GIF frame against the megapixel limit (its 1×1 logical screen
 * passed the check while the frame was 46,340²: 4.2 GB for two renders), and the tables a
 * WOFF2 declares (167 KB declaring 1.5 GB took the server from 171 MB to 4.4 GB RSS).
 */
import { describe, expect, it } from 'vitest';
import { gifToPng } from '../../packages/core/src/resources/gif-to-png.js';
import { MAX_FONT_TABLE_BYTES, parseFont } from '../../packages/core/src/resources/font-data.js';
import { attempt, expectPdf, pdfText } from './helpers.js';

/** A GIF89a with a `screen`² logical screen and one `frame`² frame of a few LZW bytes. */
function gif(screen: number, frame: number): Uint8Array {
  const u16 = (n: number) => [n & 0xff, n >> 8];
  return new Uint8Array([
    ...Buffer.from('GIF89a'),
    ...u16(screen),
    ...u16(screen),
    0x80,
    0,
    0, // global palette of 2 colours
    0,
    0,
    0,
    255,
    255,
    255,
    0x2c,
    ...u16(0),
    ...u16(0),
    ...u16(frame),
    ...u16(frame),
    0, // image descriptor
    2,
    2,
    0x4c,
    0x01,
    0, // LZW minimum code size 2, one sub-block, end
    0x3b,
  ]);
}

/** UIntBase128 (WOFF2 §4.1): 7 bits a byte, most significant first. */
function base128(n: number): number[] {
  const out = [n % 128];
  for (let rest = Math.floor(n / 128); rest > 0; rest = Math.floor(rest / 128)) out.unshift((rest % 128) | 0x80);
  return out;
}

/** A WOFF2 header and directory declaring one `head` table of `length` bytes, then junk "compressed" data. */
function woff2(length: number): Uint8Array {
  const header = Buffer.alloc(48);
  header.write('wOF2', 0, 'latin1');
  header.writeUInt32BE(0x00010000, 4);
  header.writeUInt16BE(1, 12); // numTables
  header.writeUInt32BE(64, 20); // totalCompressedSize
  const entry = [1, ...base128(length)]; // flags: known tag 1 (head), no transform
  const body = Buffer.concat([header, Buffer.from(entry), Buffer.alloc(64, 7)]);
  body.writeUInt32BE(body.length, 8);
  return new Uint8Array(body);
}

describe('declared sizes are checked before allocating', () => {
  it('a GIF frame larger than the screen and the megapixel limit is refused, nothing allocated', () => {
    const before = process.memoryUsage().arrayBuffers;
    expect(gifToPng(gif(1, 46_340))).toBeNull();
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(100 * 2 ** 20);
    expect(gifToPng(gif(2, 2))).not.toBeNull(); // the control
  });

  it('the same GIF in a document is left out with a warning, the document renders', async () => {
    const src = `data:image/gif;base64,${Buffer.from(gif(1, 46_340)).toString('base64')}`;
    const result = expectPdf(await attempt({ html: `<img src="${src}"><p>after</p>` }));
    expect(pdfText(result.pdf)).toContain('after');
    expect(result.diagnostics.some((d) => d.code === 'image_not_loaded')).toBe(true);
  });

  it('a WOFF2 declaring tables over the limit is refused from its directory', () => {
    expect(() => parseFont(woff2(1_500_000_000))).toThrow(
      `declares 1500000000 bytes of tables, more than ${MAX_FONT_TABLE_BYTES}`,
    );
    expect(() => parseFont(woff2(1000))).toThrow(); // the control: junk data, refused for another reason
    expect(() => parseFont(woff2(1000))).not.toThrow(/declares/);
  });
});
