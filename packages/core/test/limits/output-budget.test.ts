import { describe, expect, it } from 'vitest';
import { expandTemplate } from '../../src/template/expand.js';

const ten = Array.from({ length: 10 }, (_, i) => i);
const nested = (levels: number, body: string) =>
  `${'{{#each @root.t}}'.repeat(levels)}${body}${'{{/each}}'.repeat(levels)}`;
const code = (run: () => unknown) => {
  try {
    run();
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
};
/** Template data whose `{{@root.run}}` counts how often the template part holding it ran. */
const counting = (data: object) => {
  const counted = {
    ...data,
    runs: 0,
    get run() {
      counted.runs++;
      return '';
    },
  };
  return counted;
};

describe('output budget during expansion', () => {
  // The timeouts are the only time bounds: run to the end, these templates would not finish.
  it(
    'stops nested loops as soon as their output passes the limit, long before they finish',
    { timeout: 10_000 },
    () => {
      const data = counting({ t: ten });
      // 10^9 iterations if it ran to the end.
      expect(code(() => expandTemplate(nested(9, '{{@root.run}}xxxxxxxxxx'), data, { maxBytes: 1_000_000 }))).toBe(
        'document_too_large',
      );
      // Stopped by the first body (10 bytes each) past the limit.
      expect(data.runs).toBe(1_000_000 / 10 + 1);
    },
  );

  it('stops inline partials that double at each level', { timeout: 10_000 }, () => {
    const partials = Array.from(
      { length: 40 },
      (_, i) => `{{#*inline "p${i + 1}"}}{{> p${i}}}{{> p${i}}}{{/inline}}`,
    ).join('');
    const data = counting({});
    // 2^40 calls of p0 if it ran to the end.
    expect(
      code(() =>
        expandTemplate(`{{#*inline "p0"}}{{@root.run}}xxxxxxxx{{/inline}}${partials}{{> p40}}`, data, {
          maxBytes: 1_000_000,
        }),
      ),
    ).toBe('document_too_large');
    expect(data.runs).toBe(1_000_000 / 8 + 1);
  });

  it('lets output up to the limit through, unchanged', () => {
    const out = expandTemplate(`<ul>${nested(3, '<li>{{this}}</li>')}</ul>`, { t: ten }, { maxBytes: 20_000 });
    expect(out.match(/<li>/g)).toHaveLength(1000);
    expect(expandTemplate('{{#each a}}{{this}}{{else}}none{{/each}}', { a: [] }, { maxBytes: 10 })).toBe('none');
    expect(code(() => expandTemplate(nested(3, '<li>{{this}}</li>'), { t: ten }, { maxBytes: 9_999 }))).toBe(
      'document_too_large',
    );
  });

  it('counts nothing without a limit', () => {
    expect(expandTemplate(nested(2, 'x'), { t: ten })).toBe('x'.repeat(100));
  });
});
