import type { GridLine, TrackList, TrackSize } from '@platen/layout';
import { parseLength, parseNumber } from '../values.js';
import { words, type CV } from '../tokenizer.js';
import { color, longhand, partOf, identOf, keyword, length, number, single, type ComputeContext } from './registry.js';
import { lineWidth } from './box.js';

/**
 * An alignment value (Align 3 §4): `unsafe`, `first` and `legacy` dropped (the defaults, or
 * not modelled), `safe` kept as a prefix of a positional value ("safe center", §4.4) and `last`
 * of a baseline ("last baseline", §4.2), which layout reads through items/alignment.ts.
 */
function alignment(allowed: readonly string[]) {
  return (cvs: readonly CV[]): string | undefined => {
    const ids = words(cvs).map((cv) => (cv.t === 'ident' ? cv.v.toLowerCase() : '?'));
    const core = ids.filter(
      (id) => id !== 'safe' && id !== 'unsafe' && id !== 'first' && id !== 'last' && id !== 'legacy',
    );
    if (core.length !== 1 || !allowed.includes(core[0]!)) return undefined;
    const value = core[0] === 'self-start' ? 'start' : core[0] === 'self-end' ? 'end' : core[0]!;
    if (ids.includes('safe') && POSITIONAL.includes(value)) return `safe ${value}`;
    return ids.includes('last') && value === 'baseline' ? 'last baseline' : value;
  };
}
const POSITIONAL = ['start', 'end', 'center', 'flex-start', 'flex-end', 'left', 'right', 'self-start', 'self-end'];

// Grid (Grid 1 §7).
function trackSize(cv: CV, ctx: ComputeContext): TrackSize | null {
  if (cv.t === 'ident') {
    const id = cv.v.toLowerCase();
    return id === 'auto' || id === 'min-content' || id === 'max-content' ? { kind: id } : null;
  }
  if (cv.t === 'num' && cv.unit === 'fr') return cv.v >= 0 ? { kind: 'fr', value: cv.v } : null;
  if (cv.t === 'fn' && cv.v === 'minmax') {
    const parts = splitArgs(cv.args);
    if (parts.length !== 2) return null;
    const min = trackSize(parts[0]!, ctx);
    const max = trackSize(parts[1]!, ctx);
    return min && max ? { kind: 'minmax', min, max } : null;
  }
  if (cv.t === 'fn' && cv.v === 'fit-content') {
    const l = parseLength(
      cv.args.find((a) => a.t !== 'ws'),
      ctx.len,
      { negative: false },
    );
    return l === null ? null : { kind: 'fit-content', value: l };
  }
  const l = parseLength(cv, ctx.len, { negative: false });
  return l === null ? null : { kind: 'length', value: l };
}

function splitArgs(args: readonly CV[]): CV[] {
  return words(args).filter((cv) => !(cv.t === 'delim' && cv.v === ','));
}

function lineNames(cv: CV): string[] | null {
  return cv.t === 'block' && cv.v === '[' ? words(cv.items).map((n) => (n.t === 'ident' ? n.v : '')) : null;
}

/**
 * `subgrid <line-name-list>?` (CSS Grid 2 §9.1): only line names, `repeat(n, [names]+)` expanded;
 * one `repeat(auto-fill, [names]+)` kept (as `autoRepeat` with no tracks) for the subgrid to
 * repeat as many times as its lines allow.
 */
function subgridList(rest: readonly CV[]): TrackList | undefined {
  const names: string[][] = [];
  let autoRepeat: TrackList['autoRepeat'] = null;
  for (const cv of rest) {
    const ln = lineNames(cv);
    if (ln) {
      names.push(ln);
      continue;
    }
    if (cv.t !== 'fn' || cv.v !== 'repeat') return undefined;
    const comma = cv.args.findIndex((a) => a.t === 'delim' && a.v === ',');
    const count = words(cv.args.slice(0, comma))[0];
    const body = words(cv.args.slice(comma + 1)).map(lineNames);
    if (!body.length || body.some((b) => b === null)) return undefined;
    if (count?.t === 'ident' && count.v.toLowerCase() === 'auto-fill' && !autoRepeat) {
      autoRepeat = { type: 'auto-fill', index: names.length, tracks: [], lineNames: body as string[][] };
      continue;
    }
    if (count?.t !== 'num' || count.v < 1) return undefined;
    for (let k = 0; k < Math.min(count.v, 1000); k++) names.push(...(body as string[][]));
  }
  return { tracks: [], lineNames: names, autoRepeat, subgrid: true };
}

/** `<track-list>` with `repeat(n, …)` expanded and `repeat(auto-fill|auto-fit, …)` kept. */
function trackList(cvs: readonly CV[], ctx: ComputeContext): TrackList | 'none' | undefined {
  if (identOf(cvs) === 'none') return 'none';
  const all = words(cvs);
  if (all[0]?.t === 'ident' && all[0].v.toLowerCase() === 'subgrid') return subgridList(all.slice(1));
  const tracks: TrackSize[] = [];
  const names: string[][] = [[]];
  let autoRepeat: TrackList['autoRepeat'] = null;
  const add = (items: readonly CV[], into: { tracks: TrackSize[]; names: string[][] }): boolean => {
    for (const cv of items) {
      const ln = lineNames(cv);
      if (ln) {
        into.names[into.names.length - 1]!.push(...ln);
        continue;
      }
      if (cv.t === 'fn' && cv.v === 'repeat') {
        const comma = cv.args.findIndex((a) => a.t === 'delim' && a.v === ',');
        const countCv = words(cv.args.slice(0, comma))[0];
        const body = words(cv.args.slice(comma + 1));
        if (
          countCv?.t === 'ident' &&
          (countCv.v === 'auto-fill' || countCv.v === 'auto-fit') &&
          into.tracks === tracks
        ) {
          const inner = { tracks: [] as TrackSize[], names: [[]] as string[][] };
          if (!add(body, inner)) return false;
          // The names written before the repeat name its first line; the slot then collects the
          // names after it (the line after the last repetition, CSS Grid §7.2.3.2).
          const before = names[names.length - 1]!;
          names[names.length - 1] = [];
          autoRepeat = { type: countCv.v, index: tracks.length, tracks: inner.tracks, lineNames: inner.names, before };
          continue;
        }
        const count = parseNumber(countCv, ctx.len);
        if (count === null || count < 1) return false;
        for (let k = 0; k < Math.min(count, 1000); k++) if (!add(body, into)) return false;
        continue;
      }
      const t = trackSize(cv, ctx);
      if (!t) return false;
      into.tracks.push(t);
      into.names.push([]);
    }
    return true;
  };
  if (!add(words(cvs), { tracks, names })) return undefined;
  return { tracks, lineNames: names, autoRepeat };
}
function trackSizes(cvs: readonly CV[], ctx: ComputeContext): readonly TrackSize[] | undefined {
  const out = words(cvs).map((cv) => trackSize(cv, ctx));
  return out.length > 0 && out.every((t) => t !== null) ? out : undefined;
}
export function gridLine(cvs: readonly CV[]): GridLine | undefined {
  const w = words(cvs);
  if (w.length === 1 && w[0]!.t === 'ident') {
    const id = w[0]!.v;
    return id.toLowerCase() === 'auto' ? { kind: 'auto' } : { kind: 'name', name: id };
  }
  let span = false;
  let index: number | null = null;
  let name: string | null = null;
  for (const cv of w) {
    if (cv.t === 'ident' && cv.v.toLowerCase() === 'span') span = true;
    else if (cv.t === 'num' && cv.unit === '' && Number.isInteger(cv.v) && cv.v !== 0) index = cv.v;
    else if (cv.t === 'ident') name = cv.v;
    else return undefined;
  }
  if (span) return { kind: 'span', count: Math.max(1, index ?? 1), name };
  return index === null ? undefined : { kind: 'line', index, name };
}

// Fragmentation (Fragmentation 3 §3) and paged media.
const BREAKS = [
  'auto',
  'avoid',
  'page',
  'left',
  'right',
  'avoid-page',
  'column',
  'avoid-column',
  'recto',
  'verso',
] as const;

/** The longhands of this group, in compute order (properties/index.ts). */
/** `auto` or a non-negative length without percentages (`column-width`, `column-height`). */
function autoOrLength(cvs: readonly CV[], ctx: ComputeContext): number | 'auto' | undefined {
  if (identOf(cvs) === 'auto') return 'auto';
  const v = parseLength(single(cvs), ctx.len, { percent: false, negative: false });
  return typeof v === 'number' ? v : undefined;
}

export const LAYOUT_MODE_LONGHANDS = {
  // Flexbox (Flexbox 1 §5, §7) and box alignment (Align 3).
  'flex-direction': longhand(
    'flexDirection',
    false,
    'row',
    keyword(['row', 'row-reverse', 'column', 'column-reverse'] as const),
  ),
  'flex-wrap': longhand('flexWrap', false, 'nowrap', keyword(['nowrap', 'wrap', 'wrap-reverse'] as const)),
  'flex-grow': longhand('flexGrow', false, 0, number({ min: 0 })),
  'flex-shrink': longhand('flexShrink', false, 1, number({ min: 0 })),
  'flex-basis': longhand('flexBasis', false, 'auto', (cvs, ctx) =>
    identOf(cvs) === 'content' ? 'content' : length({ auto: true, negative: false })(cvs, ctx),
  ),
  order: longhand('order', false, 0, number({ integer: true })),
  'justify-content': longhand(
    'justifyContent',
    false,
    'normal',
    alignment(['normal', 'stretch', 'space-between', 'space-around', 'space-evenly', ...POSITIONAL]),
  ),
  'align-content': longhand(
    'alignContent',
    false,
    'normal',
    alignment(['normal', 'stretch', 'space-between', 'space-around', 'space-evenly', 'baseline', ...POSITIONAL]),
  ),
  'align-items': longhand('alignItems', false, 'normal', alignment(['normal', 'stretch', 'baseline', ...POSITIONAL])),
  'align-self': longhand(
    'alignSelf',
    false,
    'auto',
    alignment(['auto', 'normal', 'stretch', 'baseline', ...POSITIONAL]),
  ),
  'justify-items': longhand(
    'justifyItems',
    false,
    'normal',
    alignment(['normal', 'stretch', 'baseline', ...POSITIONAL]),
  ),
  'justify-self': longhand(
    'justifySelf',
    false,
    'auto',
    alignment(['auto', 'normal', 'stretch', 'baseline', ...POSITIONAL]),
  ),
  'row-gap': longhand('rowGap', false, 'normal', length({ normal: true, negative: false })),
  'column-gap': longhand('columnGap', false, 'normal', length({ normal: true, negative: false })),
  'grid-template-columns': longhand('gridTemplateColumns', false, 'none', trackList),
  'grid-template-rows': longhand('gridTemplateRows', false, 'none', trackList),
  'grid-auto-columns': longhand('gridAutoColumns', false, [{ kind: 'auto' }], trackSizes),
  'grid-auto-rows': longhand('gridAutoRows', false, [{ kind: 'auto' }], trackSizes),
  'grid-template-areas': longhand('gridTemplateAreas', false, 'none', (cvs) => {
    if (identOf(cvs) === 'none') return 'none';
    const rows = words(cvs).map((cv) => (cv.t === 'str' ? cv.v.trim().split(/\s+/) : null));
    if (rows.some((r) => r === null) || rows.length === 0) return undefined;
    const width = rows[0]!.length;
    return rows.every((r) => r!.length === width) ? (rows as string[][]) : undefined;
  }),
  'grid-auto-flow': longhand('gridAutoFlow', false, { direction: 'row', dense: false }, (cvs) => {
    const ids = words(cvs).map((cv) => (cv.t === 'ident' ? cv.v.toLowerCase() : '?'));
    if (ids.length === 0 || ids.some((id) => !['row', 'column', 'dense'].includes(id))) return undefined;
    return { direction: ids.includes('column') ? 'column' : 'row', dense: ids.includes('dense') };
  }),
  'grid-row-start': longhand('gridRowStart', false, { kind: 'auto' }, gridLine),
  'grid-row-end': longhand('gridRowEnd', false, { kind: 'auto' }, gridLine),
  'grid-column-start': longhand('gridColumnStart', false, { kind: 'auto' }, gridLine),
  'grid-column-end': longhand('gridColumnEnd', false, { kind: 'auto' }, gridLine),
  // Multi-column (Multicol 1 §3, §4).
  'column-count': longhand('columnCount', false, 'auto', (cvs, ctx) =>
    identOf(cvs) === 'auto' ? 'auto' : number({ min: 1, integer: true })(cvs, ctx),
  ),
  'column-width': longhand('columnWidth', false, 'auto', autoOrLength),
  'column-rule-width': partOf('columnRule', false, 3, lineWidth),
  'column-rule-style': partOf(
    'columnRule',
    false,
    'none',
    keyword(['none', 'hidden', 'solid', 'dashed', 'dotted', 'double', 'groove', 'ridge', 'inset', 'outset'] as const),
  ),
  'column-rule-color': partOf('columnRule', false, 'currentcolor', color),
  'column-span': longhand('columnSpan', false, 'none', keyword(['none', 'all'] as const)),
  'column-fill': longhand(
    'columnFill',
    false,
    'balance',
    keyword(['balance', 'auto'] as const, { 'balance-all': 'balance' }),
  ),
  // Rows of columns (CSS Multicol 2 §3.3 column-height, §3.4 column-wrap).
  'column-height': longhand('columnHeight', false, 'auto', autoOrLength),
  'column-wrap': longhand('columnWrap', false, 'auto', keyword(['auto', 'nowrap', 'wrap'] as const)),
  // Tables (CSS 2.2 §17).
  'border-collapse': longhand('borderCollapse', true, 'separate', keyword(['separate', 'collapse'] as const)),
  'border-spacing': longhand('borderSpacing', true, [0, 0], (cvs, ctx) => {
    const w = words(cvs);
    const v = w.map((cv) => parseLength(cv, ctx.len, { percent: false, negative: false }));
    if (w.length < 1 || w.length > 2 || v.some((x) => typeof x !== 'number')) return undefined;
    return [v[0] as number, (v[1] ?? v[0]) as number];
  }),
  'table-layout': longhand('tableLayout', false, 'auto', keyword(['auto', 'fixed'] as const)),
  'caption-side': longhand('captionSide', true, 'top', keyword(['top', 'bottom'] as const)),
  'empty-cells': longhand('emptyCells', true, 'show', keyword(['show', 'hide'] as const)),
  // Fragmentation 4's `always` and `all` are not values Chromium 156 takes: the declaration is dropped
  // (measured, `break-before: always` breaks nothing; `page-break-before: always` is `page`).
  'break-before': longhand('breakBefore', false, 'auto', keyword(BREAKS)),
  'break-after': longhand('breakAfter', false, 'auto', keyword(BREAKS)),
  'break-inside': longhand(
    'breakInside',
    false,
    'auto',
    keyword(['auto', 'avoid', 'avoid-page', 'avoid-column'] as const),
  ),
  orphans: longhand('orphans', true, 2, number({ min: 1, integer: true })),
  widows: longhand('widows', true, 2, number({ min: 1, integer: true })),
  page: longhand('page', false, 'auto', (cvs) => {
    const cv = single(cvs);
    return cv?.t === 'ident' ? (cv.v.toLowerCase() === 'auto' ? 'auto' : cv.v) : undefined;
  }),
  'box-decoration-break': longhand('boxDecorationBreak', false, 'slice', keyword(['slice', 'clone'] as const)),
};
