import { describe, expect, it } from 'vitest';
import { expandTemplate } from '../../src/template/expand.js';

const ten = Array.from({ length: 10 }, (_, i) => i);
const nested = (levels: number, body: string) => `${'{{#each @root.t}}'.repeat(levels)}${body}${'{{/each}}'.repeat(levels)}`;
const code = (run: () => unknown) => {
  try {
    run();
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
};

describe('output budget during expansion', () => {
  it('stops nested loops as soon as their output passes the limit, long before they finish', () => {
    const started = performance.now();
    // 10^9 iterations if it ran to the end.
    expect(code(() => expandTemplate(nested(9, 'xxxxxxxxxx'), { t: ten }, { maxBytes: 1_000_000 }))).toBe('document_too_large');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('stops inline partials that double at each level', () => {
    const partials = Array.from({ length: 40 }, (_, i) => `{{#*inline "p${i + 1}"}}{{> p${i}}}{{> p${i}}}{{/inline}}`).join('');
    const started = performance.now();
    expect(code(() => expandTemplate(`{{#*inline "p0"}}xxxxxxxx{{/inline}}${partials}{{> p40}}`, {}, { maxBytes: 1_000_000 }))).toBe('document_too_large');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('lets output up to the limit through, unchanged', () => {
    const out = expandTemplate(`<ul>${nested(3, '<li>{{this}}</li>')}</ul>`, { t: ten }, { maxBytes: 20_000 });
    expect(out.match(/<li>/g)).toHaveLength(1000);
    expect(expandTemplate('{{#each a}}{{this}}{{else}}none{{/each}}', { a: [] }, { maxBytes: 10 })).toBe('none');
    expect(code(() => expandTemplate(nested(3, '<li>{{this}}</li>'), { t: ten }, { maxBytes: 9_999 }))).toBe('document_too_large');
  });

  it('counts nothing without a limit', () => {
    expect(expandTemplate(nested(2, 'x'), { t: ten })).toBe('x'.repeat(100));
  });
});
