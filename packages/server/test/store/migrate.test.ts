import { copyFileSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';

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
