import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FontQuery } from '@platen/layout';
import { getFontRegistry } from '../../src/resources/fonts.js';
import { matchWeight } from '../../src/resources/font-matching.js';
import { createMeasurer } from '../../src/text/measurer.js';
import { paintPdf } from '../../src/paint/paint-pdf.js';
import { page, text } from '../paint/fixtures.js';
import { pdfText } from '../paint/poppler.js';

const require = createRequire(import.meta.url);
const fontBytes = (file: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
const q = (families: string[], weight = 400, style: FontQuery['style'] = 'normal'): FontQuery => ({
  families,
  weight,
  style,
});

describe('CSS Fonts 4 §5.2 weight matching', () => {
  it.each([
    [400, [300, 500, 700], 500],
    [400, [300, 700], 300],
    [500, [400, 700], 400],
    [450, [300, 600], 300],
    [600, [400, 700], 700],
    [600, [400, 500], 500],
    [300, [200, 400], 200],
    [300, [400, 700], 400],
    [900, [400, 700], 700],
    [100, [400, 700], 400],
  ])('desired %i among %j → %i', (desired, available, expected) => {
    expect(matchWeight(desired, available)).toBe(expected);
  });
});

describe('@font-face', () => {
  it('adds faces for one render only, matched by weight, with synthetic italic when no italic face', () => {
    const registry = getFontRegistry();
    const fonts = registry.createFontSet();
    expect(fonts.addFace({ family: 'Corpus Sans', weight: 400 }, fontBytes('DejaVuSansCondensed.ttf'))).toBe(true);
    expect(fonts.addFace({ family: 'Corpus Sans', weight: 700 }, fontBytes('DejaVuSansCondensed-Bold.ttf'))).toBe(true);
    const regular = fonts.primary(q(['Corpus Sans', 'sans-serif']));
    const bold = fonts.primary(q(['corpus sans'], 600));
    const italic = fonts.primary(q(['Corpus Sans'], 400, 'italic'));
    expect(regular.face.font.postscriptName).toBe('DejaVuSansCondensed');
    expect(bold.face.font.postscriptName).toBe('DejaVuSansCondensed-Bold');
    expect([italic.syntheticOblique, italic.face.font.postscriptName]).toEqual([true, 'DejaVuSansCondensed']);
    const other = registry.createFontSet();
    expect(other.primary(q(['Corpus Sans', 'sans-serif'])).face.family).toBe('Arimo');
  });
  it('respects unicode-range', () => {
    const fonts = getFontRegistry().createFontSet();
    fonts.addFace({ family: 'Digits', unicodeRange: [[0x30, 0x39]] }, fontBytes('DejaVuSansMono.ttf'));
    const runs = createMeasurer(fonts).shape('ab12', q(['Digits', 'Arial']), 16);
    expect(runs.map((r) => [r.text, r.fontId.startsWith('ff')])).toEqual([
      ['ab', false],
      ['12', true],
    ]);
  });
  it('reports bytes that are not a font and keeps going', () => {
    const fonts = getFontRegistry().createFontSet();
    expect(fonts.addFace({ family: 'Broken' }, new Uint8Array([1, 2, 3, 4]))).toBe(false);
    expect(fonts.diagnostics[0]?.code).toBe('font_decode_failed');
    expect(fonts.primary(q(['Broken'])).face.family).toBe('Tinos');
  });
  it('src: local() finds a bundled face by its full or PostScript name', () => {
    const fonts = getFontRegistry().createFontSet();
    expect(fonts.addLocalFace({ family: 'Mine' }, 'DejaVu Serif')).toBe(true);
    expect(fonts.addLocalFace({ family: 'Mine', weight: 700 }, 'DejaVuSerif-Bold')).toBe(true);
    expect(fonts.addLocalFace({ family: 'Mine' }, 'Not Installed Anywhere')).toBe(false);
    expect(fonts.primary(q(['Mine'], 700)).face.font.postscriptName).toBe('DejaVuSerif-Bold');
  });
  it('embeds an @font-face font in the PDF with extractable text', async () => {
    const fonts = getFontRegistry().createFontSet();
    fonts.addFace({ family: 'Corpus Sans' }, fontBytes('DejaVuSansCondensed.ttf'));
    const pdf = await paintPdf([page([text(fonts, 'Web font text', 10, 30, { fontFamily: ['Corpus Sans'] })])], {
      fonts,
      images: new Map(),
    });
    expect(pdfText(pdf)).toContain('Web font text');
    expect(Buffer.from(pdf).toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSansCondensed/);
  });
});

describe('loadFontFaces', () => {
  it('tries local() then url() sources through the loader, skipping unreadable formats', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { createResourceLoader } = await import('../../src/resources/loader.js');
    const { loadFontFaces, parseUnicodeRange } = await import('../../src/resources/font-faces.js');
    const dir = mkdtempSync(join(tmpdir(), 'platen-faces-'));
    mkdirSync(join(dir, 'fonts'));
    writeFileSync(join(dir, 'fonts', 'cond.ttf'), fontBytes('DejaVuSansCondensed.ttf'));
    writeFileSync(join(dir, 'fonts', 'cond-bold.ttf'), fontBytes('DejaVuSansCondensed-Bold.ttf'));
    const fonts = getFontRegistry().createFontSet();
    const loader = createResourceLoader({ baseDir: dir, allowFile: true });
    await loadFontFaces(fonts, loader, [
      {
        family: 'Corpus Sans',
        weight: [400, 400],
        style: 'normal',
        sources: [
          { kind: 'local', name: 'Corpus Sans Not Installed' },
          { kind: 'url', url: 'fonts/nope.eot', format: 'embedded-opentype' },
          { kind: 'url', url: 'fonts/cond.ttf', format: 'truetype' },
        ],
      },
      {
        family: 'Corpus Sans',
        weight: [600, 900],
        style: 'normal',
        sources: [{ kind: 'url', url: './fonts/cond-bold.ttf' }],
      },
      {
        family: 'Serif Local',
        weight: [400, 400],
        style: 'normal',
        sources: [{ kind: 'local', name: 'DejaVu Serif' }],
      },
      { family: 'Missing', weight: [400, 400], style: 'normal', sources: [{ kind: 'url', url: 'fonts/missing.ttf' }] },
    ]);
    expect(fonts.primary(q(['Corpus Sans'])).face.font.postscriptName).toBe('DejaVuSansCondensed');
    const bold = fonts.primary(q(['Corpus Sans'], 700));
    expect([bold.face.font.postscriptName, bold.syntheticBold]).toEqual(['DejaVuSansCondensed-Bold', false]);
    expect(fonts.primary(q(['Serif Local'])).face.font.postscriptName).toBe('DejaVuSerif');
    expect(fonts.diagnostics.map((d) => d.code)).toEqual(['font_not_loaded']);
    expect(loader.warnings).toHaveLength(1); // only missing.ttf was fetched and failed; the .eot was never requested
    expect(parseUnicodeRange('U+0000-00FF, U+0131, U+4??')).toEqual([
      [0, 255],
      [0x131, 0x131],
      [0x400, 0x4ff],
    ]);
  });
});

describe('web fonts across renders', () => {
  it('parses the same font bytes once per process and shares shaping across renders', () => {
    const bytes = fontBytes('DejaVuSansMono-Bold.ttf');
    const a = getFontRegistry().createFontSet();
    const b = getFontRegistry().createFontSet();
    a.addFace({ family: 'Mono A' }, bytes);
    b.addFace({ family: 'Mono B' }, Uint8Array.from(bytes));
    expect(a.primary(q(['Mono A'])).face.font).toBe(b.primary(q(['Mono B'])).face.font);
    // …but the faces (and so the families) stay private to each render.
    expect(b.primary(q(['Mono A'])).face.family).toBe('Tinos');
  });
});
