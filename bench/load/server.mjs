// Child process of the load test: the real server (packages/server, built) configured only
// through PLATEN_* variables set by the parent (data directory, rate limit, workers).
// Prints {"url"} as one JSON line; answers "memory" with the main thread's memory after a
// full GC (run with --expose-gc) and its render workers' as they report it, and stops
// gracefully on "stop".
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { loadConfig, startServer } from '@platen/server';

const config = loadConfig(process.env, { port: 0, host: '127.0.0.1' });
const server = await startServer(config);
// Event-loop delay of the server's main thread: HTTP, auth, SQLite and base64 all run there.
const loop = monitorEventLoopDelay({ resolution: 10 });
const newSpaceMb = () =>
  Math.round((getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0) / 2 ** 20);
process.on('message', async (message) => {
  if (message === 'event-loop-reset') {
    loop.reset();
    loop.enable();
    process.send({ ok: true });
  }
  if (message === 'event-loop') {
    const ms = (ns) => Math.round(ns / 1e5) / 10;
    process.send({ p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) });
    loop.disable();
  }
  if (message === 'memory') {
    globalThis.gc?.();
    // V8's young generation: semi-spaces it sizes between 1 and 32 MB by the recent allocation
    // rate and keeps at that size while the process is idle, even across full GCs.
    // The render workers' own figures (V8's heap spaces, external memory), without a GC: what
    // their RSS holds now, which the parent splits further with smaps.
    const workerMemory = await server.renderWorkerMemory(false);
    process.send({
      ...process.memoryUsage(),
      youngGenerationMb: newSpaceMb(),
      workers: config.renderWorkers,
      workerMemory,
    });
  }
  if (message === 'stop') {
    await server.close();
    process.exit(0);
  }
});
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
