import { Parser, type Handler, type ParserOptions } from 'htmlparser2';
import { DomHandler, type Document, type DomHandlerOptions, type Element } from 'domhandler';
import { endTagOutOfScope, headingClosedBy, isHeading } from './end-tag-scope.js';

/**
 * htmlparser2 12 keeps its open-element stack (and its foreign-content stack) top-first in
 * a plain array, using `unshift`/`shift`, and looks end tags up with `indexOf`. Each of
 * those is O(depth), so `'<div>'.repeat(10 ** 5)` took seconds and 2·10⁵ levels about 20 s.
 * Chromium keeps every open element on its stack too (only the DOM is capped at depth 512,
 * see `MAX_DEPTH` in parse.ts), so the stack has to hold them all; it just has to be cheap.
 *
 * `TopFirstStack` stands in for the array the Parser uses — the same index-0-is-top view —
 * backed by a bottom-first array used from its end, plus per-name positions so that
 * `includes`/`indexOf` (end-tag matching, the "second `<form>`" check) are O(1) as well.
 * It implements exactly what Parser.js 12.0.0 does with these two fields between its first
 * tag and its end: `[0]`, `length`, `unshift`, `shift`, `indexOf`, `includes`. The top and
 * the length are plain data fields, kept current by every push and pop: the Parser reads
 * `stack[0]` and `foreignContext[0]` on every tag, and a Proxy answering them (what this
 * was first) made parsing 2.4× slower than htmlparser2's own arrays on a 600-row table.
 * The only other read, `stack[i]` for every i in `onend`, gets a real array (see below).
 */
class TopFirstStack<T> {
  /** The top (what `array[0]` would be). */
  0: T | undefined = undefined;
  length = 0;
  /** Bottom first: items[items.length - 1] is the top. */
  private readonly items: T[] = [];
  /** Bottom-first indices in `items` per value. */
  private readonly positions = new Map<T, number[]>();

  unshift(...values: T[]): number {
    for (let i = values.length - 1; i >= 0; i--) this.push(values[i]!);
    return this.length;
  }

  shift(): T | undefined {
    const items = this.items;
    if (items.length === 0) return undefined;
    const value = items.pop()!;
    this.positions.get(value)!.pop();
    this.length = items.length;
    this[0] = items[items.length - 1];
    return value;
  }

  /** The i-th value from the top (what `array[i]` would be). */
  at(i: number): T | undefined {
    return this.items[this.items.length - 1 - i];
  }

  indexOf(value: T): number {
    const at = this.positions.get(value);
    const last = at && at.length > 0 ? at[at.length - 1]! : -1;
    return last < 0 ? -1 : this.items.length - 1 - last;
  }

  includes(value: T): boolean {
    return this.indexOf(value) !== -1;
  }

  /** A top-first array copy (what the Parser's own field would hold). */
  toArray(): T[] {
    return this.items.slice().reverse();
  }

  private push(value: T): void {
    let at = this.positions.get(value);
    if (!at) this.positions.set(value, (at = []));
    at.push(this.items.length);
    this.items.push(value);
    this.length = this.items.length;
    this[0] = value;
  }
}

/**
 * A closed element's children in an array of exactly their number: DomHandler pushes them one
 * by one, which leaves room for 16 more in each (a `<td>` with one text child: 152 bytes
 * instead of 24), and the whole DOM lives through styling (a third of a 6000-row table's DOM).
 */
function exactChildren(element: Element): void {
  if (element.children.length > 0) element.children = element.children.slice();
}

/** `htmlparser2.parseDocument`, but linear in nesting depth (see `TopFirstStack`); `onClose` sees every element as it closes. */
export function parseDocumentLinear(
  html: string,
  options: ParserOptions & DomHandlerOptions,
  onClose?: (element: Element) => void,
): Document {
  const handler = new DomHandler(
    undefined,
    options,
    onClose ? (el) => (exactChildren(el), onClose(el)) : exactChildren,
  );
  createLinearParser(handler, options).end(html);
  return handler.root;
}

/** The fields of htmlparser2 12's Parser used here (see createLinearParser). */
interface ParserInternals {
  stack: unknown;
  foreignContext: unknown;
  startIndex: number;
  endIndex: number;
  onend: () => void;
  onclosetag: (start: number, endIndex: number) => void;
  readTagName: (start: number, endIndex: number) => string;
}

/**
 * An end tag naming an element open beyond its scope is ignored, as browsers do
 * (end-tag-scope.ts), where the Parser would close everything up to that element; a heading's
 * end tag closes the open heading of any level.
 */
function ignoreOutOfScopeEndTags(internals: ParserInternals): void {
  const onclosetag = internals.onclosetag;
  internals.onclosetag = function (this: ParserInternals, start: number, endIndex: number) {
    const stack = this.stack as TopFirstStack<string> | string[];
    const name = this.readTagName(start, endIndex);
    const nameAt = (i: number): string | undefined => (stack instanceof TopFirstStack ? stack.at(i) : stack[i]);
    const heading = isHeading(name) ? headingClosedBy(nameAt) : name;
    if (heading === null || endTagOutOfScope(heading, stack.indexOf(heading), nameAt)) {
      this.endIndex = endIndex;
      this.startIndex = endIndex + 1;
      return;
    }
    if (heading === name) {
      onclosetag.call(this, start, endIndex);
      return;
    }
    // Another level's heading: the Parser closes the element its tag-name reader names.
    const readTagName = this.readTagName;
    this.readTagName = () => heading;
    try {
      onclosetag.call(this, start, endIndex);
    } finally {
      this.readTagName = readTagName;
    }
  };
}

/**
 * An htmlparser2 `Parser` for any handler (a DomHandler, or callbacks that build nothing),
 * linear in nesting depth (see `TopFirstStack`). Feed it once with `end(html)`.
 */
export function createLinearParser(handler: Partial<Handler>, options: ParserOptions): Parser {
  const parser = new Parser(handler, options);
  const internals = parser as unknown as ParserInternals;
  if (
    !Array.isArray(internals.stack) ||
    !Array.isArray(internals.foreignContext) ||
    internals.stack.length !== 0 ||
    typeof internals.onend !== 'function' ||
    typeof internals.onclosetag !== 'function' ||
    typeof internals.readTagName !== 'function'
  ) {
    // Not the Parser this was written for: parse as it is (correct, quadratic in depth).
    return parser;
  }
  ignoreOutOfScopeEndTags(internals);
  // Replace the Parser's own stacks before it has seen any input (both are fresh here:
  // `stack` empty, `foreignContext` holding the base "not foreign" entry).
  const stack = new TopFirstStack<string>();
  const foreign = new TopFirstStack<number>();
  const base = internals.foreignContext as number[];
  for (let i = base.length - 1; i >= 0; i--) foreign.unshift(base[i]!);
  internals.stack = stack;
  internals.foreignContext = foreign;
  // `onend` closes what is still open reading `stack[i]` for every i: give it (and
  // anything after it, such as `reset`) the Parser's own kind of arrays back.
  const onend = internals.onend;
  internals.onend = function (this: typeof internals) {
    internals.stack = stack.toArray();
    internals.foreignContext = foreign.toArray();
    onend.call(this);
  };
  return parser;
}
