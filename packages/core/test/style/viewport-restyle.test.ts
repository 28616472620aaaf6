import { describe, expect, it } from 'vitest';
import { byId, styleHtml } from './helpers.js';

// Shrink-to-fit styles the document again for the wider page only when a viewport unit can change
// a computed value; otherwise the parsed document need not outlive the cascade.
describe('restyle for a shrunk page', () => {
  const page = (css: string, body = '<div id="t"></div>'): string =>
    `<!doctype html><html><head><style>${css}</style></head><body>${body}</body></html>`;

  it('is absent when no declaration uses a viewport unit', () => {
    expect(styleHtml(page('#t { width: 50%; margin: 2em 1rem }')).restyle).toBeUndefined();
  });

  it('is present for a viewport unit in a stylesheet, and follows the wider viewport', () => {
    const result = styleHtml(page('#t { width: 50vw }'));
    expect(result.restyle).toBeTypeOf('function');
    const width = (root: typeof result.root): number => {
      const w = byId({ ...result, root }, 't').style.width;
      return typeof w === 'number' ? w : NaN;
    };
    expect(width(result.restyle!(0.5))).toBeCloseTo(2 * width(result.root), 6);
  });

  it('is present for a viewport unit in a style attribute or a calc()', () => {
    expect(styleHtml(page('', '<div id="t" style="height: 10VH"></div>')).restyle).toBeTypeOf('function');
    expect(styleHtml(page('#t { width: calc(100vmin - 2px) }')).restyle).toBeTypeOf('function');
  });
});
