import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pinnedLookup, resolveGuarded } from '@platen/core/ssrf-guard';

/** What one delivery attempt got: a 2xx, or why not. Never throws. */
export type PostResult =
  { readonly ok: true; readonly status: number } | { readonly ok: false; readonly reason: string };

/**
 * POST a JSON body through the same address guard as templates' resources: the host is
 * resolved once, refused when private (unless allowed), and connected to at exactly that
 * address. Redirects are not followed; the answer's body is discarded.
 */
export async function guardedPost(
  target: string,
  body: string,
  headers: Record<string, string>,
  allowPrivateNetwork: boolean,
  timeoutMs: number,
): Promise<PostResult> {
  const url = new URL(target);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: `${url.protocol} refused` };
  const address = await resolveGuarded(url.hostname, allowPrivateNetwork);
  if (typeof address === 'string') return { ok: false, reason: address };
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PostResult>((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(address.address, address.family),
        timeout: timeoutMs,
      },
      (res) => {
        res.resume();
        const status = res.statusCode ?? 0;
        resolve(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, reason: `HTTP ${status}` });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (error) => resolve({ ok: false, reason: error.message }));
    req.end(body);
  });
}
