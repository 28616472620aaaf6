import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';

/**
 * The .sql files live in src/db/migrations; tsc does not copy them, so the
 * built dist/db/migrate.js reads them from ../../src/db/migrations.
 */
function migrationsDir(): string {
  const beside = fileURLToPath(new URL('./migrations/', import.meta.url));
  if (existsSync(beside)) return beside;
  return fileURLToPath(new URL('../../src/db/migrations/', import.meta.url));
}

/**
 * Apply `NNN-name.sql` files above `PRAGMA user_version`, each in its own
 * transaction together with the version bump, so a crash never leaves half a
 * migration behind.
 */
export function migrate(db: Database.Database): number {
  const dir = migrationsDir();
  const files = readdirSync(dir).filter((f) => /^\d{3}-.+\.sql$/.test(f)).sort();
  let version = db.pragma('user_version', { simple: true }) as number;
  for (const file of files) {
    const n = Number(file.slice(0, 3));
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
