import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import type pg from 'pg';

/**
 * The .sql files live in src/db/migrations (SQLite) and src/db/migrations-postgres; tsc does
 * not copy them, so the built dist/db/migrate.js reads them from ../../src/db/.
 */
export function migrationsDir(name: 'migrations' | 'migrations-postgres' = 'migrations'): string {
  const beside = fileURLToPath(new URL(`./${name}/`, import.meta.url));
  if (existsSync(beside)) return beside;
  return fileURLToPath(new URL(`../../src/db/${name}/`, import.meta.url));
}

/** `NNN-name.sql` files of `dir`, in order, with their numbers. */
function migrationFiles(dir: string): { n: number; file: string }[] {
  const files = readdirSync(dir)
    .filter((f) => /^\d{3}-.+\.sql$/.test(f))
    .sort();
  // Two files with one number (branches that each added one) would skip the second for good.
  const numbers = files.map((f) => f.slice(0, 3));
  const twice = numbers.find((n, i) => numbers.indexOf(n) !== i);
  if (twice !== undefined) throw new Error(`Two migrations are numbered ${twice} in ${dir}: renumber one.`);
  return files.map((file) => ({ n: Number(file.slice(0, 3)), file }));
}

/**
 * Apply `NNN-name.sql` files above `PRAGMA user_version`, each in its own
 * transaction together with the version bump, so a crash never leaves half a
 * migration behind.
 */
export function migrate(db: Database.Database, dir = migrationsDir()): number {
  let version = db.pragma('user_version', { simple: true }) as number;
  for (const { n, file } of migrationFiles(dir)) {
    if (n <= version) continue;
    const sql = readFileSync(dir + file, 'utf8');
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${n}`);
    })();
    version = n;
  }
  return version;
}

/** The advisory lock that migrations hold (two int4 keys; account writes use class 1). */
export const MIGRATION_LOCK = [0x706c, 0] as const;

/**
 * PostgreSQL: the same, with the version in `platen_schema`. Nodes starting together take
 * one advisory lock in turn, so each migration runs once; the others find it applied.
 */
export async function migratePostgres(pool: pg.Pool, dir = migrationsDir('migrations-postgres')): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1, $2)', [...MIGRATION_LOCK]);
    try {
      await client.query('CREATE TABLE IF NOT EXISTS platen_schema (version INTEGER NOT NULL)');
      const { rows } = await client.query<{ version: number }>('SELECT MAX(version) AS version FROM platen_schema');
      let version = rows[0]?.version ?? 0;
      for (const { n, file } of migrationFiles(dir)) {
        if (n <= version) continue;
        await client.query('BEGIN');
        try {
          await client.query(readFileSync(dir + file, 'utf8'));
          await client.query('INSERT INTO platen_schema (version) VALUES ($1)', [n]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        }
        version = n;
      }
      return version;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, $2)', [...MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
