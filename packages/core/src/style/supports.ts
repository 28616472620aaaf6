/**
 * `@supports` (CSS Conditional 3 §6, Conditional 4 `selector()`): `not`, `and`, `or` over
 * `(property: value)` and `selector(…)`. A declaration is supported when it compiles here (a
 * property we compute and a value we parse); a standard property we do not know is taken as
 * supported, as Chromium knows nearly every one, and a vendor-prefixed one we do not parse as not
 * (Chromium parses no `-ms-`/`-moz-`/`-o-` name, and only its aliases of the `-webkit-` ones).
 * Any other form is false (§6.1 <general-enclosed>).
 */
import { toComponents, tokenize, serialize, words, trimWs, type CV } from './tokenizer.js';
import { compileDeclarations } from './cascade.js';
import { compileSelectorList } from './selectors.js';
import { PROPERTIES } from './properties/index.js';
import { SHORTHANDS } from './shorthands.js';
import { canonicalName, CHROMIUM_OWN_WEBKIT, INLINE_LOGICAL } from './property-aliases.js';

export function supportsApplies(prelude: string): boolean {
  return condition(words(toComponents(tokenize(prelude)))) === true;
}

const isWord = (cv: CV | undefined, w: string): boolean => cv?.t === 'ident' && cv.v.toLowerCase() === w;

/** A condition, or null when it does not parse (the rule is then dropped, as Chromium drops it). */
function condition(items: readonly CV[]): boolean | null {
  if (isWord(items[0], 'not')) {
    if (items.length !== 2) return null;
    const v = inParens(items[1]);
    return v === null ? null : !v;
  }
  let result = inParens(items[0]);
  let joiner: string | null = null;
  for (let k = 1; k < items.length; k += 2) {
    const j = items[k]?.t === 'ident' ? (items[k] as { v: string }).v.toLowerCase() : '';
    if ((j !== 'and' && j !== 'or') || (joiner !== null && j !== joiner) || k + 1 >= items.length) return null;
    joiner = j;
    const next = inParens(items[k + 1]);
    if (result === null || next === null) return null;
    result = j === 'and' ? result && next : result || next;
  }
  return result;
}

function inParens(cv: CV | undefined): boolean | null {
  if (cv?.t === 'fn') {
    if (cv.v === 'selector') return typeof compileSelectorList(serialize(trimWs(cv.args))) !== 'string';
    // CSS Fonts 4 §11.1: the formats and technologies Chromium loads.
    const arg = words(cv.args);
    const id = arg.length === 1 && arg[0]!.t === 'ident' ? arg[0].v.toLowerCase() : '';
    if (cv.v === 'font-format') return FONT_FORMATS.has(id);
    if (cv.v === 'font-tech') return FONT_TECHS.has(id);
    return false;
  }
  if (cv?.t !== 'block' || cv.v !== '(') return null;
  const inner = trimWs(cv.items);
  const first = words(inner)[0];
  if (first?.t === 'block' || isWord(first, 'not')) return condition(words(inner));
  const colon = inner.findIndex((x) => x.t === 'delim' && x.v === ':');
  if (first?.t !== 'ident' || colon < 0) return false;
  return declarationSupported(first.v.toLowerCase(), serialize(trimWs(inner.slice(colon + 1))));
}

const FONT_FORMATS = new Set(['woff2', 'woff', 'truetype', 'opentype', 'collection']);
const FONT_TECHS = new Set(['features-opentype', 'color-colrv0', 'color-colrv1', 'color-sbix', 'color-cbdt', 'variations', 'palettes']);

function declarationSupported(name: string, written: string): boolean {
  if (name.startsWith('--')) return true;
  if (CHROMIUM_OWN_WEBKIT.has(name)) return true;
  const value = written.replace(/\s*!\s*important\s*$/i, '');
  const canonical = canonicalName(name);
  const known = PROPERTIES.has(canonical) || canonical in SHORTHANDS || canonical in INLINE_LOGICAL || canonical === '';
  if (known || canonical !== name) return value !== '' && (canonical === '' || compileDeclarations([{ name, value, important: false }]).length > 0);
  return !/^-(webkit|moz|ms|o)-/.test(name);
}
