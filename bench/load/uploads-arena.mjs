// Issue 17, finding 5: what request bodies held at once leave in the server's glibc main arena.
// Waves of concurrent 11 MiB chunked uploads (each refused with 413 once 10 MiB are read, or
// 429 past PLATEN_MAX_BODY_BYTES_IN_FLIGHT) against the built server; after each wave, the
// server's RSS split by smaps.mjs. glibc keeps the arena's peak: without a budget, 8 uploads at
// once left it at 84 MB. Needs `npx tsc -b`.
//   node bench/load/uploads-arena.mjs [1,1,2,2,4,4,1,1,8,1]
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createApiKey, createUser } from '@platen/server';
import { smapsMb } from './smaps.mjs';
const dataDir = mkdtempSync(join(tmpdir(), 'platen-uploads-'));
await createUser({ dataDir }, 'p@example.com', 'probe-password');
const { key } = await createApiKey({ dataDir }, 'p@example.com', 'k', 'full_access');
const child = fork(new URL('./server.mjs', import.meta.url), [], {
  env: {
    ...process.env,
    PLATEN_DATA_DIR: dataDir,
    PLATEN_LOG_REQUESTS: 'false',
    PLATEN_RATE_LIMIT: '1000000',
    PLATEN_RATE_LIMIT_BURST: '1000000',
  },
  stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
});
const [line] = await once(createInterface({ input: child.stdout }), 'line');
const url = new URL('/api/v1/render', JSON.parse(line).url);
const upload = () =>
  new Promise((resolve) => {
    const req = request(
      url,
      { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', () => resolve('reset'));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const write = () => {
      while (sent < 11 * 2 ** 20) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
for (const wave of (process.argv[2] ?? '1,1,2,2,4,4,1,1,8,1').split(',').map(Number)) {
  const statuses = await Promise.all(Array.from({ length: wave }, upload));
  await sleep(1500);
  const p = smapsMb(child.pid);
  console.log(
    `wave of ${wave}: ${statuses.join(' ')}; main arena ${p.mainArena} MB, other anon ${p.otherAnon}, thread arenas ${p.threadArenas}`,
  );
}
child.send('stop');
await once(child, 'exit');
rmSync(dataDir, { recursive: true, force: true });
