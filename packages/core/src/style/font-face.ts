import type { SheetItem } from './stylesheet.js';
import { parseComponents, splitCommas, words } from './tokenizer.js';
import { fontFamilies } from './properties/text.js';
import { BoundedCache } from '../bounded-cache.js';

export type FontSource = { kind: 'url'; url: string; format?: string } | { kind: 'local'; name: string };

export interface FontFaceRule {
  readonly family: string;
  readonly sources: readonly FontSource[];
  /** Weight range [min, max] (Fonts 4 §4.3: a single weight gives [w, w]). */
  readonly weight: readonly [number, number];
  readonly style: 'normal' | 'italic' | 'oblique';
  readonly unicodeRange?: string;
}

function weightOf(text: string | undefined): [number, number] | null {
  if (text === undefined) return [400, 400];
  const parts = text
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .map((p) => (p === 'normal' ? 400 : p === 'bold' ? 700 : Number(p)));
  if (parts.some((p) => !Number.isFinite(p) || p < 1 || p > 1000) || parts.length < 1 || parts.length > 2) return null;
  const [a, b = a] = parts as [number, number?];
  return [Math.min(a, b!), Math.max(a, b!)];
}

function sourcesOf(text: string): FontSource[] {
  const out: FontSource[] = [];
  for (const part of splitCommas(parseComponents(text))) {
    const w = words(part);
    const first = w[0];
    if (!first) continue;
    if (first.t === 'url' || (first.t === 'fn' && first.v === 'url')) {
      const url = first.t === 'url' ? first.v : (first.args.find((a) => a.t === 'str') as { v: string } | undefined)?.v;
      if (!url) continue;
      const fmt = w.find((cv) => cv.t === 'fn' && cv.v === 'format');
      const fmtArg = fmt?.t === 'fn' ? fmt.args.find((a) => a.t === 'str' || a.t === 'ident') : undefined;
      const src: FontSource = { kind: 'url', url };
      if (fmtArg && (fmtArg.t === 'str' || fmtArg.t === 'ident')) src.format = fmtArg.v.toLowerCase();
      out.push(src);
    } else if (first.t === 'fn' && first.v === 'local') {
      const names = fontFamilies(first.args);
      if (names?.[0]) out.push({ kind: 'local', name: names[0] });
    }
  }
  return out;
}

/** The `@font-face` rules of a document and what reading them reported: the same in every render of a template. */
interface CollectedFaces {
  readonly rules: readonly FontFaceRule[];
  readonly diagnostics: readonly string[];
}

const collected = new BoundedCache<string, CollectedFaces>(32);

/**
 * `@font-face` rules (Fonts 4 §4) with the descriptors layout and the font loader need, read
 * once per process for the same rules (the rules returned are shared: never changed).
 */
export function collectFontFaces(items: readonly SheetItem[], diagnostics: string[]): FontFaceRule[] {
  let key = '';
  for (const item of items) {
    if (item.kind !== 'font-face') continue;
    for (const d of item.declarations) key += `${d.name}\u0000${d.value}\u0001`;
    key += '\u0002';
  }
  const found = collected.get(key, () => {
    const messages: string[] = [];
    return { rules: readFontFaces(items, messages), diagnostics: messages };
  });
  diagnostics.push(...found.diagnostics);
  return [...found.rules];
}

function readFontFaces(items: readonly SheetItem[], diagnostics: string[]): FontFaceRule[] {
  const out: FontFaceRule[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    if (item.kind !== 'font-face') continue;
    const get = (name: string): string | undefined => {
      let v: string | undefined;
      for (const d of item.declarations) if (d.name === name) v = d.value;
      return v;
    };
    const family = fontFamilies(parseComponents(get('font-family') ?? ''))?.[0];
    const src = get('src');
    if (!family || !src) {
      diagnostics.push('@font-face without font-family or src ignored');
      continue;
    }
    const weight = weightOf(get('font-weight'));
    const styleText = (get('font-style') ?? 'normal').trim().toLowerCase().split(/\s+/)[0];
    const style = styleText === 'italic' || styleText === 'oblique' ? styleText : 'normal';
    const range = get('unicode-range');
    const rule: FontFaceRule = {
      family,
      sources: sourcesOf(src),
      weight: weight ?? [400, 400],
      style,
      ...(range ? { unicodeRange: range.trim() } : {}),
    };
    const key = JSON.stringify(rule);
    if (rule.sources.length > 0 && !seen.has(key)) {
      seen.add(key);
      out.push(rule);
    }
  }
  return out;
}
