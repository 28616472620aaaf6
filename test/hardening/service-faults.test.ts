/**
 * The service under faults its own tests do not provoke (packages/server/test covers auth,
 * limits, worker timeouts and crashes, CSRF, rate limits and the request log's fields):
 * a full disk while storing a render, a locked database, a key revoked while renders run
 * in worker threads, and secrets in every log stream.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, seedAccount, type Account } from '../../packages/server/test/helpers/client.js';
import { FAKE_WORKER, startTestServer, type TestServer } from '../../packages/server/test/helpers/server.js';

/** When set, writing a stored render's temp file fails half-way with ENOSPC, as a full disk does. */
const disk = vi.hoisted(() => ({ full: false }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const writeFile: typeof real.writeFile = async (path, data, options) => {
    if (disk.full && String(path).endsWith('.tmp') && data instanceof Uint8Array) {
      await real.writeFile(path, data.subarray(0, data.byteLength >> 1), options);
      throw Object.assign(new Error(`ENOSPC: no space left on device, write`), {
        code: 'ENOSPC',
        errno: -28,
        syscall: 'write',
      });
    }
    return real.writeFile(path, data, options);
  };
  return { ...real, default: { ...real, writeFile }, writeFile };
});

let server: TestServer;
let alice: Account;
beforeAll(async () => {
  server = await startTestServer({ renderWorkerUrl: FAKE_WORKER, renderWorkers: 1, renderTimeoutMs: 5000 });
  alice = await seedAccount(server.url);
});
afterAll(() => server.close());

describe('disk full while storing a url-delivered render', () => {
  it('answers a 500 envelope, logs the failure, and leaves no file (whole or partial) behind', async () => {
    const dir = join(server.dataDir, 'renders');
    disk.full = true;
    let res;
    try {
      res = await call(server.url, '/api/v1/render', {
        body: { html: '<p>stored</p>', delivery: 'url' },
        key: alice.key,
      });
    } finally {
      disk.full = false;
    }
    expect(res.status).toBe(500);
    expect(res.json.error).toMatchObject({ type: 'api_error', code: 'internal_error' });
    expect(res.json.error.message).not.toMatch(/ENOSPC|\/tmp|renders/);
    expect(server.errors.join('\n')).toContain('ENOSPC');
    const [log] = (await call(server.url, '/api/v1/logs?limit=1', { key: alice.key })).json.data;
    expect(log).toMatchObject({ status: 'error', size_bytes: null });
    expect(readdirSync(dir)).toEqual([]);
    // The disk has room again: the next render is stored whole.
    const ok = await call(server.url, '/api/v1/render', {
      body: { html: '<p>stored</p>', delivery: 'url' },
      key: alice.key,
    });
    const url = new URL(ok.json.url);
    const got = await call(server.url, url.pathname + url.search);
    expect(got.bytes.byteLength).toBe(ok.json.size_bytes);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('a locked database', () => {
  /** Hold SQLite's write lock from another process for `ms`; resolves once it is held. */
  function holdWriteLock(
    dbPath: string,
    ms: number,
  ): Promise<{ exited: Promise<number | null>; releasedAt: () => number | null }> {
    const script = `
      const Database = require('better-sqlite3');
      const db = new Database(process.argv[1]);
      db.exec('BEGIN IMMEDIATE');
      process.stdout.write('locked\\n');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(process.argv[2]));
      process.stdout.write('releasing at ' + Date.now() + '\\n');
      db.exec('COMMIT');
      db.close();`;
    const child = spawn(process.execPath, ['-e', script, dbPath, String(ms)], {
      cwd: join(process.cwd(), 'packages/server'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // 'close': after the exit and the end of its output.
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    return new Promise((resolve, reject) => {
      // Wrapped: resolving with the promise itself would wait for the exit.
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        const first = output === '';
        output += chunk.toString();
        if (first) resolve({ exited, releasedAt: () => Number(/releasing at (\d+)/.exec(output)?.[1] ?? NaN) || null });
      });
      child.once('exit', (code) => reject(new Error(`lock holder exited ${code}`)));
    });
  }

  it('a write waits for another writer (busy_timeout) instead of failing with SQLITE_BUSY', async () => {
    // The order of events, not a duration: sent while the other process holds the lock, answered
    // (201) only after it began to release it (the time it wrote just before COMMIT).
    const { exited, releasedAt } = await holdWriteLock(join(server.dataDir, 'platen.db'), 1500);
    expect(releasedAt()).toBe(null);
    const res = await call(server.url, '/api/v1/templates', { body: { name: 'Written while locked' }, key: alice.key });
    const answeredAt = Date.now();
    expect(await exited).toBe(0);
    expect(answeredAt).toBeGreaterThanOrEqual(releasedAt()!);
    expect(res.status, server.errors.join('\n')).toBe(201);
    expect(server.errors.join('\n')).not.toMatch(/SQLITE_BUSY/);
  });
});

describe('revoking a key while renders run', () => {
  it('fails the key at once on every route, without waiting for the worker', async () => {
    const bob = await seedAccount(server.url);
    let inFlightDone = false;
    const inFlight = call(server.url, '/api/v1/render', { body: { html: 'SLEEP:1500' }, key: bob.key }).finally(() => {
      inFlightDone = true;
    });
    await new Promise((r) => setTimeout(r, 150));
    const del = await call(server.url, `/api/v1/api-keys/${bob.keyId}`, { method: 'DELETE', cookie: bob.cookie });
    expect(del.status).toBe(200);
    const [render, list] = await Promise.all([
      call(server.url, '/api/v1/render', { body: { html: '<p>after revoke</p>' }, key: bob.key }),
      call(server.url, '/api/v1/templates', { key: bob.key }),
    ]);
    expect([render.status, render.json?.error?.code, list.status]).toEqual([401, 'unauthorized', 401]);
    // Answered while the only worker is still busy with the in-flight render.
    expect(inFlightDone).toBe(false);
    // The render authorised before the revocation finishes.
    expect((await inFlight).status).toBe(200);
  });
});

describe('secrets never reach a log stream', () => {
  it('neither the key, the session cookie, the password nor the server secret appear in stdout, stderr or error logs, even on a 500', async () => {
    const writes: string[] = [];
    const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (writes.push(String(chunk)), true));
    const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (writes.push(String(chunk)), true));
    // The real JSON logger (no injected one).
    const real = await startTestServer({
      renderWorkerUrl: FAKE_WORKER,
      logger: null,
      logRequests: true,
      secret: 'server-secret-9d8c7b6a5f4e',
    });
    try {
      const password = 'correct horse';
      const carol = await seedAccount(real.url);
      await call(real.url, '/api/v1/auth/login', { body: { email: carol.email, password: 'wrong-password-6e5d' } });
      await call(real.url, '/api/v1/render', {
        body: { html: '<p>x</p>', data: { card: 'data-secret-1a2b' } },
        key: carol.key,
      });
      await call(real.url, '/api/v1/render', { body: { html: 'CRASH' }, key: carol.key });
      disk.full = true;
      await call(real.url, '/api/v1/render', {
        body: { html: 'x', delivery: 'url' },
        key: carol.key,
        cookie: carol.cookie,
      }).finally(() => (disk.full = false));
      await call(real.url, '/api/v1/templates', { key: `${carol.key}x` });
      const text = writes.join('');
      expect(text).toContain('"msg":"request"');
      expect(text).toContain('ENOSPC');
      for (const secret of [
        carol.key,
        carol.key.slice(12),
        carol.cookie.split('=')[1]!,
        password,
        'wrong-password-6e5d',
        'server-secret-9d8c7b6a5f4e',
        'data-secret-1a2b',
      ]) {
        expect(text, `log output contains ${secret}`).not.toContain(secret);
      }
    } finally {
      out.mockRestore();
      err.mockRestore();
      await real.close();
    }
  });
});
