import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  sql,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
  type Transaction,
} from 'kysely';
import { migrate, migratePostgres } from './migrate.js';
import type { Tables } from './schema.js';

/** Where stores run their queries: the database or a transaction of it. */
export type Executor = Kysely<Tables>;

/** The database every store uses, whichever engine is behind it. */
export interface Db {
  readonly kind: 'sqlite' | 'postgres';
  readonly kysely: Kysely<Tables>;
  /**
   * Run `fn` in a transaction that reads then writes rows of `userId` (quotas, free slugs),
   * serialised with that account's other such transactions on every node.
   */
  write<T>(userId: string, fn: (trx: Transaction<Tables>) => Promise<T>): Promise<T>;
  /** Whether `error` is a UNIQUE constraint failure. */
  isUniqueViolation(error: unknown): boolean;
  close(): Promise<void>;
}

/**
 * Kysely's SQLite driver begins DEFERRED transactions: one that reads and then writes fails
 * with SQLITE_BUSY at once, whatever busy_timeout says, when another process (the CLI) wrote
 * in between. IMMEDIATE takes the write lock first, so it waits instead.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** Prepared statements kept per connection: the server's queries are a few dozen distinct SQL texts. */
const STATEMENT_CACHE_SIZE = 256;

/**
 * The database as Kysely's SQLite driver sees it, with prepared statements kept by SQL text:
 * the driver prepares each query afresh, which was about a third of the SQLite time of a render
 * request (an API key lookup and a render log insert each). A statement still iterating (a
 * streamed select left unfinished) is busy and gets a fresh one; past the bound the first kept
 * are dropped, so SQL that varies (IN lists) cannot grow it without end.
 */
function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const kept = statements.get(text);
      if (kept && !kept.busy) return kept;
      const statement = sqlite.prepare(text);
      if (kept) return statement;
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      statements.set(text, statement);
      return statement;
    },
  };
}

/** Page cache of the SQLite connection, KiB (SQLite's default; better-sqlite3 builds with 16,000). */
export const SQLITE_CACHE_KIB = 2000;

/**
 * Open (creating if needed) `<dataDir>/platen.db`: WAL so readers never block
 * the writer; synchronous NORMAL by default, which in WAL mode loses no committed
 * transaction to a process crash (kill -9) and skips the fsync per commit that halved
 * render throughput (every render writes a log row); FULL also survives power cuts.
 * Foreign keys on (SQLite defaults them off), a busy timeout for the CLI writing
 * alongside a running server, then pending migrations.
 */
export function openSqlite(dataDir: string, synchronous: 'normal' | 'full' = 'normal'): Db {
  const sqlite = new BetterSqlite3(join(dataDir, 'platen.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // SQLite's own default page cache (2 MB) instead of better-sqlite3's 16 MB: the cache is
  // malloc'd on the server's main thread and fills as the database grows (1 MB templates, the
  // render log), which showed as up to +30 MB of server RSS in the load test (issue 17). The
  // operating system's file cache, which RSS does not count, still keeps the hot pages.
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  migrate(sqlite);
  // One connection: Kysely's driver queues queries and transactions behind one another,
  // so a write transaction already excludes every other query of this process.
  const kysely = new Kysely<Tables>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    kind: 'sqlite',
    kysely,
    write: (_userId, fn) => kysely.transaction().execute(fn),
    isUniqueViolation: (error) =>
      error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE',
    close: () => kysely.destroy(),
  };
}

/** Advisory-lock class of per-account writes (migrations use class MIGRATION_LOCK[0]). */
const ACCOUNT_LOCK_CLASS = 1;

/**
 * PostgreSQL at `url` (several nodes may share it), after pending migrations. A write
 * transaction first takes the account's advisory lock: reads then writes of one account
 * (quotas, free slugs) are serialised across nodes as BEGIN IMMEDIATE does on SQLite.
 */
export async function openPostgres(url: string, poolSize = 10): Promise<Db> {
  // Loaded here: a node on SQLite never needs the driver (15 MB of RSS, 60 ms of start-up).
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its server (restart, failover) must not crash the process.
  pool.on('error', () => {});
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const kysely = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: 'postgres',
    kysely,
    write: (userId, fn) =>
      kysely.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${ACCOUNT_LOCK_CLASS}, hashtext(${userId}))`.execute(trx);
        return fn(trx);
      }),
    isUniqueViolation: (error) => error instanceof Error && 'code' in error && error.code === '23505',
    close: () => kysely.destroy(),
  };
}

export interface DatabaseOptions {
  readonly dataDir: string;
  readonly dbSynchronous?: 'normal' | 'full';
  /** `postgres://…`: PostgreSQL instead of `<dataDir>/platen.db`. */
  readonly databaseUrl?: string | null;
}

/** The configured database: PostgreSQL when a URL is given, else SQLite in the data directory. */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openSqlite(options.dataDir, options.dbSynchronous);
}
