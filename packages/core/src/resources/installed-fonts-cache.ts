import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import type { FontFileFace } from './font-file-names.js';

/**
 * The installed fonts' faces (host-fonts.ts: fontconfig's list, then each file's name tables)
 * kept on disk between processes: listing them was about a tenth of a cold `platen render`
 * (an `fc-list` process, then 160 name tables read). The file holds what a scan found and
 * what it depends on, each as a (path, size, mtime) stamp: fontconfig's configuration and
 * caches (fc-cache and fontconfig's clients rewrite a cache when a folder changes), every font
 * file listed, the folders they are in (a font added, removed or renamed changes its folder)
 * and fontconfig's default folders. It is used only while every stamp is
 * unchanged and the code that scanned is the same, so it gives exactly what a scan would.
 */

type Stamp = readonly [path: string, size: number, mtimeMs: number];

interface CacheFile {
  readonly version: string;
  readonly stamps: readonly Stamp[];
  readonly faces: readonly FontFileFace[];
}

/** Environment variables that choose fontconfig's configuration and folders. */
const ENVIRONMENT = [
  'FONTCONFIG_FILE',
  'FONTCONFIG_PATH',
  'FONTCONFIG_SYSROOT',
  'XDG_CONFIG_HOME',
  'XDG_CACHE_HOME',
  'XDG_DATA_HOME',
  'HOME',
];

function cacheHome(): string {
  return process.env['XDG_CACHE_HOME'] || join(homedir(), '.cache');
}

function configHome(): string {
  return process.env['XDG_CONFIG_HOME'] || join(homedir(), '.config');
}

/** `PLATEN_FONT_CACHE` names the file; empty turns the cache off. */
function cachePath(): string | null {
  const named = process.env['PLATEN_FONT_CACHE'];
  if (named !== undefined) return named === '' ? null : named;
  return join(cacheHome(), 'platen', 'installed-fonts.json');
}

function stamp(path: string): Stamp {
  try {
    const info = statSync(path);
    return [path, info.size, info.mtimeMs];
  } catch {
    return [path, -1, -1];
  }
}

/** What fontconfig's answer depends on besides the font files: its configuration and caches. */
function fontconfigPaths(): string[] {
  const config = join(configHome(), 'fontconfig');
  return [
    '/etc/fonts',
    '/etc/fonts/fonts.conf',
    '/etc/fonts/conf.d',
    config,
    join(config, 'fonts.conf'),
    join(config, 'conf.d'),
    '/var/cache/fontconfig',
    join(cacheHome(), 'fontconfig'),
  ];
}

/**
 * The paths a scan's result depends on: fontconfig's, the default folders, the files, their
 * folders, and those folders' parents up to the default folder they are in (a folder of fonts
 * added there changes its parent).
 */
function dependencies(faces: readonly FontFileFace[], defaultDirs: readonly string[]): string[] {
  const paths = new Set([...fontconfigPaths(), ...defaultDirs]);
  const inDefaultDir = (dir: string): boolean => defaultDirs.some((root) => dir.startsWith(`${root}${sep}`));
  for (const { path } of faces) {
    paths.add(path);
    for (let dir = dirname(path); !paths.has(dir); dir = dirname(dir)) {
      paths.add(dir);
      if (!inDefaultDir(dir)) break;
    }
  }
  return [...paths];
}

/** The scanning code and the environment: a cache written by other code or for other settings is not used. */
function version(): string {
  const hash = createHash('sha256');
  const extension = import.meta.url.slice(import.meta.url.lastIndexOf('.')); // .ts when run from the sources
  for (const module of ['host-fonts', 'font-file-names', 'installed-fonts-cache'])
    hash.update(readFileSync(new URL(`./${module}${extension}`, import.meta.url)));
  for (const name of ENVIRONMENT) hash.update(`\u0000${name}=${process.env[name] ?? ''}`);
  return hash.digest('hex');
}

function read(path: string, expected: string): readonly FontFileFace[] | null {
  let cache: CacheFile;
  try {
    cache = JSON.parse(readFileSync(path, 'utf8')) as CacheFile;
  } catch {
    return null;
  }
  if (cache.version !== expected || !Array.isArray(cache.stamps) || !Array.isArray(cache.faces)) return null;
  for (const [file, size, mtimeMs] of cache.stamps) {
    const [, nowSize, nowMtime] = stamp(file);
    if (nowSize !== size || nowMtime !== mtimeMs) return null;
  }
  return cache.faces;
}

function write(path: string, cache: CacheFile): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(cache));
    renameSync(temporary, path);
  } catch {
    // A read-only home or a full disk: the next process scans again.
  }
}

/** The installed faces from the cache file while nothing they depend on changed, else `scan()`'s (then cached). */
export function cachedInstalledFaces(
  scan: () => readonly FontFileFace[],
  defaultDirs: readonly string[],
): readonly FontFileFace[] {
  const path = cachePath();
  if (path === null) return scan();
  let expected: string;
  try {
    expected = version();
  } catch {
    return scan();
  }
  const cached = read(path, expected);
  if (cached) return cached;
  const faces = scan();
  write(path, { version: expected, stamps: dependencies(faces, defaultDirs).map(stamp), faces });
  return faces;
}
