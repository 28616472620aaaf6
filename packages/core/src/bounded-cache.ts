/**
 * A process-wide memo of at most `limit` entries, least recently used evicted first: what
 * the same template, stylesheet or font brings back render after render is computed once,
 * and untrusted input with ever-new keys cannot grow it without bound.
 *
 * A full cache drops its least recently used sixteenth at once (of its entries, or of its
 * weight bound): deleting one entry per insert made every miss walk over the deleted entries
 * V8's Map keeps at its front until it rehashes (shaping cache, 4000 entries: ~2 µs per miss,
 * ~0.3 µs in batches).
 */
/** A second bound of a BoundedCache: the summed `of(value, key)` of its entries stays at most `max`. */
export interface Weight<K, V> {
  readonly max: number;
  of(value: V, key: K): number;
}

/** A cached value and when it was last asked for (the cache's clock). */
interface Entry<V> {
  readonly value: V;
  used: number;
}

export class BoundedCache<K, V> {
  readonly #entries = new Map<K, Entry<V>>();
  readonly #limit: number;
  readonly #weight: Weight<K, V> | null;
  #total = 0;
  /** Counts gets: an entry's `used` orders it among the others, newest highest. */
  #clock = 0;

  /**
   * `weight`: bound the entries' summed size too (e.g. characters of shaped text), so that a
   * few huge entries cannot take what `limit` small ones would: a 60,000-letter word shapes
   * to about 2 MB, and 4,000 distinct ones would have been kept.
   */
  constructor(limit: number, weight: Weight<K, V> | null = null) {
    this.#limit = limit;
    this.#weight = weight;
  }

  /** The value for `key`, computed on a miss (a computation that throws caches nothing). */
  get(key: K, compute: (key: K) => V): V {
    const entries = this.#entries;
    const known = entries.get(key);
    if (known !== undefined) {
      // A hit only stamps the entry: moving it to the Map's end (delete and set) on every hit
      // made the shaping cache's hits several times dearer; eviction sorts by the stamps instead.
      known.used = ++this.#clock;
      return known.value;
    }
    const value = compute(key);
    const weight = this.#weight;
    // An entry heavier than the whole bound is kept alone, until the next one comes: the
    // render that made it (a 10⁶-letter word measured in several passes) still finds it.
    const size = weight ? weight.of(value, key) : 0;
    if (entries.size >= this.#limit) this.#dropOldest(Math.max(1, Math.floor(this.#limit / 16)));
    // Over the weight bound, the least recently used entries go until a sixteenth of it is free
    // besides the new entry: one sort per batch, not one per miss (a cache full of weight
    // sorted all its entries on every miss).
    if (weight && this.#total + size > weight.max) {
      const room = weight.max - weight.max / 16 - size;
      for (const oldest of this.#oldestFirst()) {
        if (this.#total <= room) break;
        this.#drop(oldest);
      }
    }
    this.#total += size;
    entries.set(key, { value, used: ++this.#clock });
    return value;
  }

  /** Is `key` cached (without making it the newest entry)? */
  has(key: K): boolean {
    return this.#entries.has(key);
  }

  /** Drop the `n` least recently used entries (stamps are distinct: exactly those at or below the n-th). */
  #dropOldest(n: number): void {
    const stamps = new Float64Array(this.#entries.size);
    let i = 0;
    for (const entry of this.#entries.values()) stamps[i++] = entry.used;
    stamps.sort();
    const last = stamps[Math.min(n, stamps.length) - 1] ?? -Infinity;
    for (const [key, entry] of this.#entries) if (entry.used <= last) this.#drop(key);
  }

  /** The keys, least recently used first. */
  #oldestFirst(): K[] {
    const order = [...this.#entries];
    order.sort((a, b) => a[1].used - b[1].used);
    return order.map(([key]) => key);
  }

  #drop(key: K): void {
    const entry = this.#entries.get(key);
    if (entry !== undefined && this.#weight) this.#total -= this.#weight.of(entry.value, key);
    this.#entries.delete(key);
  }

  forEach(visit: (value: V, key: K) => void): void {
    this.#entries.forEach((entry, key) => visit(entry.value, key));
  }

  clear(): void {
    this.#entries.clear();
    this.#total = 0;
  }
}
