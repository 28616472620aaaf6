import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';

export interface Word {
  readonly text: string;
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
}

function tempPdf(pdf: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'platen-paint-'));
  const file = join(dir, 'out.pdf');
  writeFileSync(file, pdf);
  return file;
}

/** Words with their boxes in PDF points, from `pdftotext -bbox` (fails loudly without poppler). */
export function pdfWords(pdf: Uint8Array): Word[][] {
  const html = execFileSync('pdftotext', ['-bbox', tempPdf(pdf), '-'], { encoding: 'utf8' });
  return html
    .split('<page ')
    .slice(1)
    .map((pageHtml) =>
      [
        ...pageHtml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g),
      ].map((m) => ({
        xMin: Number(m[1]),
        yMin: Number(m[2]),
        xMax: Number(m[3]),
        yMax: Number(m[4]),
        text: (m[5] ?? '')
          .replaceAll('&amp;', '&')
          .replaceAll('&lt;', '<')
          .replaceAll('&gt;', '>')
          .replaceAll('&quot;', '"'),
      })),
    );
}

export function pdfText(pdf: Uint8Array): string {
  return execFileSync('pdftotext', [tempPdf(pdf), '-'], { encoding: 'utf8' });
}

/** Page 1 rasterised at 48 dpi, read at CSS px (x, y): two CSS px per device pixel. */
export function cssPixels(pdf: Uint8Array): (x: number, y: number) => [number, number, number] {
  const img = rasterise(pdf, 48);
  return (x, y) => img.at(x / 2, y / 2);
}

/** Rasterise page 1 at `dpi`; returns a pixel reader in device pixels. */
export function rasterise(
  pdf: Uint8Array,
  dpi = 48,
): { width: number; height: number; at(x: number, y: number): [number, number, number] } {
  const file = tempPdf(pdf);
  execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', file, file]);
  const png = PNG.sync.read(readFileSync(`${file}.png`));
  return {
    width: png.width,
    height: png.height,
    at(x: number, y: number) {
      const i = (Math.floor(y) * png.width + Math.floor(x)) * 4;
      return [png.data[i] ?? 0, png.data[i + 1] ?? 0, png.data[i + 2] ?? 0];
    },
  };
}

export function qpdfCheck(pdf: Uint8Array): string {
  try {
    return execFileSync('qpdf', ['--check', tempPdf(pdf)], { encoding: 'utf8' });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}
