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
import { toPng, type Raster } from './poppler.js';

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
    if (process.env['UPDATE_REFS'] !== '1') throw new Error(`no reference image ${refPath}; run with UPDATE_REFS=1 once and look at it`);
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

function writeOutput(name: string, actual: Raster, diff: PNG | null): void {
  mkdirSync(outputDir, { recursive: true });
  writeFileSync(join(outputDir, `${name}.actual.png`), toPng(actual));
  if (diff) writeFileSync(join(outputDir, `${name}.diff.png`), PNG.sync.write(diff));
}
