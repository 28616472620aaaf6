/** The per-key limits: in this process (one node), or in PostgreSQL (store/limits.ts, shared by nodes). */
export interface RateLimiter {
  /** 0 when allowed (a token is taken), else the whole seconds until one is back (Retry-After). */
  take(key: string): number | Promise<number>;
}

/** An attempt counted as failed before it is checked: `wait` > 0 when locked out (then not counted). */
export interface Attempt {
  readonly wait: number;
  /** Take the attempt back (it succeeded). */
  release(): unknown;
}

/** Login throttling: in this process, or in PostgreSQL. */
export interface FailureCounter {
  /**
   * Check and count in one step, so that attempts running at the same time (60 guesses sent
   * at once) cannot all pass the check before any is counted.
   */
  attempt(subject: string): Attempt | Promise<Attempt>;
}

/**
 * Token bucket per key: `perMinute` tokens refill continuously, up to `burst`.
 * `take` answers 0 when allowed, else the whole seconds until a token is back
 * (the Retry-After value).
 */
export function createRateLimiter(
  perMinute: number,
  burst: number,
  now: () => number,
): RateLimiter & { take(key: string): number } {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const perMs = perMinute / 60_000;
  return {
    take(key: string): number {
      const t = now();
      const b = buckets.get(key) ?? { tokens: burst, at: t };
      // A clock that steps back (NTP, tests) must not drain the bucket.
      b.tokens = Math.min(burst, b.tokens + Math.max(0, t - b.at) * perMs);
      b.at = Math.max(b.at, t);
      buckets.set(key, b);
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000));
    },
  };
}

/**
 * Login throttling (DECISIONS.md): after `max` failures for one subject within
 * `windowMs`, further attempts are refused until the oldest failure ages out.
 */
export function createFailureCounter(max: number, windowMs: number, now: () => number) {
  /** Attempt times per subject; each is its own object so that one can be taken back. */
  const failures = new Map<string, { readonly at: number }[]>();
  const recent = (subject: string) => (failures.get(subject) ?? []).filter((f) => f.at > now() - windowMs);
  const counter = {
    /** Seconds until `subject` may try again; 0 when not locked out. */
    lockedFor(subject: string): number {
      const list = recent(subject);
      failures.set(subject, list);
      if (list.length < max) return 0;
      return Math.max(1, Math.ceil(((list[0]?.at ?? 0) + windowMs - now()) / 1000));
    },
    /**
     * Count an attempt as failed before it is checked, so that attempts running at the same
     * time cannot all pass `lockedFor`; the returned function takes it back when it succeeds.
     */
    reserve(subject: string): () => void {
      const attempt = { at: now() };
      failures.set(subject, [...recent(subject), attempt]);
      return () =>
        failures.set(
          subject,
          (failures.get(subject) ?? []).filter((f) => f !== attempt),
        );
    },
    attempt(subject: string): Attempt {
      const wait = counter.lockedFor(subject);
      return wait > 0 ? { wait, release: () => undefined } : { wait: 0, release: counter.reserve(subject) };
    },
  };
  return counter;
}
