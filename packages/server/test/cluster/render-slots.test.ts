/**
 * Each account's synchronous renders counted over every node sharing PostgreSQL (issue 17, item 9): the
 * per-account cap used to be per process, so an account flooding N nodes held N × its cap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../../src/db/open.js';
import { withClusterSlots } from '../../src/render-pool/cluster-slots.js';
import type { RenderJob } from '../../src/render-pool/messages.js';
import { createRenderPool, type RenderPool } from '../../src/render-pool/pool.js';
import { createRenderSlotStore } from '../../src/store/render-slots.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { FAKE_WORKER } from '../helpers/server.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const job = (html: string) => ({ html, data: {}, format: {}, blocks: {} }) as unknown as RenderJob;

describe('render slots shared in PostgreSQL', () => {
  let server: TestPostgres;
  let nodes: Db[];
  beforeAll(async () => {
    server = await startPostgres();
    const url = await server.createDatabase();
    nodes = [await openPostgres(url, 4), await openPostgres(url, 4)];
  });
  afterAll(async () => {
    await Promise.all(nodes.map((db) => db.close()));
    await server.stop();
  });

  it("counts an account's slots on every node against one cap", async () => {
    const [a, b] = nodes.map((db) => createRenderSlotStore(db, { workers: 2, leaseMs: 60_000 }));
    const first = await a!.take('acct-cap', 2);
    const second = await b!.take('acct-cap', 2);
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(await a!.take('acct-cap', 2)).toBeNull();
    expect(await b!.take('acct-cap', 2)).toBeNull();
    expect(await b!.take('another account', 2)).not.toBeNull();
    await a!.release(first!);
    expect(await b!.take('acct-cap', 2)).not.toBeNull();
    // 40 takes at once over both nodes: exactly the cap is granted.
    const granted = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a! : b!).take('acct-burst', 3)));
    expect(granted.filter((id) => id !== null)).toHaveLength(3);
  });

  it("by default lets an account hold the live nodes' workers minus one", async () => {
    const [a, b] = nodes.map((db) => createRenderSlotStore(db, { workers: 2, leaseMs: 60_000 }));
    await a!.renew();
    await b!.renew();
    const taken = [];
    for (let i = 0; i < 5; i++) taken.push(await (i % 2 ? a! : b!).take('acct-default', null));
    expect(taken.filter((id) => id !== null)).toHaveLength(3); // 2 + 2 workers − 1
    await a!.leave();
    await b!.leave();
  });

  it("frees the slots of a node that stops renewing after its lease, and keeps a renewing node's", async () => {
    const dead = createRenderSlotStore(nodes[0]!, { workers: 1, leaseMs: 1500 });
    const alive = createRenderSlotStore(nodes[1]!, { workers: 1, leaseMs: 1500 });
    const held = await alive.take('acct-lease-alive', 1);
    expect(held).not.toBeNull();
    expect(await dead.take('acct-lease', 1)).not.toBeNull();
    expect(await alive.take('acct-lease', 1)).toBeNull();
    for (let i = 0; i < 4; i++) {
      await sleep(500);
      await alive.renew();
    }
    // 2 s later: the dead node's slot has expired, the renewed one has not.
    expect(await alive.take('acct-lease', 1)).not.toBeNull();
    expect(await dead.take('acct-lease-alive', 1)).toBeNull();
    await alive.leave();
  });

  it("runs jobs of an account at its cap one at a time over two nodes, and another account's at once", async () => {
    const errors: string[] = [];
    const onError = (message: string) => errors.push(message);
    // Two nodes of one worker each.
    const [a, b] = nodes.map((db) =>
      withClusterSlots(
        createRenderPool({ size: 1, timeoutMs: 20_000, memoryMb: 64, workerUrl: FAKE_WORKER }),
        createRenderSlotStore(db, { workers: 1, leaseMs: 10_000 }),
        { cap: null, leaseMs: 10_000, pollMs: 20, onError },
      ),
    );
    const answered: string[] = [];
    const run = (node: RenderPool, account: string, html: string) =>
      node.run(job(html), account).then((outcome) => {
        expect(outcome.ok).toBe(true);
        answered.push(html);
      });
    const started = Date.now();
    const flood = Array.from({ length: 6 }, (_, i) => run(i % 2 ? a! : b!, 'flooder', `SLEEP:300 flood ${i}`));
    await sleep(100);
    await run(b!, 'other', 'other');
    await Promise.all(flood);
    // The flooder held one worker of the two at a time (the cluster's workers − 1)…
    expect(Date.now() - started).toBeGreaterThanOrEqual(6 * 300);
    // …and the other account's job waited for one flood render at most, not for the flood.
    expect(answered.indexOf('other')).toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
    await a!.close();
    await b!.close();
  });
});
