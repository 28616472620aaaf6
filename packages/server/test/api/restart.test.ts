import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { call, seedAccount } from '../helpers/client.js';
import { FAKE_WORKER, startTestServer } from '../helpers/server.js';

describe('durability', () => {
  it('keeps templates, keys, sessions, logs and the secret across a restart', async () => {
    let server = await startTestServer({ renderWorkerUrl: FAKE_WORKER });
    const a = await seedAccount(server.url);
    await call(server.url, '/api/v1/templates', { body: { name: 'Kept' }, key: a.key });
    const url = (
      await call(server.url, '/api/v1/render', { body: { template_id: 'kept', delivery: 'url' }, key: a.key })
    ).json.url as string;
    server = await server.restart();
    try {
      expect((await call(server.url, '/api/v1/templates/kept', { key: a.key })).json.name).toBe('Kept');
      expect((await call(server.url, '/api/v1/auth/me', { cookie: a.cookie })).status).toBe(200);
      expect((await call(server.url, '/api/v1/logs', { key: a.key })).json.data).toHaveLength(1);
      const signed = new URL(url);
      expect((await call(server.url, signed.pathname + signed.search)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('lets a render in flight finish when the server closes', async () => {
    const server = await startTestServer({ renderWorkerUrl: FAKE_WORKER });
    const a = await seedAccount(server.url);
    await call(server.url, '/api/v1/render', { body: { html: 'warm-up' }, key: a.key });
    const inFlight = call(server.url, '/api/v1/render', { body: { html: 'SLEEP:400' }, key: a.key });
    await new Promise((r) => setTimeout(r, 100));
    await server.close();
    expect((await inFlight).status).toBe(200);
  });

  it('loses no committed row when killed with SIGKILL during a burst of renders', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'platen-kill-'));
    const script = fileURLToPath(new URL('../fixtures/serve-child.mjs', import.meta.url));
    const child = spawn(process.execPath, [script], {
      env: { ...process.env, PLATEN_DATA_DIR: dataDir, FAKE_WORKER: FAKE_WORKER.href },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((r) => child.once('exit', r));
    try {
      const base = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          const match = /listening (\S+)/.exec(chunk.toString());
          if (match?.[1]) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`child exited ${code}`)));
      });
      const a = await seedAccount(base);
      const acknowledged: string[] = [];
      let killAt: () => void = () => undefined;
      const twentyDone = new Promise<void>((r) => (killAt = r));
      const burst = Array.from({ length: 300 }, (_, i) =>
        call(base, '/api/v1/render', { body: { html: `doc ${i}`, delivery: 'url' }, key: a.key })
          .then((res) => {
            if (res.status === 200) acknowledged.push(String(i));
            if (acknowledged.length === 20) killAt();
          })
          .catch(() => undefined),
      );
      await twentyDone;
      child.kill('SIGKILL');
      await Promise.all(burst);
      await exited;
      const db = new Database(join(dataDir, 'platen.db'));
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const logged = (db.prepare("SELECT COUNT(*) AS n FROM logs WHERE status = 'success'").get() as { n: number }).n;
        // Every render the client saw succeed was committed (the log row is written before the answer).
        expect(logged).toBeGreaterThanOrEqual(acknowledged.length);
        // The kill really interrupted the burst.
        expect(acknowledged.length).toBeLessThan(300);
        expect((db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n).toBe(1);
      } finally {
        db.close();
      }
      // And a new server opens the same directory.
      const server = await startTestServer({ renderWorkerUrl: FAKE_WORKER }, dataDir);
      expect((await call(server.url, '/api/v1/templates', { key: a.key })).status).toBe(200);
      await server.close(true);
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
