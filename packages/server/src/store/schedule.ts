import { sql } from 'kysely';
import type { Db } from '../db/open.js';

/**
 * Work done once per interval for the whole cluster, whichever node's timer fires first: a
 * node runs the task only when it is the one that moves the task's `next_at` on (one
 * statement, so two nodes never both win). Nodes' timers only decide how soon after it is due
 * the task runs.
 */
export function createSchedule(db: Db, now: () => number) {
  return {
    /** True when this node should run `name` now; the next run is then due `intervalMs` later. */
    async claim(name: string, intervalMs: number): Promise<boolean> {
      const t = now();
      const { rows } = await sql<{ name: string }>`
        INSERT INTO scheduled_runs (name, next_at) VALUES (${name}, ${t + intervalMs})
        ON CONFLICT (name) DO UPDATE SET next_at = excluded.next_at WHERE scheduled_runs.next_at <= ${t}
        RETURNING name`.execute(db.kysely);
      return rows.length === 1;
    },
  };
}
