import type { ContentItem, TargetRef } from '@platen/layout';
import { splitCommas, words, type CV } from '../tokenizer.js';
import { longhand, identOf, keyword, single } from './registry.js';
import { parseImage } from './background.js';

/** `content` (Generated Content 3 §1): strings, attr(), counter(s)(), url(), quotes; target-counter(), target-text(), leader() (CSS GCPM 3). */
export function contentList(cvs: readonly CV[]): readonly ContentItem[] | 'normal' | 'none' | undefined {
  const id = identOf(cvs);
  if (id === 'normal' || id === 'none') return id;
  const items: ContentItem[] = [];
  for (const cv of words(cvs)) {
    if (cv.t === 'delim' && cv.v === '/') break; // alternative text follows
    const item = contentItem(cv);
    if (item === undefined) return undefined;
    if (item !== null) items.push(item);
  }
  return items;
}

/** CSS GCPM 3 §3.1: the leader keywords' strings. */
const LEADER_PATTERNS: ReadonlyMap<string, string> = new Map([
  ['dotted', '. '],
  ['solid', '_'],
  ['space', ' '],
]);
const TARGET_TEXT_PARTS = new Set(['content', 'before', 'after', 'first-letter']);

/** The `<url>` of target-counter()/target-text(): `attr(href url)`, `attr(href)`, `url(#id)` or a string. */
function targetRef(arg: readonly CV[] | undefined): TargetRef | undefined {
  if (arg?.length !== 1) return undefined;
  const a = arg[0]!;
  if (a.t === 'str' || a.t === 'url') return { url: a.v };
  if (a.t !== 'fn') return undefined;
  if (a.v === 'url') {
    const s = a.args.find((x) => x.t === 'str');
    return s?.t === 'str' ? { url: s.v } : undefined;
  }
  const name = a.v === 'attr' ? words(a.args)[0] : undefined;
  return name?.t === 'ident' ? { attr: name.v.toLowerCase() } : undefined;
}

function contentItem(cv: CV): ContentItem | null | undefined {
  if (cv.t === 'str') return { kind: 'string', value: cv.v };
  if (cv.t === 'url') return { kind: 'url', url: cv.v };
  if (cv.t === 'ident') {
    const id = cv.v.toLowerCase();
    if (id === 'open-quote' || id === 'close-quote') return { kind: id };
    return id === 'no-open-quote' || id === 'no-close-quote' ? null : undefined;
  }
  if (cv.t !== 'fn') return undefined;
  const args = splitCommas(cv.args).map((a) => words(a));
  const identArg = (i: number): string | undefined => {
    const a = args[i]?.[0];
    return a?.t === 'ident' ? a.v : undefined;
  };
  // <counter-style> is a name (or symbols()): a string there, or an argument too many, makes the
  // whole declaration invalid (CSS Lists 3 §4.2; Chromium drops `counter(c, "-ro-spelled-out")`).
  const styleArg = (i: number): string | undefined => {
    if (args.length > i + 1) return undefined;
    const a = args[i];
    if (a === undefined) return 'decimal';
    if (a.length !== 1) return undefined;
    if (a[0]!.t === 'ident') return a[0]!.v.toLowerCase();
    return a[0]!.t === 'fn' ? 'decimal' : undefined;
  };
  switch (cv.v) {
    case 'attr': {
      const name = identArg(0);
      return name === undefined ? undefined : { kind: 'attr', name: name.toLowerCase() };
    }
    case 'counter': {
      const name = identArg(0);
      const style = styleArg(1);
      return name === undefined || !style ? undefined : { kind: 'counter', name, style };
    }
    case 'counters': {
      const name = identArg(0);
      const sep = args[1]?.[0];
      const style = styleArg(2);
      if (name === undefined || sep?.t !== 'str' || !style) return undefined;
      return { kind: 'counters', name, separator: sep.v, style };
    }
    case 'url': {
      const s = cv.args.find((a) => a.t === 'str');
      return s?.t === 'str' ? { kind: 'url', url: s.v } : undefined;
    }
    case 'target-counter': {
      const target = targetRef(args[0]);
      const name = identArg(1);
      const style = args.length > 2 ? styleArg(2) : 'decimal';
      return target && name !== undefined && style ? { kind: 'target-counter', target, name, style } : undefined;
    }
    case 'target-text': {
      const target = targetRef(args[0]);
      const part = args.length > 1 ? identArg(1)?.toLowerCase() : 'content';
      // before, after and first-letter are not kept apart: the whole text stands for them.
      return target && args.length <= 2 && part !== undefined && TARGET_TEXT_PARTS.has(part)
        ? { kind: 'target-text', target }
        : undefined;
    }
    case 'leader': {
      if (args.length !== 1 || args[0]!.length !== 1) return undefined;
      const a = args[0]![0]!;
      const pattern = a.t === 'str' ? a.v : a.t === 'ident' ? LEADER_PATTERNS.get(a.v.toLowerCase()) : undefined;
      return pattern ? { kind: 'leader', pattern } : undefined;
    }
    default:
      return undefined;
  }
}

/** counter-reset/increment/set: `none | [<name> <integer>?]+`. */
function counterList(defaultValue: number) {
  return (cvs: readonly CV[]): readonly { name: string; value: number }[] | undefined => {
    if (identOf(cvs) === 'none') return [];
    const out: { name: string; value: number }[] = [];
    for (const cv of words(cvs)) {
      if (cv.t === 'ident') out.push({ name: cv.v, value: defaultValue });
      else if (cv.t === 'num' && cv.unit === '' && Number.isInteger(cv.v) && out.length > 0)
        out[out.length - 1] = { ...out[out.length - 1]!, value: cv.v };
      else if (cv.t === 'fn' && cv.v === 'reversed' && cv.args[0]?.t === 'ident')
        out.push({ name: cv.args[0].v, value: defaultValue });
      else return undefined;
    }
    return out;
  };
}

/** list-style-type: a counter style name, or a string given as `"` + its value. */
export function listStyleType(cvs: readonly CV[]): string | undefined {
  const cv = single(cvs);
  if (cv?.t === 'str') return `"${cv.v}`;
  if (cv?.t === 'ident') return cv.v.toLowerCase();
  return undefined;
}

/** The longhands of this group, in compute order (properties/index.ts). */
export const CONTENT_LONGHANDS = {
  content: longhand('content', false, 'normal', contentList),
  'counter-reset': longhand('counterReset', false, [], counterList(0)),
  'counter-increment': longhand('counterIncrement', false, [], counterList(1)),
  'counter-set': longhand('counterSet', false, [], counterList(0)),
  quotes: longhand('quotes', true, 'auto', (cvs) => {
    const id = identOf(cvs);
    if (id === 'auto' || id === 'none') return id;
    const w = words(cvs);
    if (w.length === 0 || w.length % 2 !== 0 || w.some((cv) => cv.t !== 'str')) return undefined;
    return w.map((cv) => (cv as { v: string }).v);
  }),
  'list-style-type': longhand('listStyleType', true, 'disc', listStyleType),
  'list-style-position': longhand('listStylePosition', true, 'outside', keyword(['outside', 'inside'] as const)),
  'list-style-image': longhand('listStyleImage', true, null, (cvs, ctx) => parseImage(cvs, ctx)),
};
