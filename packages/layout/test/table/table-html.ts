import type { BorderSide, Color } from '../../src/style.js';
import { el, type ElSpec, type StyleProps } from '../helpers/style.js';
import { camel, declarations, length, lengthOrAuto, readHtml, sides } from '../helpers/html-reader.js';

/**
 * A tiny HTML reader for the table comparison tests: the same snippet is printed by Chromium
 * (`chromium-rects.mjs table-cases.json --css 'td,th{padding:0}'`) for the expected geometry and fed to the
 * engine through this. It mimics the UA sheet parts that matter (display per tag,
 * `table { border-spacing: 2px; box-sizing: border-box }`, cells vertically centred).
 */
export function tableHtml(html: string): ElSpec {
  return readHtml(
    html,
    (tag, { style, ...attrs }) => el(tag, { ...UA[tag], ...parseStyle(style ?? ''), attrs }),
    (tag) => tag === 'col',
  );
}

const UA: Record<string, StyleProps> = {
  table: { display: 'table', borderSpacing: [2, 2], boxSizing: 'border-box' },
  thead: { display: 'table-header-group', verticalAlign: 'middle' },
  tbody: { display: 'table-row-group', verticalAlign: 'middle' },
  tfoot: { display: 'table-footer-group', verticalAlign: 'middle' },
  tr: { display: 'table-row', verticalAlign: 'middle' },
  td: { display: 'table-cell', verticalAlign: 'middle' },
  th: { display: 'table-cell', verticalAlign: 'middle' },
  caption: { display: 'table-caption' },
  col: { display: 'table-column' },
  colgroup: { display: 'table-column-group' },
  div: { display: 'block' },
  span: { display: 'inline' },
};

const BLACK: Color = { r: 0, g: 0, b: 0, a: 1 };
const COLORS: Record<string, Color> = {
  red: { r: 255, g: 0, b: 0, a: 1 },
  blue: { r: 0, g: 0, b: 255, a: 1 },
  green: { r: 0, g: 128, b: 0, a: 1 },
  black: BLACK,
};

function border(v: string): BorderSide {
  const parts = v.split(/\s+/);
  const width = parts.find((p) => /^[\d.]/.test(p));
  const style = (parts.find((p) => /^(none|hidden|solid|dashed|dotted|double)$/.test(p)) ??
    'none') as BorderSide['style'];
  const color = COLORS[parts.find((p) => p in COLORS) ?? 'black']!;
  const none = style === 'none' || style === 'hidden';
  return { width: none ? 0 : parseFloat(width ?? '3'), style, color };
}

const KEYWORDS = new Set([
  'display',
  'position',
  'direction',
  'box-sizing',
  'vertical-align',
  'border-collapse',
  'table-layout',
  'caption-side',
  'float',
  'empty-cells',
  'break-inside',
  'break-before',
  'break-after',
  'flex-wrap',
  'box-decoration-break',
  'column-fill',
]);
const LENGTHS = new Set([
  'top',
  'right',
  'bottom',
  'left',
  'width',
  'height',
  'min-width',
  'max-width',
  'min-height',
  'max-height',
  'margin-top',
  'margin-bottom',
  'margin-left',
  'margin-right',
  'padding-top',
  'padding-bottom',
  'padding-left',
  'padding-right',
]);

function parseStyle(css: string): StyleProps {
  const out: Record<string, unknown> = {};
  for (const [prop, value] of declarations(css)) {
    if (KEYWORDS.has(prop)) out[camel(prop)] = value;
    else if (LENGTHS.has(prop)) out[camel(prop)] = value === 'none' ? 'none' : lengthOrAuto(value);
    else if (prop === 'margin' || prop === 'padding') {
      const [t, r, b, l] = sides(value);
      const f = prop === 'margin' ? lengthOrAuto : length;
      Object.assign(out, {
        [`${prop}Top`]: f(t),
        [`${prop}Right`]: f(r),
        [`${prop}Bottom`]: f(b),
        [`${prop}Left`]: f(l),
      });
    } else if (prop === 'border') {
      const s = border(value);
      Object.assign(out, { borderTop: s, borderRight: s, borderBottom: s, borderLeft: s });
    } else if (/^border-(top|right|bottom|left)$/.test(prop)) out[camel(prop)] = border(value);
    else if (prop === 'border-spacing') {
      const [h, v] = value.split(/\s+/);
      out.borderSpacing = [parseFloat(h!), parseFloat(v ?? h!)];
    } else if (prop === 'line-height') out.lineHeight = parseFloat(value);
    else if (prop === 'text-align' && value.startsWith('-webkit-')) out.legacyAlign = value.slice(8);
    else if (prop === 'writing-mode') out.writingMode = value;
    else if (prop === 'column-count') out.columnCount = parseInt(value, 10);
    else if (prop === 'column-gap') out.columnGap = length(value);
    else throw new Error(`table-html: unsupported property ${prop}`);
  }
  return out as StyleProps;
}
