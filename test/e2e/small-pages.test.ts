/**
 * Pages of a few pixels, as WeasyPrint's pixel tests print them (tools/weasyprint-draw), checked
 * against headless Chromium pixel for pixel: each page in ./small-pages/ was printed with
 * Chromium at its own `@page` size (record.mjs) and rasterised at 96 dpi without anti-aliasing
 * as <name>.chromium.png. Platen's print of the same page, rasterised the same way, must match
 * it exactly, page size included.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { renderDocument } from '@platen/core';
import { rasterPages, stackPages } from './small-pages/raster.mjs';

const dir = fileURLToPath(new URL('./small-pages/', import.meta.url));
const NO_MARGINS = { top: '0', right: '0', bottom: '0', left: '0' };

/** The rows of an image as characters: `_` white, `B` blue, `R` red, `G` lime, `K` black, `?` else. */
function rows(png: PNG): string[] {
  const names: Record<string, string> = {
    '255,255,255': '_',
    '0,0,255': 'B',
    '255,0,0': 'R',
    '0,255,0': 'G',
    '0,0,0': 'K',
  };
  const out: string[] = [];
  for (let y = 0; y < png.height; y++) {
    let row = '';
    for (let x = 0; x < png.width; x++) {
      const i = (y * png.width + x) * 4;
      row += names[`${png.data[i]},${png.data[i + 1]},${png.data[i + 2]}`] ?? '?';
    }
    out.push(row);
  }
  return out;
}

describe('small pages against Chromium prints, pixel for pixel', () => {
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.html'))
    .sort()) {
    it(`${file} prints as Chromium prints it`, async () => {
      const result = await renderDocument({
        html: readFileSync(`${dir}/${file}`, 'utf8'),
        format: { preset: 'a4', margins: NO_MARGINS },
        baseDir: dir,
      });
      const platen = stackPages(rasterPages(result.pdf)) as PNG;
      const chromium = PNG.sync.read(readFileSync(`${dir}/${file.replace(/\.html$/, '.chromium.png')}`));
      expect(rows(platen)).toEqual(rows(chromium));
      expect(Buffer.compare(platen.data, chromium.data)).toBe(0);
    });
  }
});
