import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/client.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => (server = await startTestServer()));
afterAll(() => server.close());

describe('health and readiness', () => {
  it('GET /healthz answers while the process runs; GET /readyz checks the database and the render store', async () => {
    expect(await call(server.url, '/healthz')).toMatchObject({ status: 200, json: { status: 'ok' } });
    expect(await call(server.url, '/readyz')).toMatchObject({
      status: 200,
      json: { status: 'ready', checks: { database: 'ok', storage: 'ok' } },
    });
  });

  it('answers 503 naming the store when the render store cannot be reached', async () => {
    // An S3 endpoint where nothing listens.
    const s3 = {
      bucket: 'none',
      prefix: 'r/',
      endpoint: 'http://127.0.0.1:9',
      region: 'us-east-1',
      accessKeyId: 'x',
      secretAccessKey: 'y',
      forcePathStyle: true,
    };
    const broken = await startTestServer({ s3 });
    try {
      const res = await call(broken.url, '/readyz');
      expect(res.status).toBe(503);
      expect(res.json.status).toBe('unavailable');
      expect(res.json.checks.database).toBe('ok');
      expect(res.json.checks.storage).not.toBe('ok');
      expect((await call(broken.url, '/healthz')).status).toBe(200);
    } finally {
      await broken.close();
    }
  });
});
