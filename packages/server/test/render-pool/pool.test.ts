import { afterEach, describe, expect, it } from 'vitest';
import type { RenderJob } from '../../src/render-pool/messages.js';
import { createRenderPool, type RenderPool } from '../../src/render-pool/pool.js';
import { FAKE_WORKER } from '../helpers/server.js';

const job = (html: string): RenderJob => ({
  html,
  data: {},
  format: {},
  header: null,
  footer: null,
  blocks: {},
  baseDir: null,
  allowPrivateNetwork: false,
  maxPages: 2000,
  maxHtmlBytes: 1e6,
  fontDirs: [],
  maxResources: 256,
  maxResourceBytes: 1 << 26,
  pdf: null,
});
let pool: RenderPool;
afterEach(() => pool.close());

describe('render pool', () => {
  it('runs jobs and answers PDF bytes', async () => {
    pool = createRenderPool({ size: 2, timeoutMs: 5000, memoryMb: 64, workerUrl: FAKE_WORKER });
    const out = await pool.run(job('hello'));
    expect(out.ok).toBe(true);
    if (out.ok) expect(new TextDecoder().decode(out.pdf).startsWith('%PDF-')).toBe(true);
  });

  // HANG never ends by itself: the pool's own limit must end it before the test's timeout.
  it('terminates a job over the time limit and keeps the event loop free meanwhile', { timeout: 5_000 }, async () => {
    pool = createRenderPool({ size: 1, timeoutMs: 300, memoryMb: 64, workerUrl: FAKE_WORKER });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const out = await pool.run(job('HANG'));
    clearInterval(timer);
    expect(out).toEqual({ ok: false, code: 'render_timeout', message: 'The render exceeded the 300 ms time limit.' });
    expect(ticks).toBeGreaterThan(5); // ~30 when idle; a blocked loop would give 0
    expect((await pool.run(job('next'))).ok).toBe(true);
  });

  // Each worker holds 90-130 MB whether it renders or not: at a rate one worker keeps up with, one runs.
  it(
    'starts a worker beyond the first for a job that waited growAfterMs, and stops it once one is enough',
    { timeout: 20_000 },
    async () => {
      pool = createRenderPool({
        size: 2,
        timeoutMs: 10_000,
        memoryMb: 64,
        workerUrl: FAKE_WORKER,
        growAfterMs: 300,
        shrinkAfterMs: 1000,
      });
      for (let i = 0; i < 5; i++) expect((await pool.run(job(`one after another ${i}`))).ok).toBe(true);
      expect(await pool.memory(false)).toHaveLength(1);
      const order: string[] = [];
      const queuedAt = performance.now();
      const long = pool.run(job('SLEEP:4000')).then(() => order.push('long'));
      const quick = pool.run(job('quick')).then(() => {
        order.push('quick');
        return performance.now() - queuedAt;
      });
      expect(await quick).toBeGreaterThanOrEqual(300); // waited growAfterMs for a worker
      await long;
      expect(order).toEqual(['quick', 'long']); // a second worker took it
      expect(await pool.memory(false)).toHaveLength(2);
      await new Promise((r) => setTimeout(r, 2500)); // idle for two periods of shrinkAfterMs
      expect(await pool.memory(false)).toHaveLength(1);
      expect((await pool.run(job('after'))).ok).toBe(true);
    },
  );

  it('queues beyond its size and does not count queue time against a job', async () => {
    pool = createRenderPool({ size: 1, timeoutMs: 400, memoryMb: 64, workerUrl: FAKE_WORKER });
    const [hang, after] = await Promise.all([pool.run(job('HANG')), pool.run(job('after'))]);
    expect(hang.ok ? '' : hang.code).toBe('render_timeout');
    expect(after.ok).toBe(true);
  });

  it('fails a job whose worker runs out of memory, and replaces the worker', async () => {
    pool = createRenderPool({ size: 1, timeoutMs: 20_000, memoryMb: 32, workerUrl: FAKE_WORKER });
    expect(await pool.run(job('OOM'))).toEqual({
      ok: false,
      code: 'render_failed',
      message: 'The render exceeded its memory limit.',
    });
    expect((await pool.run(job('fine'))).ok).toBe(true);
  });

  // Memory outside the V8 heap (Buffers, fonts, images) was bounded by nothing: a worker
  // thread's resourceLimits cover the heap only, and the threads shared the server's process.
  it(
    'fails a render whose worker goes above the resident-memory cap, alone; the next one succeeds',
    { timeout: 20_000 },
    async () => {
      pool = createRenderPool({
        size: 2,
        timeoutMs: 15_000,
        memoryMb: 64,
        rssMb: 150,
        workerUrl: FAKE_WORKER,
        perAccount: 1,
      });
      await Promise.all([pool.run(job('warm-up'), 'a'), pool.run(job('warm-up'), 'b')]);
      const before = process.memoryUsage().rss;
      const started = Date.now();
      const [hog, other] = await Promise.all([
        pool.run(job('BUFFERS:600'), 'a'),
        pool.run(job('SLEEP:300 other'), 'b'),
      ]);
      expect(hog).toEqual({ ok: false, code: 'render_failed', message: 'The render exceeded its memory limit.' });
      expect(Date.now() - started).toBeLessThan(10_000); // killed, not timed out
      expect(other.ok).toBe(true); // the other account's render, in the other worker, is untouched
      expect(process.memoryUsage().rss - before).toBeLessThan(200 * 2 ** 20); // the 600 MB were never the server's
      expect((await pool.run(job('next'), 'a')).ok).toBe(true);
      expect((await pool.run(job('BUFFERS:20'), 'a')).ok).toBe(true); // the control: below the cap
    },
  );

  it('passes core error codes and params through', async () => {
    pool = createRenderPool({ size: 1, timeoutMs: 5000, memoryMb: 64, workerUrl: FAKE_WORKER });
    expect(await pool.run(job('FAIL:invalid_parameter'))).toEqual({
      ok: false,
      code: 'invalid_parameter',
      message: 'fake invalid_parameter',
      param: 'format.width',
    });
  });

  it('fails jobs, without respawning forever, when workers cannot start', async () => {
    pool = createRenderPool({
      size: 2,
      timeoutMs: 5000,
      memoryMb: 64,
      workerUrl: new URL('../fixtures/broken-worker.mjs', import.meta.url),
    });
    const outcomes = await Promise.all([pool.run(job('a')), pool.run(job('b')), pool.run(job('c'))]);
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.code))).toEqual(['render_failed', 'render_failed', 'render_failed']);
  });

  it('answers queued jobs when closed', async () => {
    pool = createRenderPool({ size: 1, timeoutMs: 5000, memoryMb: 64, workerUrl: FAKE_WORKER });
    const pending = pool.run(job('HANG'));
    await new Promise((r) => setTimeout(r, 50));
    await pool.close();
    expect((await pending).ok).toBe(false);
  });

  // Four long renders of one account made another account's trivial render wait 76 s.
  it(
    "starts another account's render at once while one account's renders queue (per-account cap)",
    { timeout: 15_000 },
    async () => {
      // growAfterMs 0: both workers start for the first two jobs, as they stay on a busy server.
      pool = createRenderPool({
        size: 2,
        timeoutMs: 10_000,
        memoryMb: 64,
        workerUrl: FAKE_WORKER,
        perAccount: 1,
        growAfterMs: 0,
      });
      await pool.run(job('warm-up'), 'b');
      await Promise.all([pool.run(job('w1'), 'a'), pool.run(job('w2'), 'b')]);
      // Both workers ready (a loaded machine took longer to start the second than 'a1' runs).
      while ((await pool.memory(false)).length < 2) await new Promise((r) => setTimeout(r, 20));
      const finished: string[] = [];
      const a = [1, 2, 3, 4].map((n) => pool.run(job(`SLEEP:800 a${n}`), 'a').then(() => finished.push(`a${n}`)));
      const b = pool.run(job('b'), 'b').then(() => finished.push('b'));
      await Promise.all([...a, b]);
      expect(finished[0]).toBe('b'); // FIFO without the cap: after a1
      expect(finished.slice(1)).toEqual(['a1', 'a2', 'a3', 'a4']);
    },
  );

  it(
    'serves first the account with the fewest renders running, when every worker is busy',
    { timeout: 15_000 },
    async () => {
      pool = createRenderPool({ size: 1, timeoutMs: 10_000, memoryMb: 64, workerUrl: FAKE_WORKER });
      await pool.run(job('warm-up'));
      const finished: string[] = [];
      const a = [1, 2, 3].map((n) => pool.run(job(`SLEEP:300 a${n}`), 'a').then(() => finished.push(`a${n}`)));
      const b = pool.run(job('b'), 'b').then(() => finished.push('b'));
      await Promise.all([...a, b]);
      expect(finished).toEqual(['a1', 'b', 'a2', 'a3']); // within one render time, not behind all of a's
    },
  );

  // What a huge render leaves behind stayed for the life of the worker (issue 17's load test).
  it(
    'replaces a worker that keeps more than its recycle limit after a job, losing no job',
    { timeout: 20_000 },
    async () => {
      pool = createRenderPool({ size: 1, timeoutMs: 10_000, memoryMb: 256, recycleMb: 150, workerUrl: FAKE_WORKER });
      expect((await pool.run(job('warm-up'))).ok).toBe(true);
      const [first] = await pool.memory(false);
      expect((await pool.run(job('BUFFERS:20'))).ok).toBe(true); // below the limit: kept
      expect((await pool.memory(false)).map((m) => m.pid)).toEqual([first?.pid]);
      expect((await pool.run(job('BUFFERS:200'))).ok).toBe(true); // answered, then replaced
      expect((await pool.run(job('after'))).ok).toBe(true);
      const [second] = await pool.memory(false);
      expect(second?.pid).not.toBe(first?.pid);
      expect(second?.rss).toBeLessThan(150 * 2 ** 20);
    },
  );
});
