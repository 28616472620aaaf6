import { describe, expect, it } from 'vitest';
import { InvalidOptionError, PlatenError, render, renderDocument } from '../../src/index.js';

/** What render() throws for `options`, called as plain JavaScript would call it. */
async function failure(options: unknown): Promise<InvalidOptionError> {
  const error = await render(options as never).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidOptionError);
  expect(error).toBeInstanceOf(PlatenError);
  return error as InvalidOptionError;
}

describe('render() options from plain JavaScript', () => {
  it.each<[unknown, string]>([
    [undefined, 'options'],
    [null, 'options'],
    ['<p>x</p>', 'options'],
    [{}, 'html'],
    [{ html: 1 }, 'html'],
    [{ html: 'x', header: 5 }, 'header'],
    [{ html: 'x', footer: {} }, 'footer'],
    [{ html: 'x', data: 5 }, 'data'],
    [{ html: 'x', data: [1] }, 'data'],
    [{ html: 'x', blocks: ['a'] }, 'blocks'],
    [{ html: 'x', blocks: { logo: 3 } }, 'blocks.logo'],
    [{ html: 'x', baseDir: 7 }, 'baseDir'],
    [{ html: 'x', allowPrivateNetwork: 'yes' }, 'allowPrivateNetwork'],
    [{ html: 'x', maxPages: 0 }, 'maxPages'],
    [{ html: 'x', maxHtmlBytes: 1.5 }, 'maxHtmlBytes'],
    [{ html: 'x', fontDirs: '/fonts' }, 'fontDirs'],
  ])('%j fails naming %s', async (options, param) => {
    const error = await failure(options);
    expect(error.param).toBe(param);
    expect(error.code).toBe('invalid_parameter');
    expect(error.message).toContain(param === 'options' ? 'options object' : param);
  });

  it('says what it got', async () => {
    expect((await failure({})).message).toBe('html is required and must be a string; got nothing.');
    expect((await failure({ html: 'x', maxPages: '5' })).message).toBe(
      'maxPages must be a positive integer; got the string "5".',
    );
  });

  it('accepts null header, footer and data', async () => {
    const pdf = await render({ html: '<p>x</p>', header: null, footer: null, data: null as never });
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
  });

  // DECISIONS.md: google_fonts_url follows the resource rules, checked when rendering; what may
  // not be fetched is skipped with a warning, never failing the render.
  it('skips a google_fonts_url it may not fetch with a warning', async () => {
    // Issue 17's probe suite: data:, file: and javascript: answered 400. (A data: URL is read
    // like any data: resource, without a fetch: it renders, see below.)
    expect(
      (await renderDocument({ html: '<p>x</p>', format: { google_fonts_url: 'data:text/css,p{color:red}' } }))
        .pageCount,
    ).toBe(1);
    for (const url of ['ftp://fonts.example/x.css', 'file:///etc/passwd', 'javascript:alert(1)']) {
      const result = await renderDocument({ html: '<p>x</p>', format: { google_fonts_url: url } });
      expect(result.pageCount, url).toBe(1);
      expect(result.diagnostics, url).toContainEqual(
        expect.objectContaining({
          severity: 'warning',
          message: expect.stringContaining(url.slice(0, url.indexOf(':') + 1)),
        }),
      );
    }
  });
});
