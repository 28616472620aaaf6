import { Parser, type ParserOptions } from 'htmlparser2';
import { DomHandler, type Document, type DomHandlerOptions } from 'domhandler';

/**
 * htmlparser2 12 keeps its open-element stack (and its foreign-content stack) top-first in
 * a plain array, using `unshift`/`shift`, and looks end tags up with `indexOf`. Each of
 * those is O(depth), so `'<div>'.repeat(10 ** 5)` took seconds and 2·10⁵ levels about 20 s.
 * Chromium keeps every open element on its stack too (only the DOM is capped at depth 512,
 * see `MAX_DEPTH` in parse.ts), so the stack has to hold them all; it just has to be cheap.
 *
 * `topFirstStack` is a drop-in for the array the Parser uses — same index-0-is-top view —
 * backed by a bottom-first array used from its end, plus per-name positions so that
 * `includes`/`indexOf` (end-tag matching, the "second `<form>`" check) are O(1) as well.
 * It implements exactly the operations Parser.js 12.0.0 performs on these two fields.
 */
const READ_ONLY = new Set(['at', 'some', 'every', 'find', 'findIndex', 'findLast', 'findLastIndex', 'lastIndexOf', 'slice', 'join', 'forEach', 'map', 'filter', 'reduce', 'entries', 'values', 'keys']);

function topFirstStack<T>(): T[] {
  const items: T[] = []; // bottom first: items[items.length - 1] is the top (index 0)
  const positions = new Map<T, number[]>(); // bottom-first indices in `items` per value
  const push = (value: T): void => {
    let at = positions.get(value);
    if (!at) positions.set(value, (at = []));
    at.push(items.length);
    items.push(value);
  };
  const pop = (): T | undefined => {
    if (items.length === 0) return undefined;
    const value = items.pop()!;
    positions.get(value)!.pop();
    return value;
  };
  const indexOf = (value: T): number => {
    const at = positions.get(value);
    const last = at && at.length > 0 ? at[at.length - 1]! : -1;
    return last < 0 ? -1 : items.length - 1 - last;
  };
  const methods: Record<string, unknown> = {
    unshift: (...values: T[]) => {
      for (let i = values.length - 1; i >= 0; i--) push(values[i]!);
      return items.length;
    },
    shift: pop,
    indexOf,
    includes: (value: T) => indexOf(value) !== -1,
  };
  return new Proxy(items, {
    get(_target, prop) {
      // `stack[0]` (the top) is read on every tag and text run: answer it first.
      if (prop === '0') return items[items.length - 1];
      if (prop === 'length') return items.length;
      if (typeof prop === 'string') {
        if (prop in methods) return methods[prop];
        const index = Number(prop);
        if (Number.isInteger(index) && index >= 0) return items[items.length - 1 - index];
      }
      // A later htmlparser2 may read its stack in other ways: answer read-only uses from a
      // top-first copy (correct, only slower) and refuse writes loudly rather than wrongly.
      if (prop === Symbol.iterator || (typeof prop === 'string' && READ_ONLY.has(prop))) {
        const copy = items.slice().reverse();
        return (copy[prop as keyof T[]] as (...args: unknown[]) => unknown).bind(copy);
      }
      throw new Error(`linear-parser: htmlparser2 used its stack's ${String(prop)}, which is not supported`);
    },
    set(_target, prop, value) {
      // Parser.reset() clears the stacks with `length = 0`, the only write it makes.
      if (prop !== 'length' || value !== 0) return false;
      while (items.length > 0) pop();
      return true;
    },
  });
}

/** `htmlparser2.parseDocument`, but linear in nesting depth (see `topFirstStack`). */
export function parseDocumentLinear(html: string, options: ParserOptions & DomHandlerOptions): Document {
  const handler = new DomHandler(undefined, options);
  const parser = new Parser(handler, options);
  const internals = parser as unknown as { stack: unknown; foreignContext: unknown };
  if (!Array.isArray(internals.stack) || !Array.isArray(internals.foreignContext) || internals.stack.length !== 0) {
    // Not the Parser this was written for: parse as it is (correct, quadratic in depth).
    parser.end(html);
    return handler.root;
  }
  // Replace the Parser's own stacks before it has seen any input (both are fresh here:
  // `stack` empty, `foreignContext` holding the base "not foreign" entry).
  const stack = topFirstStack<string>();
  const foreign = topFirstStack<number>();
  const base = internals.foreignContext as number[];
  for (let i = base.length - 1; i >= 0; i--) foreign.unshift(base[i]!);
  internals.stack = stack;
  internals.foreignContext = foreign;
  parser.end(html);
  return handler.root;
}
