import { sql } from 'kysely';
import type { Db } from '../db/open.js';
import type { Attempt, FailureCounter, RateLimiter } from '../http/rate-limit.js';

/**
 * The token bucket of http/rate-limit.ts in PostgreSQL, so that every node takes from one
 * bucket: one atomic upsert refills (never backwards), takes a token when there is one, and
 * answers the same Retry-After as the in-process bucket.
 */
export function createSharedRateLimiter(
  { kysely }: Db,
  name: string,
  perMinute: number,
  burst: number,
  now: () => number,
): RateLimiter {
  const perMs = perMinute / 60_000;
  return {
    async take(key) {
      const t = now();
      const refilled = sql<number>`LEAST(${burst}::float8, b.tokens + GREATEST(0, ${t}::int8 - b.at) * ${perMs}::float8)`;
      const { rows } = await sql<{ tokens: number; allowed: boolean }>`
        INSERT INTO rate_buckets AS b (name, key, tokens, at, allowed) VALUES (${name}, ${key}, ${burst - 1}::float8, ${t}::int8, true)
        ON CONFLICT (name, key) DO UPDATE SET
          tokens = CASE WHEN ${refilled} >= 1 THEN ${refilled} - 1 ELSE ${refilled} END,
          allowed = ${refilled} >= 1,
          at = GREATEST(b.at, ${t}::int8)
        RETURNING tokens, allowed`.execute(kysely);
      const row = rows[0]!;
      return row.allowed ? 0 : Math.max(1, Math.ceil((1 - row.tokens) / perMs / 1000));
    },
  };
}

/** Login throttling in PostgreSQL: each attempt is a row; check and count hold the subject's advisory lock. */
export function createSharedFailureCounter(
  { kysely }: Db,
  name: string,
  max: number,
  windowMs: number,
  now: () => number,
): FailureCounter {
  return {
    attempt(subject) {
      return kysely.transaction().execute(async (trx): Promise<Attempt> => {
        await sql`SELECT pg_advisory_xact_lock(2, hashtext(${`${name}:${subject}`}))`.execute(trx);
        const t = now();
        const recent = await trx
          .selectFrom('login_failures')
          .select([sql<string>`COUNT(*)`.as('n'), sql<string | null>`MIN(at)`.as('oldest')])
          .where('name', '=', name)
          .where('subject', '=', subject)
          .where('at', '>', t - windowMs)
          .executeTakeFirstOrThrow();
        if (Number(recent.n) >= max)
          return {
            wait: Math.max(1, Math.ceil((Number(recent.oldest) + windowMs - t) / 1000)),
            release: () => undefined,
          };
        const { id } = await trx
          .insertInto('login_failures')
          .values({ name, subject, at: t })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { wait: 0, release: () => kysely.deleteFrom('login_failures').where('id', '=', id).execute() };
      });
    },
  };
}

/** Forget buckets untouched for an hour (full again by then) and attempts older than `windowMs`. */
export async function sweepSharedLimits({ kysely }: Db, windowMs: number, now: () => number): Promise<void> {
  const t = now();
  await kysely
    .deleteFrom('rate_buckets')
    .where('at', '<', t - 3_600_000)
    .execute();
  await kysely
    .deleteFrom('login_failures')
    .where('at', '<=', t - windowMs)
    .execute();
}
