import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { decodeImage, svgSize } from '../../src/resources/images.js';

function png(width: number, height: number): Uint8Array {
  const img = new PNG({ width, height });
  img.data.fill(255);
  return PNG.sync.write(img);
}

/** A minimal baseline JPEG header: SOI, APP0, SOF0 with the size (enough to sniff). */
function jpegHeader(width: number, height: number): Uint8Array {
  return Uint8Array.from([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x10,
    0x4a,
    0x46,
    0x49,
    0x46,
    0,
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);
}

describe('decodeImage', () => {
  it('reads PNG sizes from IHDR', () => {
    const r = decodeImage('a.png', png(37, 21));
    expect(r.ok && [r.image.format, r.image.width, r.image.height]).toEqual(['png', 37, 21]);
  });
  it('reads JPEG sizes from SOF', () => {
    const r = decodeImage('a.jpg', jpegHeader(640, 480));
    expect(r.ok && [r.image.format, r.image.width, r.image.height]).toEqual(['jpeg', 640, 480]);
  });
  it('swaps a JPEG size turned a quarter by its EXIF orientation', () => {
    // APP1 "Exif\0\0", big-endian TIFF, one IFD entry: tag 0x0112 SHORT = 6 (rotate 90°).
    const app1 = [
      0xff,
      0xe1,
      0x00,
      0x22,
      ...Buffer.from('Exif\0\0', 'latin1'),
      0x4d,
      0x4d,
      0,
      42,
      0,
      0,
      0,
      8,
      0,
      1,
      0x01,
      0x12,
      0,
      3,
      0,
      0,
      0,
      1,
      0,
      6,
      0,
      0,
      0,
      0,
      0,
      0,
    ];
    const plain = jpegHeader(640, 480);
    const turned = Uint8Array.from([...plain.subarray(0, 2), ...app1, ...plain.subarray(2)]);
    const r = decodeImage('turned.jpg', turned);
    expect(r.ok && [r.image.width, r.image.height]).toEqual([480, 640]);
  });
  it('reads GIF sizes', () => {
    const gif = Uint8Array.from([...Buffer.from('GIF89a'), 10, 0, 20, 0, 0, 0, 0]);
    const r = decodeImage('a.gif', gif);
    expect(r.ok && [r.image.format, r.image.width, r.image.height]).toEqual(['gif', 10, 20]);
  });
  it('reads SVG sizes from width/height or the viewBox', () => {
    expect(svgSize('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"></svg>')).toEqual([120, 40]);
    expect(svgSize('<svg viewBox="0 0 200 100" width="50"/>')).toEqual([50, 25]);
    expect(svgSize('<svg viewBox="0 0 200 100"/>')).toEqual([200, 100]);
    expect(svgSize('<svg/>')).toEqual([300, 150]);
  });
  it('reads absolute units of an SVG root size (Inkscape writes mm), not other units', () => {
    expect(svgSize('<svg width="1in" height="72pt"/>')).toEqual([96, 96]);
    expect(svgSize('<svg viewBox="0 0 200 100" width="25.4MM"/>')).toEqual([96, 48]);
    expect(svgSize('<svg viewBox="0 0 200 100" width="3em" height="2constructor"/>')).toEqual([200, 100]);
  });
  it('skips images above 50 megapixels', () => {
    const r = decodeImage('huge.jpg', jpegHeader(10000, 6000));
    expect(r.ok).toBe(false);
  });
  it('refuses what is not an image', () => {
    expect(decodeImage('x', new TextEncoder().encode('<html>nope</html>')).ok).toBe(false);
  });
});
