import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/open.js';

/** Advisory-lock class of an account's render slots (1: account writes, 2: login throttling). */
const SLOT_LOCK_CLASS = 3;

/** Milliseconds since the epoch by PostgreSQL's clock: leases need no agreement between nodes' clocks. */
const dbNow = sql<number>`(EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::int8`;

/**
 * The renders each account has running on every node sharing a PostgreSQL database, as
 * leases: a node renews its own every `leaseMs / 3`, so the slots of a node that died
 * expire within `leaseMs` and its accounts may render elsewhere.
 */
export interface RenderSlotStore {
  /** This node's name in the table. */
  readonly node: string;
  /**
   * Take one of `account`'s slots unless it already holds `cap` on live nodes (null: the
   * live nodes' render workers together minus one, at least one); the slot's ID, or null.
   */
  take(account: string, cap: number | null): Promise<string | null>;
  release(id: string): Promise<void>;
  /** Announce this node and its workers, and extend its slots by a lease. */
  renew(): Promise<void>;
  /** Drop this node and its slots (a clean shutdown). */
  leave(): Promise<void>;
}

export function createRenderSlotStore(
  { kysely }: Db,
  options: { readonly workers: number; readonly leaseMs: number; readonly node?: string },
): RenderSlotStore {
  const node = options.node ?? randomUUID();
  const { workers, leaseMs } = options;
  return {
    node,
    take(account, cap) {
      return kysely.transaction().execute(async (trx) => {
        // Serialises counting and taking with the account's other takes on every node.
        await sql`SELECT pg_advisory_xact_lock(${SLOT_LOCK_CLASS}, hashtext(${account}))`.execute(trx);
        const { rows } = await sql<{ held: string; workers: string }>`
          SELECT (SELECT COUNT(*) FROM render_slots WHERE account = ${account} AND expires_at > ${dbNow}) AS held,
                 (SELECT COALESCE(SUM(workers), 0) FROM render_nodes WHERE expires_at > ${dbNow}) AS workers`.execute(
          trx,
        );
        const held = Number(rows[0]!.held);
        // Like one node's default: one worker of the cluster stays free for other accounts.
        const limit = cap ?? Math.max(1, Number(rows[0]!.workers) - 1);
        if (held >= limit) return null;
        const id = randomUUID();
        await sql`INSERT INTO render_slots (id, account, node, expires_at) VALUES (${id}, ${account}, ${node}, ${dbNow} + ${leaseMs}::int8)`.execute(
          trx,
        );
        return id;
      });
    },
    async release(id) {
      await sql`DELETE FROM render_slots WHERE id = ${id}`.execute(kysely);
    },
    async renew() {
      await sql`
        INSERT INTO render_nodes (node, workers, expires_at) VALUES (${node}, ${workers}, ${dbNow} + ${leaseMs}::int8)
        ON CONFLICT (node) DO UPDATE SET workers = EXCLUDED.workers, expires_at = EXCLUDED.expires_at`.execute(kysely);
      await sql`UPDATE render_slots SET expires_at = ${dbNow} + ${leaseMs}::int8 WHERE node = ${node}`.execute(kysely);
      // Forget what died a while ago (expired rows no longer count either way).
      await sql`DELETE FROM render_slots WHERE expires_at < ${dbNow} - ${leaseMs}::int8`.execute(kysely);
      await sql`DELETE FROM render_nodes WHERE expires_at < ${dbNow} - 3600000`.execute(kysely);
    },
    async leave() {
      await sql`DELETE FROM render_slots WHERE node = ${node}`.execute(kysely);
      await sql`DELETE FROM render_nodes WHERE node = ${node}`.execute(kysely);
    },
  };
}
