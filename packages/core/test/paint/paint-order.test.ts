import { describe, expect, it } from 'vitest';
import type { TextDecoration } from '@platen/layout';
import { getFontRegistry } from '../../src/resources/fonts.js';
import { paintPdf } from '../../src/paint/paint-pdf.js';
import { BLACK, BLUE, RED, box, page, paintPage, text } from './fixtures.js';
import { cssPixels, qpdfCheck } from './poppler.js';

const GREEN = { r: 0, g: 128, b: 0, a: 1 };

describe('painting order (CSS 2.1 Appendix E)', () => {
  it('z-index: negative below in-flow blocks, positive above z-index: auto positioned boxes', async () => {
    const under = box(100, 100, 100, 100, { position: 'relative', zIndex: -1, backgroundColor: RED });
    const block = box(150, 100, 100, 100, { backgroundColor: BLUE });
    const over = box(200, 100, 100, 100, { position: 'absolute', zIndex: 2, backgroundColor: GREEN });
    const autoPositioned = box(220, 100, 100, 100, { position: 'absolute', backgroundColor: RED });
    // Tree order puts `over` before `autoPositioned`, but z-index 2 paints after z-index auto.
    const pdf = await paintPage([box(0, 0, 700, 400, {}, [under, block, over, autoPositioned])]);
    const at = cssPixels(pdf);
    expect(at(160, 150)).toEqual([0, 0, 255]);
    expect(at(120, 150)).toEqual([255, 0, 0]);
    expect(at(230, 150)).toEqual([0, 128, 0]);
    expect(at(310, 150)).toEqual([255, 0, 0]);
  });

  it('floats paint above block backgrounds, inline content above floats', async () => {
    const float = box(100, 300, 100, 100, { float: 'left', backgroundColor: RED });
    const laterBlock = box(150, 300, 100, 100, { backgroundColor: BLUE });
    const pdf = await paintPage([box(0, 0, 700, 500, {}, [float, laterBlock])]);
    const at = cssPixels(pdf);
    expect(at(170, 350)).toEqual([255, 0, 0]);
    expect(at(230, 350)).toEqual([0, 0, 255]);
  });

  it('overflow: hidden clips descendants to the padding box; visibility: hidden paints nothing', async () => {
    const child = box(100, 100, 300, 50, { backgroundColor: RED });
    const clipper = box(100, 100, 100, 100, { overflow: 'hidden' }, [child]);
    const hidden = box(100, 300, 100, 100, { visibility: 'hidden', backgroundColor: RED });
    const pdf = await paintPage([clipper, hidden]);
    const at = cssPixels(pdf);
    expect(at(150, 120)).toEqual([255, 0, 0]);
    expect(at(250, 120)).toEqual([255, 255, 255]);
    expect(at(150, 350)).toEqual([255, 255, 255]);
  });

  it('applies transform around transform-origin, and opacity', async () => {
    const rotated = box(300, 300, 200, 40, { transform: [{ kind: 'rotate', deg: 90 }], backgroundColor: BLUE });
    const faded = box(100, 500, 100, 100, { opacity: 0.5, backgroundColor: RED });
    const pdf = await paintPage([rotated, faded]);
    const at = cssPixels(pdf);
    // Rotated 90° about its centre (400, 320): now spans x 380–420, y 220–420.
    expect(at(400, 240)).toEqual([0, 0, 255]);
    expect(at(320, 320)).toEqual([255, 255, 255]);
    const [r, g, b] = at(150, 550);
    expect(r).toBe(255);
    expect(g).toBeGreaterThan(110);
    expect(g).toBeLessThan(145);
    expect(b).toBe(g);
  });

  it('rounds background corners with border-radius', async () => {
    const round = box(100, 100, 200, 200, {
      backgroundColor: RED,
      borderRadius: [
        [100, 100],
        [100, 100],
        [100, 100],
        [100, 100],
      ],
    });
    const at = cssPixels(await paintPage([round]));
    expect(at(200, 200)).toEqual([255, 0, 0]);
    expect(at(106, 106)).toEqual([255, 255, 255]);
  });

  it('draws text decorations', async () => {
    const fonts = getFontRegistry().createFontSet();
    const t = text(fonts, 'underlined', 100, 100);
    const underline: TextDecoration = {
      line: 'underline',
      x: 100,
      y: 104,
      width: t.width,
      thickness: 4,
      color: RED,
      style: 'solid',
    };
    const pdf = await paintPdf([page([{ ...t, decorations: [underline] }])], { fonts, images: new Map() });
    const at = cssPixels(pdf);
    expect(at(120, 104)).toEqual([255, 0, 0]);
  });

  it('writes valid PDF for every border style, gradients, shadows and synthetic faces', async () => {
    const fonts = getFontRegistry().createFontSet();
    const styles = ['solid', 'dashed', 'dotted', 'double', 'groove', 'ridge', 'inset', 'outset'] as const;
    const boxes = styles.map((s, i) =>
      box(20 + i * 90, 20, 80, 60, {
        borderTop: { width: 6, style: s, color: RED },
        borderRight: { width: 6, style: s, color: BLUE },
        borderBottom: { width: 6, style: s, color: BLACK },
        borderLeft: { width: 6, style: s, color: RED },
        borderRadius:
          i % 2
            ? [
                [10, 10],
                [10, 10],
                [10, 10],
                [10, 10],
              ]
            : [
                [0, 0],
                [0, 0],
                [0, 0],
                [0, 0],
              ],
        boxShadow: [{ x: 3, y: 3, blur: i, spread: 1, color: { r: 0, g: 0, b: 0, a: 0.3 }, inset: false }],
        backgroundLayers: [
          {
            image: {
              kind: 'linear-gradient',
              angleDeg: i * 45,
              stops: [
                { color: RED, position: null },
                { color: { ...BLUE, a: 0.5 }, position: null },
              ],
              repeating: false,
            },
            size: 'auto',
            position: [0, 0],
            repeat: ['repeat', 'repeat'],
            origin: 'padding-box',
            clip: 'border-box',
          },
        ],
      }),
    );
    const synth = text(fonts, 'fake bold italic', 20, 200, {
      fontFamily: ['monospace'],
      fontWeight: 700,
      fontStyle: 'italic',
    });
    const pdf = await paintPdf([page([...boxes, synth])], { fonts, images: new Map() });
    expect(qpdfCheck(pdf)).toContain('No syntax or stream encoding errors');
  });
});

describe('links', () => {
  it('turns <a href> boxes into link annotations and #ids into named destinations', async () => {
    const fonts = getFontRegistry().createFontSet();
    const ext = box(10, 10, 100, 20, {}, [], { tag: 'a', attrs: { href: 'https://example.com/x' } });
    const internal = box(10, 40, 100, 20, {}, [], { tag: 'a', attrs: { href: '#target' } });
    const js = box(10, 70, 100, 20, {}, [], { tag: 'a', attrs: { href: 'javascript:alert(1)' } });
    const malformed = box(10, 100, 100, 20, {}, [], { tag: 'a', attrs: { href: '#%E0%A4%A' } });
    const target = box(10, 500, 100, 20, {}, [], { attrs: { id: 'target' } });
    const pdf = await paintPdf([page([ext, internal, js, malformed]), page([target], 1)], { fonts, images: new Map() });
    const raw = Buffer.from(pdf).toString('latin1');
    expect(raw).toContain('/URI (https://example.com/x)');
    expect(raw).not.toContain('javascript');
    expect(raw).toMatch(/\/S \/GoTo\s*\/D \(target\)/);
    expect(raw).toMatch(/\/Names \[\s*\(target\)/);
    expect(qpdfCheck(pdf)).toContain('No syntax or stream encoding errors');
  });
});

describe('dashes', () => {
  it('fits dashes so that a side starts and ends with one', async () => {
    const { fitDashes } = await import('../../src/paint/borders.js');
    const { dash, gap } = fitDashes('dashed', 2, 100);
    expect(dash).toBe(6);
    const n = (100 + gap) / (dash + gap);
    expect(n).toBeCloseTo(Math.round(n), 6);
    expect(gap).toBeGreaterThan(4);
    expect(gap).toBeLessThan(8);
    expect(fitDashes('dotted', 3, 27)).toEqual({ dash: 3, gap: 3 });
  });
  it('counts dashes as Chromium 150 prints them (gap near the dash length less the width)', async () => {
    const { fitDashes } = await import('../../src/paint/borders.js');
    const count = (w: number, length: number): number => {
      const { dash, gap } = fitDashes('dashed', w, length);
      return Math.round((length + gap) / (dash + gap));
    };
    // Counted in Chromium's PDFs: 1px over 273px: 55 dashes 3 on 2 off; over 100px: 1px 20, 2px 10, 3px 11, 4px 9; 1px over 57px: 12.
    expect([count(1, 273), count(1, 100), count(2, 100), count(3, 100), count(4, 100), count(1, 57)]).toEqual([
      55, 20, 10, 11, 9, 12,
    ]);
    expect(fitDashes('dashed', 1, 273).gap).toBeCloseTo(2, 9);
  });
});

describe('outline', () => {
  it('bookmarks h1–h6 headings, nested by level', async () => {
    const fonts = getFontRegistry().createFontSet();
    const h = (tag: string, label: string, y: number) =>
      box(10, y, 300, 30, {}, [text(fonts, label, 10, y + 20)], { tag });
    const pdf = await paintPdf(
      [
        page([h('h1', 'Chapter one', 10), h('h2', 'Section A', 60)]),
        page([h('h2', 'Section B', 10), h('h1', 'Chapter two', 60)], 1),
      ],
      { fonts, images: new Map(), outline: true },
    );
    const raw = Buffer.from(pdf).toString('latin1');
    for (const title of ['Chapter one', 'Section A', 'Section B', 'Chapter two'])
      expect(raw).toContain(`/Title (${title})`);
    expect(raw.match(/\/Parent/g)?.length).toBeGreaterThanOrEqual(4);
    expect(qpdfCheck(pdf)).toContain('No syntax or stream encoding errors');
  });
});

describe('box-shadow', () => {
  it('draws outer shadows outside the box and inset shadows inside it', async () => {
    const shadow = (inset: boolean) => [{ x: 10, y: 10, blur: 0, spread: 0, color: BLUE, inset }];
    const outer = box(100, 100, 100, 100, { backgroundColor: RED, boxShadow: shadow(false) });
    const inner = box(300, 100, 100, 100, { backgroundColor: RED, boxShadow: shadow(true) });
    const at = cssPixels(await paintPage([outer, inner]));
    expect(at(205, 150)).toEqual([0, 0, 255]);
    expect(at(150, 150)).toEqual([255, 0, 0]);
    expect(at(304, 150)).toEqual([0, 0, 255]);
    expect(at(396, 150)).toEqual([255, 0, 0]);
  });
});

describe('opacity groups', () => {
  it('composites an element with its descendants as one group (no show-through inside)', async () => {
    const child = box(120, 120, 60, 60, { backgroundColor: RED });
    const layer = {
      image: {
        kind: 'linear-gradient' as const,
        angleDeg: 90,
        repeating: false,
        stops: [
          { color: BLUE, position: null },
          { color: BLUE, position: null },
        ],
      },
      size: 'auto' as const,
      position: [0, 0] as const,
      repeat: ['repeat', 'repeat'] as const,
      origin: 'padding-box' as const,
      clip: 'border-box' as const,
    };
    const group = box(100, 100, 100, 100, { opacity: 0.5, backgroundColor: BLUE }, [child]);
    const gradientGroup = box(400, 100, 100, 100, {
      opacity: 0.5,
      backgroundLayers: [layer],
      transform: [{ kind: 'rotate', deg: 45 }],
    });
    const pdf = await paintPage([group, gradientGroup]);
    const at = cssPixels(pdf);
    const [r, g, b] = at(150, 150);
    // Red at 50 % over white: the blue underneath is hidden inside the group.
    expect(r).toBe(255);
    expect(Math.abs(g - 128)).toBeLessThan(4);
    expect(Math.abs(b - 128)).toBeLessThan(4);
    const [r2, g2, b2] = at(110, 150);
    expect([Math.abs(r2 - 128) < 4, Math.abs(g2 - 128) < 4, b2]).toEqual([true, true, 255]);
    // The gradient inside a rotated group lands where the group is (pattern space is right).
    const [r3, , b3] = at(450, 150);
    expect(b3).toBe(255);
    expect(Math.abs(r3 - 128)).toBeLessThan(4);
    expect(qpdfCheck(pdf)).toContain('No syntax or stream encoding errors');
  });
});
