/**
 * Presentational hints and UA rules of tables (HTML §15.3.8, §15.3.3) against Chromium: every
 * element with an id in table-hints/cases.html, compared with the getComputedStyle values that
 * Chromium gives for it (table-hints/record.mjs stores them in table-hints.chromium.json).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Color, ComputedStyle, StyledElement, StyledNode } from '@platen/layout';
import { styleHtml } from './helpers.js';

const dir = new URL('./table-hints/', import.meta.url);
const html = readFileSync(new URL('cases.html', dir), 'utf8');
const reference = JSON.parse(readFileSync(new URL('table-hints.chromium.json', dir), 'utf8')) as {
  elements: Record<string, Record<string, string>>;
};

const color = (c: Color): string =>
  c.a === 1 ? `rgb(${c.r}, ${c.g}, ${c.b})` : `rgba(${c.r}, ${c.g}, ${c.b}, ${c.a})`;
const px = (v: unknown): string => (typeof v === 'number' ? `${v}px` : String(v));

/** The properties compared, as getComputedStyle spells them. */
function computed(s: ComputedStyle): Record<string, string> {
  const [h, v] = s.borderSpacing;
  return {
    'text-align': s.legacyAlign ? `-webkit-${s.legacyAlign}` : s.textAlign,
    'vertical-align': px(s.verticalAlign),
    'padding-top': px(s.paddingTop),
    'padding-left': px(s.paddingLeft),
    'border-top-width': px(s.borderTop.width),
    'border-top-style': s.borderTop.style,
    'border-top-color': color(s.borderTop.color),
    'border-left-width': px(s.borderLeft.width),
    'border-left-style': s.borderLeft.style,
    'background-color': color(s.backgroundColor),
    'border-collapse': s.borderCollapse,
    'border-spacing': h === v ? px(h) : `${px(h)} ${px(v)}`,
    float: s.float,
    'caption-side': s.captionSide,
  };
}

function byId(node: StyledNode, out: Map<string, StyledElement>): Map<string, StyledElement> {
  if (node.kind !== 'element') return out;
  if (node.attrs['id']) out.set(node.attrs['id'], node);
  for (const child of node.children) byId(child, out);
  return out;
}

describe('table presentational hints match Chromium', () => {
  const elements = byId(styleHtml(html).root, new Map());
  for (const [id, expected] of Object.entries(reference.elements)) {
    it(`#${id}`, () => {
      const el = elements.get(id);
      expect(el, `#${id} styled`).toBeDefined();
      expect(computed(el!.style)).toEqual(expected);
    });
  }
});
