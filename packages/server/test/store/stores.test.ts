import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/open.js';
import { openPostgres, openSqlite } from '../../src/db/open.js';
import { startPostgres } from '../helpers/postgres.js';
import { deleteAccount } from '../../src/store/account.js';
import { createApiKeyStore } from '../../src/store/api-keys.js';
import { createComponentStore } from '../../src/store/components.js';
import { createLogStore } from '../../src/store/logs.js';
import { createQuotaStore } from '../../src/store/quotas.js';
import { createRenderJobStore } from '../../src/store/render-jobs.js';
import { createRenderStore } from '../../src/store/renders.js';
import { createSessionStore } from '../../src/store/sessions.js';
import { createTemplateStore } from '../../src/store/templates.js';
import { createUserStore } from '../../src/store/users.js';

/** Each database the stores run on: opened fresh for one describe block. */
const databases: { name: string; open(): Promise<{ db: Db; dispose(): Promise<void> }> }[] = [
  {
    name: 'sqlite',
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'platen-stores-'));
      const db = openSqlite(dir);
      return { db, dispose: async () => (await db.close(), rmSync(dir, { recursive: true, force: true })) };
    },
  },
  {
    name: 'postgres',
    async open() {
      const server = await startPostgres();
      const db = await openPostgres(await server.createDatabase());
      return { db, dispose: async () => (await db.close(), await server.stop()) };
    },
  },
];

describe.each(databases)('stores on $name', (database) => {
  let db: Db;
  let dispose: () => Promise<void>;
  let time = Date.parse('2026-01-01T00:00:00Z');
  const now = () => time;
  beforeAll(async () => ({ db, dispose } = await database.open()));
  afterAll(() => dispose());
  const stores = () => ({
    users: createUserStore(db, now),
    sessions: createSessionStore(db, now, 60),
    keys: createApiKeyStore(db, now),
    templates: createTemplateStore(db, now),
    components: createComponentStore(db, now),
    logs: createLogStore(db, now),
    renders: createRenderStore(db, now),
    quotas: createQuotaStore(db),
    jobs: createRenderJobStore(db, now),
  });
  let n = 0;
  const newUser = async () => (await stores().users.create(`u${++n}-${Math.random()}@example.com`, 'hash'))!;

  it('refuses a second user with one email and finds users by email', async () => {
    const { users } = stores();
    const a = await users.create('same@example.com', 'h1');
    expect(a).not.toBeNull();
    expect(await users.create('same@example.com', 'h2')).toBeNull();
    expect((await users.findByEmail('same@example.com'))?.passwordHash).toBe('h1');
    await users.setPasswordHash(a!.id, 'h3');
    expect((await users.findByEmail('same@example.com'))?.passwordHash).toBe('h3');
    expect(await users.get(a!.id)).toEqual(a);
  });

  it('scopes templates, components and keys by user', async () => {
    const { templates, components, keys } = stores();
    const [a, b] = [await newUser(), await newUser()];
    const t = await templates.create(a.id, { name: 'Invoice' });
    const c = await components.create(a.id, { name: 'Head', type: 'header', html: '<b>x</b>' });
    const k = await keys.create(a.id, 'laptop', 'render_only');
    expect(await templates.get(b.id, t.id)).toBeNull();
    expect(await templates.get(b.id, 'invoice')).toBeNull();
    expect((await templates.get(a.id, 'invoice'))?.id).toBe(t.id);
    expect(await components.get(b.id, c.id)).toBeNull();
    expect(await templates.delete(b.id, t.id)).toBe(false);
    expect(await components.delete(b.id, c.id)).toBe(false);
    expect(await keys.delete(b.id, k.id)).toBe(false);
    expect(await templates.update(b.id, t.id, { name: 'x' })).toBeNull();
    expect(await keys.list(b.id)).toEqual([]);
    expect(await keys.findByToken(k.key)).toEqual({ id: k.id, userId: a.id, permission: 'render_only' });
    expect(await templates.ids(a.id)).toEqual([t.id]);
    expect(await components.ids(a.id, 'footer')).toEqual([]);
    expect(await components.ids(a.id, 'header')).toEqual([c.id]);
  });

  it('gives templates created at once distinct slugs, and counts quotas inside the write', async () => {
    const { templates, quotas } = stores();
    const u = await newUser();
    const max = 5;
    const quota = async (_row: unknown, trx: Parameters<typeof quotas.templates>[2]) => {
      if ((await quotas.templates(u.id, null, trx)).count >= max) throw new Error('quota');
    };
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => templates.create(u.id, { name: 'Report', html: 'é' }, quota)),
    );
    const made = results.filter((r) => r.status === 'fulfilled').map((r) => r.value.slug);
    expect(made.sort()).toEqual(['report', 'report-2', 'report-3', 'report-4', 'report-5']);
    expect(await templates.count(u.id)).toBe(max);
    const usage = await quotas.templates(u.id);
    expect(usage.count).toBe(max);
    // name + html ('é' is 2 bytes) + plain_text + pdf_format '{}' + pdf_options '{}' + sample_data '{}', in UTF-8 bytes
    expect(usage.bytes).toBe(max * (6 + 2 + 2 + 2 + 2 + 2));
    const copy = await templates.duplicate(u.id, 'report');
    expect(copy).toMatchObject({ name: 'Report (copy)', slug: 'report-copy' });
  });

  it('detaches a deleted component from templates and lists the templates that use one', async () => {
    const { templates, components } = stores();
    const u = await newUser();
    const h = await components.create(u.id, { name: 'H', type: 'header' });
    const t = await templates.create(u.id, { name: 'T', header_component_id: h.id, footer_component_id: null });
    expect(await templates.usingAsChrome(u.id, h.id)).toEqual([{ id: t.id, name: 'T', role: 'header' }]);
    expect(await components.delete(u.id, h.id)).toBe(true);
    expect((await templates.get(u.id, t.id))?.header_component_id).toBeNull();
  });

  it('pages logs newest first with filters, and sums them', async () => {
    const { logs } = stores();
    const u = await newUser();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      time += 1000;
      ids.push(
        await logs.insert(u.id, {
          templateId: i % 2 ? 't1' : null,
          templateName: null,
          apiKeyId: null,
          status: i === 4 ? 'error' : 'success',
          durationMs: 10.4,
          sizeBytes: i === 4 ? null : 100,
          error: i === 4 ? 'bad' : null,
          warnings: i === 0 ? [{ code: 'w', message: 'm' }] : [],
        }),
      );
    }
    const page = await logs.list(u.id, {}, 2);
    expect(page.logs.map((l) => l.id)).toEqual([ids[4], ids[3]]);
    expect(page.hasMore).toBe(true);
    expect(page.logs[0]).toMatchObject({ status: 'error', error: 'bad', size_bytes: null, duration_ms: 10 });
    const rest = await logs.list(u.id, { beforeId: ids[3] }, 10);
    expect(rest.logs.map((l) => l.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(rest.logs[2]?.warnings).toEqual([{ code: 'w', message: 'm' }]);
    expect((await logs.list(u.id, { templateId: 't1', status: 'success' }, 10)).logs.map((l) => l.id)).toEqual([
      ids[3],
      ids[1],
    ]);
    expect(await logs.totals(u.id, '')).toEqual({ renders: 5, successes: 4, durationMs: 50, sizeBytes: 400 });
    expect((await logs.totals(u.id, new Date(time).toISOString())).renders).toBe(1);
  });

  it('expires sessions and renders, and ends all sessions but one', async () => {
    const { sessions, renders } = stores();
    const u = await newUser();
    const [s1, s2, s3] = [await sessions.create(u.id), await sessions.create(u.id), await sessions.create(u.id)];
    expect(await sessions.findUserId(s1)).toBe(u.id);
    expect(await sessions.deleteAllOf(u.id, s1)).toBe(2);
    expect(await sessions.findUserId(s2)).toBeNull();
    expect(await sessions.findUserId(s3)).toBeNull();
    await renders.insert({
      id: 'render_a',
      userId: u.id,
      sizeBytes: 5,
      filename: 'a.pdf',
      expiresAt: new Date(time + 30_000).toISOString(),
    });
    expect(await renders.get('render_a')).toMatchObject({ userId: u.id, sizeBytes: 5 });
    time += 61_000;
    expect(await sessions.findUserId(s1)).toBeNull();
    await sessions.sweep();
    expect(await renders.takeExpired()).toContain('render_a');
    expect(await renders.get('render_a')).toBeNull();
  });

  it('deletes an account with everything it owns', async () => {
    const { templates, keys, renders, logs } = stores();
    const u = await newUser();
    await templates.create(u.id, { name: 'T' });
    await keys.create(u.id, 'k', 'full_access');
    await renders.insert({
      id: 'render_del',
      userId: u.id,
      sizeBytes: 1,
      filename: 'x.pdf',
      expiresAt: new Date(time + 1e6).toISOString(),
    });
    await logs.insert(u.id, {
      templateId: null,
      templateName: null,
      apiKeyId: null,
      status: 'success',
      durationMs: 1,
      sizeBytes: 1,
      error: null,
    });
    expect(await deleteAccount(db, u.id)).toEqual({ deleted: true, renderIds: ['render_del'] });
    expect(await templates.ids(u.id)).toEqual([]);
    expect(await keys.list(u.id)).toEqual([]);
    expect((await logs.list(u.id, {}, 10)).logs).toEqual([]);
    expect(await renders.idsForUser(u.id)).toEqual([]);
    expect(await deleteAccount(db, u.id)).toEqual({ deleted: false, renderIds: [] });
  });

  it('gives a job to one node at a time, to another when its lease runs out, and lets only the holder finish it', async () => {
    const { jobs } = stores();
    const u = await newUser();
    const job = await jobs.create({
      id: `job_${n}a`,
      userId: u.id,
      apiKeyId: null,
      request: { html: 'x' },
      templateId: null,
      metadata: { k: 1 },
      baseUrl: 'http://x',
    });
    const first = await jobs.claim(1000);
    expect(first).toMatchObject({ id: job.id, status: 'running', attempts: 1 });
    // Claims at once from several nodes: none gets the leased job.
    expect(await Promise.all([jobs.claim(1000), jobs.claim(1000)])).toEqual([null, null]);
    time += 600;
    expect(await jobs.renew(first!, 1000)).toBe(true);
    time += 600;
    expect(await jobs.claim(1000)).toBeNull(); // renewed: still the first node's
    time += 1001; // the first node died
    const second = await jobs.claim(1000);
    expect(second).toMatchObject({ id: job.id, attempts: 2 });
    expect(await jobs.renew(first!, 1000)).toBe(false);
    let logged = 0;
    const outcome = {
      status: 'succeeded',
      renderId: 'render_j',
      expiresAt: new Date(time).toISOString(),
      sizeBytes: 3,
      durationMs: 4,
    } as const;
    expect(await jobs.finish(first!, outcome, async () => logged++)).toBe(false);
    expect(await jobs.finish(second!, outcome, async () => logged++)).toBe(true);
    expect(await jobs.finish(second!, outcome, async () => logged++)).toBe(false);
    expect(logged).toBe(1);
    expect(await jobs.get(u.id, job.id)).toMatchObject({ status: 'succeeded', render_id: 'render_j', attempts: 2 });
    expect(await jobs.claim(1000)).toBeNull();
  });

  it('fails a job for good, once, when its node died on the last attempt', async () => {
    const { jobs } = stores();
    const u = await newUser();
    const job = await jobs.create({
      id: `job_${n}b`,
      userId: u.id,
      apiKeyId: null,
      request: {},
      templateId: null,
      metadata: null,
      baseUrl: 'http://x',
    });
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await jobs.claim(1000))?.attempts).toBe(attempt);
      time += 1001;
    }
    expect(await jobs.claim(1000)).toBeNull();
    const seen: string[] = [];
    expect(
      (await jobs.failAbandoned(async (_trx, rows) => seen.push(...rows.map((r) => r.id)))).map((r) => r.id),
    ).toEqual([job.id]);
    expect(await jobs.failAbandoned(async () => seen.push('again'))).toEqual([]);
    expect(seen).toEqual([job.id]);
    expect(JSON.parse((await jobs.get(u.id, job.id))!.error!)).toMatchObject({ code: 'render_failed' });
  });
});
