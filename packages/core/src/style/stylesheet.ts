import { tokenize, type Token } from './tokenizer.js';
import { matchesMedia, type MediaContext } from './media-queries.js';
import { supportsApplies } from './supports.js';

export { matchesMedia, type MediaContext } from './media-queries.js';

/** One `property: value [!important]` as written; `name` lower-cased except custom properties. */
export interface Declaration {
  readonly name: string;
  readonly value: string;
  readonly important: boolean;
  /** Line of the name in its stylesheet, from 1 (absent in a `style` attribute). */
  readonly line?: number;
}

export type SheetItem =
  | {
      readonly kind: 'style';
      readonly selector: string;
      readonly declarations: readonly Declaration[];
      /** Cascade layer rank (order of first declaration); undefined when not in a layer. */
      readonly layer?: number;
    }
  | { readonly kind: 'import'; readonly url: string; readonly media: string }
  | { readonly kind: 'font-face'; readonly declarations: readonly Declaration[] }
  /** `@property <name> { syntax; inherits; initial-value }` (CSS Properties and Values API 1 §3). */
  | { readonly kind: 'property'; readonly name: string; readonly declarations: readonly Declaration[] }
  | {
      readonly kind: 'page';
      readonly selector: string;
      readonly declarations: readonly Declaration[];
      readonly marginBoxes: readonly { readonly name: string; readonly declarations: readonly Declaration[] }[];
      /** Which of the document's style sheets (`<style>` or `<link>`, with its imports) it is in, in order. */
      readonly sheet?: number;
    };

export interface ParsedSheet {
  readonly items: readonly SheetItem[];
  /** Problems worth a warning (unknown at-rules are not problems: they are skipped silently). */
  readonly errors: readonly string[];
}

/** Cascade layer names in the order they were first declared (Cascade 5 §6.4), shared by a document's sheets. */
export interface LayerRegistry {
  readonly order: Map<string, number>;
  anonymous: number;
}

export function createLayerRegistry(): LayerRegistry {
  return { order: new Map(), anonymous: 0 };
}

interface ParseState {
  readonly media: MediaContext;
  readonly out: SheetItem[];
  readonly errors: string[];
  readonly layers: LayerRegistry;
  readonly layer: string | null;
  /** Grouping rules (@media, @supports, @layer) around the current rule list. */
  readonly depth?: number;
}

/**
 * Grouping rules nested deeper than this are dropped with an error: parsing recurses per
 * level, and `@media print {` repeated 10⁴ times would overflow the stack. Real
 * stylesheets nest two or three levels.
 */
const MAX_RULE_NESTING = 64;

interface Cursor {
  readonly css: string;
  readonly tokens: readonly Token[];
  i: number;
  /** Offsets where lines start, made on first use; null when declarations carry no line (a style attribute). */
  lineStarts?: number[] | null;
}

/** The line (from 1) of source offset `at`. */
function lineOf(c: Cursor, at: number): number | undefined {
  if (c.lineStarts === null) return undefined;
  if (c.lineStarts === undefined) {
    c.lineStarts = [0];
    for (let k = c.css.indexOf('\n'); k >= 0; k = c.css.indexOf('\n', k + 1)) c.lineStarts.push(k + 1);
  }
  let lo = 0;
  let hi = c.lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (c.lineStarts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** Parse a stylesheet (CSS Syntax §5.3.3), flattening `@media`/`@supports` that apply to print. */
export function parseStylesheet(
  css: string,
  media: MediaContext,
  layers: LayerRegistry = createLayerRegistry(),
): ParsedSheet {
  // A byte order mark opening the sheet is not content (CSS Syntax 3 §3.2, decode: removed with the BOM sniff).
  if (css.charCodeAt(0) === 0xfeff) css = css.slice(1);
  const cursor: Cursor = { css, tokens: tokenize(css), i: 0 };
  const state: ParseState = { media, out: [], errors: [], layers, layer: null };
  parseRuleList(cursor, cursor.tokens.length, state, true);
  return { items: state.out, errors: state.errors };
}

function layerRank(state: ParseState, name: string): number {
  let rank = state.layers.order.get(name);
  if (rank === undefined) state.layers.order.set(name, (rank = state.layers.order.size));
  return rank;
}

/** Source text of tokens [from, to), without comments (they are not tokens). */
function text(c: Cursor, from: number, to: number): string {
  let out = '';
  for (let k = from; k < to; k++) {
    const t = c.tokens[k]!;
    out += t.t === 'ws' ? ' ' : c.css.slice(t.s, t.e);
  }
  return out.trim();
}

/** Index of the token closing the block opened at `open` (a `{`), or `end`. */
function blockEnd(c: Cursor, open: number, end: number): number {
  let depth = 0;
  for (let k = open; k < end; k++) {
    const t = c.tokens[k]!;
    if (t.t !== 'delim') continue;
    if (t.v === '{') depth++;
    else if (t.v === '}' && --depth === 0) return k;
  }
  return end;
}

/** Scan a prelude up to `{` or `;` at nesting level 0. */
function preludeEnd(c: Cursor, from: number, end: number): number {
  let parens = 0;
  for (let k = from; k < end; k++) {
    const t = c.tokens[k]!;
    if (t.t === 'func') parens++;
    else if (t.t === 'delim') {
      if (t.v === '(' || t.v === '[') parens++;
      else if (t.v === ')' || t.v === ']') parens = Math.max(0, parens - 1);
      else if (parens === 0 && (t.v === '{' || t.v === ';')) return k;
    }
  }
  return end;
}

function parseRuleList(c: Cursor, end: number, state: ParseState, topLevel: boolean): void {
  while (c.i < end) {
    const tok = c.tokens[c.i]!;
    if (tok.t === 'ws' || (tok.t === 'delim' && tok.v === ';')) {
      c.i++;
      continue;
    }
    const stop = preludeEnd(c, c.i, end);
    const stopTok = c.tokens[stop];
    const hasBlock = stopTok?.t === 'delim' && stopTok.v === '{';
    const close = hasBlock ? blockEnd(c, stop, end) : stop;
    if (tok.t === 'at') {
      parseAtRule(c, tok.v, c.i + 1, stop, hasBlock ? stop + 1 : -1, close, state, topLevel);
    } else if (hasBlock) {
      parseStyleBlock(c, stop + 1, close, text(c, c.i, stop), state);
    } else if (text(c, c.i, stop) !== '') {
      state.errors.push(`Ignored CSS without a block: "${text(c, c.i, stop).slice(0, 40)}"`);
    }
    c.i = close + 1;
  }
}

function pushStyle(state: ParseState, selector: string, declarations: readonly Declaration[]): void {
  if (declarations.length === 0) return;
  state.out.push(
    state.layer === null
      ? { kind: 'style', selector, declarations }
      : { kind: 'style', selector, declarations, layer: layerRank(state, state.layer) },
  );
}

/**
 * A style rule's block (CSS Nesting 1): its declarations, style rules nested in it, and
 * `@media` / `@supports` around either. Each nested rule becomes a rule of its own after
 * what precedes it, so that declarations keep their order in the cascade; those after a
 * nested rule are a rule of the parent's selector again (CSS Nesting 1 §3.3, nested
 * declarations rules).
 */
function parseStyleBlock(c: Cursor, from: number, to: number, selector: string, state: ParseState): void {
  let declarations: Declaration[] = [];
  for (const item of blockContents(c, from, to)) {
    if (item.kind === 'declaration') {
      declarations.push(item.declaration);
      continue;
    }
    pushStyle(state, selector, declarations);
    declarations = [];
    if (tooDeep(state)) continue;
    const inner = { ...state, depth: (state.depth ?? 0) + 1 };
    const { at, prelude, block } = item;
    if (at === null) parseStyleBlock(c, block[0], block[1], nestedSelector(c, prelude[0], prelude[1], selector), inner);
    else if (conditionApplies(at, text(c, prelude[0], prelude[1]), state.media))
      parseStyleBlock(c, block[0], block[1], selector, inner);
  }
  pushStyle(state, selector, declarations);
}

type BlockItem =
  | { readonly kind: 'declaration'; readonly declaration: Declaration }
  /** A rule with a block: `at` its at-keyword (null for a qualified rule); token ranges [from, to). */
  | {
      readonly kind: 'rule';
      readonly at: string | null;
      readonly prelude: readonly [number, number];
      readonly block: readonly [number, number];
    };

/**
 * The contents of a block (CSS Syntax 3 §5.4.4 "consume a block's contents"): declarations and
 * rules with blocks, in order; at-rules without a block and invalid declarations are skipped.
 */
function* blockContents(c: Cursor, from: number, to: number): Generator<BlockItem> {
  let k = from;
  while (k < to) {
    const tok = c.tokens[k]!;
    if (tok.t === 'ws' || (tok.t === 'delim' && tok.v === ';')) {
      k++;
      continue;
    }
    const at = tok.t === 'at' ? tok.v : null;
    const preludeFrom = at === null ? k : k + 1;
    const stop = preludeEnd(c, preludeFrom, to);
    const stopTok = c.tokens[stop];
    if (stopTok?.t === 'delim' && stopTok.v === '{') {
      const close = blockEnd(c, stop, to);
      yield { kind: 'rule', at, prelude: [preludeFrom, stop], block: [stop + 1, close] };
      k = close + 1;
      continue;
    }
    const declaration = at === null ? parseOneDeclaration(c, k, stop) : null;
    if (declaration) yield { kind: 'declaration', declaration };
    k = stop + 1;
  }
}

/** Does a conditional group rule's block apply (other at-rules nested in a style rule are dropped)? */
function conditionApplies(name: string, prelude: string, media: MediaContext): boolean {
  if (name === 'media') return matchesMedia(prelude, media);
  return name === 'supports' && supportsApplies(prelude);
}

/**
 * The selector list of a rule nested in a rule of `parent` (CSS Nesting 1 §2): `&` stands for
 * the elements the parent matches, as `:is(parent)` (a lone compound selector as itself); a
 * selector without `&` is relative to the parent, as its descendant or after its leading combinator.
 */
function nestedSelector(c: Cursor, from: number, to: number, parent: string): string {
  const ref = /^[\w.#-]+$/.test(parent) ? parent : `:is(${parent})`;
  const parts: string[] = [];
  let part = '';
  let nests = false;
  let depth = 0;
  const end = (): void => {
    const sel = part.trim();
    if (sel !== '') parts.push(nests ? sel : `${ref} ${sel}`);
    part = '';
    nests = false;
  };
  for (let k = from; k < to; k++) {
    const t = c.tokens[k]!;
    if (t.t === 'func' || (t.t === 'delim' && (t.v === '(' || t.v === '['))) depth++;
    else if (t.t === 'delim' && (t.v === ')' || t.v === ']')) depth = Math.max(0, depth - 1);
    if (t.t === 'delim' && t.v === ',' && depth === 0) {
      end();
      continue;
    }
    if (t.t === 'delim' && t.v === '&') {
      part += ref;
      nests = true;
      continue;
    }
    part += t.t === 'ws' ? ' ' : c.css.slice(t.s, t.e);
  }
  end();
  return parts.join(', ');
}

function parseAtRule(
  c: Cursor,
  name: string,
  preludeFrom: number,
  preludeTo: number,
  blockFrom: number,
  blockTo: number,
  state: ParseState,
  topLevel: boolean,
): void {
  const { out, media } = state;
  const prelude = text(c, preludeFrom, preludeTo);
  if (name === 'layer') {
    parseLayer(c, prelude, blockFrom, blockTo, state);
    return;
  }
  if (name === 'import' && topLevel) {
    const first = c.tokens.slice(preludeFrom, preludeTo).find((t) => t.t !== 'ws');
    const url =
      first?.t === 'url'
        ? first.v
        : first?.t === 'str'
          ? first.v
          : first?.t === 'func' && first.v === 'url'
            ? urlFromFunction(c, preludeFrom, preludeTo)
            : null;
    if (url !== null) {
      const mediaText = prelude.replace(/^(url\([^)]*\)|"[^"]*"|'[^']*')\s*/i, '');
      out.push({ kind: 'import', url, media: mediaText });
    }
    return;
  }
  if (blockFrom < 0) return;
  const saved = c.i;
  if (name === 'media' || name === 'supports') {
    if (tooDeep(state)) return;
    if (conditionApplies(name, prelude, media)) {
      c.i = blockFrom;
      parseRuleList(c, blockTo, { ...state, depth: (state.depth ?? 0) + 1 }, false);
    }
  } else if (name === 'font-face') {
    out.push({ kind: 'font-face', declarations: parseDeclarations(c, blockFrom, blockTo).declarations });
  } else if (name === 'property') {
    out.push({ kind: 'property', name: prelude, declarations: parseDeclarations(c, blockFrom, blockTo).declarations });
  } else if (name === 'page') {
    const { declarations, atRules } = parseDeclarations(c, blockFrom, blockTo);
    out.push({ kind: 'page', selector: prelude, declarations, marginBoxes: atRules });
  }
  c.i = saved;
}

/** `@layer a, b;` declares an order; `@layer a { … }` (or anonymous) holds rules (Cascade 5 §6.4.2). */
function parseLayer(c: Cursor, prelude: string, blockFrom: number, blockTo: number, state: ParseState): void {
  const qualify = (name: string): string => (state.layer === null ? name : `${state.layer}.${name}`);
  if (blockFrom < 0) {
    for (const name of prelude
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean))
      layerRank(state, qualify(name));
    return;
  }
  if (tooDeep(state)) return;
  const name = prelude.trim() === '' ? `\0anonymous${state.layers.anonymous++}` : qualify(prelude.trim());
  layerRank(state, name);
  const saved = c.i;
  c.i = blockFrom;
  parseRuleList(c, blockTo, { ...state, layer: name, depth: (state.depth ?? 0) + 1 }, false);
  c.i = saved;
}

function tooDeep(state: ParseState): boolean {
  if ((state.depth ?? 0) < MAX_RULE_NESTING) return false;
  state.errors.push(`Ignored rules nested deeper than ${MAX_RULE_NESTING} levels`);
  return true;
}

function urlFromFunction(c: Cursor, from: number, to: number): string | null {
  const str = c.tokens.slice(from, to).find((t) => t.t === 'str');
  return str?.t === 'str' ? str.v : null;
}

/** A declaration list (§5.3.8), with nested at-rules (the margin boxes of `@page`); nested style rules are skipped. */
export function parseDeclarations(
  c: Cursor,
  from: number,
  to: number,
  depth = 0,
): {
  declarations: Declaration[];
  atRules: { name: string; declarations: Declaration[] }[];
} {
  const declarations: Declaration[] = [];
  const atRules: { name: string; declarations: Declaration[] }[] = [];
  for (const item of blockContents(c, from, to)) {
    if (item.kind === 'declaration') declarations.push(item.declaration);
    // Margin boxes are one level deep; deeper at-rules are ignored instead of recursed into.
    else if (item.at !== null && depth === 0)
      atRules.push({
        name: item.at,
        declarations: parseDeclarations(c, item.block[0], item.block[1], depth + 1).declarations,
      });
  }
  return { declarations, atRules };
}

function parseOneDeclaration(c: Cursor, from: number, to: number): Declaration | null {
  const nameTok = c.tokens[from];
  if (nameTok?.t !== 'ident') return null;
  let k = from + 1;
  while (k < to && c.tokens[k]!.t === 'ws') k++;
  const colon = c.tokens[k];
  if (colon?.t !== 'delim' || colon.v !== ':') return null;
  k++;
  let last = to;
  while (last > k && c.tokens[last - 1]!.t === 'ws') last--;
  let important = false;
  const lastTok = c.tokens[last - 1];
  if (lastTok?.t === 'ident' && lastTok.v.toLowerCase() === 'important') {
    let b = last - 2;
    while (b >= k && c.tokens[b]!.t === 'ws') b--;
    const bang = c.tokens[b];
    if (bang?.t === 'delim' && bang.v === '!') {
      important = true;
      last = b;
    }
  }
  const name = nameTok.v.startsWith('--') ? nameTok.v : nameTok.v.toLowerCase();
  const value = text(c, k, last);
  if (value === '' && !name.startsWith('--')) return null;
  const line = lineOf(c, nameTok.s);
  return line === undefined ? { name, value, important } : { name, value, important, line };
}

/** Declarations of a `style` attribute. */
export function parseInlineStyle(css: string): Declaration[] {
  const cursor: Cursor = { css, tokens: tokenize(css), i: 0, lineStarts: null };
  return parseDeclarations(cursor, 0, cursor.tokens.length).declarations;
}
