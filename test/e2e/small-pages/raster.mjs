// Pages of a PDF as WeasyPrint's pixel tests see them: 96 dpi (1 px = 1 CSS px), no
// anti-aliasing (`pdftocairo -antialias none` paints the pixels whose centre is inside a shape).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';

/** Each page as a PNG of exactly width × height px (cut, or padded with white), when given. */
export function rasterPages(pdf, width, height) {
  const dir = mkdtempSync(join(tmpdir(), 'small-pages-raster-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    execFileSync('pdftocairo', ['-r', '96', '-antialias', 'none', '-png', join(dir, 'doc.pdf'), join(dir, 'p')]);
    return readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort((a, b) => Number(/(\d+)\.png$/.exec(a)[1]) - Number(/(\d+)\.png$/.exec(b)[1]))
      .map((f) => fit(PNG.sync.read(readFileSync(join(dir, f))), width, height));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function fit(png, width = png.width, height = png.height) {
  if (png.width === width && png.height === height) return png;
  const out = new PNG({ width, height });
  out.data.fill(255);
  for (let y = 0; y < Math.min(height, png.height); y++) {
    png.data.copy(out.data, y * width * 4, y * png.width * 4, (y * png.width + Math.min(width, png.width)) * 4);
  }
  return out;
}

/** The pages one below the other, as one image (all pages have the same width here). */
export function stackPages(pages) {
  const width = Math.max(...pages.map((p) => p.width));
  const out = new PNG({ width, height: pages.reduce((h, p) => h + p.height, 0) });
  out.data.fill(255);
  let top = 0;
  for (const p of pages) {
    for (let y = 0; y < p.height; y++)
      p.data.copy(out.data, (top + y) * width * 4, y * p.width * 4, (y + 1) * p.width * 4);
    top += p.height;
  }
  return out;
}
