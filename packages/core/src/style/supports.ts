/**
 * `@supports` (CSS Conditional 3 §6, Conditional 4 `selector()`): `not`, `and`, `or` over
 * `(property: value)` and `selector(…)`. A declaration is supported when it compiles here (a
 * property we compute and a value we parse); a property we do not know is supported when
 * Chromium parses its name (CHROMIUM_PROPERTIES: no `-ms-`/`-moz-`/`-o-`/`-ro-`… name, only its
 * own `-webkit-` and `-epub-` ones, which CHROMIUM_OWN_WEBKIT lists).
 * Any other form is false (§6.1 <general-enclosed>).
 */
import { evaluateCondition, INVALID_CONDITION } from './condition.js';
import { toComponents, tokenize, serialize, words, trimWs, type CV } from './tokenizer.js';
import { compileDeclarations } from './cascade.js';
import { compileSelectorList } from './selectors.js';
import { PROPERTIES } from './properties/index.js';
import { CHROMIUM_PROPERTIES } from './chromium-properties.js';
import { SHORTHANDS } from './shorthands.js';
import { canonicalName, CHROMIUM_OWN_WEBKIT, INLINE_LOGICAL } from './property-aliases.js';

/** Whether an `@supports` prelude holds; one that does not parse drops the rule, as Chromium drops it. */
export function supportsApplies(prelude: string): boolean {
  try {
    return evaluateCondition(words(toComponents(tokenize(prelude))), inParens) === true;
  } catch (e) {
    if (e === INVALID_CONDITION) return false;
    throw e;
  }
}

/** An operand: never unknown here (any other form is false, §6.1); throws INVALID_CONDITION when it does not parse. */
function inParens(cv: CV | undefined): boolean {
  if (cv?.t === 'fn') {
    if (cv.v === 'selector') return typeof compileSelectorList(serialize(trimWs(cv.args))) !== 'string';
    // CSS Fonts 4 §11.1: the formats and technologies Chromium loads.
    const arg = words(cv.args);
    const id = arg.length === 1 && arg[0]!.t === 'ident' ? arg[0].v.toLowerCase() : '';
    if (cv.v === 'font-format') return FONT_FORMATS.has(id);
    if (cv.v === 'font-tech') return FONT_TECHS.has(id);
    return false;
  }
  if (cv?.t !== 'block' || cv.v !== '(') throw INVALID_CONDITION;
  const inner = trimWs(cv.items);
  const first = words(inner)[0];
  if (first?.t === 'block' || (first?.t === 'ident' && first.v.toLowerCase() === 'not'))
    return evaluateCondition(words(inner), inParens) === true;
  const colon = inner.findIndex((x) => x.t === 'delim' && x.v === ':');
  if (first?.t !== 'ident' || colon < 0) return false;
  return declarationSupported(first.v.toLowerCase(), serialize(trimWs(inner.slice(colon + 1))));
}

const FONT_FORMATS = new Set(['woff2', 'woff', 'truetype', 'opentype', 'collection']);
const FONT_TECHS = new Set([
  'features-opentype',
  'color-colrv0',
  'color-colrv1',
  'color-sbix',
  'color-cbdt',
  'variations',
  'palettes',
]);

function declarationSupported(name: string, written: string): boolean {
  if (name.startsWith('--')) return true;
  if (CHROMIUM_OWN_WEBKIT.has(name)) return true;
  const value = written.replace(/\s*!\s*important\s*$/i, '');
  const canonical = canonicalName(name);
  const known = PROPERTIES.has(canonical) || canonical in SHORTHANDS || canonical in INLINE_LOGICAL || canonical === '';
  if (known || canonical !== name)
    return value !== '' && (canonical === '' || compileDeclarations([{ name, value, important: false }]).length > 0);
  // A property we do not compute holds where Chromium parses it (not `line-clamp` in 156, which
  // WPT's line-clamp tests test for to fall back on -webkit-line-clamp).
  return CHROMIUM_PROPERTIES.has(name);
}
