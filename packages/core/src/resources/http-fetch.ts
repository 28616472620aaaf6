import { pinnedLookup, resolveGuarded } from './ssrf-guard.js';

export interface HttpLimits {
  readonly maxBytes: number;
  readonly timeoutMs: number;
  readonly maxRedirects: number;
}

export type HttpResult =
  | { readonly ok: true; readonly bytes: Uint8Array; readonly contentType: string; readonly finalUrl: string }
  | { readonly ok: false; readonly reason: string };

interface Hop {
  readonly status: number;
  readonly location: string | undefined;
  readonly contentType: string;
  readonly bytes: Uint8Array | null;
}

const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Platen';

/** One request to a pre-checked address; the body is read only for a 2xx answer. */
function requestOnce(url: URL, address: string, family: 4 | 6, limits: HttpLimits, signal: AbortSignal): Promise<Hop> {
  const pinned = pinnedLookup(address, family);
  // Loaded at the first fetch (most renders make none): node:http and node:https at load were a few ms of every cold start.
  const client = process.getBuiltinModule(url.protocol === 'https:' ? 'node:https' : 'node:http');
  return new Promise((resolve, reject) => {
    const req = client.get(
      url,
      { lookup: pinned, signal, headers: { 'user-agent': USER_AGENT, accept: '*/*' } },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '');
        const location = res.headers.location;
        if (status < 200 || status >= 300) {
          res.resume();
          resolve({ status, location, contentType, bytes: null });
          return;
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > limits.maxBytes) {
          res.destroy();
          reject(new Error(`larger than ${limits.maxBytes} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) {
            res.destroy(new Error(`larger than ${limits.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', reject);
        res.on('end', () => resolve({ status, location, contentType, bytes: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
  });
}

function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(new Error('aborted'));
    else signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });
}

/**
 * GET over http/https with the address guard on every hop (at most `maxRedirects`),
 * one overall time limit and a size limit. Never throws.
 */
export async function guardedGet(start: string, limits: HttpLimits, allowPrivateNetwork: boolean): Promise<HttpResult> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = new URL(start);
  try {
    for (let hop = 0; hop <= limits.maxRedirects; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        return { ok: false, reason: `redirect to ${url.protocol} refused` };
      // getaddrinfo cannot be cancelled: race it against the time limit.
      const target = await Promise.race([resolveGuarded(url.hostname, allowPrivateNetwork), whenAborted(signal)]);
      if (typeof target === 'string') return { ok: false, reason: target };
      const res = await requestOnce(url, target.address, target.family, limits, signal);
      if (res.status >= 300 && res.status < 400 && res.location) {
        url = new URL(res.location, url);
        continue;
      }
      if (!res.bytes) return { ok: false, reason: `HTTP ${res.status}` };
      return { ok: true, bytes: res.bytes, contentType: res.contentType, finalUrl: url.href };
    }
    return { ok: false, reason: `more than ${limits.maxRedirects} redirects` };
  } catch (error) {
    if (signal.aborted) return { ok: false, reason: `no answer within ${limits.timeoutMs} ms` };
    return { ok: false, reason: (error as Error).message };
  }
}
