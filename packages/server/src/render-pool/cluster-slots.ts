import type { RenderSlotStore } from '../store/render-slots.js';
import type { RenderGate, RenderPool } from './pool.js';

export interface ClusterSlotOptions {
  /** Renders of one account at once over every node; null: the cluster's workers minus one. */
  readonly cap: number | null;
  /** How long a node's slots last without renewal (renewed every third of it). */
  readonly leaseMs: number;
  /** How often a render refused a slot asks again (sooner when its account's render here ends). */
  readonly pollMs?: number;
  readonly onError: (message: string, error: Error) => void;
}

/**
 * The per-account cap of the render pool, counted over every node sharing PostgreSQL: a job
 * starts on a worker only with one of its account's slots, so an account flooding every node
 * holds at most `cap` workers of the cluster, and the others' renders find a free one. The
 * slot is taken when a worker of this node is free for the job (the pool's gate), not when
 * the job is queued: a slot held in the queue of a busy node would keep the same account's
 * render on a free node waiting (issue 17). When the database cannot be reached the job runs
 * anyway under the node's own cap: renders stay up.
 */
export function withClusterSlots(pool: RenderPool, slots: RenderSlotStore, options: ClusterSlotOptions): RenderPool {
  let closed = false;
  const renew = () => slots.renew().catch((e: Error) => options.onError('render slot renewal failed', e));
  // The first take waits for this node's workers to count in the cluster's.
  const announced = renew();
  const renewal = setInterval(renew, Math.max(1, Math.floor(options.leaseMs / 3)));
  renewal.unref();
  const unslotted = async () => {};

  const gate: RenderGate = {
    retryMs: options.pollMs ?? 100,
    async enter(account) {
      if (closed) return unslotted;
      try {
        await announced;
        const id = await slots.take(account, options.cap);
        if (id === null) return null;
        return () => slots.release(id).catch((e: Error) => options.onError('render slot release failed', e));
      } catch (error) {
        options.onError("render slot unavailable, rendering under the node's own cap", error as Error);
        return unslotted;
      }
    },
  };

  return {
    run: (job, account = '') => pool.run(job, account, gate),
    memory: (gc) => pool.memory(gc),
    async close() {
      closed = true;
      clearInterval(renewal);
      await pool.close();
      await slots.leave().catch((e: Error) => options.onError('render slot release failed', e));
    },
  };
}
