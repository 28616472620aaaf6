// The load driver: N clients, each sending one request at a time until the deadline and
// always waiting for the answer to the request in flight. Unlike autocannon, which destroys
// its connections at the deadline (so the server may log requests the client never counted),
// every request sent here is either answered and counted or counted as a transport error,
// which is what an exact comparison with the render log needs.
import http from 'node:http';

/** Deterministic PRNG (mulberry32) so a seed reproduces the same sequence of kinds. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function picker(mix, next) {
  const total = mix.reduce((sum, kind) => sum + kind.weight, 0);
  return () => {
    let r = next() * total;
    for (const kind of mix) if ((r -= kind.weight) < 0) return kind;
    return mix[mix.length - 1];
  };
}

/** One request; resolves with {status, headers, body} or {error} (never rejects). */
function send(url, agent, req) {
  return new Promise((resolve) => {
    const headers = { ...req.headers };
    const body = req.body;
    if (body !== null && !req.chunked) headers['content-length'] = Buffer.byteLength(body);
    let settled = false;
    const done = (value) => {
      if (!settled) {
        settled = true;
        resolve(value);
      }
    };
    const r = http.request(new URL(req.path, url), { method: req.method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', (error) => done({ error }));
    });
    // The server may answer 413 and close while we are still uploading: an EPIPE after the
    // answer arrived is expected, so only errors before any answer count.
    r.on('error', (error) => setTimeout(() => done({ error }), 50));
    if (body === null) r.end();
    else if (req.chunked) {
      for (let at = 0; at < body.length; at += 1 << 20) r.write(body.subarray(at, at + (1 << 20)));
      r.end();
    } else r.end(body);
  });
}

/** The [status, code] answers a kind may get: `accept` (abusive kinds) or its one `expect`. */
export const accepted = (kind) => kind.accept ?? [kind.expect];

/** Classify an answer: the error code of a JSON error, or a check that a success is a real PDF. */
export function classify(kind, answer) {
  if (answer.error) {
    // A 10 MiB upload refused early: the server answers 413 with Connection: close while the
    // client is still writing, and the reset can destroy the answer (see docs/load-test.md).
    const reset = kind.fresh === true && ['EPIPE', 'ECONNRESET'].includes(answer.error.code);
    return { status: reset ? 'reset' : 'transport', code: answer.error.code ?? 'error', ok: false, reset };
  }
  const type = String(answer.headers['content-type'] ?? '');
  let code = null;
  let ok;
  if (type.startsWith('application/json')) {
    const value = JSON.parse(answer.body.toString('utf8'));
    code = value.error?.code ?? null;
    // A render's 200 must carry its PDF; other routes' 200s (a saved template) are JSON.
    if (answer.status === 200 && kind.delivery)
      ok =
        kind.delivery === 'base64'
          ? Buffer.from(value.pdf_base64, 'base64').subarray(0, 5).toString() === '%PDF-'
          : kind.delivery === 'url'
            ? /\/api\/v1\/renders\/render_.+\?token=/.test(value.url)
            : false;
  } else if (type.startsWith('application/pdf'))
    ok = kind.delivery === 'binary' && answer.body.subarray(0, 5).toString() === '%PDF-';
  ok = (ok ?? true) && accepted(kind).some(([status, expected]) => answer.status === status && code === expected);
  return { status: answer.status, code, ok };
}

/**
 * Run `connections` clients for `seconds`; `onAnswer(kind, result, ms)` sees every answer.
 * Kinds marked `fresh` (the 10 MiB uploads) use a connection of their own.
 */
export async function drive({ url, mix, keys, connections, seconds, seed, onAnswer }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const deadline = performance.now() + seconds * 1000;
  const pick = picker(mix, random(seed));
  const client = async () => {
    while (performance.now() < deadline) {
      const kind = pick();
      const req = kind.request();
      const key = kind.key === null ? null : keys[kind.key === 'own' ? kind.name : kind.key];
      // 'session': the session cookie of a dashboard log-in instead of an API key.
      if (key)
        req.headers = {
          ...req.headers,
          ...(kind.key === 'session' ? { cookie: key } : { authorization: `Bearer ${key}` }),
        };
      req.chunked = kind.chunked === true;
      const started = performance.now();
      const answer = await send(url, kind.fresh ? false : agent, req);
      onAnswer(kind, classify(kind, answer), performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, client));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return elapsed;
}
