import { describe, expect, it } from 'vitest';
import type { BoxFragment } from '../../src/fragment.js';
import type { BackgroundLayer } from '../../src/style.js';
import { el } from '../helpers/style.js';
import { layoutPages, pageStyleOf } from '../helpers/layout.js';

const black = { r: 0, g: 0, b: 0, a: 1 };
const layer: BackgroundLayer = {
  image: { kind: 'url', url: 'bg.png' },
  size: 'auto',
  position: [0, 0],
  repeat: ['repeat', 'repeat'],
  origin: 'padding-box',
  clip: 'border-box',
};
const page = { pageStyle: pageStyleOf({ width: 200, height: 100, margin: 10 }) };

describe('canvas background (CSS 2.1 §14.2)', () => {
  // Chromium's print, measured (test/e2e/chromium-pixels/page-body-background): not into the page margins.
  it("paints the body's colour over the page area, the margins keep the page's", () => {
    const [p] = layoutPages(
      el('body', { backgroundColor: { r: 0, g: 128, b: 0, a: 1 } }, el('div', { height: 10 })),
      page,
    );
    expect(p?.backgroundColor.a).toBe(0);
    const canvas = p?.fragments[0] as BoxFragment;
    expect([canvas.x, canvas.y, canvas.width, canvas.height]).toEqual([10, 10, 180, 80]);
    expect(canvas.style.backgroundColor).toEqual({ r: 0, g: 128, b: 0, a: 1 });
  });

  it('paints background images on a page-area box without the element borders, radius or shadow', () => {
    const side = { width: 4, style: 'solid' as const, color: black };
    const body = el(
      'body',
      {
        backgroundLayers: [layer],
        borderTop: side,
        borderLeft: side,
        boxShadow: [{ x: 2, y: 2, blur: 0, spread: 0, color: black, inset: false }],
        borderRadius: [
          [8, 8],
          [8, 8],
          [8, 8],
          [8, 8],
        ],
        opacity: 0.5,
      },
      el('div', { height: 10 }),
    );
    const [p] = layoutPages(body, page);
    const canvas = p?.fragments[0] as BoxFragment;
    expect([canvas.x, canvas.y, canvas.width, canvas.height]).toEqual([10, 10, 180, 80]);
    expect(canvas.style.backgroundLayers).toEqual([layer]);
    expect([
      canvas.style.borderTop.width,
      canvas.style.borderLeft.width,
      canvas.style.boxShadow.length,
      canvas.style.opacity,
    ]).toEqual([0, 0, 0, 1]);
    expect(canvas.style.borderRadius.flat()).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });
});
