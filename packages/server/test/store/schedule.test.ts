import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, openSqlite, type Db } from '../../src/db/open.js';
import { createSchedule } from '../../src/store/schedule.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';

describe('cluster-wide schedule', () => {
  let postgres: TestPostgres;
  let nodes: Db[];
  beforeAll(async () => {
    postgres = await startPostgres();
    const url = await postgres.createDatabase();
    nodes = await Promise.all([openPostgres(url), openPostgres(url), openPostgres(url)]);
  });
  afterAll(async () => {
    await Promise.all(nodes.map((db) => db.close()));
    await postgres.stop();
  });

  it('runs a task once per interval whichever of several nodes asks, even all at once', async () => {
    let t = 1_000_000;
    const schedules = nodes.map((db) => createSchedule(db, () => t));
    const round = async () =>
      (await Promise.all(Array.from({ length: 30 }, (_, i) => schedules[i % 3]!.claim('sweep', 60_000)))).filter(
        Boolean,
      ).length;
    expect(await round()).toBe(1); // the first ever, inserted by one node
    t += 59_999;
    expect(await round()).toBe(0);
    t += 1;
    expect(await round()).toBe(1);
    expect(await schedules[0]!.claim('other', 60_000)).toBe(true); // tasks are independent
  });

  it('works alike on SQLite (one node)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platen-schedule-'));
    const db = openSqlite(dir);
    try {
      let t = 5_000;
      const schedule = createSchedule(db, () => t);
      expect([await schedule.claim('sweep', 1000), await schedule.claim('sweep', 1000)]).toEqual([true, false]);
      t += 1000;
      expect(await schedule.claim('sweep', 1000)).toBe(true);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
