import type { CV } from './tokenizer.js';
import { parseLength } from './values.js';

/** Small builders and tests shared by the shorthand expanders. */
export type Expansion = [string, readonly CV[]][];
export type Expander = (value: readonly CV[], longhands: readonly string[]) => Expansion | null;

export const SIDES = ['top', 'right', 'bottom', 'left'] as const;
export const CSS_WIDE = new Set(['inherit', 'initial', 'unset', 'revert', 'revert-layer']);
export const ident = (v: string): CV => ({ t: 'ident', v, s: 0, e: 0 });
export const COMMA: CV = { t: 'delim', v: ',', s: 0, e: 0 };
export const SPACE: CV = { t: 'ws', s: 0, e: 0 };
export const ZERO_PCT: CV = { t: 'num', v: 0, unit: '%', s: 0, e: 0 };
const NO_CTX = { fontSize: 16, rootFontSize: 16, viewportWidth: 0, viewportHeight: 0 };

export const isIdent = (cv: CV | undefined, ...names: string[]): boolean =>
  cv?.t === 'ident' && names.includes(cv.v.toLowerCase());
export const isLength = (cv: CV): boolean => parseLength(cv, NO_CTX) !== null;
export const BORDER_STYLES = [
  'none',
  'hidden',
  'solid',
  'dashed',
  'dotted',
  'double',
  'groove',
  'ridge',
  'inset',
  'outset',
  'auto',
];
