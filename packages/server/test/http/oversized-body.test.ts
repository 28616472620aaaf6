import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, type Account } from '../helpers/client.js';
import { FAKE_WORKER, startTestServer, type TestServer } from '../helpers/server.js';

// A client that uploads more than the body limit must read the documented 413,
// not a connection reset: the server answers early, then reads and discards the
// rest of the body before closing (an unread body makes the kernel send RST,
// and the client loses the answer). Runs on the default 10 MiB limit.
let server: TestServer;
let alice: Account;

beforeAll(async () => {
  server = await startTestServer({ renderWorkerUrl: FAKE_WORKER });
  alice = await seedAccount(server.url);
});
afterAll(() => server.close());

const OVER = 12 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x20);
const ATTEMPTS = 20;
/** An upload with no traffic either way for this long has stalled (the server lingers 10 s at most). */
const STALL_MS = 15_000;

interface Outcome {
  readonly status?: number;
  readonly connection?: string;
  readonly json?: any;
  readonly error?: string;
}

/** Decode a chunked transfer-coded body. */
function unchunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = body.indexOf('\r\n', at);
    const size = parseInt(body.subarray(at, eol).toString('latin1'), 16);
    if (!(size > 0)) return Buffer.concat(parts);
    parts.push(body.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/** Parse a whole HTTP/1.1 answer (status, headers, body) as received on the wire. */
function parseAnswer(raw: Buffer): Outcome {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) return { error: `no answer (${raw.byteLength} bytes)` };
  const [statusLine = '', ...lines] = raw.subarray(0, split).toString('latin1').split('\r\n');
  const headers = new Map(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  const rest = raw.subarray(split + 4);
  const body =
    headers.get('transfer-encoding') === 'chunked'
      ? unchunk(rest)
      : rest.subarray(0, Number(headers.get('content-length') ?? rest.byteLength));
  const json = (headers.get('content-type') ?? '').includes('json') ? JSON.parse(body.toString('utf8')) : undefined;
  return { status: Number(statusLine.split(' ')[1]), connection: headers.get('connection'), json };
}

/**
 * A plain client on a raw socket: POST `total` bytes of body to /render
 * (with Content-Length, or chunked in 64 KiB chunks), as fast as the socket
 * takes them, then read the answer until the server closes. Many clients work
 * this way (send everything, then read). The outcome is the parsed answer, or
 * the socket error (ECONNRESET, EPIPE) that kept the client from sending the
 * whole body or from reading the answer. Asks for keep-alive, so any
 * `Connection: close` comes from the server.
 */
function upload(total: number, chunked: boolean, base = server.url, key = alice.key): Promise<Outcome> {
  const { hostname, port } = new URL(base);
  const head = [
    'POST /api/v1/render HTTP/1.1',
    `host: ${hostname}:${port}`,
    `authorization: Bearer ${key}`,
    'content-type: application/json',
    'connection: keep-alive',
    chunked ? 'transfer-encoding: chunked' : `content-length: ${total}`,
  ].join('\r\n');
  return new Promise((resolve) => {
    // allowHalfOpen: keep sending after the server's FIN, as a client that is not reading yet would.
    const socket = connect({ host: hostname, port: Number(port), allowHalfOpen: true });
    const received: Buffer[] = [];
    let sent = 0;
    let failed: string | undefined;
    socket.on('data', (c: Buffer) => received.push(c));
    socket.on('error', (e: NodeJS.ErrnoException) => (failed ??= e.code ?? e.message));
    socket.on('close', () => resolve(failed ? { error: failed } : parseAnswer(Buffer.concat(received))));
    // A bound, not a measurement: a server that stops reading without answering or closing would hang the test.
    socket.setTimeout(STALL_MS, () =>
      socket.destroy(new Error(`stalled after ${sent} bytes sent, ${Buffer.concat(received).byteLength} received`)),
    );
    socket.write(`${head}\r\n\r\n`);
    const pump = () => {
      while (sent < total && !socket.destroyed) {
        const piece = CHUNK.subarray(0, Math.min(CHUNK.length, total - sent));
        sent += piece.length;
        const more = socket.write(
          chunked
            ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
            : piece,
        );
        if (!more) return void socket.once('drain', pump);
      }
      if (!socket.destroyed) socket.end(chunked ? '0\r\n\r\n' : undefined);
    };
    pump();
  });
}

/** The same upload repeated; every attempt must get the 413 envelope and Connection: close. */
async function expectRefusedEveryTime(chunked: boolean): Promise<void> {
  const outcomes: Outcome[] = [];
  for (let i = 0; i < ATTEMPTS; i++) outcomes.push(await upload(OVER, chunked));
  const summary = outcomes.map((o) => o.error ?? `${o.status} ${o.json?.error?.code} ${o.connection}`);
  expect(summary).toEqual(Array.from({ length: ATTEMPTS }, () => '413 payload_too_large close'));
}

describe('bodies over the limit', () => {
  it('answers 413 payload_too_large to a declared 12 MiB body instead of resetting', async () => {
    await expectRefusedEveryTime(false);
  });

  it('answers 413 payload_too_large to a chunked body that passes the limit mid-stream', async () => {
    await expectRefusedEveryTime(true);
  });

  it('stops reading a refused body past four times the limit', async () => {
    const small = await startTestServer({ renderWorkerUrl: FAKE_WORKER, maxBodyBytes: 256 * 1024 });
    try {
      const owner = await seedAccount(small.url);
      // 8 MiB against a 1 MiB discard bound: the server destroys the socket while the client is still sending.
      const outcome = await upload(8 * 1024 * 1024, true, small.url, owner.key);
      expect(['ECONNRESET', 'EPIPE']).toContain(outcome.error);
    } finally {
      await small.close();
    }
  });

  it('still renders on a keep-alive connection afterwards', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const body = JSON.stringify({ html: '<p>after</p>' });
    const post = () =>
      new Promise<{ status?: number; text: string; socket: unknown }>((resolve, reject) => {
        const req = request(`${server.url}/api/v1/render`, {
          method: 'POST',
          agent,
          headers: {
            authorization: `Bearer ${alice.key}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        });
        req.on('error', reject);
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('latin1'), socket: req.socket }),
          );
        });
        req.end(body);
      });
    const first = await post();
    const second = await post();
    agent.destroy();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.text.startsWith('%PDF-')).toBe(true);
    expect(second.socket).toBe(first.socket);
  });
});
