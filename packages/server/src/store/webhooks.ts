import { sql } from 'kysely';
import type { Db, Executor } from '../db/open.js';
import type { Tables } from '../db/schema.js';
import { newId } from '../ids.js';
import { newWebhookSecret } from '../webhooks/sign.js';

export type Delivery = Tables['webhook_deliveries'];

/**
 * Waits after failed attempts 1…5: a sixth and last attempt comes 1 h 42 min after the
 * first (DECISIONS.md: at least 5 attempts over at least an hour).
 */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000];

/** Accounts' webhook secrets and the deliveries of finished jobs' webhooks. */
export function createWebhookStore(db: Db, now: () => number) {
  const { kysely } = db;
  const store = {
    /** The account's secret, made on first use. */
    async secret(userId: string): Promise<string> {
      await kysely
        .updateTable('users')
        .set({ webhook_secret: newWebhookSecret() })
        .where('id', '=', userId)
        .where('webhook_secret', 'is', null)
        .execute();
      const row = await kysely
        .selectFrom('users')
        .select('webhook_secret')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return row.webhook_secret!;
    },
    async rotate(userId: string): Promise<string> {
      const secret = newWebhookSecret();
      await kysely.updateTable('users').set({ webhook_secret: secret }).where('id', '=', userId).execute();
      return secret;
    },
    /** Queue one delivery, in the transaction that finishes its job. */
    async enqueue(trx: Executor, d: { userId: string; jobId: string; url: string; body: string }): Promise<void> {
      await trx
        .insertInto('webhook_deliveries')
        .values({
          id: newId('msg'),
          user_id: d.userId,
          job_id: d.jobId,
          url: d.url,
          body: d.body,
          status: 'pending',
          attempts: 0,
          next_at: now(),
          lease_until: null,
          last_error: null,
          created_at: new Date(now()).toISOString(),
        })
        .execute();
    },
    /** Take the delivery due first for `leaseMs` (one node per attempt), counting the attempt; null when none is due. */
    async claim(leaseMs: number): Promise<(Delivery & { secret: string }) | null> {
      const t = now();
      const skipLocked = db.kind === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
      const due = sql`(status = 'pending' AND next_at <= ${t} AND (lease_until IS NULL OR lease_until < ${t}))`;
      const { rows } = await sql<Delivery>`
        UPDATE webhook_deliveries SET attempts = attempts + 1, lease_until = ${t + leaseMs}
        WHERE id = (SELECT id FROM webhook_deliveries WHERE ${due} ORDER BY next_at, id LIMIT 1 ${skipLocked}) AND ${due}
        RETURNING *`.execute(kysely);
      const delivery = rows[0];
      if (!delivery) return null;
      return { ...delivery, attempts: Number(delivery.attempts), secret: await store.secret(delivery.user_id) };
    },
    /** The end of an attempt: delivered, retried later, or failed for good after the last. */
    async settle(d: Pick<Delivery, 'id' | 'attempts'>, error: string | null): Promise<void> {
      const retryIn = RETRY_DELAYS_MS[d.attempts - 1];
      const status = error === null ? 'delivered' : retryIn === undefined ? 'failed' : 'pending';
      await kysely
        .updateTable('webhook_deliveries')
        .set({ status, lease_until: null, last_error: error, next_at: now() + (retryIn ?? 0) })
        .where('id', '=', d.id)
        .where('attempts', '=', d.attempts)
        .execute();
    },
    /** Deliveries of a job (tests, operators). */
    forJob(jobId: string): Promise<Delivery[]> {
      return kysely.selectFrom('webhook_deliveries').selectAll().where('job_id', '=', jobId).execute();
    },
  };
  return store;
}
export type WebhookStore = ReturnType<typeof createWebhookStore>;
