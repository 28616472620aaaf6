import { readFileSync, statSync } from 'node:fs';

/** What scripts/bundle-cli.mjs writes beside the bundle: its entry and every file bundled into it. */
interface BundleManifest {
  readonly entry: string;
  /** [absolute path, size in bytes, mtime in ms] of each module the bundle holds. */
  readonly inputs: readonly (readonly [string, number, number])[];
}

/**
 * The URL of the bundle's entry in `dir`, or null when there is no bundle or any module it
 * was built from has changed since (a rebuild with `tsc -b` alone, an `npm install`, a copy
 * elsewhere): a stale bundle would run old code, so the modules run instead.
 */
export function freshBundle(dir: URL): string | null {
  let manifest: BundleManifest;
  try {
    manifest = JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8')) as BundleManifest;
  } catch {
    return null;
  }
  for (const [path, size, mtimeMs] of manifest.inputs) {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat || stat.size !== size || stat.mtimeMs !== mtimeMs) return null;
  }
  return new URL(manifest.entry, dir).href;
}
