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
export function migrate(db: Database.Database, dir = migrationsDir()): number {
  const files = readdirSync(dir).filter((f) => /^\d{3}-.+\.sql$/.test(f)).sort();
  // Two files with one number (branches that each added one) would skip the second for good.
  const numbers = files.map((f) => f.slice(0, 3));
  const twice = numbers.find((n, i) => numbers.indexOf(n) !== i);
  if (twice !== undefined) throw new Error(`Two migrations are numbered ${twice} in ${dir}: renumber one.`);
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
