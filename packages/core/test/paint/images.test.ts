import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import type { ImageFragment } from '@platen/layout';
import { getFontRegistry } from '../../src/resources/fonts.js';
import { decodeImage, type DecodedImage } from '../../src/resources/images.js';
import { paintPdf } from '../../src/paint/paint-pdf.js';
import type { Diagnostic } from '@platen/layout';
import { box, page, style } from './fixtures.js';
import { pdfText, rasterise } from './poppler.js';

function png(width: number, height: number, rgba: [number, number, number, number]): Uint8Array {
  const img = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) img.data.set(rgba, i * 4);
  return PNG.sync.write(img);
}

function loaded(src: string, bytes: Uint8Array): DecodedImage {
  const r = decodeImage(src, bytes);
  if (!r.ok) throw new Error(r.reason);
  return r.image;
}

function imageFragment(src: string, x: number, y: number, w: number, h: number): ImageFragment {
  return { kind: 'image', style: style(), x, y, width: w, height: h, clip: { x, y, width: w, height: h }, src };
}

describe('images', () => {
  it('draws PNG (with alpha) and SVG images scaled into their boxes', async () => {
    const images = new Map([
      ['red.png', loaded('red.png', png(4, 4, [255, 0, 0, 255]))],
      ['half.png', loaded('half.png', png(4, 4, [0, 0, 255, 128]))],
      [
        'blue.svg',
        loaded(
          'blue.svg',
          new TextEncoder().encode(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#00ff00"/><text x="1" y="8" font-family="Arial" font-size="4">Hi</text></svg>',
          ),
        ),
      ],
    ]);
    const fonts = getFontRegistry().createFontSet();
    const pdf = await paintPdf(
      [
        page([
          imageFragment('red.png', 96, 96, 96, 96),
          imageFragment('half.png', 96, 288, 96, 96),
          imageFragment('blue.svg', 288, 96, 192, 192),
        ]),
      ],
      { fonts, images },
    );
    const img = rasterise(pdf, 48);
    expect(img.at(72, 72)).toEqual([255, 0, 0]);
    const [r, g, b] = img.at(72, 168);
    expect(b).toBe(255);
    expect(r).toBeGreaterThan(100);
    expect(r).toBeLessThan(160);
    expect(g).toBe(r);
    expect(img.at(150 + 40, 60)).toEqual([0, 255, 0]);
    expect(img.at(150 + 40, 160)).toEqual([255, 255, 255]);
    expect(pdfText(pdf)).toContain('Hi');
  });

  it('never follows an SVG reference to a local file', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="/etc/hostname" width="10" height="10"/></svg>';
    const images = new Map([['x.svg', loaded('x.svg', new TextEncoder().encode(svg))]]);
    const diagnostics: Diagnostic[] = [];
    const pdf = await paintPdf([page([imageFragment('x.svg', 0, 0, 50, 50)])], {
      fonts: getFontRegistry().createFontSet(),
      images,
      diagnostics,
    });
    expect(pdf.byteLength).toBeGreaterThan(0);
    expect(diagnostics.map((d) => d.code)).toContain('svg_warning');
  });

  it('tiles a background image with background-repeat', async () => {
    const images = new Map([['dot.png', loaded('dot.png', png(2, 2, [255, 0, 0, 255]))]]);
    const layer = {
      image: { kind: 'url' as const, url: 'dot.png' },
      size: [24, 24] as const,
      position: [0, 0] as const,
      repeat: ['repeat', 'no-repeat'] as const,
      origin: 'padding-box' as const,
      clip: 'border-box' as const,
    };
    const pdf = await paintPdf([page([box(96, 96, 192, 96, { backgroundLayers: [layer] })])], {
      fonts: getFontRegistry().createFontSet(),
      images,
    });
    const img = rasterise(pdf, 48);
    expect(img.at(48 + 6, 48 + 6)).toEqual([255, 0, 0]);
    expect(img.at(48 + 90, 48 + 6)).toEqual([255, 0, 0]);
    expect(img.at(48 + 6, 48 + 30)).toEqual([255, 255, 255]);
  });
});

describe('background-repeat: space', () => {
  it('spreads whole tiles so that the first and last touch the edges', async () => {
    const images = new Map([['dot.png', loaded('dot.png', png(2, 2, [255, 0, 0, 255]))]]);
    // 200px wide area, 60px tiles: 3 fit, gaps of 10px → tiles at 0, 70, 140.
    const layer = {
      image: { kind: 'url' as const, url: 'dot.png' },
      size: [60, 20] as const,
      position: [0, 0] as const,
      repeat: ['space', 'no-repeat'] as const,
      origin: 'padding-box' as const,
      clip: 'border-box' as const,
    };
    const pdf = await paintPdf([page([box(100, 100, 200, 40, { backgroundLayers: [layer] })])], {
      fonts: getFontRegistry().createFontSet(),
      images,
    });
    const img = rasterise(pdf, 96);
    expect(img.at(100 + 65, 110)).toEqual([255, 255, 255]);
    expect(img.at(100 + 75, 110)).toEqual([255, 0, 0]);
    expect(img.at(100 + 135, 110)).toEqual([255, 255, 255]);
    expect(img.at(100 + 195, 110)).toEqual([255, 0, 0]);
  });
});

describe('image alpha', () => {
  it('draws an image opaque even after a translucent fill', async () => {
    const images = new Map([['red.png', loaded('red.png', png(4, 4, [255, 0, 0, 255]))]]);
    const translucent = box(0, 0, 10, 10, { backgroundColor: { r: 0, g: 0, b: 255, a: 0.2 } });
    const pdf = await paintPdf(
      [page([box(0, 0, 700, 700, {}, [translucent, imageFragment('red.png', 96, 96, 96, 96)])])],
      { fonts: getFontRegistry().createFontSet(), images },
    );
    expect(rasterise(pdf, 48).at(72, 72)).toEqual([255, 0, 0]);
  });
});

describe('pixel-snapped images', () => {
  it('draws an image into its pixel-snapped rect, as Chromium does (x = 11.4 starts on CSS px 11)', async () => {
    const images = new Map([['black.png', loaded('black.png', png(4, 4, [0, 0, 0, 255]))]]);
    const pdf = await paintPdf([page([imageFragment('black.png', 11.4, 40.6, 20, 20)])], {
      fonts: getFontRegistry().createFontSet(),
      images,
    });
    const img = rasterise(pdf, 48);
    // Snapped to x 11..31: device 5.5..15.5 at 48 dpi, pixels 5..14 (unsnapped: 6..15).
    expect([img.at(5, 25)[0] < 128, img.at(15, 25)[0] > 128]).toEqual([true, true]);
  });
});
