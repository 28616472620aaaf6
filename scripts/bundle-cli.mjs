#!/usr/bin/env node
// Bundles `platen render` (packages/cli/dist/commands/render.js with @platen/core, @platen/layout
// and their dependencies) into packages/cli/dist/bundle/, which dist/main.js imports instead
// of the ~420 modules while every file bundled is unchanged (packages/cli/src/bundle-check.ts).
// Run after `tsc -b` (`npm run build` does both); `node scripts/bundle-cli.mjs <dir>` writes elsewhere.
import { statSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rolldown } from 'rolldown';

const cli = new URL('../packages/cli/dist/', import.meta.url);
const dir = process.argv[2] ?? fileURLToPath(new URL('bundle/', cli));

/** Each module keeps its own `import.meta.url`, so that the files it finds beside itself
 * (pdfkit's ICC profile, fonts, the batch worker, package.json) are found where they are. */
const ownUrl = {
  name: 'own-import-meta-url',
  transform(code, id) {
    if (!code.includes('import.meta.url') || id.startsWith('\0')) return null;
    return { code: code.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(id).href)), map: null };
  },
};

rmSync(dir, { recursive: true, force: true });
const bundle = await rolldown({
  input: fileURLToPath(new URL('commands/render.js', cli)),
  platform: 'node',
  plugins: [ownUrl],
  logLevel: 'warn',
});
const { output } = await bundle.write({ dir, format: 'esm', entryFileNames: 'render.js' });
await bundle.close();

const files = new Set();
for (const chunk of output)
  if (chunk.type === 'chunk') for (const id of chunk.moduleIds) if (!id.startsWith('\0')) files.add(id);
const inputs = [...files].sort().map((path) => {
  const stat = statSync(path);
  return [path, stat.size, stat.mtimeMs];
});
writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ entry: 'render.js', inputs }));
console.log(`bundle-cli: ${inputs.length} modules → ${dir}`);
