import type { Declaration } from './stylesheet.js';
import { tokenize } from './tokenizer.js';

/**
 * Properties that accept unitless lengths in quirks mode (Quirks Mode Standard §3.1,
 * "the unitless length quirk"), as Chromium implements them.
 */
const UNITLESS_LENGTH_PROPERTIES = new Set([
  'background-position',
  'border-spacing',
  'border-top-width',
  'border-right-width',
  'border-bottom-width',
  'border-left-width',
  'border-width',
  'border',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'bottom',
  'clip',
  'font-size',
  'height',
  'left',
  'letter-spacing',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'max-height',
  'max-width',
  'min-height',
  'min-width',
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'right',
  'text-indent',
  'top',
  'vertical-align',
  'width',
  'word-spacing',
]);

/** In quirks mode, give top-level unitless numbers of those properties a `px` unit. */
export function applyUnitlessLengthQuirk(declarations: readonly Declaration[]): Declaration[] {
  return declarations.map((d) => {
    if (!UNITLESS_LENGTH_PROPERTIES.has(d.name) || !/\d/.test(d.value)) return d;
    let depth = 0;
    let out = '';
    let last = 0;
    for (const t of tokenize(d.value)) {
      if (t.t === 'func' || (t.t === 'delim' && t.v === '(')) depth++;
      else if (t.t === 'delim' && t.v === ')') depth--;
      else if (t.t === 'num' && t.unit === '' && depth === 0 && t.v !== 0) {
        out += `${d.value.slice(last, t.e)}px`;
        last = t.e;
      }
    }
    return last === 0 ? d : { ...d, value: out + d.value.slice(last) };
  });
}
