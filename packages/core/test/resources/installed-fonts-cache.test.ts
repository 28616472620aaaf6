import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FontFileFace } from '../../src/resources/font-file-names.js';
import { cachedInstalledFaces } from '../../src/resources/installed-fonts-cache.js';

describe('installed fonts cached between processes', () => {
  let dir: string;
  let cacheDir: string;
  let faces: FontFileFace[];
  let scans: number;
  const scan = (): FontFileFace[] => {
    scans++;
    return faces;
  };
  const face = (path: string): FontFileFace => ({
    path,
    index: 0,
    families: ['Test Sans'],
    localNames: ['Test Sans Regular'],
    weight: 400,
    widthClass: 5,
    style: 'normal',
  });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'platen-font-cache-'));
    cacheDir = mkdtempSync(join(tmpdir(), 'platen-font-cache-file-'));
    process.env['PLATEN_FONT_CACHE'] = join(cacheDir, 'installed-fonts.json');
    writeFileSync(join(dir, 'a.ttf'), 'a');
    faces = [face(join(dir, 'a.ttf'))];
    scans = 0;
  });
  afterEach(() => {
    delete process.env['PLATEN_FONT_CACHE'];
    rmSync(dir, { recursive: true, force: true });
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('scans once, then reads what the scan found', () => {
    expect(cachedInstalledFaces(scan, [dir])).toEqual(faces);
    expect(cachedInstalledFaces(scan, [dir])).toEqual(faces);
    expect(scans).toBe(1);
  });

  it('scans again when a font file or its folder changes', () => {
    cachedInstalledFaces(scan, [dir]);
    utimesSync(join(dir, 'a.ttf'), new Date(), new Date(Date.now() + 5000));
    cachedInstalledFaces(scan, [dir]);
    expect(scans).toBe(2);
    writeFileSync(join(dir, 'b.ttf'), 'b'); // a font added beside it: the folder's mtime changes
    utimesSync(dir, new Date(), new Date(Date.now() + 10_000));
    cachedInstalledFaces(scan, [dir]);
    expect(scans).toBe(3);
  });

  it('is off when PLATEN_FONT_CACHE is empty', () => {
    process.env['PLATEN_FONT_CACHE'] = '';
    cachedInstalledFaces(scan, [dir]);
    cachedInstalledFaces(scan, [dir]);
    expect(scans).toBe(2);
  });
});
