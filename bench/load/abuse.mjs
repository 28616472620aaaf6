// The abusive requests of issue 17, sent by a tenant of their own beside the normal mix
// (mix.mjs): each must be answered (4xx, or a render with warnings; a 5xx only for the
// abusive renders' own time or memory limits) without slowing the other tenant down.
// `accept` lists the [status, code] answers allowed; `log: 'any'` means one render-log row
// per request, success or error; null means none.
import { createServer } from 'node:http';
import { deflateSync } from 'node:zlib';
import { random } from './driver.mjs';

const json = { 'content-type': 'application/json' };
const render = (body) => ({ method: 'POST', path: '/api/v1/render', headers: json, body: JSON.stringify(body) });
const dataUrl = (type, bytes) => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

/** CRC-32 of PNG chunks (ISO 3309). */
function crc32(bytes) {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A 4×4 grey PNG whose scanlines are `rows` (filter byte first), optionally with a wrong zlib checksum. */
function png(rows, badChecksum) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(4, 4);
  header[8] = 8; // bit depth; colour type 0 (grey)
  const idat = deflateSync(Buffer.from(rows));
  if (badChecksum) idat[idat.length - 1] ^= 0xff;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const goodRows = Array.from({ length: 4 }, () => [0, 50, 100, 150, 200]).flat();
const filter5Rows = Array.from({ length: 4 }, () => [5, 50, 100, 150, 200]).flat();

/** A GIF89a with a 1×1 logical screen and a 46,340² frame (issue 17 #5). */
function hugeGif() {
  const u16 = (n) => [n & 0xff, n >> 8];
  return Buffer.from([
    ...Buffer.from('GIF89a'),
    ...u16(1),
    ...u16(1),
    0x80,
    0,
    0,
    0,
    0,
    0,
    255,
    255,
    255,
    0x2c,
    ...u16(0),
    ...u16(0),
    ...u16(46_340),
    ...u16(46_340),
    0,
    2,
    2,
    0x4c,
    0x01,
    0,
    0x3b,
  ]);
}

/** A WOFF2 whose table directory declares a 1.5 GB `head` table (issue 17 #5). */
function hugeWoff2() {
  const header = Buffer.alloc(48);
  header.write('wOF2', 0, 'latin1');
  header.writeUInt32BE(0x00010000, 4);
  header.writeUInt16BE(1, 12);
  header.writeUInt32BE(64, 20);
  const length = 1_500_000_000;
  const base128 = [length % 128];
  for (let rest = Math.floor(length / 128); rest > 0; rest = Math.floor(rest / 128))
    base128.unshift((rest % 128) | 0x80);
  const body = Buffer.concat([header, Buffer.from([1, ...base128]), Buffer.alloc(64, 7)]);
  body.writeUInt32BE(body.length, 8);
  return body;
}

/** A local host serving small images slowly, for the remote-resource fan-out (issue 17 #12). */
export async function startImageHost() {
  const image = png(goodRows, false);
  let requests = 0;
  let open = 0;
  let mostOpen = 0;
  const server = createServer((req, res) => {
    requests++;
    mostOpen = Math.max(mostOpen, ++open);
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': image.length }).end(image);
      open--;
    }, 20);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    stats: () => ({ requests, mostOpen }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

const renderAnswers = [
  [200, null],
  [504, 'render_timeout'],
  [500, 'render_failed'],
];

/**
 * The abusive kinds. `templateId`: a template of the abusive tenant to overwrite; `imageHost`:
 * startImageHost()'s url; `victim`: an account whose password is guessed; `origin`: the server's.
 */
export function buildAbuse({ templateId, imageHost, victim, origin }) {
  const next = random(17);
  const letters = (n) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(next() * 26))).join('');
  const corruptPngs =
    `<p>before</p><img src="${dataUrl('image/png', png(goodRows, true))}">` +
    `<svg width="40" height="40"><image width="4" height="4" href="${dataUrl('image/png', png(filter5Rows, false))}"/></svg><p>after</p>`;
  const hugeMedia =
    `<style>@font-face { font-family: Huge; src: url(${dataUrl('font/woff2', hugeWoff2())}) } p { font-family: Huge, serif }</style>` +
    `<p>before</p><img src="${dataUrl('image/gif', hugeGif())}"><p>after</p>`;
  return [
    {
      name: 'abuse: 1 MB of <!-- saved in a template',
      weight: 2,
      log: null,
      accept: [[200, null]],
      request: () => ({
        method: 'PUT',
        path: `/api/v1/templates/${templateId}`,
        headers: json,
        body: JSON.stringify({ html: '<!--'.repeat(250_000) }),
      }),
    },
    {
      name: 'abuse: 150 KB of <svc-block without >',
      weight: 2,
      log: 'any',
      accept: renderAnswers,
      delivery: 'binary',
      request: () => render({ html: '<svc-block'.repeat(15_000) }),
    },
    {
      name: 'abuse: 5,000 {{else if}} links',
      weight: 2,
      log: 'any',
      accept: [[400, 'template_syntax_error']],
      request: () => render({ html: `{{#if a}}a${'{{else if b}}b'.repeat(5000)}{{/if}}` }),
    },
    {
      name: 'abuse: WOFF2 declaring 1.5 GB, GIF frame 46,340²',
      weight: 2,
      log: 'any',
      accept: renderAnswers,
      delivery: 'binary',
      request: () => render({ html: hugeMedia }),
    },
    {
      name: 'abuse: corrupt PNGs (checksum, filter byte 5 in SVG)',
      weight: 2,
      log: 'any',
      accept: renderAnswers,
      delivery: 'binary',
      request: () => render({ html: corruptPngs }),
    },
    {
      name: 'abuse: 600 images from one local host',
      weight: 1,
      log: 'any',
      accept: renderAnswers,
      delivery: 'binary',
      request: () =>
        render({
          html: Array.from({ length: 600 }, (_, i) => `<img src="${imageHost}/i/${i}.png?${next()}" width="4">`).join(
            '',
          ),
        }),
    },
    {
      name: 'abuse: long render (a 60,000-letter word)',
      weight: 2,
      log: 'any',
      accept: renderAnswers,
      delivery: 'binary',
      request: () => render({ html: `<p>${letters(60_000)}</p>` }),
    },
    {
      name: 'abuse: API keys minted by a session',
      weight: 1,
      log: null,
      key: 'session',
      accept: [
        [201, null],
        [403, 'quota_exceeded'],
        [429, 'rate_limit_exceeded'],
      ],
      request: () => ({
        method: 'POST',
        path: '/api/v1/api-keys',
        headers: { ...json, origin },
        body: JSON.stringify({ name: 'minted', permission: 'render_only' }),
      }),
    },
    {
      name: 'abuse: concurrent login guesses',
      weight: 2,
      log: null,
      key: null,
      accept: [
        [401, 'invalid_credentials'],
        [429, 'rate_limit_exceeded'],
      ],
      request: () => ({
        method: 'POST',
        path: '/api/v1/auth/login',
        headers: { ...json, origin },
        body: JSON.stringify({ email: victim, password: `guess-${letters(8)}` }),
      }),
    },
  ].map((kind) => ({ key: 'own', tenant: 'abuser', ...kind }));
}
