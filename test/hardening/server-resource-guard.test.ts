/**
 * The resource guard as the service applies it: a template sent to a default server
 * (real render worker, no PLATEN_RESOURCE_DIR, private network not allowed) cannot reach
 * the server's own network or files. The same templates do reach the recorder when
 * rendered with allowPrivateNetwork (resource-safety.test.ts), so this can fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, seedAccount } from '../../packages/server/test/helpers/client.js';
import { startTestServer, type TestServer } from '../../packages/server/test/helpers/server.js';
import { startRecorder, type Recorder } from './helpers.js';

let server: TestServer;
let rec: Recorder;
beforeAll(async () => {
  [server, rec] = await Promise.all([startTestServer({ renderWorkers: 1, renderTimeoutMs: 60_000 }), startRecorder()]);
});
afterAll(async () => {
  await Promise.all([server.close(), rec.close()]);
});

describe('the resource guard through the real render worker', () => {
  it("a template cannot reach the server's own network or files", async () => {
    const dave = await seedAccount(server.url);
    const html = [
      `<img src="${rec.url}/from-server.png" width="5" height="5">`,
      `<link rel="stylesheet" href="${rec.url}/s.css">`,
      `<div style="background:url(http://[::ffff:127.0.0.1]:${rec.port}/bg.png);width:5px;height:5px"></div>`,
      '<img src="file:///etc/hostname"><img src="../../../etc/hostname">',
      '<p>guarded</p>',
    ].join('');
    const res = await call(server.url, '/api/v1/render', {
      body: { html, format: { google_fonts_url: `${rec.url}/fonts.css` } },
      key: dave.key,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(new TextDecoder().decode(res.bytes.subarray(0, 5))).toBe('%PDF-');
    expect(rec.hits).toEqual([]);
  });
});
