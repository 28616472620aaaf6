/**
 * A redirect from an allowed host into a private address. "allowed.test" stands for a
 * public host: the address guard is wrapped so that this one name passes (and connects
 * to the local recorder); every other host, including each redirect hop, goes through
 * the real guard.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderDocument } from '@platen/core';
import { PNG_1PX, startRecorder, type Recorder } from './helpers.js';

vi.mock('../../packages/core/src/resources/ssrf-guard.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../packages/core/src/resources/ssrf-guard.js')>();
  return {
    ...real,
    resolveGuarded: (hostname: string, allowPrivate: boolean) =>
      hostname === 'allowed.test'
        ? Promise.resolve({ address: '127.0.0.1', family: 4 as const })
        : real.resolveGuarded(hostname, allowPrivate),
  };
});

let rec: Recorder;
beforeAll(async () => {
  rec = await startRecorder((req, res) => {
    if (req.url?.startsWith('/hop')) {
      res.writeHead(302, { location: `http://127.0.0.1:${rec.port}/private.png` }).end();
      return;
    }
    if (req.url?.startsWith('/mapped')) {
      res.writeHead(301, { location: `http://[::ffff:127.0.0.1]:${rec.port}/private.png` }).end();
      return;
    }
    if (req.url?.startsWith('/metadata')) {
      res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1PX);
  });
});
afterAll(() => rec.close());

const img = (path: string) => `<img src="http://allowed.test:${rec.port}${path}" width="5" height="5">`;

describe('redirects are re-checked on every hop', () => {
  it('the allowed host itself is fetched (the control case)', async () => {
    rec.hits.length = 0;
    const result = await renderDocument({ html: img('/public.png') });
    expect(rec.hits).toEqual(['/public.png']);
    expect(result.diagnostics.filter((d) => d.code === 'resource_not_loaded')).toEqual([]);
  });

  it.each([['/hop'], ['/mapped'], ['/metadata']])(
    'a redirect from %s into a private address is refused at the hop',
    async (path) => {
      rec.hits.length = 0;
      const result = await renderDocument({ html: img(path) });
      expect(rec.hits).toEqual([path]);
      expect(result.diagnostics.map((d) => d.message).join('\n')).toMatch(/private, loopback or reserved/);
    },
  );

  it('with allowPrivateNetwork the same redirect is followed, so the test above can fail', async () => {
    rec.hits.length = 0;
    await renderDocument({ html: img('/hop?again'), allowPrivateNetwork: true });
    expect(rec.hits).toEqual(['/hop?again', '/private.png']);
  });
});
