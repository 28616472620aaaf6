/**
 * `platen render` from its bundle (scripts/bundle-cli.mjs): the same PDFs as from the modules,
 * never run once a file bundled into it has changed, and its tiny-inflate by zlib exact.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshBundle } from '../../packages/cli/src/bundle.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const example = join(root, 'examples/invoice/');
const modules = pathToFileURL(join(root, 'packages/cli/dist/commands/render.js')).href;

let dir: string;
let bundleDir: URL;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'platen-cli-bundle-'));
  execFileSync('node', [join(root, 'scripts/bundle-cli.mjs'), join(dir, 'bundle')], { stdio: 'ignore' });
  bundleDir = pathToFileURL(join(dir, 'bundle/'));
}, 120_000);

const loader = pathToFileURL(join(root, 'packages/cli/dist/bundle.js')).href;

/** Runs `platen render <args>` in a child process from the modules, or from the bundle in `bundle`. */
function renderWith(bundle: URL | null, out: string, args: string[]): Buffer {
  const argv = JSON.stringify([...args, '-o', out]);
  const script = bundle
    ? `const { loadBundle } = await import(${JSON.stringify(loader)});
       const loaded = loadBundle(new URL(${JSON.stringify(bundle.href)}));
       if (loaded.script.cachedDataRejected !== false) throw new Error('no code cache');
       await loaded.exports.runRender(${argv});`
    : `const m = await import(${JSON.stringify(modules)}); await m.runRender(${argv});`;
  execFileSync('node', ['--input-type=module', '-e', script], { cwd: root });
  return readFileSync(out);
}

describe('the bundle of platen render', () => {
  it('writes byte for byte the PDFs the modules write', () => {
    expect(freshBundle(bundleDir)).toBe(fileURLToPath(new URL('render.cjs', bundleDir)));
    // Right-to-left and combining text (fontkit's Arabic trie, built on first use in the bundle),
    // an emoji (the WOFF2 emoji font: brotli, left out of the bundle), an inline SVG, a WebP image
    // (its decoder is imported when needed), a table and page counters: code the invoice does not run.
    const other = join(dir, 'other.html');
    writeFileSync(
      other,
      `<style>@page { @bottom-center { content: "Page " counter(page) " of " counter(pages) } } td { border: 1px solid }</style>
      <h1>Ελληνικά, Кириллица, עברית, العربية, e\u0301 \u{1F600}</h1>
      <svg width="80" height="40"><rect width="60" height="30" fill="teal"/><circle cx="70" cy="20" r="9"/></svg>
      <img src="lossy.webp" width="60">
      <table>{{#each rows}}<tr><td>{{this}}</td><td>{{@index}}</td></tr>{{/each}}</table>`,
    );
    copyFileSync(join(root, 'test/e2e/chromium-pixels/images/webp-lossy.webp'), join(dir, 'lossy.webp'));
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ rows: Array.from({ length: 80 }, (_, i) => `row ${i}`) }));
    const cases: string[][] = [
      [join(example, 'template.html'), '--data', join(example, 'data.json')],
      [
        join(example, 'template.html'),
        '--data',
        join(example, 'data.json'),
        '--header',
        join(example, 'header.html'),
        '--footer',
        join(example, 'footer.html'),
        '--format',
        'letter',
      ],
      [other, '--data', join(dir, 'other.json')],
    ];
    cases.forEach((args, i) => {
      const fromModules = renderWith(null, join(dir, `modules-${i}.pdf`), args);
      const fromBundle = renderWith(bundleDir, join(dir, `bundle-${i}.pdf`), args);
      expect(fromBundle.length).toBeGreaterThan(1000);
      expect(fromBundle.equals(fromModules)).toBe(true);
    });
  }, 120_000);

  // Counted, not timed: what a cold render of the invoice loads (scripts/bundle-cli.mjs).
  it('renders the invoice without loading child_process or the modules left out of the bundle', () => {
    const script = `const { loadBundle } = await import(${JSON.stringify(loader)});
      const loaded = loadBundle(new URL(${JSON.stringify(bundleDir.href)}));
      await loaded.exports.runRender(${JSON.stringify([join(example, 'template.html'), '--data', join(example, 'data.json'), '-o', join(dir, 'loaded.pdf')])});
      const { createRequire } = await import('node:module');
      console.log(JSON.stringify({ builtins: process.moduleLoadList, files: Object.keys(createRequire(import.meta.url).cache) }));`;
    // The second of two processes, which finds the installed fonts in the cache the first wrote.
    const env = { ...process.env, PLATEN_FONT_CACHE: join(dir, 'installed-fonts.json') };
    const run = (): string =>
      execFileSync('node', ['--input-type=module', '-e', script], { cwd: root, env, encoding: 'utf8' });
    run();
    const { builtins, files } = JSON.parse(run()) as { builtins: string[]; files: string[] };
    expect(builtins.filter((m) => /child_process|dgram/.test(m))).toEqual([]);
    expect(files.filter((f) => /node_modules[\\/](brotli|node-forge)[\\/]/.test(f))).toEqual([]);
    expect(readFileSync(join(dir, 'loaded.pdf')).length).toBeGreaterThan(1000);
  }, 60_000);

  // AES (@noble/ciphers) is loaded on first use in the bundle (bundle-shims/noble-aes.cjs).
  // Encryption draws random keys, so the two files differ: each must open with its password.
  it('encrypts as the modules do', () => {
    const args = [join(example, 'template.html'), '--data', join(example, 'data.json'), '--user-password', 'pw 1'];
    const text = (pdf: string, password: string): string =>
      execFileSync('pdftotext', ['-upw', password, pdf, '-'], { encoding: 'utf8' });
    renderWith(null, join(dir, 'modules-encrypted.pdf'), args);
    renderWith(bundleDir, join(dir, 'bundle-encrypted.pdf'), args);
    const fromModules = text(join(dir, 'modules-encrypted.pdf'), 'pw 1');
    expect(fromModules).toContain('Invoice');
    expect(text(join(dir, 'bundle-encrypted.pdf'), 'pw 1')).toBe(fromModules);
    expect(() => text(join(dir, 'bundle-encrypted.pdf'), 'wrong')).toThrow();
  }, 60_000);

  it('is not used once a bundled file changed, moved or the manifest is missing', () => {
    const manifestUrl = new URL('manifest.json', bundleDir);
    const manifest = JSON.parse(readFileSync(manifestUrl, 'utf8')) as { inputs: [string, number, number][] };
    const file = join(dir, 'module.js');
    writeFileSync(file, 'export {};\n');
    const stamp = (): [string, number, number] => {
      const { size, mtimeMs } = statSync(file);
      return [file, size, mtimeMs];
    };
    const withInputs = (inputs: [string, number, number][]): string | null => {
      writeFileSync(manifestUrl, JSON.stringify({ ...manifest, inputs }));
      return freshBundle(bundleDir);
    };
    expect(withInputs([...manifest.inputs, stamp()])).not.toBeNull();
    const before = stamp();
    writeFileSync(file, 'export {}; // edited\n');
    expect(withInputs([...manifest.inputs, before])).toBeNull(); // new size
    writeFileSync(file, 'export {};\n');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(withInputs([...manifest.inputs, before])).toBeNull(); // same size, new time
    expect(withInputs([...manifest.inputs, [join(dir, 'gone.js'), 1, 1]])).toBeNull();
    // Built in another checkout (a worktree made with a copy of its dist): that checkout's
    // modules, unchanged there, are not this one's.
    const entry = join(root, 'packages/cli/dist/commands/render.js');
    const other = join(dir, 'other-checkout-render.js');
    copyFileSync(entry, other);
    const otherStamp: [string, number, number] = [other, statSync(other).size, statSync(other).mtimeMs];
    const elsewhere = manifest.inputs.map((input) => (input[0] === entry ? otherStamp : input));
    expect(elsewhere).toContain(otherStamp);
    expect(withInputs(elsewhere)).toBeNull();
    expect(withInputs(manifest.inputs)).not.toBeNull();
    writeFileSync(manifestUrl, 'not json');
    expect(freshBundle(bundleDir)).toBeNull();
  });
});

describe("the bundle's tiny-inflate by zlib", () => {
  type Inflate = (source: Uint8Array, dest: Uint8Array) => Uint8Array;
  const require = createRequire(import.meta.url);
  const tinyInflate = require('tiny-inflate') as Inflate;
  const byZlib = require('../../scripts/bundle-shims/tiny-inflate.cjs') as Inflate;
  const outcome = (inflate: Inflate, source: Uint8Array, length: number): string => {
    try {
      const dest = new Uint8Array(length);
      const result = inflate(source, dest);
      return `${result === dest} ${Buffer.from(result).toString('hex')} ${Buffer.from(dest).toString('hex')}`;
    } catch (error) {
      return `throws ${(error as Error).message}`;
    }
  };

  it('returns what tiny-inflate returns, in the same array, and throws where it throws', () => {
    const data = Buffer.from(Array.from({ length: 5000 }, (_, i) => ((i * 7919) % 251) ^ (i >> 6)));
    for (const level of [0, 1, 6, 9]) {
      const deflated = deflateRawSync(data, { level });
      const cases: [Uint8Array, number][] = [
        [deflated, data.length],
        [deflated, 3000], // a shorter array: cut
        [deflated, 6000], // a longer one: a copy of the part written
        [Buffer.concat([deflated, Buffer.from('trailing bytes')]), data.length],
        [Buffer.from([0xff, ...deflated.subarray(1)]), data.length], // block type 3: corrupt
      ];
      for (const [source, length] of cases)
        expect(outcome(byZlib, source, length)).toBe(outcome(tinyInflate, source, length));
    }
  });
});
