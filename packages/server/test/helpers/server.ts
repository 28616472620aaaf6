import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, startServer, type Config, type RequestLog } from '../../src/index.js';
import { createBlobStore, type BlobStore } from '../../src/blob-store.js';
import { createDatabase } from './postgres.js';
import { s3Config } from './s3.js';

export const FAKE_WORKER = new URL('../fixtures/fake-render-worker.mjs', import.meta.url);

export interface TestServer {
  readonly url: string;
  readonly dataDir: string;
  readonly requests: RequestLog[];
  readonly errors: string[];
  /** Move the injectable clock. */
  advance(ms: number): void;
  now(): number;
  /** Stop the server; `keepData` leaves the data directory for a restart. */
  close(keepData?: boolean): Promise<void>;
  /** Stop and start again on the same data directory (and database). */
  restart(): Promise<TestServer>;
  /** The database behind the server: SQLite, or PostgreSQL in the `server-postgres` test project. */
  readonly database: 'sqlite' | 'postgres';
  /** The server's stored renders (files in its data directory, or its S3 prefix), behind its back. */
  readonly blobs: BlobStore;
  /** Run SQL on the server's database behind its back (`?` placeholders); the rows. */
  sql<T = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<T[]>;
}

/**
 * In the `server-postgres` test project (vitest.config.ts), every test server gets a new
 * database on the project's PostgreSQL and its own prefix in the project's S3 bucket;
 * elsewhere, the SQLite file and the renders folder in its data directory.
 */
async function databaseOverrides(overrides: Partial<Config>): Promise<Partial<Config>> {
  const postgresUrl = inject('postgresUrl');
  const s3 = inject('s3');
  if (!postgresUrl || overrides.databaseUrl !== undefined) return overrides;
  const databaseUrl = await createDatabase(postgresUrl);
  return {
    secret: 'test-secret-shared-by-nodes',
    ...(s3 ? { s3: s3Config(s3, `${databaseUrl.split('/').pop()}/renders/`) } : {}),
    ...overrides,
    databaseUrl,
  };
}

async function runSql<T>(config: Config, text: string, params: unknown[]): Promise<T[]> {
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      let i = 0;
      return (
        await client.query(
          text.replace(/\?/g, () => `$${++i}`),
          params,
        )
      ).rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = new Database(join(config.dataDir, 'platen.db'));
  try {
    const statement = db.prepare(text);
    return statement.reader ? (statement.all(...params) as T[]) : (statement.run(...params), []);
  } finally {
    db.close();
  }
}

/** A real server on 127.0.0.1:0 with a temp data dir, a movable clock and captured logs. */
export async function startTestServer(
  givenOverrides: Partial<Config> = {},
  dataDir?: string,
  clockStart?: number,
): Promise<TestServer> {
  const overrides = await databaseOverrides(givenOverrides);
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'platen-server-'));
  let time = clockStart ?? Date.now();
  const requests: RequestLog[] = [];
  const errors: string[] = [];
  const config = loadConfig(
    {},
    {
      port: 0,
      host: '127.0.0.1',
      dataDir: dir,
      renderWorkers: 1,
      renderTimeoutMs: 20_000,
      now: () => time,
      logger: { request: (e) => requests.push(e), error: (m, d) => errors.push(`${m} ${JSON.stringify(d)}`) },
      ...overrides,
    },
  );
  const server = await startServer(config);
  const handle: TestServer = {
    url: server.url,
    dataDir: dir,
    requests,
    errors,
    advance: (ms) => {
      time += ms;
    },
    now: () => time,
    database: config.databaseUrl ? 'postgres' : 'sqlite',
    blobs: await createBlobStore(config),
    sql: (text, ...params) => runSql(config, text, params),
    async close(keepData = false) {
      await server.close();
      if (!keepData) rmSync(dir, { recursive: true, force: true });
    },
    async restart() {
      await server.close();
      return startTestServer(overrides, dir, time);
    },
  };
  return handle;
}
