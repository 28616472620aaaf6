/**
 * Pixel comparison against committed reference PNGs (rasterised at 48 dpi).
 * UPDATE_REFS=1 rewrites the references; on a mismatch the actual and diff images go
 * to test/__output__/ (gitignored) so a person can look at them.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { toPng, type Pixels, type Raster } from './poppler.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const refsDir = join(root, 'visual', 'refs');
const outputDir = join(root, '__output__');

export interface VisualResult {
  /** Share of pixels that differ (0–1). */
  readonly diffRatio: number;
  readonly refPath: string;
}

/** Compare a page raster with `refs/<name>.png`. */
export function compareWithReference(name: string, actual: Raster): VisualResult {
  const refPath = join(refsDir, `${name}.png`);
  if (process.env['UPDATE_REFS'] === '1' || !existsSync(refPath)) {
    if (process.env['UPDATE_REFS'] !== '1')
      throw new Error(`no reference image ${refPath}; run with UPDATE_REFS=1 once and look at it`);
    mkdirSync(refsDir, { recursive: true });
    writeFileSync(refPath, toPng(actual));
    return { diffRatio: 0, refPath };
  }
  const expected = PNG.sync.read(readFileSync(refPath));
  if (expected.width !== actual.width || expected.height !== actual.height) {
    writeOutput(name, actual, null);
    return { diffRatio: 1, refPath };
  }
  const diff = new PNG({ width: actual.width, height: actual.height });
  const bad = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, { threshold: 0.1 });
  const diffRatio = bad / (actual.width * actual.height);
  if (bad > 0) writeOutput(name, actual, diff);
  return { diffRatio, refPath };
}

function writeOutput(name: string, actual: Pixels, diff: PNG | null): void {
  mkdirSync(outputDir, { recursive: true });
  writeFileSync(join(outputDir, `${name}.actual.png`), toPng(actual));
  if (diff) writeFileSync(join(outputDir, `${name}.diff.png`), PNG.sync.write(diff));
}

export interface RasterDifference {
  /** Pixels of `actual` outside the colour range of the reference pixels within 2 px (a shift by a pixel or an edge smoothed differently is not a difference). */
  readonly differing: number;
  /** Where the first differing pixels are, "x,y: actual vs reference" (at most 5). */
  readonly examples: readonly string[];
}

/**
 * Compare a page raster with a reference raster (e.g. Chromium's print of the same page), over
 * the area both cover (Chromium's A4 is 1 pt wider and taller). A pixel differs when one of
 * its channels is more than `tolerance` outside the range of that channel over the reference's
 * 5×5 neighbourhood: poppler smooths an enlarged image over about 3 px, with other ramps for
 * ICC-based, grey and masked images. The diff
 * image goes to test/__output__/<name>.diff.png when something differs.
 */
export function differenceFromRaster(
  name: string,
  actual: Pixels,
  reference: Pixels,
  tolerance = 32,
): RasterDifference {
  // The last rows and columns are partly off the paper, by how much depends on the paper size's rounding.
  const width = Math.min(actual.width, reference.width) - 2;
  const height = Math.min(actual.height, reference.height) - 2;
  const diff = new PNG({ width, height });
  const examples: string[] = [];
  let differing = 0;
  const near = (x: number, y: number): boolean => {
    const a = (y * actual.width + x) * 4;
    for (let c = 0; c < 3; c++) {
      let low = 255,
        high = 0;
      for (let ry = Math.max(0, y - 2); ry <= Math.min(height - 1, y + 2); ry++) {
        for (let rx = Math.max(0, x - 2); rx <= Math.min(width - 1, x + 2); rx++) {
          const v = reference.data[(ry * reference.width + rx) * 4 + c] ?? 0;
          low = Math.min(low, v);
          high = Math.max(high, v);
        }
      }
      const v = actual.data[a + c] ?? 0;
      if (v < low - tolerance || v > high + tolerance) return false;
    }
    return true;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      const ok = near(x, y);
      diff.data.set(ok ? [255, 255, 255, 255] : [255, 0, 0, 255], o);
      if (ok) continue;
      differing++;
      if (examples.length < 5) {
        const a = (y * actual.width + x) * 4,
          r = (y * reference.width + x) * 4;
        examples.push(
          `${x},${y}: ${[...actual.data.subarray(a, a + 3)].join(' ')} vs ${[...reference.data.subarray(r, r + 3)].join(' ')}`,
        );
      }
    }
  }
  if (differing > 0) writeOutput(name, actual, diff);
  return { differing, examples };
}
