import type { FontSet } from './fonts.js';
import type { ResourceLoader } from './loader.js';

/** An @font-face rule as the style stage reports it (core/style/font-face.ts). */
export interface FontFaceSourceRule {
  readonly family: string;
  readonly sources: readonly (
    | { readonly kind: 'url'; readonly url: string; readonly format?: string }
    | { readonly kind: 'local'; readonly name: string }
  )[];
  readonly weight: readonly [number, number];
  readonly style: 'normal' | 'italic' | 'oblique';
  readonly unicodeRange?: string;
}

/** Formats fontkit reads; others (embedded-opentype, svg) are skipped without a download. */
const READABLE = new Set([
  'truetype',
  'opentype',
  'woff',
  'woff2',
  'truetype-variations',
  'opentype-variations',
  'woff-variations',
  'woff2-variations',
  'collection',
]);

/** `unicode-range: U+0000-00FF, U+0131, U+4??` → code point ranges (CSS Fonts 4 §4.5). */
export function parseUnicodeRange(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (const part of text.split(',')) {
    const m = /^\s*u\+([0-9a-f?]{1,6})(?:-([0-9a-f]{1,6}))?\s*$/i.exec(part);
    if (!m?.[1]) continue;
    if (m[1].includes('?')) {
      ranges.push([parseInt(m[1].replaceAll('?', '0'), 16), parseInt(m[1].replaceAll('?', 'f'), 16)]);
    } else {
      const lo = parseInt(m[1], 16);
      ranges.push([lo, m[2] ? parseInt(m[2], 16) : lo]);
    }
  }
  return ranges;
}

/**
 * Load every @font-face of a render into its FontSet: each rule's sources are tried in
 * order and the first that works wins (CSS Fonts 4 §4.3); failures are warnings.
 */
export async function loadFontFaces(
  fonts: FontSet,
  loader: ResourceLoader,
  rules: readonly FontFaceSourceRule[],
): Promise<void> {
  type Found = { local: string } | { bytes: Uint8Array } | null;
  const loaded = await Promise.all(
    rules.map(async (rule): Promise<{ rule: FontFaceSourceRule; found: Found }> => {
      for (const source of rule.sources) {
        if (source.kind === 'local') {
          if (fonts.hasLocalFace(source.name)) return { rule, found: { local: source.name } };
          continue;
        }
        if (source.format && !READABLE.has(source.format)) continue;
        const res = await loader.load(source.url, 'font');
        if (res) return { rule, found: { bytes: res.bytes } };
      }
      return { rule, found: null };
    }),
  );
  // Register in rule order so that later rules win ties, whatever order the downloads finished in.
  for (const { rule, found } of loaded) {
    const desc = {
      family: rule.family,
      weight: rule.weight,
      style: rule.style,
      ...(rule.unicodeRange ? { unicodeRange: parseUnicodeRange(rule.unicodeRange) } : {}),
    };
    if (!found) {
      fonts.diagnostics.push({
        severity: 'warning',
        code: 'font_not_loaded',
        message: `@font-face "${rule.family}": no source could be loaded`,
      });
    } else if ('local' in found) {
      fonts.addLocalFace(desc, found.local);
    } else {
      fonts.addFace(desc, found.bytes);
    }
  }
}
