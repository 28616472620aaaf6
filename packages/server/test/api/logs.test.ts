import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectError, seedAccount, type Account } from '../helpers/client.js';
import { FAKE_WORKER, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let alice: Account;
let bob: Account;
let invoiceId: string;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const start = Date.parse('2026-01-31T12:00:00.000Z');

/** Alice's history, oldest first: [age, kind] pairs rendered with the clock moved back. */
const HISTORY: [number, 'ok' | 'fail' | 'other'][] = [
  [40 * DAY, 'ok'],
  [20 * DAY, 'fail'],
  [10 * DAY, 'ok'],
  [5 * DAY, 'other'],
  [2 * DAY, 'ok'],
  [12 * HOUR, 'fail'],
  [6 * HOUR, 'ok'],
  [2 * HOUR, 'other'],
  [30 * 60_000, 'ok'],
  [10 * 60_000, 'fail'],
  [60_000, 'ok'],
];

beforeAll(async () => {
  server = await startTestServer({ renderWorkerUrl: FAKE_WORKER }, undefined, start);
  alice = await seedAccount(server.url);
  bob = await seedAccount(server.url);
  invoiceId = (
    await call(server.url, '/api/v1/templates', { body: { name: 'Invoice', html: 'invoice body' }, key: alice.key })
  ).json.id;
  await call(server.url, '/api/v1/templates', { body: { name: 'Other', html: 'other' }, key: alice.key });
  for (const [age, kind] of HISTORY) {
    server.advance(-age);
    const body =
      kind === 'ok'
        ? { template_id: 'invoice' }
        : kind === 'fail'
          ? { template_id: 'missing' }
          : { template_id: 'other' };
    const r = await call(server.url, '/api/v1/render', { body, key: alice.key });
    if (r.status === 401) throw new Error(JSON.stringify(r.json));
    server.advance(age);
  }
  await call(server.url, '/api/v1/render', { body: { html: 'bob' }, key: bob.key });
});
afterAll(() => server.close());

const logs = (query: string, a: Account = alice) => call(server.url, `/api/v1/logs${query}`, { key: a.key });

describe('GET /logs', () => {
  it('pages newest first through every log with opaque cursors', async () => {
    const seen: string[] = [];
    let query = '?limit=4';
    for (let page = 0; page < 10; page++) {
      const res = await logs(query);
      expect(res.status).toBe(200);
      seen.push(...res.json.data.map((l: { created_at: string }) => l.created_at));
      if (!res.json.has_more) {
        expect(res.json.next_cursor).toBe(null);
        break;
      }
      expect(res.json.data).toHaveLength(4);
      query = `?limit=4&cursor=${encodeURIComponent(res.json.next_cursor)}`;
    }
    const expected = HISTORY.map(([age]) => new Date(start - age).toISOString()).reverse();
    expect(seen).toEqual(expected);
  });

  it('filters by status, template (ID or slug) and inclusive from/to, across pages', async () => {
    const ok = await logs('?status=success&limit=2');
    expect(ok.json.data.every((l: { status: string }) => l.status === 'success')).toBe(true);
    const rest = await logs(`?status=success&limit=100&cursor=${encodeURIComponent(ok.json.next_cursor)}`);
    expect(ok.json.data.length + rest.json.data.length).toBe(HISTORY.filter(([, k]) => k !== 'fail').length);

    const bySlug = await logs('?template_id=invoice&limit=100');
    const byId = await logs(`?template_id=${invoiceId}&limit=100`);
    expect(bySlug.json.data).toEqual(byId.json.data);
    expect(bySlug.json.data).toHaveLength(HISTORY.filter(([, k]) => k === 'ok').length);
    expect(bySlug.json.data.every((l: { template_name: string }) => l.template_name === 'Invoice')).toBe(true);

    const from = new Date(start - 2 * DAY).toISOString();
    const to = new Date(start - 6 * HOUR).toISOString();
    const range = await logs(`?from=${from}&to=${to}&status=success`);
    expect(range.json.data.map((l: { created_at: string }) => l.created_at)).toEqual([to, from]);
    const offset = await logs(`?from=${encodeURIComponent('2026-01-29T13:00:00+01:00')}&limit=100`);
    expect(offset.json.data.at(-1).created_at).toBe(from);
  });

  it('keeps users apart: no logs of others, another user’s template filter gives an empty page', async () => {
    const bobs = await logs('?limit=100', bob);
    expect(bobs.json.data).toHaveLength(1);
    expect((await logs(`?template_id=${invoiceId}`, bob)).json).toEqual({
      data: [],
      has_more: false,
      next_cursor: null,
    });
  });

  it('clamps limit above 100 and refuses bad limit, cursor, status and dates', async () => {
    expect((await logs('?limit=1000')).status).toBe(200);
    expect((await logs('?limit=99999999999999999999')).status).toBe(200); // however large (was 400: not a safe integer)
    expect((await logs('?limit=1000')).json.data).toHaveLength(HISTORY.length);
    expectError(await logs('?limit=0'), 400, 'invalid_request_error', 'invalid_parameter', 'limit');
    expectError(await logs('?limit=2.5'), 400, 'invalid_request_error', 'invalid_parameter', 'limit');
    expectError(await logs('?limit=ten'), 400, 'invalid_request_error', 'invalid_parameter', 'limit');
    expectError(await logs('?cursor=garbage'), 400, 'invalid_request_error', 'invalid_parameter', 'cursor');
    const page = await logs('?limit=1');
    const forged = page.json.next_cursor.replace(
      /^[^.]+/,
      Buffer.from('log_zzzzzzzzzzzzzzzzzzzzzzzzzz').toString('base64url'),
    );
    expectError(await logs(`?cursor=${forged}`), 400, 'invalid_request_error', 'invalid_parameter', 'cursor');
    expectError(await logs('?status=pending'), 400, 'invalid_request_error', 'invalid_parameter', 'status');
    expectError(await logs('?from=yesterday'), 400, 'invalid_request_error', 'invalid_parameter', 'from');
    expectError(await logs('?to=2026-13-01T00:00:00Z'), 400, 'invalid_request_error', 'invalid_parameter', 'to');
  });
});

describe('GET /stats', () => {
  const expectedFor = (maxAge: number) => {
    const inPeriod = HISTORY.filter(([age]) => age <= maxAge);
    const ok = inPeriod.filter(([, k]) => k !== 'fail').length;
    return {
      total_renders: inPeriod.length,
      success_rate: inPeriod.length ? Math.floor((100 * ok) / inPeriod.length + 0.5) : 0,
    };
  };

  it('aggregates per period and all time', async () => {
    for (const [period, maxAge] of [
      ['1h', HOUR],
      ['24h', DAY],
      ['7d', 7 * DAY],
      ['30d', 30 * DAY],
      ['', Infinity],
    ] as const) {
      const res = await call(server.url, `/api/v1/stats${period ? `?period=${period}` : ''}`, { key: alice.key });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ templates: 2, ...expectedFor(maxAge) });
      expect(Number.isInteger(res.json.avg_duration_ms)).toBe(true);
    }
  });

  it('sums sizes of successful renders only, matching the logs', async () => {
    const all = (await logs('?limit=100')).json.data as {
      status: string;
      size_bytes: number | null;
      duration_ms: number;
    }[];
    const stats = (await call(server.url, '/api/v1/stats', { cookie: alice.cookie })).json;
    expect(stats.total_size_bytes).toBe(all.reduce((s, l) => s + (l.size_bytes ?? 0), 0));
    expect(stats.total_size_bytes).toBeGreaterThan(0);
    expect(stats.avg_duration_ms).toBe(Math.floor(all.reduce((s, l) => s + l.duration_ms, 0) / all.length + 0.5));
  });

  it('gives zeros to a user without renders and refuses bad periods', async () => {
    const carol = await seedAccount(server.url);
    await call(server.url, '/api/v1/templates', { body: { name: 'One' }, key: carol.key });
    expect((await call(server.url, '/api/v1/stats?period=7d', { key: carol.key })).json).toEqual({
      templates: 1,
      total_renders: 0,
      success_rate: 0,
      avg_duration_ms: 0,
      total_size_bytes: 0,
    });
    expectError(
      await call(server.url, '/api/v1/stats?period=1y', { key: carol.key }),
      400,
      'invalid_request_error',
      'invalid_parameter',
      'period',
    );
  });
});
