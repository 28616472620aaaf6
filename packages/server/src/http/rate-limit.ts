/**
 * Token bucket per key: `perMinute` tokens refill continuously, up to `burst`.
 * `take` answers 0 when allowed, else the whole seconds until a token is back
 * (the Retry-After value).
 */
export function createRateLimiter(perMinute: number, burst: number, now: () => number) {
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
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * Login throttling (DECISIONS.md): after `max` failures for one subject within
 * `windowMs`, further attempts are refused until the oldest failure ages out.
 */
export function createFailureCounter(max: number, windowMs: number, now: () => number) {
  /** Attempt times per subject; each is its own object so that one can be taken back. */
  const failures = new Map<string, { readonly at: number }[]>();
  const recent = (subject: string) => (failures.get(subject) ?? []).filter((f) => f.at > now() - windowMs);
  return {
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
      return () => failures.set(subject, (failures.get(subject) ?? []).filter((f) => f !== attempt));
    },
  };
}
