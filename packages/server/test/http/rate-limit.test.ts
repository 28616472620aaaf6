import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../../src/db/open.js';
import { createFailureCounter, createRateLimiter } from '../../src/http/rate-limit.js';
import { createSharedFailureCounter, createSharedRateLimiter, sweepSharedLimits } from '../../src/store/limits.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';

describe('token bucket', () => {
  it('allows a burst, then refills at the per-minute rate, per key', () => {
    let t = 0;
    const limiter = createRateLimiter(60, 2, () => t);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 1]);
    expect(limiter.take('b')).toBe(0);
    t += 500;
    expect(limiter.take('a')).toBe(1);
    t += 500;
    expect(limiter.take('a')).toBe(0);
    t -= 60_000; // a clock stepping back never drains the bucket
    t += 60_000 + 2000;
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 1]);
  });
});

describe('failure counter', () => {
  it('locks a subject after max failures within the window', () => {
    let t = 0;
    const counter = createFailureCounter(3, 10_000, () => t);
    for (let i = 0; i < 3; i++) {
      expect(counter.lockedFor('x')).toBe(0);
      counter.reserve('x');
      t += 1000;
    }
    expect(counter.lockedFor('x')).toBe(7);
    expect(counter.lockedFor('y')).toBe(0);
    // An attempt taken back (a successful login) no longer counts.
    counter.reserve('y')();
    counter.reserve('y');
    counter.reserve('y')();
    expect(counter.lockedFor('y')).toBe(0);
    expect(counter.lockedFor('y')).toBe(0);
    t = 10_001;
    expect(counter.lockedFor('x')).toBe(0);
  });
});

describe('shared in PostgreSQL (several nodes)', () => {
  let server: TestPostgres;
  let nodes: Db[];
  beforeAll(async () => {
    server = await startPostgres();
    const url = await server.createDatabase();
    nodes = [await openPostgres(url, 4), await openPostgres(url, 4)];
  });
  afterAll(async () => {
    await Promise.all(nodes.map((db) => db.close()));
    await server.stop();
  });

  it('takes tokens from one bucket on every node, with the Retry-After of the in-process bucket', async () => {
    let t = 1_000_000;
    const [a, b] = nodes.map((db) => createSharedRateLimiter(db, 'key', 60, 2, () => t));
    expect([await a!.take('k'), await b!.take('k'), await a!.take('k')]).toEqual([0, 0, 1]);
    expect(await b!.take('other')).toBe(0);
    t += 500;
    expect(await b!.take('k')).toBe(1);
    t += 500;
    expect(await a!.take('k')).toBe(0);
    t -= 60_000; // a clock stepping back never drains the bucket
    t += 60_000 + 2000;
    expect([await b!.take('k'), await a!.take('k'), await b!.take('k')]).toEqual([0, 0, 1]);
    // 300 requests at once over both nodes: exactly the burst passes.
    const burst = createSharedRateLimiter(nodes[0]!, 'burst', 100, 100, () => t);
    const other = createSharedRateLimiter(nodes[1]!, 'burst', 100, 100, () => t);
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => (i % 2 ? burst : other).take('k')));
    expect(answers.filter((s) => s === 0)).toHaveLength(100);
  });

  it('locks a subject after max failures counted on any node, and counts attempts made at once only up to max', async () => {
    let t = 1_000_000;
    const [a, b] = nodes.map((db) => createSharedFailureCounter(db, 'email', 3, 10_000, () => t));
    for (const node of [a!, b!, a!]) {
      expect((await node.attempt('x')).wait).toBe(0);
      t += 1000;
    }
    expect((await b!.attempt('x')).wait).toBe(7);
    const ok = await a!.attempt('y');
    await ok.release(); // a successful login takes its attempt back
    const together = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a! : b!).attempt('z')));
    expect(together.filter((x) => x.wait === 0)).toHaveLength(3);
    t = 1_000_000 + 10_001;
    expect((await a!.attempt('x')).wait).toBe(0);
    await sweepSharedLimits(nodes[0]!, 10_000, () => t + 20_000);
    expect((await a!.attempt('z')).wait).toBe(0);
  });
});
