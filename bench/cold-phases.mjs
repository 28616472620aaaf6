#!/usr/bin/env node
// Where a cold `platen render` from the CLI bundle spends its CPU, by phase (process.cpuUsage,
// ms): Node's start and this script's imports, reading the bundle and its code cache, compiling
// from the cache, the bundle's top-level code, the first render. Also whether the cache was
// accepted, the RSS at the end and the built-in modules loaded. Run it alternating with another
// build's bundle (a copy of packages/cli/dist/bundle/) and compare medians of pairs:
//   node bench/cold-phases.mjs [bundle dir] [template.html data.json]
// (NODE_EXTRA_CA_CERTS adds ~50 ms to Node's start on this machine: unset it for both.)
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const marks = [['start', cpu()]];
const mark = (name) => marks.push([name, cpu()]);

const dir = process.argv[2] ?? fileURLToPath(new URL('../packages/cli/dist/bundle/', import.meta.url));
// The example invoice by default (the bench's invoice: write its html and data to files first).
const example = fileURLToPath(new URL('../examples/invoice/', import.meta.url));
const template = process.argv[3] ?? join(example, 'template.html');
const data = process.argv[4] ?? (process.argv[3] ? undefined : join(example, 'data.json'));
const out = join(tmpdir(), `platen-cold-${process.pid}.pdf`);
const file = join(dir, 'render.cjs');
const cachedData = readFileSync(`${file}.cache`);
const source = readFileSync(file, 'utf8');
mark('read');
// As packages/cli/src/bundle.ts loads it (without the manifest check).
const script = new Script(
  `(function (exports, require, module, __filename, __dirname, __platenImport) {${source}\n})`,
  { filename: file, cachedData },
);
const run = script.runInThisContext();
mark('compile');
const module = { exports: {} };
run(module.exports, createRequire(file), module, file, dirname(file), (s) => import(s));
mark('top-level');
await module.exports.runRender([template, ...(data ? ['--data', data] : []), '-o', out]);
mark('render');
rmSync(out, { force: true });

const phases = marks.slice(1).map(([name, t], i) => `${name} ${(t - marks[i][1]).toFixed(0)}`);
const builtins = process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).length;
console.log(
  `${marks[0][0]} ${marks[0][1].toFixed(0)} | ${phases.join(' | ')} | total ${cpu().toFixed(0)} ms CPU` +
    ` | cache ${script.cachedDataRejected ? 'rejected' : 'used'} | rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB` +
    ` | ${builtins} built-in modules`,
);
