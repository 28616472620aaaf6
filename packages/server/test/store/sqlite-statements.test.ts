/**
 * The server's SQLite connection keeps prepared statements by SQL text (db/open.ts): Kysely's
 * driver prepared every query afresh, a third of the SQLite time of a render request. Counts
 * work, not time: how often better-sqlite3 prepares.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { openSqlite, type Db } from '../../src/db/open.js';

let dir: string;
let db: Db;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'platen-statements-'));
  db = openSqlite(dir);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const userCount = () =>
  db.kysely
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();

it('prepares a query once however often it runs', async () => {
  const prepare = vi.spyOn(BetterSqlite3.prototype, 'prepare');
  for (let i = 0; i < 3; i++) expect(Number((await userCount()).n)).toBe(0);
  expect(prepare).toHaveBeenCalledTimes(1);
});

it('reuses the statement of a streamed query once its rows are read', async () => {
  const now = new Date().toISOString();
  for (const id of ['u1', 'u2'])
    await db.kysely
      .insertInto('users')
      .values({ id, email: `${id}@example.com`, password_hash: 'x', created_at: now })
      .execute();
  const prepare = vi.spyOn(BetterSqlite3.prototype, 'prepare');
  const query = db.kysely.selectFrom('users').select('id').orderBy('id');
  const streamed: string[] = [];
  for await (const row of query.stream()) streamed.push(row.id);
  expect(streamed).toEqual(['u1', 'u2']);
  expect((await query.execute()).map((r) => r.id)).toEqual(['u1', 'u2']);
  expect(prepare).toHaveBeenCalledTimes(1);
});
