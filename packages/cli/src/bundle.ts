import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

/** What scripts/bundle-cli.mjs writes beside the bundle: its file and every file bundled into it. */
interface BundleManifest {
  readonly entry: string;
  /** [absolute path, size in bytes, mtime in ms] of each module the bundle holds. */
  readonly inputs: readonly (readonly [string, number, number])[];
}

/**
 * The bundle's file in `dir`, or null when there is no bundle, when it was built from another
 * checkout's modules, or when any module it was built from has changed since (a rebuild with
 * `tsc -b` alone, an `npm install`, a copy elsewhere): a stale bundle would run old code, so
 * the modules run instead.
 */
export function freshBundle(dir: URL): string | null {
  let manifest: BundleManifest;
  try {
    manifest = JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8')) as BundleManifest;
  } catch {
    return null;
  }
  // A bundle copied from another checkout with its dist (a git worktree made so) holds that
  // checkout's modules, fresh as long as those are unchanged: it must hold this one's entry.
  const entry = fileURLToPath(new URL('../dist/commands/render.js', import.meta.url));
  if (!manifest.inputs.some(([path]) => path === entry)) return null;
  for (const [path, size, mtimeMs] of manifest.inputs) {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat || stat.size !== size || stat.mtimeMs !== mtimeMs) return null;
  }
  return fileURLToPath(new URL(manifest.entry, dir));
}

/** A loaded bundle: its exports, and the compiled script (whose code cache the build writes). */
export interface LoadedBundle<T> {
  readonly exports: T;
  readonly script: Script;
  readonly cacheFile: string;
}

/**
 * Runs the fresh bundle of `dir` (a CommonJS file), compiled with V8's code cache that the
 * build wrote beside it after a render (`<file>.cache`), as Node 22's module compile cache
 * would: parsing 4 MB of JavaScript and compiling what a render runs was a third of a cold
 * render's CPU. V8 ignores a cache from another Node version or source (cachedDataRejected).
 */
export function loadBundle<T>(dir: URL): LoadedBundle<T> | null {
  const file = freshBundle(dir);
  if (file === null) return null;
  const cacheFile = `${file}.cache`;
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const source = readFileSync(file, 'utf8');
  const script = new Script(
    `(function (exports, require, module, __filename, __dirname, __platenImport) {${source}\n})`,
    { filename: file, ...(cachedData ? { cachedData } : {}) },
  );
  const module = { exports: {} as T };
  (script.runInThisContext() as (...args: unknown[]) => void)(
    module.exports,
    createRequire(file),
    module,
    file,
    dirname(file),
    // import() of a name computed at run time (scripts/bundle-cli.mjs), from this package's folder.
    (specifier: string) => import(specifier),
  );
  return { exports: module.exports, script, cacheFile };
}
