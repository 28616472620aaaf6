/**
 * Reading PDFs the way users see them: poppler's pdftotext (words with positions) and
 * pdftoppm (rasterised pages). A missing poppler fails loudly: CI installs poppler-utils.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';

export interface Word {
  readonly text: string;
  readonly page: number; // 1-based
  /** Box in PDF points, origin top-left. */
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
}

export interface PdfText {
  readonly pages: readonly { readonly width: number; readonly height: number }[];
  readonly words: readonly Word[];
}

function run(tool: string, args: readonly string[]): Buffer {
  try {
    return execFileSync(tool, args, { maxBuffer: 256 * 1024 * 1024 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        `${tool} is not installed: install poppler-utils (apt-get install poppler-utils); .ci/run does this`,
      );
    }
    throw error;
  }
}

function withPdfFile<T>(pdf: Uint8Array, use: (path: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'platen-pdf-'));
  try {
    const path = join(dir, 'doc.pdf');
    writeFileSync(path, pdf);
    return use(path, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Words with their boxes (`pdftotext -bbox`), in pdftotext's reading order. */
export function extractWords(pdf: Uint8Array): PdfText {
  const xhtml = withPdfFile(pdf, (path) => run('pdftotext', ['-bbox', path, '-']).toString('utf8'));
  const pages: { width: number; height: number }[] = [];
  const words: Word[] = [];
  const tag =
    /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  for (const m of xhtml.matchAll(tag)) {
    if (m[1] !== undefined) pages.push({ width: Number(m[1]), height: Number(m[2]) });
    else
      words.push({
        text: decode(m[7]!),
        page: pages.length,
        xMin: Number(m[3]),
        yMin: Number(m[4]),
        xMax: Number(m[5]),
        yMax: Number(m[6]),
      });
  }
  return { pages, words };
}

/** Plain text of the whole document (`pdftotext`, reading order). */
export function extractText(pdf: Uint8Array): string {
  return withPdfFile(pdf, (path) => run('pdftotext', [path, '-']).toString('utf8'));
}

/** Text as laid out on the page (`pdftotext -layout`): words of one line stay on one line. */
export function extractLayoutText(pdf: Uint8Array): string {
  return withPdfFile(pdf, (path) => run('pdftotext', ['-layout', path, '-']).toString('utf8'));
}

/** RGBA pixels, as a raster or a decoded PNG. */
export type Pixels = Pick<Raster, 'width' | 'height' | 'data'>;

export interface Raster {
  readonly width: number;
  readonly height: number;
  /** RGBA bytes. */
  readonly data: Uint8Array;
  pixel(x: number, y: number): [number, number, number];
}

/** Rasterise every page (`pdftoppm -png -r <dpi>`), default 48 dpi (1 pt = 2/3 px). */
export function rasterise(pdf: Uint8Array, dpi = 48): Raster[] {
  return withPdfFile(pdf, (path, dir) => {
    run('pdftoppm', ['-png', '-r', String(dpi), path, join(dir, 'page')]);
    return readdirSync(dir)
      .filter((f) => f.startsWith('page') && f.endsWith('.png'))
      .sort()
      .map((f) => toRaster(PNG.sync.read(readFileSync(join(dir, f)))));
  });
}

function toRaster(png: PNG): Raster {
  const { width, height, data } = png;
  return {
    width,
    height,
    data,
    pixel: (x, y) => {
      const i = (Math.round(y) * width + Math.round(x)) * 4;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

/** Encode a raster as PNG (for references and failure output). */
export function toPng(raster: Pixels): Buffer {
  const png = new PNG({ width: raster.width, height: raster.height });
  png.data = Buffer.from(raster.data);
  return PNG.sync.write(png);
}

/** `qpdf --check`: throws with qpdf's output when the PDF's structure is broken. */
export function checkPdfStructure(pdf: Uint8Array): void {
  withPdfFile(pdf, (path) => {
    try {
      execFileSync('qpdf', ['--check', path], { stdio: 'pipe' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new Error('qpdf is not installed (apt-get install qpdf; .ci/run does this)');
      const e = error as { stdout?: Buffer; stderr?: Buffer };
      throw new Error(`qpdf --check failed:\n${e.stdout?.toString() ?? ''}${e.stderr?.toString() ?? ''}`);
    }
  });
}
