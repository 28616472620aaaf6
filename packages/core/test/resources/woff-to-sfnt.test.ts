import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseFont } from '../../src/resources/font-data.js';
import { CorruptWoffError, woffToSfnt } from '../../src/resources/woff-to-sfnt.js';

const TTF = readFileSync(new URL('../../../../test/e2e/text-positions/fonts/Carlito-Italic.ttf', import.meta.url));

/** Wrap a TrueType file as WOFF 1.0 (§5), each table deflated; `damage` may rewrite a table's stored bytes. */
function woff(ttf: Uint8Array, damage: (stored: Buffer, raw: Uint8Array) => Buffer = (b) => b): Buffer {
  const v = new DataView(ttf.buffer, ttf.byteOffset, ttf.byteLength);
  const n = v.getUint16(4);
  const tables = Array.from({ length: n }, (_, i) => {
    const r = 12 + 16 * i;
    const [tag, checksum, offset, length] = [0, 4, 8, 12].map((o) => v.getUint32(r + o)) as [
      number,
      number,
      number,
      number,
    ];
    const raw = ttf.subarray(offset, offset + length);
    const z = deflateSync(raw);
    const stored = z.length < length ? damage(z, raw) : Buffer.from(raw);
    return { tag, checksum, length, stored };
  });
  const parts: Buffer[] = [];
  let at = 44 + 20 * n;
  const dir = Buffer.alloc(20 * n);
  tables.forEach((t, i) => {
    dir.writeUInt32BE(t.tag, 20 * i);
    dir.writeUInt32BE(at, 20 * i + 4);
    dir.writeUInt32BE(t.stored.length, 20 * i + 8);
    dir.writeUInt32BE(t.length, 20 * i + 12);
    dir.writeUInt32BE(t.checksum, 20 * i + 16);
    const padded = Buffer.alloc((t.stored.length + 3) & ~3);
    t.stored.copy(padded);
    parts.push(padded);
    at += padded.length;
  });
  const header = Buffer.alloc(44);
  header.writeUInt32BE(0x774f4646, 0);
  header.writeUInt32BE(v.getUint32(0), 4);
  header.writeUInt32BE(at, 8);
  header.writeUInt16BE(n, 12);
  header.writeUInt32BE(ttf.byteLength, 16);
  return Buffer.concat([header, dir, ...parts]);
}

describe('WOFF 1.0 is unwrapped with zlib before fontkit reads it', () => {
  it('gives the font the TrueType file is: same glyphs, advances and outlines', () => {
    const fromTtf = parseFont(TTF);
    const fromWoff = parseFont(woff(TTF));
    expect(fromWoff.numGlyphs).toBe(fromTtf.numGlyphs);
    for (const text of ['Hamburgefonstiv', 'ÆØÅ ſt 0123']) {
      const a = fromTtf.layout(text).glyphs;
      const b = fromWoff.layout(text).glyphs;
      expect(b.map((g) => [g.id, g.advanceWidth, g.path.toSVG()])).toEqual(
        a.map((g) => [g.id, g.advanceWidth, g.path.toSVG()]),
      );
    }
  });

  it('refuses a table whose stream is cut short, or inflates past its declared length', () => {
    expect(() =>
      woffToSfnt(
        woff(TTF, (z) => z.subarray(0, z.length >> 1)),
        1 << 26,
      ),
    ).toThrow(CorruptWoffError);
    expect(() => woffToSfnt(woff(TTF), 1000)).toThrow(/tables of more than 1000 bytes/);
  });

  it('a truncated table ends the parse with an error instead of hanging it (fontkit’s tiny-inflate never returns on one)', () => {
    // In a child process with a time limit: a hang must fail the test, not stop the test run.
    const dir = mkdtempSync(join(tmpdir(), 'platen-woff-'));
    const file = join(dir, 'cut.woff');
    // Each compressed table's stream is cut inside a dynamic Huffman block: read on past its end
    // as zero bits, it decodes literals for ever, and tiny-inflate never returns.
    const endless = deflateSync(Buffer.from('hello world '.repeat(2000)));
    writeFileSync(
      file,
      woff(TTF, (z) => endless.subarray(0, Math.min(z.length, endless.length >> 1))),
    );
    // The built module (npm install builds it): Node 20 cannot import TypeScript.
    const fontData = new URL('../../dist/resources/font-data.js', import.meta.url).pathname;
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { parseFont } from ${JSON.stringify(fontData)};
         try { parseFont(new Uint8Array((await import('node:fs')).readFileSync(${JSON.stringify(file)}))); console.log('parsed'); }
         catch (e) { console.log('refused: ' + e.message); }`,
      ],
      { timeout: 20_000, encoding: 'utf8' },
    );
    expect(run.signal, run.stderr).toBeNull();
    expect(run.stdout).toMatch(/^refused: /);
  });
});
