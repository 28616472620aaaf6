/**
 * PdfFormat google_fonts_url end to end: the stylesheet and its font come from a local HTTP
 * server (never the internet) through the resource loader, and the PDF embeds that font.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDocument } from '@platen/core';
import { extractWords } from '../helpers/poppler.js';

const font = readFileSync(new URL('../corpus/webfont/fonts/DejaVuSansCondensed.ttf', import.meta.url));
const requests: string[] = [];
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url?.startsWith('/css2?family=Test+Condensed')) {
      res.writeHead(200, { 'content-type': 'text/css' });
      res.end(`@font-face { font-family: 'Test Condensed'; font-style: normal; font-weight: 400;
        src: url(${base}/s/condensed.ttf) format('truetype'); }`);
    } else if (req.url === '/s/condensed.ttf') {
      res.writeHead(200, { 'content-type': 'font/ttf' });
      res.end(font);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Font names `pdffonts` lists for a PDF, without the subset prefix. */
function pdfFonts(pdf: Uint8Array): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'platen-fonts-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    const out = execFileSync('pdffonts', [join(dir, 'doc.pdf')]).toString('utf8');
    return out
      .split('\n')
      .slice(2)
      .map((l) => l.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ''))
      .filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('google_fonts_url', () => {
  it('loads the stylesheet and its font from the server and embeds the font', async () => {
    const html = `<!doctype html><p style="font-family:'Test Condensed', serif; font-size:20px">Condensed words</p>`;
    const result = await renderDocument({
      html,
      format: { google_fonts_url: `${base}/css2?family=Test+Condensed` },
      allowPrivateNetwork: true,
    });
    expect(requests).toContain('/css2?family=Test+Condensed');
    expect(requests).toContain('/s/condensed.ttf');
    expect(pdfFonts(result.pdf)).toContain('DejaVuSansCondensed');
    expect(pdfFonts(result.pdf)).not.toContain('Tinos-Regular');
    expect(extractWords(result.pdf).words.map((w) => w.text)).toEqual(['Condensed', 'words']);
  });

  it('falls back to the family list with a diagnostic when private addresses are not allowed', async () => {
    const html = `<!doctype html><p style="font-family:'Test Condensed', serif">Fallback</p>`;
    const result = await renderDocument({ html, format: { google_fonts_url: `${base}/css2?family=Test+Condensed` } });
    expect(pdfFonts(result.pdf)).not.toContain('DejaVuSansCondensed');
    expect(result.diagnostics.length).toBeGreaterThan(0);
  });
});
