import type { GridLine, TrackList, TrackSize } from '../../src/style.js';
import { el, type ElSpec, type StyleProps } from '../helpers/style.js';
import { camel, declarations, length, lengthOrAuto, readHtml, sides } from '../helpers/html-reader.js';

/**
 * A tiny HTML + inline-style reader for Chromium comparison tests: the same snippet is fed
 * to Chromium (to take the expected geometry) and, through this, to the engine. Supports the
 * sizing, box model, flex, grid and multi-column properties the tests use, in px and %.
 */
export function htmlSpec(html: string): ElSpec {
  return readHtml(html, (tag, attrs) =>
    el(tag, { ...parseStyle(attrs.style ?? ''), attrs: attrs.id ? { id: attrs.id } : {} }),
  );
}

function parseStyle(css: string): StyleProps {
  const out: Record<string, unknown> = {};
  for (const [prop, value] of declarations(css)) apply(out, prop, value);
  return out as StyleProps;
}

const NUMBERS = new Set(['flex-grow', 'flex-shrink', 'order', 'font-size']);
const KEYWORDS = new Set([
  'display',
  'flex-direction',
  'flex-wrap',
  'justify-content',
  'align-items',
  'align-self',
  'align-content',
  'justify-items',
  'justify-self',
  'box-sizing',
  'overflow',
  'position',
  'break-inside',
  'break-before',
  'break-after',
  'column-span',
  'column-fill',
  'direction',
  'box-decoration-break',
]);
const LENGTHS = new Set([
  'width',
  'height',
  'min-width',
  'min-height',
  'max-width',
  'max-height',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'row-gap',
  'column-gap',
  'flex-basis',
  'top',
  'right',
  'bottom',
  'left',
]);

function apply(out: Record<string, unknown>, prop: string, value: string): void {
  if (NUMBERS.has(prop)) out[camel(prop)] = parseFloat(value);
  else if (KEYWORDS.has(prop)) out[camel(prop)] = value;
  else if (LENGTHS.has(prop))
    out[camel(prop)] =
      value === 'none' || value === 'normal' || value === 'content' || value.endsWith('-content')
        ? value
        : lengthOrAuto(value);
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
    const side = { width: parseFloat(value), style: 'solid', color: { r: 0, g: 0, b: 0, a: 1 } };
    Object.assign(out, { borderTop: side, borderRight: side, borderBottom: side, borderLeft: side });
  } else if (prop === 'gap') {
    const [r, c] = value.split(/\s+/);
    out.rowGap = length(r!);
    out.columnGap = length(c ?? r!);
  } else if (prop === 'flex') flexShorthand(out, value);
  else if (prop === 'line-height') out.lineHeight = value === 'normal' ? 'normal' : parseFloat(value);
  else if (prop === 'grid-template-columns' || prop === 'grid-template-rows')
    out[camel(prop)] = value === 'none' ? 'none' : trackList(value);
  else if (prop === 'grid-auto-columns' || prop === 'grid-auto-rows') out[camel(prop)] = trackList(value).tracks;
  else if (prop === 'grid-template-areas')
    out.gridTemplateAreas = [...value.matchAll(/'([^']*)'/g)].map((a) => a[1]!.trim().split(/\s+/));
  else if (prop === 'grid-auto-flow')
    out.gridAutoFlow = { direction: value.includes('column') ? 'column' : 'row', dense: value.includes('dense') };
  else if (prop === 'grid-column' || prop === 'grid-row') {
    const [s, e] = value.split('/').map((x) => x.trim());
    const key = prop === 'grid-column' ? 'gridColumn' : 'gridRow';
    out[`${key}Start`] = gridLine(s!);
    out[`${key}End`] = e
      ? gridLine(e)
      : s && !s.startsWith('span') && !/^-?\d/.test(s)
        ? gridLine(s)
        : { kind: 'auto' };
  } else if (prop === 'grid-area') {
    const [rs, cs, re, ce] = value.split('/').map((x) => x.trim());
    const auto = (v: string | undefined, fallback: string): GridLine =>
      v ? gridLine(v) : /^[a-z]/.test(fallback) ? gridLine(fallback) : { kind: 'auto' };
    Object.assign(out, {
      gridRowStart: gridLine(rs!),
      gridColumnStart: auto(cs, rs!),
      gridRowEnd: auto(re, rs!),
      gridColumnEnd: auto(ce, cs ?? rs!),
    });
  } else if (
    prop === 'grid-column-start' ||
    prop === 'grid-column-end' ||
    prop === 'grid-row-start' ||
    prop === 'grid-row-end'
  )
    out[camel(prop)] = gridLine(value);
  else if (prop === 'writing-mode') {
    if (value !== 'horizontal-tb') out.writingMode = value;
  } else if (prop === 'column-count') out.columnCount = value === 'auto' ? 'auto' : parseInt(value, 10);
  else if (prop === 'column-width') out.columnWidth = value === 'auto' ? 'auto' : parseFloat(value);
  else if (prop === 'column-rule')
    out.columnRule = { width: parseFloat(value), style: 'solid', color: { r: 0, g: 0, b: 0, a: 1 } };
  // Size containment with no contain-intrinsic-size (CSS Contain 2 §3.2).
  else if (prop === 'contain' && value === 'size') out.sizeContainment = { block: true, width: 0, height: 0 };
  else if (prop === 'aspect-ratio' && /^[\d.]+\s*\/\s*[\d.]+$/.test(value)) {
    const [w, h] = value.split('/').map((x) => parseFloat(x));
    out.aspectRatio = { ratio: w! / h!, auto: false };
  } else if (prop === 'transform' && /^translateX\(([^)]+)\)$/.test(value))
    out.transform = [{ kind: 'translate', x: length(/\(([^)]+)\)/.exec(value)![1]!), y: 0 }];
  else if (prop === 'text-align' || prop === 'direction' || prop === 'caption-side') out[camel(prop)] = value;
  else throw new Error(`html-spec: unsupported property ${prop}`);
}

function flexShorthand(out: Record<string, unknown>, value: string): void {
  if (value === 'none') return void Object.assign(out, { flexGrow: 0, flexShrink: 0, flexBasis: 'auto' });
  if (value === 'auto') return void Object.assign(out, { flexGrow: 1, flexShrink: 1, flexBasis: 'auto' });
  const parts = value.split(/\s+/);
  const grow = parseFloat(parts[0]!);
  const shrink = parts[1] !== undefined && /^[\d.]+$/.test(parts[1]) ? parseFloat(parts[1]) : 1;
  const basisPart = parts.find((p, i) => i > 0 && !/^[\d.]+$/.test(p));
  Object.assign(out, { flexGrow: grow, flexShrink: shrink, flexBasis: basisPart ? lengthOrAuto(basisPart) : 0 });
}

function gridLine(v: string): GridLine {
  if (v === 'auto') return { kind: 'auto' };
  const span = /^span\s+(\d+)?\s*([a-z][\w-]*)?$/.exec(v);
  if (span) return { kind: 'span', count: span[1] ? parseInt(span[1], 10) : 1, name: span[2] ?? null };
  if (/^-?\d+$/.test(v)) return { kind: 'line', index: parseInt(v, 10), name: null };
  const named = /^(-?\d+)\s+([a-z][\w-]*)$/.exec(v) ?? /^()([a-z][\w-]*)\s+(-?\d+)$/.exec(v);
  if (named) return { kind: 'line', index: parseInt(named[1] || named[3]!, 10), name: named[2]! };
  return { kind: 'name', name: v };
}

/** `[a] 100px repeat(2, 1fr) minmax(10px, auto) [b]` → TrackList. */
export function trackList(value: string): TrackList {
  if (value.startsWith('subgrid')) {
    const names = [...value.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!.trim().split(/\s+/).filter(Boolean));
    return { tracks: [], lineNames: names, autoRepeat: null, subgrid: true };
  }
  const tokens =
    value.match(/\[[^\]]*\]|repeat\((?:[^()]|\([^()]*\))*\)|minmax\([^()]*\)|fit-content\([^()]*\)|[^\s]+/g) ?? [];
  const tracks: TrackSize[] = [];
  const lineNames: string[][] = [[]];
  let autoRepeat: TrackList['autoRepeat'] = null;
  for (const t of tokens) {
    if (t.startsWith('[')) lineNames[tracks.length]!.push(...t.slice(1, -1).trim().split(/\s+/).filter(Boolean));
    else if (t.startsWith('repeat(')) {
      const inner = t.slice(7, -1);
      const comma = inner.indexOf(',');
      const count = inner.slice(0, comma).trim();
      const sub = trackList(inner.slice(comma + 1).trim());
      if (count === 'auto-fill' || count === 'auto-fit') {
        const before = lineNames[tracks.length]!;
        lineNames[tracks.length] = [];
        autoRepeat = { type: count, index: tracks.length, tracks: sub.tracks, lineNames: sub.lineNames, before };
      } else {
        for (let i = 0; i < parseInt(count, 10); i++) {
          sub.tracks.forEach((tr, k) => {
            lineNames[tracks.length]!.push(...sub.lineNames[k]!);
            tracks.push(tr);
            lineNames.push([]);
          });
          lineNames[tracks.length]!.push(...sub.lineNames[sub.tracks.length]!);
        }
      }
    } else {
      tracks.push(trackSize(t));
      lineNames.push([]);
    }
  }
  return { tracks, lineNames, autoRepeat };
}

function trackSize(t: string): TrackSize {
  if (t.endsWith('fr')) return { kind: 'fr', value: parseFloat(t) };
  if (t === 'auto' || t === 'min-content' || t === 'max-content') return { kind: t };
  if (t.startsWith('minmax(')) {
    const [a, b] = t
      .slice(7, -1)
      .split(',')
      .map((x) => x.trim());
    return { kind: 'minmax', min: trackSize(a!), max: trackSize(b!) };
  }
  if (t.startsWith('fit-content(')) return { kind: 'fit-content', value: length(t.slice(12, -1)) };
  return { kind: 'length', value: length(t) };
}
