import { request, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, type Account } from '../helpers/client.js';
import { FAKE_WORKER, startTestServer, type TestServer } from '../helpers/server.js';

// Issue 17, finding 5: n uploads at once held n × the body limit in the main thread, and glibc
// keeps what the main thread's peak took (ten 10 MiB uploads at once: 100 MB, for good). The
// bodies held at once share one budget; past it, a body is refused with 429 and Retry-After.
const MiB = 1024 * 1024;
let server: TestServer;
let alice: Account;

beforeAll(async () => {
  server = await startTestServer({ renderWorkerUrl: FAKE_WORKER, maxBodyBytes: MiB, maxBodyBytesInFlight: 1.5 * MiB });
  alice = await seedAccount(server.url);
});
afterAll(() => server.close());

interface Answer {
  readonly status: number;
  readonly retryAfter: string | undefined;
  readonly json: { error: { code: string } } | undefined;
}

/** A chunked render request; the body is written by the caller. */
function open(): { req: ClientRequest; answer: Promise<Answer> } {
  const req = request(`${server.url}/api/v1/render`, {
    method: 'POST',
    headers: { authorization: `Bearer ${alice.key}`, 'content-type': 'application/json' },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: res.headers['retry-after'],
          json: text.startsWith('{') ? JSON.parse(text) : undefined,
        }),
      );
    });
  });
  return { req, answer };
}

/** 1 MiB − 1 KiB of JSON that is not valid (quick to refuse once read whole). */
function notJson(): Promise<Answer> {
  const { req, answer } = open();
  req.write('{');
  req.end(Buffer.alloc(MiB - 1024, 0x20));
  return answer;
}

describe('request bodies held at once', () => {
  it('refuses a body past the budget with 429 while another holds it, and takes it once that one is done', async () => {
    // A valid body, most of it sent (0.9 MiB of spaces after the JSON's start), the end held back.
    const held = open();
    held.req.write('{"html":"<p>held</p>"');
    held.req.write(Buffer.alloc(0.9 * MiB, 0x20));
    // Another 1 MiB body does not fit beside it: refused as soon as the server has read the first.
    let refused: Answer | undefined;
    for (let i = 0; i < 100 && !refused; i++) {
      const answer = await notJson();
      if (answer.status === 429) refused = answer;
      else {
        expect(answer.json?.error.code).toBe('invalid_json');
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    expect(refused?.json?.error.code).toBe('rate_limit_exceeded');
    expect(refused?.retryAfter).toBe('1');
    // The held body ends and renders; its bytes are given back, so the next body is read whole.
    held.req.end('}');
    expect((await held.answer).status).toBe(200);
    expect((await notJson()).json?.error.code).toBe('invalid_json');
  });

  it('never refuses a body alone, whatever the budget', async () => {
    for (let i = 0; i < 3; i++) expect((await notJson()).json?.error.code).toBe('invalid_json');
  });
});
