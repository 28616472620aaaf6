import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FontQuery } from '@platen/layout';
import { readFontFileFaces } from '../../src/resources/font-file-names.js';
import { getFontRegistry } from '../../src/resources/fonts.js';
import { getHostFonts, HostFonts } from '../../src/resources/host-fonts.js';

const require = createRequire(import.meta.url);
const dejavu = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);
const renameFont = fileURLToPath(new URL('../../../../test/e2e/text-positions/fonts/rename-font.mjs', import.meta.url));
const q = (families: string[], weight = 400, style: FontQuery['style'] = 'normal'): FontQuery => ({
  families,
  weight,
  style,
});

/** A copy of a bundled DejaVu file renamed to `family` (the fixture script of the e2e page). */
function renamed(dir: string, source: string, family: string): void {
  const postscript = family.replaceAll(' ', '');
  execFileSync('node', [renameFont, dejavu(source), join(dir, `${postscript}.ttf`), family, postscript]);
}

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'platen-host-fonts-'));
  // Two folders with nested, unsorted entries, a non-font and a broken "font".
  mkdirSync(join(root, 'a/z-sub'), { recursive: true });
  mkdirSync(join(root, 'b'), { recursive: true });
  copyFileSync(dejavu('DejaVuSansCondensed.ttf'), join(root, 'a/z-sub/DejaVuSansCondensed.ttf'));
  copyFileSync(dejavu('DejaVuSans.ttf'), join(root, 'a/DejaVuSans.ttf'));
  copyFileSync(dejavu('DejaVuSans-Bold.ttf'), join(root, 'b/DejaVuSans-Bold.ttf'));
  writeFileSync(join(root, 'a/readme.txt'), 'not a font');
  writeFileSync(join(root, 'a/broken.ttf'), Buffer.from([0, 1, 0, 0, 0, 9]));
  renamed(join(root, 'b'), 'DejaVuSerif.ttf', 'Brand Serif');
  renamed(join(root, 'b'), 'DejaVuSansMono.ttf', 'Arial');
  renamed(join(root, 'b'), 'DejaVuSansMono.ttf', 'Liberation Sans');
});

describe('reading a font file’s names', () => {
  it('lists every family name (legacy and typographic), the local names, weight, width and style', () => {
    const [face] = readFontFileFaces(dejavu('DejaVuSansCondensed-BoldOblique.ttf'));
    expect(face).toMatchObject({
      index: 0,
      families: ['DejaVu Sans Condensed', 'DejaVu Sans'],
      weight: 700,
      widthClass: 4,
      style: 'oblique',
      localNames: ['DejaVu Sans Condensed Bold Oblique', 'DejaVuSansCondensed-BoldOblique'],
    });
    expect(readFontFileFaces(dejavu('DejaVuSerif-Italic.ttf'))[0]?.style).toBe('italic');
  });

  it('returns nothing for files that are not fonts', () => {
    expect(readFontFileFaces(join(root, 'a/readme.txt'))).toEqual([]);
    expect(readFontFileFaces(join(root, 'a/broken.ttf'))).toEqual([]);
    expect(readFontFileFaces(join(root, 'missing.ttf'))).toEqual([]);
  });
});

describe('host fonts', () => {
  it('finds a family by any of its names, case-insensitively, keeping the width nearest normal', () => {
    const host = new HostFonts([join(root, 'a'), join(root, 'b')]);
    // "DejaVu Sans" is the typographic family of the condensed face too: §5.2 4a keeps the normal width.
    expect(host.family('dejavu sans')?.map((f) => [f.weight, f.font.postscriptName])).toEqual([
      [400, 'DejaVuSans'],
      [700, 'DejaVuSans-Bold'],
    ]);
    expect(host.family('dejavu sans condensed')?.map((f) => f.font.postscriptName)).toEqual(['DejaVuSansCondensed']);
    expect(host.family('brand serif')?.[0]?.id).toBe(`host:${join(root, 'b/BrandSerif.ttf')}#0`);
    expect(host.family('georgia')).toBeUndefined();
    expect(host.localFace('DejaVu Sans Condensed')?.font.postscriptName).toBe('DejaVuSansCondensed');
    expect(host.localFace('dejavusans-bold')?.weight).toBe(700);
  });

  it('scans each folder once per process and shares parsed faces between renders', () => {
    const dirs = [join(root, 'b')];
    const first = getHostFonts(dirs);
    expect(getHostFonts(dirs)).toBe(first);
    const before = first.family('brand serif');
    renamed(join(root, 'b'), 'DejaVuSerif-Bold.ttf', 'Late Serif');
    expect(getHostFonts(dirs).family('late serif')).toBeUndefined();
    expect(new HostFonts(dirs).family('brand serif')?.[0]).toBe(before?.[0]);
  });
});

describe('resolving families with host fonts (Chromium on Linux)', () => {
  const fonts = () => getFontRegistry().createFontSet({ fontDirs: [join(root, 'b')] });

  it('uses a font folder’s family, with synthetic bold where it has no bold face', () => {
    const bold = fonts().primary(q(['Brand Serif', 'serif'], 700));
    expect([bold.face.font.postscriptName, bold.syntheticBold]).toEqual(['BrandSerif', true]);
  });

  it('takes a real Arial over the bundled Arimo, but keeps the bundled copies of Liberation and DejaVu', () => {
    expect(fonts().primary(q(['Arial'])).face.font.postscriptName).toBe('Arial');
    expect(fonts().primary(q(['Liberation Sans'])).face.family).toBe('Arimo');
    expect(
      getFontRegistry()
        .createFontSet()
        .primary(q(['Arial'])).face.family,
    ).toBe('Arimo');
  });

  it('takes Carlito for Calibri and Caladea for Cambria (metric twins Chromium accepts), not other stand-ins', () => {
    const dir = join(root, 'twins');
    mkdirSync(dir);
    renamed(dir, 'DejaVuSans.ttf', 'Carlito');
    renamed(dir, 'DejaVuSerif.ttf', 'Calibri');
    renamed(dir, 'DejaVuSansMono.ttf', 'Gelasio');
    const set = getFontRegistry().createFontSet({ fontDirs: [dir] });
    expect(set.primary(q(['Calibri'])).face.font.postscriptName).toBe('Calibri');
    expect(set.primary(q(['Cambria'])).face.family).toBe('Tinos');
    expect(
      getFontRegistry()
        .createFontSet({ fontDirs: [join(root, 'b'), dir] })
        .primary(q(['Carlito'])).face.font.postscriptName,
    ).toBe('Carlito');
    expect(new HostFonts([dir]).family('georgia')).toBeUndefined();
    mkdirSync(join(root, 'twins2'));
    renamed(join(root, 'twins2'), 'DejaVuSans.ttf', 'Caladea');
    expect(new HostFonts([join(root, 'twins2')]).family('cambria')?.[0]?.font.postscriptName).toBe('Caladea');
  });

  it('puts @font-face before host fonts and host fonts before the default family', () => {
    const set = fonts();
    set.addLocalFace({ family: 'Brand Serif' }, 'DejaVuSans-Bold');
    expect(set.primary(q(['Brand Serif'])).face.font.postscriptName).toBe('DejaVuSans-Bold');
    expect(
      fonts()
        .chain(q(['Unknown Family', 'Brand Serif']))
        .map((r) => r.face.family)
        .slice(0, 2),
    ).toEqual(['Brand Serif', 'Tinos']);
  });

  it('finds a host face for src: local() by full or PostScript name', () => {
    const set = fonts();
    expect(set.addLocalFace({ family: 'Mine' }, 'Brand Serif Book')).toBe(true);
    expect(set.primary(q(['Mine'])).face.font.postscriptName).toBe('BrandSerif');
  });
});
