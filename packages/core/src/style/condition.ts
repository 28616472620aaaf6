/**
 * The boolean grammar `@media` and `@supports` share (Media Queries 4 §3 <media-condition>,
 * CSS Conditional 3 §6.1 <supports-condition>): `not <in-parens>`, or `<in-parens>` joined all
 * by `and` or all by `or`. Three-valued: null is "unknown" (a <general-enclosed> in a media
 * query). What does not parse throws INVALID_CONDITION.
 */
import type { CV } from './tokenizer.js';

export type Tri = boolean | null;

/** Thrown when a condition does not parse. */
export const INVALID_CONDITION = Symbol('invalid condition');

export const isIdent = (cv: CV | undefined, name?: string): cv is Extract<CV, { t: 'ident' }> =>
  cv?.t === 'ident' && (name === undefined || cv.v.toLowerCase() === name);

export const not = (v: Tri): Tri => (v === null ? null : !v);
export const and = (a: Tri, b: Tri): Tri =>
  a === false || b === false ? false : a === null || b === null ? null : true;
const or = (a: Tri, b: Tri): Tri => (a === true || b === true ? true : a === null || b === null ? null : false);

/** Evaluate `items` (a condition's words) with `inParens` for each operand; `allowOr` false after a media type's `and`. */
export function evaluateCondition(items: readonly CV[], inParens: (cv: CV | undefined) => Tri, allowOr = true): Tri {
  if (isIdent(items[0], 'not')) {
    if (items.length !== 2) throw INVALID_CONDITION;
    return not(inParens(items[1]));
  }
  let result = inParens(items[0]);
  let joiner: string | null = null;
  for (let k = 1; k < items.length; k += 2) {
    const word = items[k];
    const j = isIdent(word) ? word.v.toLowerCase() : '';
    if (
      (j !== 'and' && j !== 'or') ||
      (joiner !== null && j !== joiner) ||
      (j === 'or' && !allowOr) ||
      k + 1 >= items.length
    )
      throw INVALID_CONDITION;
    joiner = j;
    const next = inParens(items[k + 1]);
    result = j === 'and' ? and(result, next) : or(result, next);
  }
  return result;
}
