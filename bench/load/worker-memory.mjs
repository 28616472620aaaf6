#!/usr/bin/env node
// Where a render worker's memory goes under the load test's renders, without the server: one
// worker (packages/server's pool, built) renders the normal mix and the abusive tenant's
// renders (mix.mjs, abuse.mjs) in rounds, and after each round its memory is read from V8
// after a full GC (heap spaces, live heap, external, ArrayBuffers) and from smaps (glibc
// arenas, V8 pages, files, other anonymous mappings).
//   node bench/load/worker-memory.mjs [--rounds 4] [--normal 60] [--abusive 12] [--only normal|abusive|<kind substring>]
import { parseArgs } from 'node:util';
import { createRenderPool } from '../../packages/server/dist/render-pool/pool.js';
import { invoice, letter, report } from '../workloads.mjs';
import { buildAbuse, startImageHost } from './abuse.mjs';
import { reportRows } from './mix.mjs';
import { smapsMb } from './smaps.mjs';

const { values: opts } = parseArgs({
  options: {
    rounds: { type: 'string', default: '4' },
    normal: { type: 'string', default: '60' },
    abusive: { type: 'string', default: '12' },
    only: { type: 'string' },
  },
});
// The server's own pool (built), so that the worker runs with the server's flags.
const pool = createRenderPool({ size: 1, timeoutMs: 60_000, memoryMb: 512 });
const job = (html, extra = {}) => ({
  html,
  data: {},
  format: {},
  header: null,
  footer: null,
  firstPage: {},
  lastPage: {},
  blocks: {},
  baseDir: null,
  allowPrivateNetwork: true,
  maxPages: 2000,
  maxHtmlBytes: 20 * 2 ** 20,
  fontDirs: [],
  maxResources: 256,
  maxResourceBytes: 64 * 2 ** 20,
  pdf: null,
  ...extra,
});
const run = (j) => pool.run(j);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mb = (b) => Math.round(b / 2 ** 20);
async function memory() {
  await sleep(2000);
  const [m] = await pool.memory(true);
  const spaces = Object.entries(m.heapSpaces)
    .filter(([, v]) => v >= 2 ** 20)
    .map(([k, v]) => `${k.replace('_space', '')} ${mb(v)}`)
    .join(', ');
  const parts = Object.entries(smapsMb(m.pid))
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return `rss ${mb(m.rss)} | heap after GC ${mb(m.heapUsed)} [${spaces}] | external ${mb(m.external)}, arrayBuffers ${mb(m.arrayBuffers)} | ${parts}`;
}

const imageHost = await startImageHost();
const inv = invoice();
const let_ = letter();
const rep = report(0);
const normal = [
  job(inv.html, { data: inv.data }),
  job(let_.html, { data: let_.data, header: let_.header, footer: let_.footer }),
  job(
    rep.html.replace(
      '<tbody></tbody>',
      reportRows(150)
        .map(
          (r) =>
            `<tr><td>${r.n}</td><td>${r.description}</td><td class="n">${r.qty}</td><td class="n">${r.amount}</td></tr>`,
        )
        .join(''),
    ),
    {
      footer: rep.footer,
      format: { preset: 'a4-landscape' },
    },
  ),
];
const abuse = buildAbuse({ templateId: 'x', imageHost: imageHost.url, victim: 'v', origin: 'o' }).filter(
  (k) => k.path === undefined && k.request().path === '/api/v1/render',
);
let abusive = abuse;
if (opts.only && opts.only !== 'normal' && opts.only !== 'abusive')
  abusive = abuse.filter((k) => k.name.includes(opts.only));
console.log(`abusive kinds: ${abusive.map((k) => k.name).join(' | ')}`);
await run(normal[0]);
console.log(`after one invoice: ${await memory()}`);
for (let round = 1; round <= Number(opts.rounds); round++) {
  if (opts.only !== 'abusive') for (let i = 0; i < Number(opts.normal); i++) await run(normal[i % normal.length]);
  if (opts.only !== 'normal')
    for (let i = 0; i < Number(opts.abusive); i++) {
      const kind = abusive[i % abusive.length];
      const out = await run(job(JSON.parse(kind.request().body).html));
      if (round === 1 && i < abusive.length) console.log(`  ${kind.name}: ${out.ok ? 'ok' : out.code}`);
    }
  console.log(`round ${round}: ${await memory()}`);
}
await pool.close();
await imageHost.close();
