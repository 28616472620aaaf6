import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/open.js';
import type { Tables } from '../db/schema.js';

export type JobRow = Tables['render_jobs'];
export type JobStatus = JobRow['status'];

/** The most times a job is started: a node that died during it counts as one. */
export const MAX_ATTEMPTS = 3;

export interface NewJob {
  readonly id: string;
  readonly userId: string;
  readonly apiKeyId: string | null;
  readonly request: unknown;
  readonly templateId: string | null;
  readonly metadata: Record<string, unknown> | null;
  readonly baseUrl: string;
  readonly webhookUrl: string | null;
}

/** The end of a job, written only by the node that holds its lease. */
export type JobOutcome =
  | {
      readonly status: 'succeeded';
      readonly renderId: string;
      readonly expiresAt: string;
      readonly sizeBytes: number;
      readonly durationMs: number;
    }
  | {
      readonly status: 'failed';
      readonly error: { readonly type: string; readonly code: string; readonly message: string };
    };

/**
 * A new job's turn, fair across accounts on every node alike (start-time fair queueing): one
 * after the later of the turn being served (the highest turn taken so far) and the account's
 * last job's. Accounts with waiting jobs then take turns, and an account that queues 1,000
 * jobs holds back another's next job by one at most.
 */
function nextTurn(userId: string) {
  const served = sql`(SELECT COALESCE(MAX(turn), 0) FROM render_jobs WHERE status <> 'queued')`;
  const own = sql`(SELECT COALESCE(MAX(turn), 0) FROM render_jobs WHERE user_id = ${userId})`;
  return sql`1 + CASE WHEN ${served} > ${own} THEN ${served} ELSE ${own} END`;
}

/**
 * Async render jobs. A node claims a queued job (or one whose lease ran out: its node died)
 * in one statement, so no two nodes run one attempt; it renews the lease while rendering and
 * finishes the job only while the lease is still its own (same attempt number).
 */
export function createRenderJobStore(db: Db, now: () => number) {
  const { kysely } = db;
  const iso = () => new Date(now()).toISOString();
  return {
    async create(job: NewJob): Promise<JobRow> {
      const row: JobRow = {
        id: job.id,
        user_id: job.userId,
        api_key_id: job.apiKeyId,
        status: 'queued',
        request: JSON.stringify(job.request),
        template_id: job.templateId,
        metadata: job.metadata === null ? null : JSON.stringify(job.metadata),
        base_url: job.baseUrl,
        attempts: 0,
        turn: 0,
        lease_until: null,
        created_at: iso(),
        started_at: null,
        finished_at: null,
        render_id: null,
        expires_at: null,
        size_bytes: null,
        duration_ms: null,
        error: null,
        webhook_url: job.webhookUrl,
      };
      const { turn } = await kysely
        .insertInto('render_jobs')
        .values({ ...row, turn: sql<number>`(${nextTurn(job.userId)})` })
        .returning('turn')
        .executeTakeFirstOrThrow();
      return { ...row, turn: Number(turn) };
    },
    async get(userId: string, id: string): Promise<JobRow | null> {
      return (
        (await kysely
          .selectFrom('render_jobs')
          .selectAll()
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .executeTakeFirst()) ?? null
      );
    },
    /** Take, for `leaseMs`, the job of the lowest turn that is queued or whose node died; null when there is none. */
    async claim(leaseMs: number): Promise<JobRow | null> {
      const t = now();
      // PostgreSQL: nodes claiming at once skip each other's rows instead of queueing on them.
      const skipLocked = db.kind === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
      const open = sql`(status = 'queued' OR (status = 'running' AND lease_until < ${t} AND attempts < ${MAX_ATTEMPTS}))`;
      const { rows } = await sql<JobRow>`
        UPDATE render_jobs SET status = 'running', attempts = attempts + 1, lease_until = ${t + leaseMs},
          started_at = COALESCE(started_at, ${iso()})
        WHERE id = (SELECT id FROM render_jobs WHERE ${open} ORDER BY turn, id LIMIT 1 ${skipLocked}) AND ${open}
        RETURNING *`.execute(kysely);
      return rows[0] ?? null;
    },
    /** Keep the lease of a running attempt; false when it is no longer ours. */
    async renew(job: Pick<JobRow, 'id' | 'attempts'>, leaseMs: number): Promise<boolean> {
      const result = await kysely
        .updateTable('render_jobs')
        .set({ lease_until: now() + leaseMs })
        .where('id', '=', job.id)
        .where('attempts', '=', job.attempts)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    /**
     * Give a running attempt back (its node is shutting down): queued again for any node at
     * once. The attempt still counts, so a late finish of this attempt no longer matches.
     */
    async release(job: Pick<JobRow, 'id' | 'attempts'>): Promise<void> {
      await kysely
        .updateTable('render_jobs')
        .set({ status: 'queued', lease_until: null })
        .where('id', '=', job.id)
        .where('attempts', '=', job.attempts)
        .where('status', '=', 'running')
        .execute();
    },
    /**
     * Write the outcome of an attempt, and run `alongside` (the log row) in the same
     * transaction, only while the attempt still holds the job: false when it does not.
     */
    async finish(
      job: Pick<JobRow, 'id' | 'attempts' | 'user_id'>,
      outcome: JobOutcome,
      alongside: (trx: Transaction<Tables>, row: JobRow) => Promise<unknown>,
    ): Promise<boolean> {
      return db.write(job.user_id, async (trx) => {
        const fields =
          outcome.status === 'succeeded'
            ? {
                render_id: outcome.renderId,
                expires_at: outcome.expiresAt,
                size_bytes: outcome.sizeBytes,
                duration_ms: outcome.durationMs,
              }
            : { error: JSON.stringify(outcome.error) };
        const row = await trx
          .updateTable('render_jobs')
          .set({ status: outcome.status, finished_at: iso(), lease_until: null, ...fields })
          .where('id', '=', job.id)
          .where('attempts', '=', job.attempts)
          .where('status', '=', 'running')
          .returningAll()
          .executeTakeFirst();
        if (!row) return false;
        await forgetPasswords(trx, [row]);
        await alongside(trx, row);
        return true;
      });
    },
    /** Jobs whose node died on their last attempt: failed for good, with `alongside` (their log rows) in the same transaction. */
    async failAbandoned(alongside: (trx: Transaction<Tables>, jobs: JobRow[]) => Promise<unknown>): Promise<JobRow[]> {
      const error = JSON.stringify({
        type: 'api_error',
        code: 'render_failed',
        message: `The render was interrupted ${MAX_ATTEMPTS} times.`,
      });
      return kysely.transaction().execute(async (trx) => {
        const jobs = await trx
          .updateTable('render_jobs')
          .set({ status: 'failed', finished_at: iso(), lease_until: null, error })
          .where('status', '=', 'running')
          .where('lease_until', '<', now())
          .where('attempts', '>=', MAX_ATTEMPTS)
          .returningAll()
          .execute();
        await forgetPasswords(trx, jobs);
        if (jobs.length > 0) await alongside(trx, jobs);
        return jobs;
      });
    },
  };
}
export type RenderJobStore = ReturnType<typeof createRenderJobStore>;

/**
 * A job's request is kept to run it; once the job has ended, the PDF passwords in it
 * (`pdf.encryption`) are dropped, so that they do not stay at rest in the database.
 */
async function forgetPasswords(trx: Transaction<Tables>, rows: readonly JobRow[]): Promise<void> {
  for (const row of rows) {
    const request = JSON.parse(row.request) as { pdf?: { encryption?: Record<string, unknown> } };
    const encryption = request.pdf?.encryption;
    if (!encryption || (encryption['user_password'] === undefined && encryption['owner_password'] === undefined))
      continue;
    delete encryption['user_password'];
    delete encryption['owner_password'];
    await trx
      .updateTable('render_jobs')
      .set({ request: JSON.stringify(request) })
      .where('id', '=', row.id)
      .execute();
  }
}
