import type { ComputedStyle, StyledElement, StyledNode } from '@platen/layout';
import { parseHtml } from '../../src/html/parse.js';
import { resolveFormat, type PdfFormat } from '../../src/format.js';
import { computeStyles, type StyleOptions, type StyleResult } from '../../src/style/index.js';

export function styleHtml(html: string, format: PdfFormat = {}, extra: Partial<StyleOptions> = {}): StyleResult {
  return computeStyles(parseHtml(html), { format: resolveFormat(format), ...extra });
}

/** Depth-first search for the first element matching `pred`. */
export function find(node: StyledNode, pred: (el: StyledElement) => boolean): StyledElement | null {
  if (node.kind !== 'element') return null;
  if (pred(node)) return node;
  for (const child of node.children) {
    const hit = find(child, pred);
    if (hit) return hit;
  }
  return null;
}

export function byId(result: StyleResult, id: string): StyledElement {
  const el = find(result.root, (e) => e.attrs['id'] === id);
  if (!el) throw new Error(`no element #${id}`);
  return el;
}

/** Style of `#t` in `<style>{css}</style>{body}` with no diagnostics expected. */
export function styleOf(css: string, body = '<div id="t"></div>', format: PdfFormat = {}): ComputedStyle {
  const result = styleHtml(
    `<!doctype html><html><head><style>${css}</style></head><body>${body}</body></html>`,
    format,
  );
  if (result.diagnostics.length > 0) throw new Error(`diagnostics: ${JSON.stringify(result.diagnostics)}`);
  return byId(result, 't').style;
}

/**
 * As styleOf for CSS with declarations the cascade drops: the only diagnostics allowed are their
 * css_ignored_declaration warnings, returned with the style.
 */
export function styleDropping(css: string, body = '<div id="t"></div>'): { style: ComputedStyle; ignored: string[] } {
  const result = styleHtml(`<!doctype html><html><head><style>${css}</style></head><body>${body}</body></html>`, {});
  const other = result.diagnostics.filter((d) => d.code !== 'css_ignored_declaration');
  if (other.length > 0) throw new Error(`diagnostics: ${JSON.stringify(other)}`);
  return { style: byId(result, 't').style, ignored: result.diagnostics.map((d) => d.message) };
}

export function textOf(node: StyledNode): string {
  return node.kind === 'text' ? node.text : node.children.map(textOf).join('');
}
