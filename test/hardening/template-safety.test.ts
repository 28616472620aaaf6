/**
 * Hostile Handlebars templates, checked end to end: what reaches the PDF's text
 * (pdftotext), what reaches stdout, and which error comes back.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '@platen/core';
import { attempt, expectPdf, pdfText } from './helpers.js';

const CANARY = 'canary-7f3a9e';

/** Render `html` between two markers and return the text between them (whitespace collapsed). */
async function between(html: string, data: unknown = {}): Promise<string> {
  const pdf = await render({ html: `<p>BEGIN ${html} END</p>`, data });
  const text = pdfText(pdf).replace(/\s+/g, ' ');
  const m = /BEGIN(.*)END/.exec(text);
  if (!m) throw new Error(`markers missing from ${JSON.stringify(text)}`);
  return (m[1] ?? '').trim();
}

beforeEach(() => {
  process.env.PLATEN_HARDENING_CANARY = CANARY;
});
afterEach(() => {
  delete process.env.PLATEN_HARDENING_CANARY;
  vi.restoreAllMocks();
});

describe('Handlebars prototype access', () => {
  it('the harness sees ordinary values (so an empty result below means "blocked", not "broken")', async () => {
    expect(
      await between('{{a.b}} {{lookup this "c"}} {{#with d}}{{e}}{{/with}}', {
        a: { b: 'one' },
        c: 'two',
        d: { e: 'three' },
      }),
    ).toBe('one two three');
  });

  it.each([
    ['{{constructor}}'],
    ['{{constructor.constructor}}'],
    ['{{constructor.name}}'],
    ['{{__proto__}}'],
    ['{{__proto__.constructor.name}}'],
    ['{{lookup this "constructor"}}'],
    ['{{lookup (lookup this "constructor") "name"}}'],
    ['{{#with this.constructor}}[{{name}}]{{/with}}'],
    ['{{#with (lookup this "__proto__")}}[{{constructor.name}}]{{/with}}'],
    ['{{a.toString}}'],
    ['{{a.valueOf}}'],
    ['{{a.__defineGetter__}}'],
    ['{{s.constructor.name}}'],
    ['{{#each this}}{{@key}}{{/each}}'],
  ])('%s prints nothing from the prototype chain', async (tpl) => {
    const out = await between(tpl, { a: { b: 1 }, s: 'text' });
    expect(out).not.toMatch(/Object|Function|native code|String|\[\w/);
    // #each over the data lists own keys only.
    if (tpl.startsWith('{{#each')) expect(out).toBe('as');
    else expect(out).toBe('');
  });

  it('the classic "string.sub.apply" RCE chain cannot reach process.env', async () => {
    const payload = `
{{#with "s" as |string|}}
  {{#with "e"}}
    {{#with split as |conslist|}}
      {{this.pop}}
      {{this.push (lookup string.sub "constructor")}}
      {{this.pop}}
      {{#with string.split as |codelist|}}
        {{this.pop}}
        {{this.push "return process.env.PLATEN_HARDENING_CANARY;"}}
        {{this.pop}}
        {{#each conslist}}
          {{#with (string.sub.apply 0 codelist)}}
            {{this}}
          {{/with}}
        {{/each}}
      {{/with}}
    {{/with}}
  {{/with}}
{{/with}}`;
    const outcome = await attempt({ html: `<p>${payload}</p><p>after</p>` });
    const text = outcome.ok ? pdfText(outcome.result.pdf) : outcome.error.message;
    expect(text).not.toContain(CANARY);
    expect(text).not.toMatch(/function|native code/i);
  });

  it('data with a "__proto__" key (as JSON.parse makes it) does not pollute Object.prototype', async () => {
    const data = JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted2": "yes"}}}');
    const out = await between('{{polluted}}|{{constructor.prototype.polluted2}}', data);
    expect(({} as { polluted?: string }).polluted).toBeUndefined();
    expect(({} as { polluted2?: string }).polluted2).toBeUndefined();
    // Own "constructor" data is the user's own data and may print; the prototype chain's may not.
    expect(out).toBe('|yes');
  });

  it('helpers that do not exist are not called through helperMissing, and no helper reads files or the environment', async () => {
    for (const tpl of [
      '{{helperMissing "x"}}',
      '{{blockHelperMissing "x"}}',
      '{{process}}',
      '{{require "fs"}}',
      '{{env.PLATEN_HARDENING_CANARY}}',
      '{{@root.constructor}}',
    ]) {
      const outcome = await attempt({ html: `<p>${tpl}</p>` });
      const text = outcome.ok ? pdfText(expectPdf(outcome).pdf) : outcome.error.message;
      expect(text, tpl).not.toContain(CANARY);
      expect(text, tpl).not.toMatch(/function|native code|\[object/i);
    }
  });
});

describe('partials, helpers and logging', () => {
  it('an unregistered partial is a clear template error naming it', async () => {
    const outcome = await attempt({ html: '<p>a</p>{{> secrets}}' });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe('template_syntax_error');
    expect(outcome.error.message).toContain('secrets');
  });

  it('inline partials stay inside their own render (nothing registered globally)', async () => {
    expect(await between('{{#*inline "p"}}inner{{/inline}}{{> p}}')).toBe('inner');
    const later = await attempt({ html: '<p>{{> p}}</p>' });
    expect(later.ok ? 'rendered' : later.error.code).toBe('template_syntax_error');
  });

  it('{{log}} writes nothing to stdout or stderr, at any level', async () => {
    const out = vi.spyOn(process.stdout, 'write');
    const err = vi.spyOn(process.stderr, 'write');
    const logs = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) => vi.spyOn(console, m));
    const text = await between(`{{log "${CANARY}"}}{{log "${CANARY}" level="error"}}{{log this}}`, { secret: CANARY });
    expect(text).toBe('');
    const written = [...out.mock.calls, ...err.mock.calls].map((c) => String(c[0])).join('');
    expect(written).not.toContain(CANARY);
    for (const spy of logs) expect(spy).not.toHaveBeenCalled();
  });

  it('prototype-access denials are not reported on the console either', async () => {
    const logs = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) => vi.spyOn(console, m));
    await between('{{constructor}}{{__proto__}}{{a.toString}}', { a: {} });
    for (const spy of logs) expect(spy).not.toHaveBeenCalled();
  });

  it('HTML in data is escaped, so data cannot inject markup', async () => {
    const out = await between('{{x}}', { x: '<b>bold</b><img src="http://127.0.0.1:9/x.png">' });
    expect(out).toContain('<b>bold</b>');
  });
});
