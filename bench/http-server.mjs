// Child process of the HTTP benchmark: the real server (packages/server, built) on loopback
// with a temporary data directory and one API key. Prints {"url","key"} as one JSON line,
// answers "rss" messages with its resident set size, and stops on "stop".
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiKey, createUser, loadConfig, startServer } from '@platen/server';

const dataDir = mkdtempSync(join(tmpdir(), 'platen-bench-http-'));
const email = 'bench@example.com';
await createUser(dataDir, email, 'bench-password');
const { key } = createApiKey(dataDir, email, 'bench', 'render_only');
const config = loadConfig({}, {
  dataDir, host: '127.0.0.1', port: 0,
  // The benchmark is the only client: no rate limit, no request log lines on stdout.
  rateLimitPerMinute: 1e9, rateLimitBurst: 1e9, logRequests: false,
});
const server = await startServer(config);
let peakRss = process.memoryUsage.rss();
const sampler = setInterval(() => { peakRss = Math.max(peakRss, process.memoryUsage.rss()); }, 50);
process.on('message', async (message) => {
  if (message === 'rss') process.send({ rss: process.memoryUsage.rss(), peakRss, workers: config.renderWorkers });
  if (message === 'reset-peak') { peakRss = process.memoryUsage.rss(); process.send({ ok: true }); }
  if (message === 'stop') {
    clearInterval(sampler);
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
process.stdout.write(`${JSON.stringify({ url: server.url, key })}\n`);
