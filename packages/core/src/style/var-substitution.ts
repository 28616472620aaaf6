import { trimWs, type CV } from './tokenizer.js';

export type CustomLookup = (name: string) => readonly CV[] | null;

/**
 * Replace `var(--x, fallback)` (CSS Variables 1 §3). Returns null when a reference has
 * neither a value nor a fallback: the declaration is then invalid at computed-value time.
 */
/**
 * Substitutions that would grow a value past this many component values are invalid,
 * so that nested references (`--b: var(--a) var(--a)` …) cannot blow up exponentially.
 */
export const MAX_SUBSTITUTED_LENGTH = 10_000;

export function substituteVars(cvs: readonly CV[], lookup: CustomLookup): CV[] | null {
  const out: CV[] = [];
  for (const cv of cvs) {
    if (cv.t === 'fn' && cv.v === 'var') {
      const replaced = substituteOne(cv.args, lookup);
      if (replaced === null || out.length + replaced.length > MAX_SUBSTITUTED_LENGTH) return null;
      for (const r of replaced) out.push(r);
    } else if (cv.t === 'fn') {
      const args = substituteVars(cv.args, lookup);
      if (args === null) return null;
      out.push({ ...cv, args });
    } else if (cv.t === 'block') {
      const items = substituteVars(cv.items, lookup);
      if (items === null) return null;
      out.push({ ...cv, items });
    } else out.push(cv);
  }
  return out;
}

function substituteOne(args: readonly CV[], lookup: CustomLookup): CV[] | null {
  const commaAt = args.findIndex((a) => a.t === 'delim' && a.v === ',');
  const head = trimWs(commaAt >= 0 ? args.slice(0, commaAt) : args);
  const name = head[0];
  if (head.length !== 1 || name?.t !== 'ident' || !name.v.startsWith('--')) return null;
  const value = lookup(name.v);
  if (value !== null) return [...value];
  if (commaAt < 0) return null;
  return substituteVars(trimWs(args.slice(commaAt + 1)), lookup);
}

/** Whether a custom property value is one of the CSS-wide keywords. */
export function cssWideKeyword(cvs: readonly CV[]): string | null {
  const t = trimWs(cvs);
  if (t.length !== 1 || t[0]!.t !== 'ident') return null;
  const v = t[0]!.v.toLowerCase();
  return v === 'inherit' || v === 'initial' || v === 'unset' || v === 'revert' || v === 'revert-layer' ? v : null;
}
