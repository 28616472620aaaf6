/** Painting checked on rasterised pages: what users see. */
import { describe, expect, it } from 'vitest';
import { render } from '@platen/core';
import { rasterise } from '../helpers/poppler.js';
import { compareWithReference } from '../helpers/visual.js';

// At 48 dpi one CSS px is 0.5 device px (96 px per inch).
const noMargins = { margins: { top: '0', right: '0', bottom: '0', left: '0' } };

describe('painting', () => {
  it('fills backgrounds and borders where layout put them', async () => {
    const html = `<body style="margin:0">
      <div style="width:200px;height:100px;background:#ff0000"></div>
      <div style="width:200px;height:100px;border:20px solid #0000ff;box-sizing:border-box"></div>`;
    const [page] = rasterise(await render({ html, format: noMargins }));
    expect(page!.pixel(50, 25)).toEqual([255, 0, 0]); // inside the red box (100,50 px)
    expect(page!.pixel(150, 25)).toEqual([255, 255, 255]); // right of it
    expect(page!.pixel(4, 75)).toEqual([0, 0, 255]); // left border of the blue box (y 50–100)
    expect(page!.pixel(50, 75)).toEqual([255, 255, 255]); // its white inside
  });

  it('paints the page background from background_color and body styles', async () => {
    const [page] = rasterise(await render({ html: '<p>x</p>', format: { background_color: '#00ff00' } }));
    expect(page!.pixel(2, 2)).toEqual([0, 255, 0]);
  });

  it('matches the reference image of the example invoice', async () => {
    const { readFile } = await import('node:fs/promises');
    const dir = new URL('../../examples/invoice/', import.meta.url);
    const pdf = await render({
      html: await readFile(new URL('template.html', dir), 'utf8'),
      data: JSON.parse(await readFile(new URL('data.json', dir), 'utf8')),
      header: await readFile(new URL('header.html', dir), 'utf8'),
      footer: await readFile(new URL('footer.html', dir), 'utf8'),
    });
    const [page] = rasterise(pdf);
    expect(compareWithReference('example-invoice-p1', page!).diffRatio).toBeLessThan(0.002);
  });
});
