import { describe, expect, it } from 'vitest';
import { expandTemplate } from '../../src/template/expand.js';
import { TemplateError } from '../../src/errors.js';

describe('expandTemplate', () => {
  it.each([
    ['{{x}}', { x: '<b>&"' }, '&lt;b&gt;&amp;&quot;'],
    ['{{{x}}}', { x: '<b>' }, '<b>'],
    [
      '{{#each xs}}{{@index}}{{this}}{{#if @first}}F{{/if}}{{#if @last}}L{{/if}},{{/each}}',
      { xs: ['a', 'b'] },
      '0aF,1bL,',
    ],
    ['{{#each items}}{{name}}-{{../cur}};{{/each}}', { cur: '€', items: [{ name: 'x' }] }, 'x-€;'],
    ['{{#if a}}y{{else}}n{{/if}}{{#unless a}}U{{/unless}}', { a: false }, 'nU'],
    ['{{#with p}}{{q}}{{/with}}', { p: { q: 7 } }, '7'],
    ['{{lookup m k}}', { m: { a: 'A' }, k: 'a' }, 'A'],
    ['{{xs.length}}', { xs: [1, 2, 3] }, '3'],
    ['{{missing.deep}}', {}, ''],
  ])('%s', (tpl, data, expected) => {
    expect(expandTemplate(tpl, data)).toBe(expected);
  });

  it.each([
    '{{constructor.constructor}}',
    '{{__proto__}}',
    '{{lookup this "constructor"}}',
    '{{#with constructor}}{{name}}{{/with}}',
    '{{toString}}',
  ])('denies prototype access: %s', (tpl) => {
    expect(expandTemplate(tpl, { a: 1 })).toBe('');
  });

  it('does not share helpers with the global Handlebars', async () => {
    const hb = (await import('handlebars')).default;
    hb.registerHelper('leak', () => 'LEAK');
    try {
      expect(() => expandTemplate('{{leak 1}}', {})).toThrow(TemplateError);
    } finally {
      hb.unregisterHelper('leak');
    }
  });

  it.each([
    ['line one\nline two\n{{#if x}}\n{{/each}}', 3],
    ['a\nb\n\n{{foo', 4],
    ['{{#each}}', 1],
  ])('reports the line of a syntax error (%#)', (tpl, line) => {
    let error: unknown;
    try {
      expandTemplate(tpl, {});
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TemplateError);
    const te = error as TemplateError;
    expect(te.code).toBe('template_syntax_error');
    expect(te.message).toContain(`line ${line}`);
    expect(te.line).toBe(line);
  });

  it('reports a missing helper as a TemplateError naming the helper and the line that calls it', () => {
    expect(() => expandTemplate('{{nope 1}}', {})).toThrow(TemplateError);
    const error = catchTemplateError(() =>
      expandTemplate('<p>\n{{#if a}}\n  {{uppercase name}}\n{{/if}}</p>', { a: true }),
    );
    expect(error.message).toBe('Template error on line 3: Missing helper: "uppercase"');
    expect(error.line).toBe(3);
  });

  it("keeps Handlebars' own detail of a syntax error", () => {
    const error = catchTemplateError(() => expandTemplate('<p>\n{{#if a}}\nunclosed', {}));
    expect(error.message).toBe(
      "Template syntax error on line 3: Expecting 'OPEN_INVERSE_CHAIN', 'INVERSE', 'OPEN_ENDBLOCK', got 'EOF'",
    );
    expect(error.line).toBe(3);
  });

  describe('svc-block', () => {
    const blocks = { comp_a: '<p>{{name}}</p>', comp_b: 'B' };
    it.each([
      ['<div><svc-block id="comp_a"></svc-block></div>', '<div><p>Ann</p></div>'],
      ['<svc-block id="comp_a"/>|', '<p>Ann</p>|'],
      ['<svc-block class=x id=\'comp_b\' data-x="1"></svc-block>', 'B'],
      ['<SVC-BLOCK ID=comp_b></SVC-BLOCK>', 'B'],
      ['[<svc-block id="comp_missing"></svc-block>]', '[]'],
    ])('%s', (tpl, expected) => {
      expect(expandTemplate(tpl, { name: 'Ann' }, { blocks })).toBe(expected);
    });

    it('does not treat escaped data as a block', () => {
      expect(expandTemplate('{{x}}', { x: '<svc-block id="comp_b">' }, { blocks })).toBe(
        '&lt;svc-block id&#x3D;&quot;comp_b&quot;&gt;',
      );
    });

    it('expands blocks inside blocks, and stops a block that includes itself', () => {
      const nested = {
        comp_outer: '[<svc-block id="comp_inner"></svc-block>]',
        comp_inner: '{{name}}',
        comp_loop: 'x<svc-block id="comp_loop"/>',
      };
      expect(expandTemplate('<svc-block id="comp_outer"/>', { name: 'N' }, { blocks: nested })).toBe('[N]');
      expect(expandTemplate('<svc-block id="comp_loop"/>', {}, { blocks: nested })).toBe('xxxxx'); // five levels of blocks at most
    });

    it('ignores a blocks map entry inherited from Object.prototype', () => {
      expect(expandTemplate('<svc-block id="toString"></svc-block>|', {}, { blocks })).toBe('|');
    });

    it('reports a broken block as a TemplateError', () => {
      expect(() =>
        expandTemplate('<svc-block id="comp_x"></svc-block>', {}, { blocks: { comp_x: '{{#if}}' } }),
      ).toThrow(/comp_x/);
    });
  });
});

function catchTemplateError(fn: () => unknown): TemplateError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(TemplateError);
    return error as TemplateError;
  }
  throw new Error('no TemplateError thrown');
}
