import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createResourceLoader } from '../../src/resources/loader.js';
import { isBlockedAddress } from '../../src/resources/ssrf-guard.js';

const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString('utf8');

describe('data: URIs', () => {
  const loader = createResourceLoader({ allowFile: false });
  it('decodes base64 and percent-encoded payloads in place', async () => {
    const b64 = await loader.load('data:text/css;base64,Ym9keXtjb2xvcjpyZWR9', 'stylesheet');
    expect(text(b64?.bytes)).toBe('body{color:red}');
    expect(b64?.contentType).toBe('text/css');
    const pct = await loader.load('data:image/svg+xml,%3Csvg%20xmlns%3D%22x%22%2F%3E', 'image');
    expect(text(pct?.bytes)).toBe('<svg xmlns="x"/>');
  });
  it('refuses a malformed one with a warning', async () => {
    const l = createResourceLoader({ allowFile: false });
    expect(await l.load('data:image/png;base64', 'image')).toBeNull();
    expect(l.warnings[0]?.code).toBe('resource_not_loaded');
  });
});

describe('files', () => {
  const root = mkdtempSync(join(tmpdir(), 'platen-loader-'));
  const base = join(root, 'site');
  mkdirSync(join(base, 'img'), { recursive: true });
  writeFileSync(join(base, 'img', 'a.txt'), 'inside');
  writeFileSync(join(root, 'secret.txt'), 'outside');
  symlinkSync(join(root, 'secret.txt'), join(base, 'link.txt'));

  it('resolves relative and file: URLs inside the base directory', async () => {
    const loader = createResourceLoader({ baseDir: base, allowFile: true });
    expect(text((await loader.load('img/a.txt', 'stylesheet'))?.bytes)).toBe('inside');
    expect(text((await loader.load('./img/../img/a.txt', 'stylesheet'))?.bytes)).toBe('inside');
  });
  it('refuses traversal, absolute paths out of the root and symlinks that leave it', async () => {
    const loader = createResourceLoader({ baseDir: base, allowFile: true });
    expect(await loader.load('../secret.txt', 'stylesheet')).toBeNull();
    expect(await loader.load('img/../../secret.txt', 'stylesheet')).toBeNull();
    expect(await loader.load(`file://${join(root, 'secret.txt')}`, 'stylesheet')).toBeNull();
    expect(await loader.load('link.txt', 'stylesheet')).toBeNull();
    expect(loader.warnings).toHaveLength(4);
  });
  it('loads no files when files are not allowed', async () => {
    const loader = createResourceLoader({ baseDir: base, allowFile: false });
    expect(await loader.load('img/a.txt', 'stylesheet')).toBeNull();
  });
});

describe('address guard', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    'ff02::1',
  ])('refuses %s', (addr) => {
    expect(isBlockedAddress(addr)).toBe(true);
  });
  it.each(['93.184.215.14', '8.8.8.8', '2606:4700::1111'])('allows %s', (addr) => {
    expect(isBlockedAddress(addr)).toBe(false);
  });
  it.each([
    'http://127.0.0.1/x.png',
    'http://10.0.0.1/x.png',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:127.0.0.1]/x.png',
    'http://localhost/x.png',
    'http://2130706433/x.png',
  ])('does not fetch %s', async (url) => {
    const loader = createResourceLoader({ allowFile: false, limits: { timeoutMs: 2000 } });
    expect(await loader.load(url, 'image')).toBeNull();
    expect(loader.warnings[0]?.message).toMatch(/private, loopback or reserved|resolve/);
  });
});

describe('http with allowPrivateNetwork (local server)', () => {
  let server: Server;
  let origin = '';
  let hits = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits++;
      const path = (req.url ?? '').split('?')[0];
      if (path === '/style.css') {
        res.setHeader('content-type', 'text/css; charset=utf-8');
        res.end('p{color:blue}');
        return;
      }
      if (req.url === '/redirect') {
        res.statusCode = 302;
        res.setHeader('location', '/style.css');
        res.end();
        return;
      }
      if (req.url === '/loop') {
        res.statusCode = 302;
        res.setHeader('location', '/loop');
        res.end();
        return;
      }
      if (req.url === '/big') {
        res.setHeader('content-type', 'image/png');
        res.end(Buffer.alloc(2048));
        return;
      }
      if (req.url === '/html') {
        res.setHeader('content-type', 'text/html');
        res.end('<html>');
        return;
      }
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fetches, follows redirects and reports the media type', async () => {
    const loader = createResourceLoader({ allowFile: false, allowPrivateNetwork: true });
    const res = await loader.load(`${origin}/redirect`, 'stylesheet');
    expect(text(res?.bytes)).toBe('p{color:blue}');
    expect(res?.contentType).toBe('text/css');
  });
  it('is refused on the same server without allowPrivateNetwork', async () => {
    const loader = createResourceLoader({ allowFile: false });
    expect(await loader.load(`${origin}/style.css?x=1`, 'stylesheet')).toBeNull();
  });
  it('caches by URL across loaders', async () => {
    const url = `${origin}/style.css?cache=1`;
    await createResourceLoader({ allowFile: false, allowPrivateNetwork: true }).load(url, 'stylesheet');
    const before = hits;
    expect(
      text(
        (await createResourceLoader({ allowFile: false, allowPrivateNetwork: true }).load(url, 'stylesheet'))?.bytes,
      ),
    ).toBe('p{color:blue}');
    expect(hits).toBe(before);
  });
  it('enforces the size limit, the redirect limit, 404s and content types', async () => {
    const loader = createResourceLoader({ allowFile: false, allowPrivateNetwork: true, limits: { maxBytes: 1024 } });
    expect(await loader.load(`${origin}/big`, 'image')).toBeNull();
    expect(await loader.load(`${origin}/loop`, 'image')).toBeNull();
    expect(await loader.load(`${origin}/missing.png`, 'image')).toBeNull();
    expect(await loader.load(`${origin}/html`, 'image')).toBeNull();
    expect(loader.warnings.map((w) => w.message.replace(origin, ''))).toEqual([
      '/big: larger than 1024 bytes',
      '/loop: more than 5 redirects',
      '/missing.png: HTTP 404',
      '/html: unexpected content type text/html for a image',
    ]);
  });
});

describe('time limit', () => {
  // The server never answers: without the loader's own limit this would wait until the test timeout.
  it('gives up on a server that does not answer', { timeout: 5_000 }, async () => {
    const server = createServer(() => {
      /* never answers */
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow.css`;
    const loader = createResourceLoader({ allowFile: false, allowPrivateNetwork: true, limits: { timeoutMs: 300 } });
    expect(await loader.load(url, 'stylesheet')).toBeNull();
    expect(loader.warnings[0]?.message).toMatch(/no answer within 300 ms/);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
