import { describe, expect, it } from 'vitest';
import { expandTemplate } from '../../src/template/expand.js';
import { MAX_BLOCK_EXPANSIONS, MAX_BLOCK_NESTING } from '../../src/limits/template-shape.js';

const failure = (run: () => unknown): string => {
  try {
    run();
    return 'ok';
  } catch (error) {
    return `${(error as { code?: string }).code}: ${(error as Error).message}`;
  }
};
const nestedIf = (n: number) => `${'{{#if a}}\n'.repeat(n)}x${'{{/if}}'.repeat(n)}`;

describe('template shape limits', () => {
  // The message is checkBlockNesting's, so Handlebars never parsed it (that takes ~30 s); the timeout is the only time bound.
  it(
    `accepts ${MAX_BLOCK_NESTING} nested blocks and refuses one more, naming the line, before Handlebars recurses`,
    { timeout: 10_000 },
    () => {
      expect(expandTemplate(nestedIf(MAX_BLOCK_NESTING), { a: 1 }).trim()).toBe('x');
      expect(failure(() => expandTemplate(nestedIf(5000), { a: 1 }))).toMatch(
        /^template_syntax_error: .*line 101: blocks nested deeper than 100/,
      );
    },
  );

  it('does not count else ({{^}}), closings or inline partials as extra depth', () => {
    const html = `${'{{#if a}}y{{^}}n{{/if}}'.repeat(300)}{{#*inline "p"}}q{{/inline}}{{> p}}`;
    expect(expandTemplate(html, { a: 1 })).toBe(`${'y'.repeat(300)}q`);
  });

  // Handlebars nests each `{{else if}}` inside the one before: 5,000 links ran into the render
  // time limit instead of being refused. The timeout is the time bound, as above.
  it('counts each {{else if}} link as a level, closed together by the block end', { timeout: 10_000 }, () => {
    const chain = (n: number) =>
      `{{#if a}}0${Array.from({ length: n }, (_, i) => `\n{{else if b}}${i + 1}`).join('')}{{/if}}`;
    expect(expandTemplate(chain(MAX_BLOCK_NESTING - 1), { b: 1 }).trim()).toBe('1');
    expect(failure(() => expandTemplate(chain(5000), { b: 1 }))).toMatch(
      /^template_syntax_error: .*line 101: blocks nested deeper than 100/,
    );
    // Chains in a row do not add up: each ends with its {{/if}}.
    expect(expandTemplate(`${chain(50)}|`.repeat(10), { b: 1 }).replace(/\s/g, '')).toBe('1|'.repeat(10));
  });

  it(
    'stops a block that includes itself many times, however deep the block limit lets it go',
    { timeout: 10_000 },
    () => {
      // `{{@root.run}}` counts the block's expansions (20^5 = 3.2 million without the limit).
      const blocks = { a: `{{@root.run}}${'x<svc-block id="a"></svc-block>'.repeat(20)}` };
      const data = {
        runs: 0,
        get run() {
          data.runs++;
          return '';
        },
      };
      expect(failure(() => expandTemplate('<svc-block id="a"></svc-block>', data, { blocks }))).toMatch(
        new RegExp(`^document_too_large: More than ${MAX_BLOCK_EXPANSIONS}`),
      );
      expect(data.runs).toBe(MAX_BLOCK_EXPANSIONS);
      // Ordinary reuse (a block per row) stays fine.
      const rows = expandTemplate(
        '{{#each r}}<svc-block id="row"></svc-block>{{/each}}',
        { r: Array.from({ length: 500 }, (_, i) => i) },
        { blocks: { row: '<p>{{@root.r.length}}</p>' } },
      );
      expect(rows.match(/<p>500<\/p>/g)).toHaveLength(500);
    },
  );

  it("counts blocks' output against the size limit", () => {
    const blocks = { big: '{{#each t}}xxxxxxxxxx{{/each}}' };
    const html = '<svc-block id="big"></svc-block>'.repeat(50);
    expect(
      failure(() => expandTemplate(html, { t: Array.from({ length: 100 }, () => 0) }, { blocks, maxBytes: 40_000 })),
    ).toMatch(/^document_too_large/);
    expect(
      expandTemplate(html, { t: Array.from({ length: 100 }, () => 0) }, { blocks, maxBytes: 60_000 }),
    ).toHaveLength(50_000);
  });
});
