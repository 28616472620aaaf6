#!/usr/bin/env node
// Writes one fidelity case per JSON Resume theme from npm, rendered with resume-schema's sample
// resume (what the theme's author shows), for measuring Platen on templates it was not tuned on:
//   npm install --prefix /tmp/themes resume-schema jsonresume-theme-even jsonresume-theme-flat …
//   node fidelity/public/jsonresume-cases.mjs /tmp/themes /tmp/public-corpus even flat …
// then run ../shared/tools/fidelity on /tmp/public-corpus (it prints the Chromium references).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [prefix, out, ...themes] = process.argv.slice(2);
if (!prefix || !out || themes.length === 0) {
  console.error('usage: jsonresume-cases.mjs <npm prefix with the themes> <output corpus folder> <theme> [theme …]');
  process.exit(2);
}
const require = createRequire(join(prefix, 'node_modules', 'noop.js'));
const resume = JSON.parse(readFileSync(require.resolve('resume-schema/sample.resume.json'), 'utf8'));
/** A theme's module: CommonJS through require, an ESM-only one through its package.json entry. */
async function load(name) {
  try {
    return require(name);
  } catch {
    const dir = join(prefix, 'node_modules', name);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const target = (t) => (typeof t === 'string' ? t : t && (target(t.import) ?? target(t.default)));
    const entry = target(pkg.exports?.['.'] ?? pkg.exports) ?? pkg.module ?? pkg.main ?? 'index.js';
    return import(pathToFileURL(join(dir, entry)).href);
  }
}

for (const theme of themes) {
  // A theme is named without its `jsonresume-theme-` prefix, or in full when packaged under
  // another name (e.g. kcv-theme-simple).
  const pkg = /(^|-)theme-/.test(theme) ? theme : `jsonresume-theme-${theme}`;
  try {
    const mod = await load(pkg);
    const html = await (mod.render ?? mod.default?.render ?? mod.default)(resume);
    if (typeof html !== 'string') throw new Error(`render gave ${typeof html}`);
    const dir = join(out, `resume-${theme}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'template.html'), html);
    writeFileSync(
      join(dir, 'meta.json'),
      JSON.stringify({ description: `${pkg} (npm) with resume-schema's sample resume`, handlebars: false }, null, 1) +
        '\n',
    );
    console.log(`resume-${theme}: ${html.length} bytes`);
  } catch (error) {
    console.error(`${theme}: ${error.message}`);
  }
}
