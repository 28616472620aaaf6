#!/usr/bin/env node
// Bundles `platen render` (packages/cli/dist/commands/render.js with @platen/core, @platen/layout
// and their dependencies) into one CommonJS file in packages/cli/dist/bundle/, with V8's code
// cache of it after a render of the example invoice. dist/main.js runs it instead of the ~420
// modules while every file bundled is unchanged (packages/cli/src/bundle.ts).
// Run after `tsc -b` (`npm run build` does both); `node scripts/bundle-cli.mjs <dir>` writes elsewhere.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cli = new URL('../packages/cli/dist/', import.meta.url);
const ENTRY = 'render.cjs';

/**
 * CommonJS dependencies that only some renders run, left out of the bundle and required from
 * their own files (by absolute path, as the bundle names its other files) when first used:
 * node-forge (signing, 0.48 MB of source) and brotli (WOFF2 fonts, 0.88 MB with its
 * dictionary). Every cold render read and kept their 1.4 MB of source, 37 % of the bundle.
 * (source-map, 0.05 MB, is not one of them: Handlebars' code generator loads it to compile.)
 */
const LEFT_OUT = new Set(['node-forge', 'brotli/decompress.js']);
const leftOut = {
  name: 'left-out',
  async resolveId(source, importer, options) {
    if (!LEFT_OUT.has(source)) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    return resolved && { id: resolved.id, external: true };
  },
};

/**
 * fontkit's Unicode tries for the Arabic, Indic and Universal shapers (base64 and DEFLATE
 * decoded into typed arrays at load, ~4 % of a cold render's CPU) built when a shaper first
 * asks, as a text in those scripts does: each is used only through `.get(codePoint)`.
 */
const FONTKIT_TRIE = /^const (\$\w+\$var\$trie) = (new \(0, \$[\w$]+\)\(.*\));$/gm;
const FONTKIT_TRIES = 3;
const lazyTries = {
  name: 'lazy-fontkit-tries',
  transform(code, id) {
    if (!/[\\/]node_modules[\\/]fontkit[\\/]dist[\\/]module\.mjs$/.test(id)) return null;
    let count = 0;
    const lazy = code.replace(FONTKIT_TRIE, (_, name, build) => {
      count++;
      return `let ${name}$built;\nconst ${name} = { get: (codePoint) => (${name}$built ??= ${build}).get(codePoint) };`;
    });
    // fontkit changed shape: fail the build rather than bundle it unchanged unnoticed.
    if (count !== FONTKIT_TRIES) throw new Error(`bundle-cli: ${count} of fontkit's ${FONTKIT_TRIES} tries found`);
    return { code: lazy, map: null };
  },
};

async function bundle(dir) {
  const { rolldown } = await import('rolldown');
  /** Each module keeps its own `import.meta.url`, so that the files it finds beside itself
   * (pdfkit's ICC profile, fonts, the batch worker, package.json) are found where they are.
   * An import() of a computed name (the WebP decoder) cannot be bundled, and a script has no
   * import() of its own without an experimental flag: it calls the loader's (bundle.ts). */
  const ownUrl = {
    name: 'own-import-meta-url',
    transform(code, id) {
      if (id.startsWith('\0') || !/import\.meta\.url|\bimport\((?!['"`])/.test(code)) return null;
      const own = code
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(id).href))
        .replace(/\bimport\((?!['"`])/g, '__platenImport(');
      return { code: own, map: null };
    },
  };
  /** A module by a shim of bundle-shims/, except for the shim's own import of it. */
  const shimmed = (module, file) => {
    const shim = fileURLToPath(new URL(`bundle-shims/${file}`, import.meta.url));
    return {
      name: `shim-${file}`,
      resolveId(source, importer) {
        return source === module && importer !== shim ? shim : null;
      },
    };
  };
  /** tiny-inflate by zlib; @noble/ciphers' AES (PDFKit's encryption) and brotli (fontkit's WOFF2) loaded on first use. */
  const shims = [
    shimmed('tiny-inflate', 'tiny-inflate.cjs'),
    shimmed('@noble/ciphers/aes', 'noble-aes.cjs'),
    shimmed('brotli/decompress.js', 'brotli-decompress.cjs'),
  ];
  rmSync(dir, { recursive: true, force: true });
  const build = await rolldown({
    input: fileURLToPath(new URL('commands/render.js', cli)),
    platform: 'node',
    plugins: [ownUrl, ...shims, leftOut, lazyTries],
    logLevel: 'warn',
  });
  // All ASCII (non-ASCII in code escaped, comments dropped): Node reads an ASCII file into a
  // one-byte string, 4.2 MB of UTF-8 with 700 lines of non-ASCII comments into a two-byte one
  // of twice the size (read 15 → 9 ms, compile from the cache 15 → 13). Read as latin1 it was
  // faster still, but the render then ran ~20 ms slower (not explained: Node makes a string over
  // 1 MB from latin1 bytes an external one, which V8 may compile lazily from more slowly).
  const { output } = await build.write({
    file: join(dir, ENTRY),
    format: 'cjs',
    codeSplitting: false,
    charset: 'ascii',
    comments: false,
  });
  await build.close();

  const files = new Set();
  for (const chunk of output)
    if (chunk.type === 'chunk') for (const id of chunk.moduleIds) if (!id.startsWith('\0')) files.add(id);
  const inputs = [...files].sort().map((path) => {
    const stat = statSync(path);
    return [path, stat.size, stat.mtimeMs];
  });
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ entry: ENTRY, inputs }));
  // In a fresh process: the cache holds the functions compiled by loading the bundle and one render.
  execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--cache', dir], { stdio: 'inherit' });
  console.log(`bundle-cli: ${inputs.length} modules → ${dir}`);
}

async function writeCodeCache(dir) {
  const { loadBundle } = await import(new URL('bundle.js', cli).href);
  const loaded = loadBundle(pathToFileURL(join(dir, '/')));
  if (!loaded) throw new Error(`bundle-cli: no fresh bundle in ${dir}`);
  const example = fileURLToPath(new URL('../examples/invoice/', import.meta.url));
  const out = mkdtempSync(join(tmpdir(), 'platen-bundle-'));
  try {
    await loaded.exports.runRender([
      join(example, 'template.html'),
      '--data',
      join(example, 'data.json'),
      '-o',
      join(out, 'invoice.pdf'),
    ]);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  writeFileSync(loaded.cacheFile, loaded.script.createCachedData());
}

if (process.argv[2] === '--cache') await writeCodeCache(process.argv[3]);
else await bundle(process.argv[2] ?? fileURLToPath(new URL('bundle/', cli)));
