/**
 * The server's SQLite page cache is SQLite's default 2,000 KiB, not better-sqlite3's 16,000:
 * the cache is malloc'd on the server's main thread and filled as the database grew, which the
 * load test saw as up to +30 MB of server RSS after its abusive run (issue 17).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { openSqlite, SQLITE_CACHE_KIB } from '../../src/db/open.js';

it('opens SQLite with a 2 MB page cache (better-sqlite3 alone gives 16 MB)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'platen-cache-'));
  const db = openSqlite(dir);
  try {
    const { rows } = await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db.kysely);
    expect(SQLITE_CACHE_KIB).toBe(2000);
    expect(rows[0]!.cache_size).toBe(-SQLITE_CACHE_KIB);
    const bare = new BetterSqlite3(':memory:');
    expect(bare.pragma('cache_size', { simple: true })).toBe(-16000); // what the pragma changes
    bare.close();
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
