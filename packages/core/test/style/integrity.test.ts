import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../src/index.js';
import { byId, styleHtml } from './helpers.js';

const CSS = 'p { font-size: 40px }';
const hash = (algorithm: string, text = CSS) => `${algorithm}-${createHash(algorithm).update(text).digest('base64')}`;
const WRONG = 'sha384-B0vP5xmATw1+K9KRQjQERJvTumQW0nPEzvF6L/Z6nronJ3oUOFUFpCjEUQouq2+l';

/** The paragraph's font size with `<link … integrity>` to `url` (the sheet's text is CSS). */
function fontSize(url: string, integrity: string | null): { size: number; warnings: string[] } {
  const attr = integrity === null ? '' : ` integrity="${integrity}" crossorigin="anonymous"`;
  const r = styleHtml(
    `<!doctype html><link rel="stylesheet" href="${url}"${attr}><p id="t">x</p>`,
    {},
    { resolveStylesheet: (u) => (u === url ? CSS : null) },
  );
  return {
    size: byId(r, 't').style.fontSize,
    warnings: r.diagnostics.filter((d) => d.code === 'stylesheet_integrity').map((d) => d.message),
  };
}

describe('<link integrity> (Subresource Integrity)', () => {
  const https = 'https://cdn.example/bootstrap.min.css';

  it('applies an http(s) stylesheet whose digest matches, and refuses one that does not', () => {
    expect(fontSize(https, hash('sha384'))).toEqual({ size: 40, warnings: [] });
    expect(fontSize(https, `${hash('sha256')} ${hash('sha512')}`).size).toBe(40);
    const wrong = fontSize(https, WRONG);
    expect(wrong.size).toBe(16);
    expect(wrong.warnings).toEqual([
      `Stylesheet ${https} was not applied: its sha384 digest does not match the integrity attribute`,
    ]);
  });

  it('lets the strongest algorithm decide, and ignores metadata it does not know', () => {
    // A matching sha256 does not save a wrong sha512 (SRI §3.3.4 getPrioritizedHashFunction).
    expect(fontSize(https, `${hash('sha256')} sha512-AAAA`).size).toBe(16);
    expect(fontSize(https, 'md5-abc sha1-def').size).toBe(40);
    expect(fontSize(https, '').size).toBe(40);
    expect(fontSize(https, `${hash('sha384')}?opt=1`).size).toBe(40);
  });

  // Measured with Chromium 156 printing from file://: a local stylesheet with integrity is not
  // applied even when the hash is its own (not CORS-eligible), and is applied without it.
  it('never applies a local stylesheet that carries integrity, as Chromium prints from files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platen-sri-'));
    writeFileSync(join(dir, 's.css'), CSS);
    const pages = async (integrity: string | null) => {
      const attr = integrity === null ? '' : ` integrity="${integrity}"`;
      const result = await renderDocument({
        html: `<link rel="stylesheet" href="s.css"${attr}><p>${'Hello '.repeat(400)}</p>`,
        baseDir: dir,
      });
      return { pages: result.pageCount, refused: result.diagnostics.some((d) => d.code === 'stylesheet_integrity') };
    };
    // Chromium prints this document on 4 pages without integrity and on 1 page with it.
    expect(await pages(null)).toEqual({ pages: 4, refused: false });
    expect(await pages(hash('sha384'))).toEqual({ pages: 1, refused: true });
  });
});
