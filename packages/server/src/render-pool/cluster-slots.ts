import type { RenderSlotStore } from '../store/render-slots.js';
import type { RenderPool } from './pool.js';

export interface ClusterSlotOptions {
  /** Renders of one account at once over every node; null: the cluster's workers minus one. */
  readonly cap: number | null;
  /** How long a node's slots last without renewal (renewed every third of it). */
  readonly leaseMs: number;
  /** How often a render waiting for its account's slot asks again. */
  readonly pollMs?: number;
  readonly onError: (message: string, error: Error) => void;
}

/**
 * The per-account cap of the render pool, counted over every node sharing PostgreSQL: a job
 * enters this node's (fair) pool only with one of its account's slots, so an account flooding
 * every node holds at most `cap` workers of the cluster, and the others' renders find a free
 * one. Jobs waiting for a slot queue per account on this node, oldest first. When the
 * database cannot be reached the job runs anyway under the node's own cap: renders stay up.
 */
export function withClusterSlots(pool: RenderPool, slots: RenderSlotStore, options: ClusterSlotOptions): RenderPool {
  const pollMs = options.pollMs ?? 100;
  let closed = false;
  const renew = () => slots.renew().catch((e: Error) => options.onError('render slot renewal failed', e));
  // The first take waits for this node's workers to count in the cluster's.
  const announced = renew();
  const renewal = setInterval(renew, Math.max(1, Math.floor(options.leaseMs / 3)));
  renewal.unref();

  /** Per account: the end of its line of waiting jobs on this node, and how to wake its head. */
  const lines = new Map<string, Promise<void>>();
  const wakers = new Map<string, () => void>();

  const nap = (account: string) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        if (wakers.get(account) === done) wakers.delete(account);
        resolve();
      }
      wakers.set(account, done);
    });

  /** Wait for a slot of `account`; null when it runs without one (closing, or no database). */
  async function acquire(account: string): Promise<string | null> {
    const before = lines.get(account) ?? Promise.resolve();
    let leave!: () => void;
    const mine = new Promise<void>((resolve) => (leave = resolve));
    const tail = before.then(() => mine);
    lines.set(account, tail);
    await before;
    try {
      await announced;
      while (!closed) {
        const id = await slots.take(account, options.cap);
        if (id !== null) return id;
        await nap(account);
      }
      return null;
    } catch (error) {
      options.onError("render slot unavailable, rendering under the node's own cap", error as Error);
      return null;
    } finally {
      leave();
      if (lines.get(account) === tail) lines.delete(account);
    }
  }

  return {
    async run(job, account = '') {
      const slot = await acquire(account);
      try {
        return await pool.run(job, account);
      } finally {
        if (slot !== null) {
          await slots.release(slot).catch((e: Error) => options.onError('render slot release failed', e));
          wakers.get(account)?.();
        }
      }
    },
    async close() {
      closed = true;
      clearInterval(renewal);
      for (const wake of [...wakers.values()]) wake();
      await pool.close();
      await slots.leave().catch((e: Error) => options.onError('render slot release failed', e));
    },
  };
}
