import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, seedAccount, type Account } from '../helpers/client.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let alice: Account;

beforeAll(async () => {
  server = await startTestServer({ maxFieldBytes: 16 << 20, maxAccountBytes: 64 << 20 });
  alice = await seedAccount(server.url);
});
afterAll(() => server.close());

/**
 * The longest stall of this process's event loop while `work` runs. The server runs in this
 * process, so a request that blocks its loop shows here as a gap between timer ticks.
 */
async function longestStallWhile(work: Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    await work;
  } finally {
    clearInterval(timer);
  }
  return longest;
}

describe('plain_text and preview of large HTML', () => {
  // 8 MiB of paragraphs take seconds to read even in linear time; on the event loop
  // every other request waited that long (a 2.8 s stall here). With the text worker the loop
  // only handles the JSON bodies, client side included, and the row: 0.4 s at load 14.
  const html = '<p>x</p>'.repeat(1 << 20);

  it('a template save does not block other requests', async () => {
    const save = call(server.url, '/api/v1/templates', { body: { name: 'big', html }, key: alice.key });
    expect(await longestStallWhile(save)).toBeLessThan(1500);
    const res = await save;
    expect(res.status).toBe(201);
    expect(res.json.plain_text.slice(0, 5)).toBe('x\nx\nx');
    const updated = await call(server.url, `/api/v1/templates/${res.json.id}`, {
      method: 'PUT',
      body: { html: '<b>y</b>' + html },
      key: alice.key,
    });
    expect(updated.json.plain_text.slice(0, 3)).toBe('y x');
  });

  it('a component save does not block other requests', async () => {
    const save = call(server.url, '/api/v1/components', { body: { name: 'big', type: 'block', html }, key: alice.key });
    expect(await longestStallWhile(save)).toBeLessThan(1500);
    const res = await save;
    expect(res.status).toBe(201);
    expect(res.json.preview).toHaveLength(200);
  });
});
