/**
 * Remote answers shared across the renders of a process: same URL, same public bytes.
 * Bounded by the memory its entries hold and short-lived.
 *
 * An entry costs more than its bytes: its key, the Map slot, two objects, the Uint8Array and
 * its backing store take about 560 bytes of V8 heap and external memory, and 1.2-1.4 KB of
 * resident memory, for a 84-byte image (measured with 20,000 entries). Counting the bytes
 * alone let 600 tiny images per render (the load test's abusive tenant, issue 17) add
 * 256 entries a render until 64 MiB of images, some 800,000 entries, about 1 GB.
 */
export interface CachedAnswer {
  readonly bytes: Uint8Array;
  readonly contentType: string;
}

/** Resident bytes an entry costs beyond its key and its bytes (measured above, rounded up). */
export const ENTRY_OVERHEAD = 1536;

export class HttpCache {
  readonly #entries = new Map<string, { answer: CachedAnswer; expires: number; size: number }>();
  #bytes = 0;

  readonly maxBytes: number;
  readonly ttlMs: number;
  readonly now: () => number;

  constructor(maxBytes: number, ttlMs: number, now: () => number = Date.now) {
    this.maxBytes = maxBytes;
    this.ttlMs = ttlMs;
    this.now = now;
  }

  /** The bytes the entries hold, overhead included. */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > this.now()) return entry.answer;
    this.#drop(key);
    return undefined;
  }

  set(key: string, answer: CachedAnswer): void {
    // A view of a larger buffer (Buffer.concat of a small answer is a slice of Node's shared
    // 8 KiB pool) would keep all of it: the entry keeps a copy of its own bytes.
    const bytes =
      answer.bytes.byteLength === answer.bytes.buffer.byteLength ? answer.bytes : new Uint8Array(answer.bytes);
    const size = bytes.byteLength + key.length + ENTRY_OVERHEAD;
    if (size > this.maxBytes) return;
    this.#drop(key); // re-inserted last: the Map's order stays the order of expiry
    this.#entries.set(key, {
      answer: { bytes, contentType: answer.contentType },
      expires: this.now() + this.ttlMs,
      size,
    });
    this.#bytes += size;
    // Oldest first: the expired ones, then as many as the bound needs.
    const now = this.now();
    for (const [k, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes && entry.expires > now) break;
      this.#drop(k);
    }
  }

  #drop(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#bytes -= entry.size;
    this.#entries.delete(key);
  }
}
