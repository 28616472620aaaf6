import { describe, expect, it } from 'vitest';
import { createFailureCounter, createRateLimiter } from '../../src/http/rate-limit.js';

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
