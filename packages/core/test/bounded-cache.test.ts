import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../src/bounded-cache.js';

describe('BoundedCache', () => {
  it('computes a key once and evicts the least recently used entry past its limit', () => {
    const cache = new BoundedCache<string, string>(2);
    const computed: string[] = [];
    const get = (k: string): string => cache.get(k, (key) => (computed.push(key), key.toUpperCase()));
    expect(get('a')).toBe('A');
    get('b');
    get('a'); // a is now the newest: b goes first
    get('c');
    get('a');
    get('b');
    expect(computed).toEqual(['a', 'b', 'c', 'b']);
  });

  it('drops the least recently used sixteenth at once when full, hits counting as uses', () => {
    const cache = new BoundedCache<number, number>(32);
    const computed: number[] = [];
    const get = (k: number): number => cache.get(k, (key) => (computed.push(key), key));
    for (let k = 0; k < 32; k++) get(k);
    get(0); // 1 and 2 are now the least recently used
    get(32); // full: 1 and 2 go
    computed.length = 0;
    for (const k of [0, 3, 31, 32, 1, 2]) get(k);
    expect(computed).toEqual([1, 2]);
  });

  it('caches nothing when the computation throws', () => {
    const cache = new BoundedCache<string, number>(4);
    expect(() =>
      cache.get('x', () => {
        throw new Error('bad');
      }),
    ).toThrow('bad');
    expect(cache.get('x', () => 7)).toBe(7);
  });

  it('keeps the summed weight of its entries within its weight bound, oldest dropped first', () => {
    const cache = new BoundedCache<string, string>(100, { max: 10, of: (v) => v.length });
    const computed: string[] = [];
    const get = (k: string): string => cache.get(k, (key) => (computed.push(key), key));
    get('aaaa');
    get('bbbb');
    get('aaaa'); // newest: bbbb goes first
    get('cccc'); // 12 > 10
    get('aaaa');
    get('bbbb');
    get('x'.repeat(11)); // heavier than the whole bound: kept alone
    get('x'.repeat(11));
    get('aaaa');
    get('cccc'); // dropped when bbbb came back
    expect(computed).toEqual(['aaaa', 'bbbb', 'cccc', 'bbbb', 'x'.repeat(11), 'aaaa', 'cccc']);
  });

  it('frees a sixteenth of its weight bound at once when over it, least recently used first', () => {
    const cache = new BoundedCache<number, number>(1000, { max: 160, of: () => 1 });
    const computed: number[] = [];
    const get = (k: number): number => cache.get(k, (key) => (computed.push(key), key));
    for (let k = 0; k < 160; k++) get(k);
    get(160); // over: 0…10 go, so that 149 + the new entry leave 10 free
    for (let k = 161; k < 170; k++) get(k); // within the bound again: nothing goes
    computed.length = 0;
    for (const k of [11, 169, 10, 0]) get(k);
    expect(computed).toEqual([10, 0]);
  });

  it('can weigh an entry by its key', () => {
    const cache = new BoundedCache<string, number>(100, { max: 6, of: (_, key) => key.length });
    const computed: string[] = [];
    const get = (k: string): number => cache.get(k, (key) => (computed.push(key), key.length));
    get('aaa');
    get('bbb');
    get('cc'); // 8 > 6: aaa goes
    get('bbb');
    get('aaa');
    expect(computed).toEqual(['aaa', 'bbb', 'cc', 'aaa']);
  });
});
