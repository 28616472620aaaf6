/**
 * Property-based robustness (fast-check): random HTML, CSS, Handlebars and data. Each
 * generated document must end (before the test's timeout) in a PDF or a PlatenError with a known
 * code — never another exception. CI runs a fixed seed and a small count; `npm run fuzz`
 * runs longer (FUZZ_RUNS, FUZZ_SEED). A failure prints the seed and the shrunk input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandTemplate } from '../../packages/core/src/template/expand.js';
import { attempt } from './helpers.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const KNOWN_CODES = ['template_syntax_error', 'document_too_large', 'invalid_parameter'];
// Every run is checked: no time limit that would end the property early and still pass.
const options = { seed: SEED, numRuns: RUNS };

const number = fc.oneof(
  fc.constantFrom(
    '0',
    '-0',
    '1e9',
    '-1e9',
    '1e308',
    '1e-9',
    'NaN',
    'infinity',
    '-infinity',
    '.5',
    '99999999999999999999',
  ),
  fc.double({ noNaN: true, min: -1e12, max: 1e12 }).map(String),
  fc.integer({ min: -1000, max: 1000 }).map(String),
);
const unit = fc.constantFrom('', 'px', '%', 'em', 'rem', 'mm', 'in', 'pt', 'vw', 'fr', 'ch', 'deg');
const length = fc.tuple(number, unit).map(([n, u]) => `${n}${u}`);
const cssValue: fc.Arbitrary<string> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    length,
    fc.constantFrom(
      'auto',
      'none',
      'inherit',
      'initial',
      'unset',
      'red',
      'transparent',
      'bold',
      'italic',
      'block',
      'flex',
      'grid',
      'table',
      'inline-block',
      'contents',
      'absolute',
      'fixed',
      'sticky',
      'always',
      'avoid',
      'break-word',
      'anywhere',
      'pre',
      'nowrap',
      'solid',
      'url(data:,x)',
      '"\\"',
      ')',
      '(',
      '{',
      '}',
      ';',
      '!important',
    ),
    fc
      .tuple(
        fc.constantFrom(
          'calc',
          'min',
          'max',
          'clamp',
          'var',
          'rgb',
          'repeat',
          'minmax',
          'url',
          'linear-gradient',
          'counter',
          'attr',
        ),
        fc.array(tie('value'), { maxLength: 3 }),
      )
      .map(([f, args]) => `${f}(${args.join(', ')})`),
    fc
      .tuple(tie('value'), fc.constantFrom(' + ', ' - ', ' * ', ' / ', ' '), tie('value'))
      .map(([a, op, b]) => `calc(${a}${op}${b})`),
    fc.constantFrom('--a', '--b').map((n) => `var(${n})`),
    fc.string({ maxLength: 8 }),
  ),
})).value;
const property = fc.constantFrom(
  'width',
  'height',
  'min-width',
  'max-height',
  'margin',
  'padding',
  'border',
  'border-width',
  'font-size',
  'line-height',
  'letter-spacing',
  'word-spacing',
  'text-indent',
  'display',
  'position',
  'top',
  'left',
  'float',
  'clear',
  'flex',
  'flex-basis',
  'grid-template-columns',
  'grid-column',
  'gap',
  'column-count',
  'white-space',
  'overflow-wrap',
  'word-break',
  'break-after',
  'break-inside',
  'page-break-before',
  'transform',
  'opacity',
  'z-index',
  'background',
  'border-collapse',
  'table-layout',
  'counter-increment',
  'content',
  'list-style',
  'vertical-align',
  'text-align',
  'writing-mode',
  'direction',
  '--a',
  '--b',
);
const declarations = fc
  .array(
    fc.tuple(property, cssValue).map(([p, v]) => `${p}:${v}`),
    { maxLength: 5 },
  )
  .map((d) => d.join(';'));

const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constantFrom(
    '&amp;',
    '&nbsp;',
    '&#0;',
    '&#xD800;',
    '&bogus;',
    '\u0000',
    '\u202e',
    '\ufeff',
    'שלום',
    '漢字',
    '🙂‍↔️',
    'a\u0301',
    '\t\n',
  ),
);
const TAGS = [
  'div',
  'span',
  'p',
  'b',
  'i',
  'a',
  'pre',
  'h1',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
  'caption',
  'img',
  'br',
  'hr',
  'section',
  'svg',
  'g',
  'rect',
  'sup',
  'sub',
  'label',
  'input',
  'select',
  'option',
  'textarea',
  'button',
  'form',
  'html',
  'body',
  'head',
  'title',
  'style',
  'template',
  'math',
] as const;
const attribute = fc.oneof(
  declarations.map((d) => `style="${d.replace(/"/g, '&quot;')}"`),
  fc
    .tuple(
      fc.constantFrom(
        'colspan',
        'rowspan',
        'width',
        'height',
        'start',
        'span',
        'size',
        'border',
        'cellpadding',
        'value',
      ),
      number,
    )
    .map(([a, v]) => `${a}="${v}"`),
  fc.constantFrom(
    'src="data:image/png;base64,AAAA"',
    'src="data:image/svg+xml,%3Csvg%3E"',
    'dir="rtl"',
    'hidden',
    'class="a b"',
    'id="x"',
    'lang="ar"',
    'align="center"',
    'valign="bottom"',
    'nowrap',
  ),
);
const html: fc.Arbitrary<string> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc
      .tuple(
        fc.constantFrom(...TAGS),
        fc.array(attribute, { maxLength: 3 }),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.boolean(),
      )
      .map(
        ([tag, attrs, kids, close]) =>
          `<${tag}${attrs.map((a) => ` ${a}`).join('')}>${kids.join('')}${close ? `</${tag}>` : ''}`,
      ),
    fc.constantFrom(
      '</div>',
      '</table>',
      '<',
      '<!--',
      '-->',
      '<![CDATA[',
      '<!DOCTYPE html>',
      '</',
      '<p',
      '"',
      "'",
      '<td>',
      '<tr>',
      '<li>',
    ),
  ),
})).node;
const stylesheet = fc
  .array(
    fc.oneof(
      fc
        .tuple(
          fc.constantFrom(
            '*',
            'p',
            'div > span',
            'td:nth-child(2n+1)',
            ':root',
            'li::marker',
            'p::before',
            'table td',
            '.a.b',
            '#x',
            ':is(p, div)',
            ':not(*)',
            'a[href]',
            'tr:last-child',
          ),
          declarations,
        )
        .map(([s, d]) => `${s}{${d}}`),
      fc
        .tuple(
          fc.constantFrom('@page', '@page :first', '@media print', '@font-face', '@supports (display:grid)', '@import'),
          declarations,
        )
        .map(([a, d]) => `${a}{${d}}`),
      fc.string({ maxLength: 12 }),
    ),
    { maxLength: 5 },
  )
  .map((rules) => `<style>${rules.join('\n')}</style>`);

async function expectPdfOrKnownError(html: string, data?: unknown): Promise<void> {
  const outcome = await attempt({ html, ...(data === undefined ? {} : { data }) });
  if (!outcome.ok) expect(KNOWN_CODES).toContain(outcome.error.code);
}

describe(`fuzz (seed ${SEED}, ${RUNS} runs; replay with FUZZ_SEED=${SEED})`, () => {
  it('random HTML with random inline styles and stylesheets renders or fails with a known code', async () => {
    await fc.assert(
      fc.asyncProperty(stylesheet, fc.array(html, { minLength: 1, maxLength: 4 }), async (css, body) => {
        await expectPdfOrKnownError(css + body.join(''));
      }),
      options,
    );
  }, 300_000);

  it('random Handlebars over random data renders or fails with a known code', async () => {
    const piece = fc.oneof(
      fc.constantFrom(
        '{{a}}',
        '{{{a}}}',
        '{{a.b.c}}',
        '{{#each a}}<p>{{this}}</p>{{/each}}',
        '{{#if a}}x{{else}}y{{/if}}',
        '{{#with a}}{{b}}{{/with}}',
        '{{lookup a 0}}',
        '{{#each this}}{{@key}}={{this}};{{/each}}',
        '{{> missing}}',
        '{{#each}}',
        '{{/if}}',
        '{{',
        '}}',
        '{{!-- c --}}',
        '\\{{a}}',
        '{{@root}}',
        '{{../a}}',
        '{{a.[0]}}',
        '{{"s"}}',
        '{{else}}',
      ),
      html,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { maxLength: 6 }),
        fc.dictionary(fc.constantFrom('a', 'b', 'c', '__proto__', 'constructor'), fc.jsonValue({ maxDepth: 3 })),
        async (pieces, data) => {
          await expectPdfOrKnownError(pieces.join(''), data);
        },
      ),
      options,
    );
  }, 300_000);

  it('data values never inject markup through {{x}} (escaping is total)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (value) => {
        const out = expandTemplate('<p>{{x}}</p>', { x: value });
        expect(out.slice(3, -4)).not.toMatch(/[<>"'`=]/);
      }),
      { seed: SEED, numRuns: RUNS * 10 },
    );
  });
});
