import Database from 'better-sqlite3';
import { join } from 'node:path';
import { migrate } from './migrate.js';

export type Db = Database.Database;

/**
 * Open (creating if needed) `<dataDir>/platen.db`: WAL so readers never block
 * the writer; synchronous NORMAL by default, which in WAL mode loses no committed
 * transaction to a process crash (kill -9) and skips the fsync per commit that halved
 * render throughput (every render writes a log row); FULL also survives power cuts.
 * Foreign keys on
 * (SQLite defaults them off), a busy timeout for the CLI writing alongside a
 * running server, then pending migrations.
 */
export function openDatabase(dataDir: string, synchronous: 'normal' | 'full' = 'normal'): Db {
  const db = new Database(join(dataDir, 'platen.db'));
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}
