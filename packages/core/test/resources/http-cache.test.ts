/**
 * The shared HTTP cache is bounded by the memory its entries hold, not by their bytes alone:
 * a tiny image costs its key, a Map slot, objects and a backing store (about 1.4 KB resident
 * for 84 bytes), so 600 distinct tiny images per render (the load test's abusive tenant,
 * issue 17) grew a render worker's old space by some 0.5 MB a render, towards 1 GB.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { HttpCache } from '../../src/resources/http-cache.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** What an entry of the cache holds in the V8 heap and outside it (ArrayBuffers). */
const held = (): number => {
  gc();
  gc();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
};

/** An answer as http-fetch.ts makes it: Buffer.concat of one small chunk, a view of Node's 8 KiB pool. */
const tinyAnswer = () => ({ bytes: Buffer.concat([Buffer.alloc(84, 7)]), contentType: 'image/png' });

describe('HTTP cache', () => {
  it('holds at most its bound in memory, overhead included, however small the answers', () => {
    const bound = 2 * 1024 * 1024;
    const cache = new HttpCache(bound, 60_000);
    const before = held();
    for (let i = 0; i < 20_000; i++) cache.set(`g:http://127.0.0.1:40000/i/${i}.png?${Math.random()}`, tinyAnswer());
    const grown = held() - before;
    // Without the overhead counted: all 20,000 kept, about 8 MB of heap and external memory.
    expect(grown).toBeLessThan(bound);
    expect(cache.bytes).toBeLessThanOrEqual(bound);
    expect(cache.size).toBeGreaterThan(500);
  });

  it('keeps an entry until it expires, the newest when over its bound, and no view of a larger buffer', () => {
    let now = 0;
    const cache = new HttpCache(3 * 2000, 1000, () => now);
    const answer = (n: number) => ({ bytes: new Uint8Array(n), contentType: 'image/png' });
    cache.set('a', answer(100));
    cache.set('b', answer(100));
    expect(cache.get('a')?.bytes.byteLength).toBe(100);
    cache.set('c', answer(100));
    cache.set('d', answer(100)); // 4 × (100 + 1 + 1536) > 6000: a goes
    expect([cache.get('a'), cache.get('b')?.contentType]).toEqual([undefined, 'image/png']);
    now = 1500;
    cache.set('e', answer(100)); // b, c and d have expired
    expect(cache.size).toBe(1);
    const pooled = Buffer.concat([Buffer.alloc(10)]);
    cache.set('f', { bytes: pooled, contentType: '' });
    expect(cache.get('f')?.bytes.buffer.byteLength).toBe(10);
    cache.set('big', answer(7000)); // larger than the whole bound: not kept
    expect([cache.get('big'), cache.size]).toEqual([undefined, 2]);
  });
});
