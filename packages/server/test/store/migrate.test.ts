import { copyFileSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate, migrationsDir } from '../../src/db/migrate.js';
import { openPostgres } from '../../src/db/open.js';
import { startPostgres } from '../helpers/postgres.js';

const migrations = fileURLToPath(new URL('../../src/db/migrations/', import.meta.url));

describe('migrate', () => {
  it('applies every migration once, in order', () => {
    const db = new Database(':memory:');
    const latest = readdirSync(migrations).filter((f) => f.endsWith('.sql')).length;
    expect(migrate(db)).toBe(latest);
    expect(migrate(db)).toBe(latest);
    expect(db.pragma('user_version', { simple: true })).toBe(latest);
    const columns = (db.prepare('PRAGMA table_info(logs)').all() as { name: string }[]).map((c) => c.name);
    expect(columns).toContain('warnings');
  });

  it('refuses two migrations with one number instead of skipping one for good', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platen-migrations-'));
    copyFileSync(join(migrations, '001-init.sql'), join(dir, '001-init.sql'));
    writeFileSync(join(dir, '002-a.sql'), 'CREATE TABLE a (x);');
    writeFileSync(join(dir, '002-b.sql'), 'CREATE TABLE b (x);');
    expect(() => migrate(new Database(':memory:'), dir)).toThrow(/Two migrations are numbered 002/);
  });
});

describe('migratePostgres', () => {
  it('migrates once when several nodes start together on one new database', async () => {
    const server = await startPostgres();
    try {
      const url = await server.createDatabase();
      // Without the advisory lock, the nodes' CREATE TABLEs race and all but one fail.
      const nodes = await Promise.all(Array.from({ length: 4 }, () => openPostgres(url, 2)));
      const files = readdirSync(migrationsDir('migrations-postgres')).filter((f) => f.endsWith('.sql'));
      const { rows } = await sql<{ version: number }>`SELECT version FROM platen_schema ORDER BY version`.execute(
        nodes[0]!.kysely,
      );
      expect(rows.map((r) => r.version)).toEqual(files.map((_, i) => i + 1));
      const columns = await sql<{
        column_name: string;
      }>`SELECT column_name FROM information_schema.columns WHERE table_name = 'logs'`.execute(nodes[0]!.kysely);
      expect(columns.rows.map((c) => c.column_name)).toContain('warnings');
      await Promise.all(nodes.map((db) => db.close()));
    } finally {
      await server.stop();
    }
  });
});
