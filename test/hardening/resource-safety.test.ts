/**
 * Every way a template can make Platen fetch something, aimed at a local HTTP server
 * that records its hits. Without `allowPrivateNetwork` nothing may reach it; with it,
 * the same templates do reach it — proof that each case can fail.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDocument } from '@platen/core';
import { PNG_1PX, startRecorder, type Recorder } from './helpers.js';

let rec: Recorder;
beforeAll(async () => {
  rec = await startRecorder();
});
afterAll(() => rec.close());

/** Render, then return the recorder's hits that carry `tag` and the render's warnings. */
async function hitsFor(tag: string, html: string, allowPrivateNetwork: boolean, format = {}) {
  const result = await renderDocument({ html, allowPrivateNetwork, format });
  const hits = rec.hits.filter((h) => h.includes(tag));
  return { hits, warnings: result.diagnostics.map((d) => d.message).join('\n') };
}

/** Each template names the recorder through `{U}` (base URL) and `{T}` (a unique tag). */
const FETCHERS: readonly (readonly [string, string])[] = [
  ['<img src>', '<img src="{U}/{T}.png" width="10" height="10">'],
  // An <object> whose data is an image is that image (HTML §4.8.7): fetched as an <img> is.
  ['<object data>', '<object data="{U}/{T}.png" width="10" height="10"></object>'],
  ['CSS background-image', '<div style="width:10px;height:10px;background-image:url({U}/{T}.png)"></div>'],
  ['CSS content: url()', '<style>p::before { content: url({U}/{T}.png) }</style><p>x</p>'],
  ['CSS list-style-image', '<ul style="list-style-image:url({U}/{T}.png)"><li>x</li></ul>'],
  ['<link rel=stylesheet>', '<link rel="stylesheet" href="{U}/{T}.css"><p>x</p>'],
  ['@import', '<style>@import url("{U}/{T}.css");</style><p>x</p>'],
  [
    '@font-face src',
    '<style>@font-face { font-family: Evil; src: url({U}/{T}.woff2) format("woff2"); } p { font-family: Evil }</style><p>x</p>',
  ],
];

let counter = 0;
const expand = (tpl: string, base: string) => {
  const tag = `t${++counter}x`;
  return { tag, html: tpl.replaceAll('{U}', base).replaceAll('{T}', tag) };
};

describe('remote resources on private addresses are never fetched', () => {
  it.each(FETCHERS)('%s: blocked by default, reached with allowPrivateNetwork', async (_name, tpl) => {
    const blocked = expand(tpl, rec.url);
    const denied = await hitsFor(blocked.tag, blocked.html, false);
    expect(denied.hits).toEqual([]);
    expect(denied.warnings).toMatch(/private, loopback or reserved/);

    const open = expand(tpl, rec.url);
    expect((await hitsFor(open.tag, open.html, true)).hits).toHaveLength(1);
  });

  it('google_fonts_url on a private address: blocked by default, reached when allowed', async () => {
    const css = (tag: string) => ({ google_fonts_url: `${rec.url}/${tag}.css` });
    expect((await hitsFor('gf1x', '<p>x</p>', false, css('gf1x'))).hits).toEqual([]);
    expect((await hitsFor('gf2x', '<p>x</p>', true, css('gf2x'))).hits).toHaveLength(1);
  });

  it.each([
    ['decimal IPv4', (p: number) => `http://2130706433:${p}`],
    ['short IPv4', (p: number) => `http://127.1:${p}`],
    ['hex IPv4', (p: number) => `http://0x7f.0.0.1:${p}`],
    ['0.0.0.0 (reaches localhost on Linux)', (p: number) => `http://0.0.0.0:${p}`],
    ['IPv4-mapped IPv6', (p: number) => `http://[::ffff:127.0.0.1]:${p}`],
    ['IPv4-mapped IPv6, hex form', (p: number) => `http://[::ffff:7f00:1]:${p}`],
    ['localhost by name', (p: number) => `http://localhost:${p}`],
    ['IPv6 loopback', (p: number) => `http://[::1]:${p}`],
  ])('%s is refused before connecting', async (_name, base) => {
    const { tag, html } = expand('<img src="{U}/{T}.png" width="5" height="5">', base(rec.port));
    const { hits, warnings } = await hitsFor(tag, html, false);
    expect(hits).toEqual([]);
    expect(warnings).toMatch(/private, loopback or reserved/);
  });

  // A connection attempt to an unroutable address would wait for the 10 s fetch timeout; the test's timeout is shorter.
  it(
    'the cloud metadata address 169.254.169.254 and private ranges are refused without a connection attempt',
    { timeout: 8_000 },
    async () => {
      const result = await renderDocument({
        html: ['169.254.169.254', '10.0.0.1', '192.168.1.1', '172.16.0.1', '100.64.0.1', '[fd00::1]', '[fe80::1]']
          .map((h) => `<img src="http://${h}/latest/meta-data/" width="5" height="5">`)
          .join(''),
      });
      const warnings = result.diagnostics.filter((d) => d.code === 'resource_not_loaded').map((d) => d.message);
      expect(warnings).toHaveLength(7);
      for (const w of warnings) expect(w).toMatch(/private, loopback or reserved/);
    },
  );

  it('<iframe>, <embed>, <script>, <audio>, <video> and <link rel=icon|preload> are never fetched, even when allowed', async () => {
    const tag = 'never9x';
    const html = [
      `<iframe src="${rec.url}/${tag}-iframe"></iframe>`,
      `<embed src="${rec.url}/${tag}-embed">`,
      `<script src="${rec.url}/${tag}-script.js"></script>`,
      `<script>document.write("${tag}-ran")</script>`,
      `<audio src="${rec.url}/${tag}-audio"></audio>`,
      `<video src="${rec.url}/${tag}-video" poster="${rec.url}/${tag}-poster.png"></video>`,
      `<link rel="icon" href="${rec.url}/${tag}-icon.png"><link rel="preload" href="${rec.url}/${tag}-preload.css" as="style">`,
      `<link rel="prefetch" href="${rec.url}/${tag}-prefetch.css">`,
      '<p>after</p>',
    ].join('\n');
    const result = await renderDocument({ html, allowPrivateNetwork: true });
    // Chromium does fetch a <video poster>; Platen does not paint video at all, so nothing is fetched.
    expect(rec.hits.filter((h) => h.includes(tag))).toEqual([]);
    expect(new TextDecoder('latin1').decode(result.pdf)).not.toContain(`${tag}-ran`);
  });
});

describe('redirects', () => {
  it('a redirect to a non-http scheme is refused', async () => {
    const redirecting = await startRecorder((_req, res) =>
      res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
    );
    try {
      const result = await renderDocument({
        html: `<img src="${redirecting.url}/r.png" width="5" height="5">`,
        allowPrivateNetwork: true,
      });
      expect(redirecting.hits).toEqual(['/r.png']);
      expect(result.diagnostics.map((d) => d.message).join('\n')).toMatch(/redirect to file: refused/);
    } finally {
      await redirecting.close();
    }
  });

  it('a redirect loop stops after 5 hops', async () => {
    const loop = await startRecorder((req, res) => res.writeHead(302, { location: `${req.url}x` }).end());
    try {
      const result = await renderDocument({
        html: `<img src="${loop.url}/l" width="5" height="5">`,
        allowPrivateNetwork: true,
      });
      expect(loop.hits).toHaveLength(6);
      expect(result.diagnostics.map((d) => d.message).join('\n')).toMatch(/more than 5 redirects/);
    } finally {
      await loop.close();
    }
  });
});

describe('file: and relative URLs', () => {
  let root: string;
  let base: string;
  let outside: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'platen-files-'));
    base = join(root, 'templates');
    outside = join(root, 'private');
    mkdirSync(base);
    mkdirSync(outside);
    writeFileSync(join(base, 'inside.png'), PNG_1PX);
    writeFileSync(join(outside, 'secret.png'), PNG_1PX);
    symlinkSync(join(outside, 'secret.png'), join(base, 'link.png'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const imagesDrawn = (pdf: Uint8Array) =>
    (new TextDecoder('latin1').decode(pdf).match(/\/Subtype\s*\/Image/g) ?? []).length;
  const load = async (src: string, baseDir?: string) => {
    const result = await renderDocument({
      html: `<img src="${src}" width="5" height="5">`,
      ...(baseDir ? { baseDir } : {}),
    });
    return { drawn: imagesDrawn(result.pdf), warnings: result.diagnostics.map((d) => d.message).join('\n') };
  };

  it('a file inside the base directory loads (the control case)', async () => {
    expect((await load('inside.png', base)).drawn).toBeGreaterThan(0);
  });

  it.each([
    ['../private/secret.png'],
    ['../../../../../../etc/passwd'],
    ['%2e%2e/private/secret.png'],
    ['file:///etc/passwd'],
    ['FILE:///etc/passwd'],
    ['/etc/passwd'],
    ['link.png'],
  ])('%s does not escape the base directory', async (src) => {
    const { drawn, warnings } = await load(src, base);
    expect(drawn).toBe(0);
    expect(warnings).toMatch(/outside the base directory|file not found/);
  });

  it('without a base directory, file: and relative URLs are not loaded at all', async () => {
    for (const src of [join(base, 'inside.png'), `file://${join(base, 'inside.png')}`, 'inside.png']) {
      const { drawn, warnings } = await load(src);
      expect(drawn, src).toBe(0);
      expect(warnings, src).toMatch(/not allowed|relative URL without a base directory/);
    }
  });

  it('an inline <svg> cannot pull in a local file or a URL through <image href>', async () => {
    const svg = (href: string) => `<svg width="20" height="20"><image href="${href}" width="20" height="20"/></svg>`;
    const dataPng = `data:image/png;base64,${PNG_1PX.toString('base64')}`;
    const control = await renderDocument({ html: svg(dataPng) });
    expect(imagesDrawn(control.pdf)).toBeGreaterThan(0);
    for (const href of [
      join(outside, 'secret.png'),
      `file://${join(outside, 'secret.png')}`,
      `${rec.url}/svgimage9x.png`,
    ]) {
      const result = await renderDocument({ html: svg(href), allowPrivateNetwork: true, baseDir: base });
      expect(imagesDrawn(result.pdf), href).toBe(0);
    }
    expect(rec.hits.filter((h) => h.includes('svgimage9x'))).toEqual([]);
  });
});
