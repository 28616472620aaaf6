#!/usr/bin/env node
// Prints a SHA-256 per rendered document (every test/corpus case and every bench workload),
// so a change meant to make rendering faster can show that it changed no output byte:
//   node scripts/output-digests.mjs > before.txt; …change, npm run build…; node scripts/output-digests.mjs | diff before.txt -
// Each document is rendered twice (the second render meets the process-wide caches the first
// filled). PLATEN_CORE=path/to/dist/index.js renders with another build.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { workloads } from '../bench/workloads.mjs';

const { renderDocument } = await import(
  process.env.PLATEN_CORE ? pathToFileURL(resolve(process.env.PLATEN_CORE)).href : '@platen/core'
);
const corpus = new URL('../test/corpus/', import.meta.url).pathname;
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const cases = readdirSync(corpus, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => {
    const dir = join(corpus, d.name);
    const options = {
      html: readFileSync(join(dir, 'template.html'), 'utf8'),
      data: readJson(join(dir, 'data.json')),
      format: readJson(join(dir, 'format.json')),
      baseDir: dir,
    };
    return { name: `corpus/${d.name}`, options };
  });
for (const { name, options } of [
  ...cases,
  ...workloads.map((w) => ({ name: `bench/${w.name}`, options: w.options })),
]) {
  for (const round of ['', ' (again)']) {
    const { pdf } = await renderDocument(options);
    console.log(`${createHash('sha256').update(pdf).digest('hex').slice(0, 16)}  ${name}${round}`);
  }
}
