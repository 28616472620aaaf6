/**
 * Regular expressions that see template, data or CSS text, at 1 MB of the input that makes
 * each pattern family backtrack (found with the `recheck` ReDoS analyser over every regex
 * literal in packages/<name>/src; see docs/security.md). Each call was quadratic (one exponential)
 * and took minutes at this size; linear, each takes milliseconds. 3 s leaves room for a
 * loaded machine.
 */
import { describe, expect, it } from 'vitest';
import { Element } from 'domhandler';
import { parseAbsoluteLength } from '../../packages/core/src/format.js';
import { svgRootTag, svgSize, sniffFormat } from '../../packages/core/src/resources/images.js';
import { createPageStyleResolver, type PageStyleOptions } from '../../packages/core/src/style/page-rules.js';
import { presentationalHints } from '../../packages/core/src/style/presentational.js';
import { createCollapseState, processWhiteSpace } from '../../packages/layout/src/boxes/whitespace.js';
import type { ComputedStyle } from '../../packages/layout/src/style.js';

const MB = 1 << 20;
const LIMIT_MS = 3000;

function timed(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

describe('regular expressions at 1 MB of adversarial input', () => {
  it('lengths (PdfFormat, @page size): digits split two ways, spaces on both sides', () => {
    expect(timed(() => parseAbsoluteLength('0'.repeat(MB) + '+'))).toBeLessThan(LIMIT_MS);
    expect(timed(() => parseAbsoluteLength(' '.repeat(MB) + 'x'))).toBeLessThan(LIMIT_MS);
    expect(parseAbsoluteLength(' 1.5e1mm ')).toBeCloseTo((15 * 96) / 25.4);
    expect(parseAbsoluteLength('12.mm')).toBeCloseTo((12 * 96) / 25.4);
  });

  it('@page selectors: spaces on both sides of an empty selector', () => {
    const diagnostics: string[] = [];
    // Only compiling the rules is measured; the options key the page-box cache (root style, format, environment).
    const items = [{ kind: 'page' as const, selector: '\t'.repeat(MB) + ':', declarations: [], marginBoxes: [] }];
    expect(
      timed(() =>
        createPageStyleResolver(items, { root: {}, format: {}, env: {} } as unknown as PageStyleOptions, diagnostics),
      ),
    ).toBeLessThan(LIMIT_MS);
    expect(diagnostics).toHaveLength(1);
  });

  it('<svg width> hints: digits split two ways, spaces around the unit', () => {
    const el = new Element('svg', { width: '0'.repeat(MB / 2) + '\t'.repeat(MB / 2) + 'I', height: ' 12 px ' });
    let hints = '';
    expect(timed(() => (hints = presentationalHints(el)))).toBeLessThan(LIMIT_MS);
    expect(hints).toContain('height:12px');
    expect(hints).not.toContain('width');
  });

  it('SVG images: many <svg without >, and a size of spaces', () => {
    const tags = 'V' + '<SVG\x00V'.repeat(MB / 6);
    expect(timed(() => svgSize(tags))).toBeLessThan(LIMIT_MS);
    expect(timed(() => svgSize(`<svg width="1${'\t'.repeat(MB)}x" height="2">`))).toBeLessThan(LIMIT_MS);
    expect(svgSize('<svg width=" 10 px" height="20">')).toEqual([10, 20]);
    expect(svgRootTag('<?xml?><svg a="1">x</svg>')).toEqual({ start: 7, end: 18 });
  });

  it('SVG sniffing: comments in the first kilobyte (exponential: 371 bytes took 153 s)', () => {
    const prolog = '<!---->' + '<!--G><SVG--><!--G><SVG-->'.repeat(36) + '!><SV';
    expect(timed(() => sniffFormat(new TextEncoder().encode(prolog)))).toBeLessThan(LIMIT_MS);
    expect(sniffFormat(new TextEncoder().encode('<?xml version="1.0"?><!-- x --><svg width="1" height="1"/>'))).toBe(
      'svg',
    );
  });

  it('white-space: pre-line with many lines', () => {
    const style = { whiteSpace: 'pre-line' } as unknown as ComputedStyle;
    let out = '';
    expect(timed(() => (out = processWhiteSpace('x  \n'.repeat(MB / 4), style, createCollapseState())))).toBeLessThan(
      LIMIT_MS,
    );
    expect(out.slice(0, 6)).toBe('x\nx\nx\n');
    expect(processWhiteSpace('a  b  \n  c ', style, createCollapseState())).toBe('a b\nc ');
  });
});
