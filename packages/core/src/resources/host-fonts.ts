import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Font } from 'fontkit';
import { BoundedCache } from '../bounded-cache.js';
import { parseFont } from './font-data.js';
import { readFontFileFaces, type FontFileFace } from './font-file-names.js';
import { cachedInstalledFaces } from './installed-fonts-cache.js';
import type { FontFace } from './fonts.js';

/**
 * Fonts installed on the host, found by family name as Chromium on Linux finds them through
 * fontconfig: it asks for the family and keeps the answer only when the font has that family
 * name (fontconfig's generic substitutes are refused), so a name matches a host face exactly,
 * case-insensitively, by any of its family names. Only TrueType/OpenType files count: Chromium
 * refuses the Type 1 fonts fontconfig also lists (Skia's SK_FONT_CONFIG_INTERFACE_ONLY_ALLOW_SFNT_FONTS).
 *
 * The installed fonts are fontconfig's list (`fc-list`, which also knows the folders a local
 * configuration adds), or the fonts under its default folders where fc-list is missing.
 * Each folder is scanned once per process, in sorted order (output depends only on the set of
 * installed fonts); a scan reads the name tables only, and a face's file is parsed the first
 * time a render uses it, then shared by every render.
 */

/**
 * node:child_process, loaded when fontconfig is first asked: with the installed fonts' cache
 * (installed-fonts-cache.ts) a render seldom runs fc-list or fc-match, and loading
 * child_process (and net, dgram and stream, which it loads) was ~5 % of a cold `platen render`.
 */
const childProcess = (): typeof import('node:child_process') => process.getBuiltinModule('node:child_process');

const FONT_FILE = /\.(ttf|otf|ttc|otc)$/i;
/** A folder tree with more fonts than this is cut short (sorted order keeps the cut stable). */
const MAX_FONT_FILES = 20_000;
const MAX_DEPTH = 12;

const FC_LIST_TIMEOUT_MS = 30_000;
const FC_MATCH_TIMEOUT_MS = 5_000;
/** fontconfig's `fontformat` of the files Chromium accepts. */
const SFNT_FORMATS = new Set(['TrueType', 'CFF']);

/**
 * Families Chromium takes in place of one another when fontconfig offers one for the other
 * (Skia's metric-compatible classes, SkFontConfigInterface_direct.cpp), both ways. Arial, Times
 * New Roman and Courier New with their Liberation copies are served by the bundled fonts
 * (FAMILY_ALIASES); fontconfig's other stand-ins, such as Gelasio for Georgia, are refused.
 */
const METRIC_COMPATIBLE: ReadonlyMap<string, string> = new Map([
  ['calibri', 'carlito'],
  ['carlito', 'calibri'],
  ['cambria', 'caladea'],
  ['caladea', 'cambria'],
]);

/** fontconfig's default folders (Debian's fonts.conf: the system ones, XDG data home, ~/.fonts). */
export function systemFontDirs(): string[] {
  const home = homedir();
  const dataHome = process.env['XDG_DATA_HOME'] || join(home, '.local/share');
  return ['/usr/share/fonts', '/usr/local/share/fonts', join(dataHome, 'fonts'), join(home, '.fonts')];
}

/** Every font file under `dir`, depth first in sorted order, symlinked folders followed once. */
function listFontFiles(dir: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const walk = (folder: string, depth: number): void => {
    let real: string;
    try {
      real = realpathSync(folder);
    } catch {
      return;
    }
    if (seen.has(real) || depth > MAX_DEPTH) return;
    seen.add(real);
    let names: string[];
    try {
      names = readdirSync(folder).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    } catch {
      return;
    }
    for (const name of names) {
      if (files.length >= MAX_FONT_FILES) return;
      const path = join(folder, name);
      let isDir: boolean;
      try {
        isDir = statSync(path).isDirectory();
      } catch {
        continue;
      }
      if (isDir) walk(path, depth + 1);
      else if (FONT_FILE.test(name)) files.push(path);
    }
  };
  walk(dir, 0);
  return files;
}

/** The font files fontconfig lists, sorted; undefined when fc-list is not there or fails. */
function fontconfigFiles(): string[] | undefined {
  try {
    const listed = childProcess().execFileSync('fc-list', ['--format', '%{file}\\n'], {
      encoding: 'utf8',
      timeout: FC_LIST_TIMEOUT_MS,
      maxBuffer: 64 << 20,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return [...new Set(listed.split('\n').filter((file) => FONT_FILE.test(file)))].sort().slice(0, MAX_FONT_FILES);
  } catch {
    return undefined;
  }
}

/** Faces per folder (and of the system's list under the key ''), scanned once per process. */
const scanned = new BoundedCache<string, readonly FontFileFace[]>(64);

function facesIn(dir: string): readonly FontFileFace[] {
  return scanned.get(resolve(dir), (path) => listFontFiles(path).flatMap(readFontFileFaces));
}

function installedFaces(): readonly FontFileFace[] {
  return scanned.get('', () => {
    const defaultDirs = systemFontDirs();
    return cachedInstalledFaces(
      () => (fontconfigFiles() ?? defaultDirs.flatMap(listFontFiles)).flatMap(readFontFileFaces),
      defaultDirs,
    );
  });
}

/** The installed faces by `path#index`, built once per process (fallbacks look faces up by file). */
let installedByFile: Map<string, FontFileFace> | undefined;

function installedFaceAt(path: string, index: number): FontFileFace | undefined {
  if (!installedByFile) {
    installedByFile = new Map();
    for (const face of installedFaces()) {
      const key = `${face.path}#${face.index}`;
      if (!installedByFile.has(key)) installedByFile.set(key, face); // the first, as find() took
    }
  }
  return installedByFile.get(`${path}#${index}`);
}

/** A host face as a FontFace, parsed on first use; one object per face per process. */
const hostFaces = new WeakMap<FontFileFace, FontFace>();

function toFontFace(file: FontFileFace): FontFace {
  let face = hostFaces.get(file);
  if (face) return face;
  let font: Font | undefined;
  face = {
    id: `host:${file.path}#${file.index}`,
    family: file.families[0] ?? '',
    weight: file.weight,
    style: file.style,
    unicodeRange: null,
    get font(): Font {
      font ??= parseFont(readFileSync(file.path), file.index);
      return font;
    },
  };
  hostFaces.set(file, face);
  return face;
}

/** fc-match's answer: every font fontconfig sorts for the pattern, one `file\tindex\tformat` line each. */
const FC_MATCH_FORMAT = '%{file}\\t%{index}\\t%{fontformat}\\n';
/** The pattern of one character; the language is fixed to English (see fontconfigFallback). */
const fcPattern = (codePoint: number): string => `:charset=${codePoint.toString(16)}:scalable=true:lang=en`;
/** fc-match processes a batch runs at once. */
const FC_MATCH_JOBS = 8;

/**
 * Chromium's last resort for a character no family has (gfx::GetFallbackFontForChar):
 * fontconfig sorts the installed fonts for a pattern of that character (its configuration adds
 * the sans-serif preferences), and the first TrueType/OpenType font of the list is taken if it
 * has the character. The language is fixed to English, as Chromium's default locale, so that
 * the process's LANG cannot change the choice. One fc-match per code point and process.
 */
function fontconfigFallback(codePoint: number): FontFace | null {
  let sorted: string;
  try {
    sorted = childProcess().execFileSync('fc-match', ['-s', '--format', FC_MATCH_FORMAT, fcPattern(codePoint)], {
      encoding: 'utf8',
      timeout: FC_MATCH_TIMEOUT_MS,
      maxBuffer: 16 << 20,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return null;
  }
  return firstSfntFace(sorted, codePoint);
}

/** The first TrueType/OpenType font of fc-match's sorted list, if it has the character. */
function firstSfntFace(sorted: string, codePoint: number): FontFace | null {
  for (const line of sorted.split('\n')) {
    const [path = '', index = '0', format = ''] = line.split('\t');
    if (!SFNT_FORMATS.has(format) || !FONT_FILE.test(path)) continue;
    // A named instance of a variable font is (instance << 16) | face.
    const faceIndex = Number(index) & 0xffff;
    const file = installedFaceAt(path, faceIndex) ?? readFontFileFaces(path).find((f) => f.index === faceIndex);
    if (!file) continue;
    try {
      const face = toFontFace(file);
      return face.font.hasGlyphForCodePoint(codePoint) ? face : null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * fc-match's sorted lists for several characters, FC_MATCH_JOBS processes at a time, each
 * into a file of its own (concurrent answers would interleave in one pipe); characters whose
 * answer is missing are left out. One process after another took 10–20 ms each on a quiet
 * machine, and a document met its emoji and symbols one by one.
 */
function fontconfigSortedLists(codePoints: readonly number[]): Map<number, string> {
  const lists = new Map<number, string>();
  let dir: string;
  try {
    dir = mkdtempSync(join(tmpdir(), 'platen-fc-'));
  } catch {
    return lists;
  }
  try {
    const script =
      'i=0; for cp; do fc-match -s --format "$FC_FORMAT" ":charset=$cp:scalable=true:lang=en" > "$FC_DIR/$cp" 2>/dev/null & ' +
      'i=$((i + 1)); [ $((i % $FC_JOBS)) -eq 0 ] && wait; done; wait';
    childProcess().execFileSync('sh', ['-c', script, 'sh', ...codePoints.map((cp) => cp.toString(16))], {
      env: { ...process.env, FC_FORMAT: FC_MATCH_FORMAT, FC_DIR: dir, FC_JOBS: String(FC_MATCH_JOBS) },
      timeout: FC_MATCH_TIMEOUT_MS * Math.ceil(codePoints.length / FC_MATCH_JOBS),
      stdio: 'ignore',
    });
    for (const cp of codePoints) lists.set(cp, readFileSync(join(dir, cp.toString(16)), 'utf8'));
  } catch {
    // No sh, a batch past its time (an answer may be cut short) or a missing answer: each
    // character is looked up on its own instead.
    lists.clear();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return lists;
}

const fallbacks = new BoundedCache<number, FontFace | null>(4096);

/**
 * CSS Fonts 4 §5.2 step 4a for `font-stretch: normal`: the faces of the width closest to
 * normal, narrower ones first.
 */
function nearestWidth(faces: readonly FontFileFace[]): FontFileFace[] {
  const widths = [...new Set(faces.map((f) => f.widthClass))];
  const narrower = widths.filter((w) => w <= 5).sort((a, b) => b - a);
  const wider = widths.filter((w) => w > 5).sort((a, b) => a - b);
  const width = narrower[0] ?? wider[0];
  return faces.filter((f) => f.widthClass === width);
}

/** The fonts of some folders (and the installed ones), looked up by family or by full/PostScript name (`local()`). */
export class HostFonts {
  readonly #dirs: readonly string[];
  readonly #installed: boolean;
  #byFamily: Map<string, FontFileFace[]> | undefined;
  #byLocalName: Map<string, FontFileFace> | undefined;
  readonly #families = new Map<string, readonly FontFace[] | undefined>();

  /** `dirs` in order of preference (a face of an earlier folder wins a tie), then the installed fonts if `installed`. */
  constructor(dirs: readonly string[], installed = false) {
    this.#dirs = dirs;
    this.#installed = installed;
  }

  /**
   * The faces of a family (lower-case name) or of its metric-compatible twin, nearest normal
   * width only; undefined when neither is installed.
   */
  family(key: string): readonly FontFace[] | undefined {
    if (this.#families.has(key)) return this.#families.get(key);
    const index = this.#index();
    const twin = METRIC_COMPATIBLE.get(key);
    const files = index.get(key) ?? (twin === undefined ? undefined : index.get(twin));
    const faces = files ? nearestWidth(files).map(toFontFace) : undefined;
    this.#families.set(key, faces);
    return faces;
  }

  /** The installed face fontconfig picks for a character no family has (none when this set has no installed fonts). */
  fallback(codePoint: number): FontFace | undefined {
    return this.#installed ? (fallbacks.get(codePoint, fontconfigFallback) ?? undefined) : undefined;
  }

  /**
   * Look up at once the characters `fallback` is about to be asked for (those of them not
   * known yet): one batch of concurrent fc-match processes instead of one process each.
   */
  prefetchFallbacks(codePoints: Iterable<number>): void {
    if (!this.#installed) return;
    const unknown = [...new Set(codePoints)].filter((cp) => !fallbacks.has(cp));
    if (unknown.length < 2) return;
    for (const [cp, sorted] of fontconfigSortedLists(unknown)) fallbacks.get(cp, () => firstSfntFace(sorted, cp));
  }

  /** The face whose full or PostScript name is `name` (CSS Fonts 4 §4.3.1 `local()`). */
  localFace(name: string): FontFace | undefined {
    this.#index();
    const file = this.#byLocalName?.get(name.trim().toLowerCase());
    return file && toFontFace(file);
  }

  #index(): Map<string, FontFileFace[]> {
    if (this.#byFamily) return this.#byFamily;
    const byFamily = new Map<string, FontFileFace[]>();
    const byLocalName = new Map<string, FontFileFace>();
    const sources = [...this.#dirs.map(facesIn), this.#installed ? installedFaces() : []];
    for (const faces of sources) {
      for (const face of faces) {
        for (const family of face.families) {
          const key = family.toLowerCase();
          const list = byFamily.get(key);
          if (list) list.push(face);
          else byFamily.set(key, [face]);
        }
        for (const name of face.localNames)
          if (!byLocalName.has(name.toLowerCase())) byLocalName.set(name.toLowerCase(), face);
      }
    }
    this.#byLocalName = byLocalName;
    this.#byFamily = byFamily;
    return byFamily;
  }
}

const hostFontSets = new BoundedCache<string, HostFonts>(16);

/** The installed fonts with `fontDirs` first, shared by the renders that name the same folders. */
export function getHostFonts(fontDirs: readonly string[] = []): HostFonts {
  const dirs = fontDirs.map((dir) => resolve(dir));
  return hostFontSets.get(dirs.join('\u0000'), () => new HostFonts(dirs, true));
}
