import Database from 'better-sqlite3';
import { join } from 'node:path';
import { migrate } from './migrate.js';

export type Db = Database.Database;

/**
 * Open (creating if needed) `<dataDir>/platen.db`: WAL so readers never block
 * the writer, synchronous=FULL so no committed transaction is lost even to
 * a power cut (NORMAL only survives process crashes), foreign keys on
 * (SQLite defaults them off), a busy timeout for the CLI writing alongside a
 * running server, then pending migrations.
 */
export function openDatabase(dataDir: string): Db {
  const db = new Database(join(dataDir, 'platen.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}
