import type { Diagnostic } from '@platen/layout';
import { existsSync, readFileSync } from 'node:fs';
import type { Font } from 'fontkit';
import type { FontQuery } from '@platen/layout';
import {
  BUNDLED_FACES,
  DEFAULT_FAMILY,
  EMOJI_FACE,
  FALLBACK_FAMILIES,
  FAMILY_ALIASES,
  HOST_FIRST_ALIASES,
  SYSTEM_FALLBACK_FILES,
  resolveBundledFile,
} from './bundled-fonts.js';
import { getHostFonts, type HostFonts } from './host-fonts.js';
import { faceCovers, hasColorLayers, parseFont, parseFontCached } from './font-data.js';
import { matchFace, needsSyntheticBold, needsSyntheticOblique, type FontStyle } from './font-matching.js';

/** One concrete font file, parsed once (bundled faces lazily, on first use, then shared). */
export interface FontFace {
  readonly id: string;
  readonly family: string;
  readonly weight: number;
  /** An @font-face weight range (CSS Fonts 4 §4.3): a desired weight inside it matches exactly. */
  readonly weightRange?: readonly [number, number];
  readonly style: FontStyle;
  readonly font: Font;
  /** `unicode-range` of an @font-face rule; null = everything the font has. */
  readonly unicodeRange: readonly (readonly [number, number])[] | null;
  /**
   * A bundled face standing in for a font whose U+00A0 is a glyph of its own that no kerning
   * pair names, while this one draws it with its space glyph: the space's pairs (" A", " W" in
   * Tinos) must not reach a no-break space, so it is shaped apart from its neighbours (text/measurer.ts).
   */
  readonly noBreakSpaceApart?: boolean;
  /**
   * A bundled face standing in for a font with fewer characters: the ones only the stand-in has
   * (bundled-fonts.ts), which fall back to other fonts as they do in Chromium with the original.
   */
  readonly absent?: readonly (readonly [number, number])[];
}

/** A face chosen for a query, with the synthesis Chromium would apply to it. */
export interface ResolvedFace {
  /** The `GlyphRun.fontId` of text in this face. */
  readonly fontId: string;
  readonly face: FontFace;
  readonly syntheticBold: boolean;
  readonly syntheticOblique: boolean;
}

/** An `@font-face` rule's descriptors, as the style stage parsed them. */
export interface FontFaceRule {
  readonly family: string;
  readonly weight?: number | readonly [number, number];
  readonly style?: FontStyle;
  readonly unicodeRange?: readonly (readonly [number, number])[];
}

export { faceCovers, parseFont };

function lazyFace(
  family: string,
  weight: number,
  style: FontStyle,
  path: () => string,
  extra: Pick<FontFace, 'noBreakSpaceApart' | 'absent'> = {},
): FontFace {
  let font: Font | undefined;
  const slug = family.toLowerCase().replaceAll(' ', '-');
  return {
    id: `${slug}-${weight}${style === 'normal' ? '' : `-${style}`}`,
    family,
    weight,
    style,
    unicodeRange: null,
    ...(extra.noBreakSpaceApart ? { noBreakSpaceApart: true } : {}),
    ...(extra.absent ? { absent: extra.absent } : {}),
    get font(): Font {
      font ??= parseFont(readFileSync(path()));
      return font;
    },
  };
}

/** Where a render looks for fonts besides @font-face and the bundled ones. */
export interface FontSetOptions {
  /** Font folders searched before the host's fontconfig folders (scanned once per process each). */
  readonly fontDirs?: readonly string[];
}

/** The process-wide set of bundled fonts. Create per-render views with `createFontSet()`. */
export interface FontRegistry {
  readonly families: ReadonlyMap<string, readonly FontFace[]>;
  /** The colour emoji font (bundled-fonts.ts EMOJI_FACE), outside the families' chain. */
  readonly emoji: FontFace;
  createFontSet(options?: FontSetOptions): FontSet;
}

let bundledRegistry: FontRegistry | undefined;

/** The bundled fonts, parsed once per process and shared by every render. */
export function getFontRegistry(): FontRegistry {
  if (bundledRegistry) return bundledRegistry;
  const families = new Map<string, FontFace[]>();
  for (const file of BUNDLED_FACES) {
    const list = families.get(file.family) ?? [];
    list.push(
      lazyFace(file.family, file.weight, file.style, () => resolveBundledFile(file.file), {
        noBreakSpaceApart: file.noBreakSpaceApart,
        absent: file.absent,
      }),
    );
    families.set(file.family, list);
  }
  const system = SYSTEM_FALLBACK_FILES.find((f) => existsSync(f.path));
  if (system) families.set(system.family, [lazyFace(system.family, 400, 'normal', () => system.path)]);
  const emoji = lazyFace(EMOJI_FACE.family, EMOJI_FACE.weight, EMOJI_FACE.style, () =>
    resolveBundledFile(EMOJI_FACE.file),
  );
  const registry: FontRegistry = {
    families,
    emoji,
    createFontSet: (options) => new FontSet(registry, getHostFonts(options?.fontDirs)),
  };
  bundledRegistry = registry;
  return registry;
}

/**
 * A family's faces matched to a query's weight and style, best first (only the best for the
 * families a query lists): per family list, so per process for the bundled and installed
 * families (every render's chains are built from them) and per render for @font-face ones.
 */
const familyMatches = new WeakMap<readonly FontFace[], Map<string, readonly ResolvedFace[]>>();
const MAX_MATCHES_PER_FAMILY = 64;

/** A number per parsed font (font-data.ts keeps one per content) and per host font list, for FontSet.environmentKey. */
const fontNumbers = new WeakMap<Font | HostFonts, number>();
let lastFontNumber = 0;
function numberOf(font: Font | HostFonts): number {
  let n = fontNumbers.get(font);
  if (n === undefined) fontNumbers.set(font, (n = ++lastFontNumber));
  return n;
}

/** fontconfig fallback lookups one render may start (each runs fc-match once per process and code point). */
const MAX_INSTALLED_FALLBACKS = 256;

/** A character past ASCII, or a numeric character reference to one (`&#x2329;`, `&#9001;`). */
const EXPECTED_CHAR = /&#[xX]([0-9a-fA-F]{1,6});|&#([0-9]{1,7});|[^\u0000-\u007f]/gu;
/** Distinct characters past ASCII read from the expected text at most. */
const MAX_EXPECTED_CHARS = 4096;

/** What the system's fallback matches a family's faces against: the character only (see `chain`). */
const SYSTEM_FALLBACK_QUERY = { weight: 400, style: 'normal' } as const;

function queryKey(q: FontQuery): string {
  return `${q.families.join('\u0000')}|${q.weight}|${q.style}`;
}

function ruleWeight(rule: FontFaceRule): [number, readonly [number, number] | undefined] {
  if (rule.weight === undefined) return [400, undefined];
  if (typeof rule.weight === 'number') return [rule.weight, undefined];
  const [min, max] = rule.weight;
  return [min, min === max ? undefined : [min, max]];
}

function effectiveWeight(face: FontFace, desired: number): number {
  const range = face.weightRange;
  return range ? Math.min(range[1], Math.max(range[0], desired)) : face.weight;
}

function resolve(face: FontFace, query: FontQuery, weight: number): ResolvedFace {
  const syntheticBold = needsSyntheticBold(query.weight, weight);
  const syntheticOblique = needsSyntheticOblique(query.style, face.style);
  const fontId = `${face.id}${syntheticBold ? '+bold' : ''}${syntheticOblique ? '+oblique' : ''}`;
  return { fontId, face, syntheticBold, syntheticOblique };
}

/**
 * The fonts of one render: that render's `@font-face` rules (which never leak into other
 * renders), the host's installed fonts and the bundled ones.
 */
export class FontSet {
  readonly registry: FontRegistry;
  readonly diagnostics: Diagnostic[] = [];
  readonly #host: HostFonts;
  readonly #custom = new Map<string, FontFace[]>();
  /** The faces of `#custom` (the @font-face rules'). */
  readonly #customFaces = new WeakSet<FontFace>();
  readonly #chains = new Map<string, readonly ResolvedFace[]>();
  readonly #byId = new Map<string, ResolvedFace>();
  #installedFallbacks = 0;
  /** The document's text, read for the characters an installed fallback may be needed for at the first need. */
  #expectedTexts: readonly string[] | null = null;
  /** Fonts that parsed but proved corrupt while shaping (layout-budget.ts): no longer chosen. */
  readonly #corrupt = new WeakSet<Font>();
  #anyCorrupt = false;
  /** Which face of a chain covers a code point (null: none), memoised per chain: shaping asks per character. */
  readonly #coverage = new WeakMap<readonly ResolvedFace[], Map<number, ResolvedFace | null>>();
  /** What the chains depend on beyond the process's fonts: the host's, then each @font-face face added. */
  readonly #environment: string[];
  #environmentKey: string | null = null;

  constructor(registry: FontRegistry, host: HostFonts) {
    this.registry = registry;
    this.#host = host;
    this.#environment = [`host${numberOf(host)}`];
  }

  /**
   * Equal keys mean equal chains for every query (the same faces, fonts by content, in the
   * same order): what shaping results may be shared between renders by. Null once a font was
   * dropped as corrupt (chains then depend on what this render shaped).
   */
  environmentKey(): string | null {
    if (this.#anyCorrupt) return null;
    this.#environmentKey ??= this.#environment.join('\u0000');
    return this.#environmentKey;
  }

  /**
   * Add an @font-face face after the family's earlier ones, numbered within the render: equal
   * environments (FontSet.environmentKey) have equal font ids.
   */
  #addCustom(family: string, face: Omit<FontFace, 'id'>, id: (ordinal: number) => string): void {
    const range = face.unicodeRange?.map(([a, b]) => `${a}-${b}`).join(',') ?? '';
    const added: FontFace = { id: id(this.#environment.length), ...face };
    this.#environment.push(
      `${numberOf(face.font)}:${added.id}:${family}:${face.family}:${face.weight}:${face.weightRange?.join('-') ?? ''}:${face.style}:${range}`,
    );
    this.#environmentKey = null;
    this.#custom.set(family, [...(this.#custom.get(family) ?? []), added]);
    this.#customFaces.add(added);
    this.#chains.clear();
  }

  /** Register an `@font-face` rule's font for this render. Returns false (with a diagnostic) on bad bytes. */
  addFace(rule: FontFaceRule, bytes: Uint8Array): boolean {
    let font: Font;
    try {
      font = parseFontCached(bytes);
    } catch (error) {
      this.diagnostics.push({
        severity: 'warning',
        code: 'font_decode_failed',
        message: `@font-face "${rule.family}": cannot read the font (${(error as Error).message})`,
      });
      return false;
    }
    const [weight, weightRange] = ruleWeight(rule);
    const key = rule.family.toLowerCase();
    const style = rule.style ?? 'normal';
    const face = { family: rule.family, weight, weightRange, style, font, unicodeRange: rule.unicodeRange ?? null };
    // Numbered within the render (not the process): the renders of one set of fonts give
    // their runs the same fontIds, so that shaped runs can be shared (FontSet.environmentKey).
    this.#addCustom(key, face, (n) => `ff${n}-${key.replace(/[^a-z0-9]+/g, '-')}-${weight}-${style}`);
    return true;
  }

  /**
   * `src: local(name)`: register the bundled or installed face whose full or PostScript name is `name`
   * (CSS Fonts 4 §4.3.1) under the rule's family. Returns false when none has that name.
   */
  addLocalFace(rule: FontFaceRule, name: string): boolean {
    const face = this.#localFace(name);
    if (!face) return false;
    const [weight, weightRange] = ruleWeight(rule);
    const local = {
      family: rule.family,
      weight,
      weightRange,
      style: rule.style ?? 'normal',
      font: face.font,
      unicodeRange: rule.unicodeRange ?? null,
    };
    // Same id as the bundled face: one embedded font program in the PDF for both.
    this.#addCustom(rule.family.toLowerCase(), local, () => face.id);
    return true;
  }

  /** Is there a bundled or installed face with this full or PostScript name (for `local()`)? */
  hasLocalFace(name: string): boolean {
    return this.#localFace(name) !== undefined;
  }

  #localFace(name: string): FontFace | undefined {
    const wanted = name.trim().toLowerCase();
    for (const faces of this.registry.families.values()) {
      for (const face of faces) {
        const f = face.font;
        if (f.fullName?.toLowerCase() === wanted || f.postscriptName?.toLowerCase() === wanted) return face;
      }
    }
    return this.#host.localFace(wanted);
  }

  /**
   * Faces of a CSS family name: @font-face first (as in Chromium), then a font installed on
   * the host under that family name, then the bundled families and their aliases (which
   * keep the names they stand in for: see HOST_FIRST_ALIASES).
   */
  family(name: string): readonly FontFace[] | undefined {
    const key = name.toLowerCase();
    const custom = this.#custom.get(key);
    if (custom) return custom;
    const alias = FAMILY_ALIASES.get(key);
    if (alias === undefined || HOST_FIRST_ALIASES.has(key)) {
      const installed = this.#host.family(key);
      if (installed) return installed;
    }
    return alias === undefined ? undefined : this.registry.families.get(alias);
  }

  /**
   * Every face to try for a query, in order: the listed families that exist, then the
   * default family, DejaVu Sans and Serif, every other bundled family, then the
   * @font-face families (the only source of CJK glyphs for now).
   */
  chain(query: FontQuery): readonly ResolvedFace[] {
    const key = queryKey(query);
    const cached = this.#chains.get(key);
    if (cached) return cached;
    const lists: (readonly FontFace[])[] = [];
    const listed = new Set<readonly FontFace[]>();
    const add = (faces: readonly FontFace[] | undefined): void => {
      if (faces && !listed.has(faces)) {
        listed.add(faces);
        lists.push(faces);
      }
    };
    for (const name of query.families) add(this.family(name));
    // Past the listed families and the default one, the system's fallback: a family is asked
    // for the character, and the closest of its faces that has it answers (fontconfig sorts
    // by coverage before weight: light text falls back to DejaVu Sans Book for a ✈ that its
    // ExtraLight lacks, as in Chromium's prints). Chromium asks fontconfig for the character
    // alone, without the weight and style (gfx::GetFallbackFontForChar), so the regular face
    // answers and bold or italic text synthesises them (measured: bold ✧✓★ print in DejaVu Sans
    // Book made bold, italic ones in Book slanted).
    const defaultFaces = this.registry.families.get(DEFAULT_FAMILY);
    const fallbackFrom = lists.length + (defaultFaces && !listed.has(defaultFaces) ? 1 : 0);
    for (const name of [DEFAULT_FAMILY, ...FALLBACK_FAMILIES, ...this.registry.families.keys()])
      add(this.registry.families.get(name));
    for (const faces of this.#custom.values()) add(faces);
    const chain: ResolvedFace[] = [];
    lists.forEach((faces, i) => {
      for (const resolved of this.#matches(faces, query, i < fallbackFrom)) chain.push(this.#remember(resolved));
    });
    this.#chains.set(key, chain);
    return chain;
  }

  /** The faces of a family for a query, best first; only the best one if `bestOnly`. */
  #matches(faces: readonly FontFace[], query: FontQuery, bestOnly: boolean): readonly ResolvedFace[] {
    const key = `${query.weight}|${query.style}|${bestOnly}`;
    const desired = bestOnly ? query : SYSTEM_FALLBACK_QUERY;
    // Which faces are corrupt is this render's knowledge: such a chain is not kept.
    const kept = this.#anyCorrupt ? undefined : familyMatches.get(faces);
    const known = kept?.get(key);
    if (known) return known;
    const matches: ResolvedFace[] = [];
    // A weight range matches the desired weight where it can (§5.2 step 4c).
    let candidates = faces
      .filter((face) => !this.#isCorrupt(face))
      .map((face) => ({ face, style: face.style, weight: effectiveWeight(face, desired.weight) }));
    for (let match = matchFace(candidates, desired); match; match = matchFace(candidates, desired)) {
      matches.push(resolve(match.face, query, match.weight));
      if (bestOnly) break;
      candidates = candidates.filter((c) => c !== match);
    }
    if (!this.#anyCorrupt) {
      // Bounded: font-weight takes any number from 1 to 1000.
      if (kept && kept.size < MAX_MATCHES_PER_FAMILY) kept.set(key, matches);
      else familyMatches.set(faces, new Map([[key, matches]]));
    }
    return matches;
  }

  /** The first available family's face: what `line-height: normal` and metrics use. */
  primary(query: FontQuery): ResolvedFace {
    const first = this.chain(query)[0];
    if (!first) throw new Error('no fonts registered');
    return first;
  }

  /**
   * The face an emoji-presentation sequence (text/emoji.ts) starting with `codePoint` is drawn
   * in: the first colour font of the query's @font-face families that has it, else the bundled
   * emoji font (undefined if neither has it). Text fonts are passed over, as Chromium's fallback
   * for emoji presentation prefers a colour font.
   */
  emojiFace(query: FontQuery, codePoint: number): ResolvedFace | undefined {
    if (this.#custom.size > 0) {
      const own = this.chain(query).find(
        (r) => this.#customFaces.has(r.face) && hasColorLayers(r.face.font) && faceCovers(r.face, codePoint),
      );
      if (own) return own;
    }
    const emoji = this.emoji(query);
    return emoji && faceCovers(emoji.face, codePoint) ? emoji : undefined;
  }

  /**
   * The colour emoji face: what an emoji-presentation sequence is drawn in (text/emoji.ts), and
   * the last bundled fallback. Italic text slants it as any face without an italic, but bold
   * does not embolden it (both measured in Chromium's prints of a COLR font).
   */
  emoji(query: FontQuery): ResolvedFace | undefined {
    const face = this.registry.emoji;
    if (this.#isCorrupt(face)) return undefined;
    const syntheticOblique = needsSyntheticOblique(query.style, face.style);
    const fontId = `${face.id}${syntheticOblique ? '+oblique' : ''}`;
    return this.#remember({ fontId, face, syntheticBold: false, syntheticOblique });
  }

  /** The first face in the chain that has `codePoint`, or undefined if none has. */
  faceFor(query: FontQuery, codePoint: number): ResolvedFace | undefined {
    return this.faceLookup(query)(codePoint);
  }

  /** `faceFor` with the query's chain resolved once, for a caller that asks for many code points. */
  faceLookup(query: FontQuery): (codePoint: number) => ResolvedFace | undefined {
    const chain = this.chain(query);
    let memo = this.#coverage.get(chain);
    if (!memo) this.#coverage.set(chain, (memo = new Map()));
    const known = memo;
    return (codePoint) => {
      let face = known.get(codePoint);
      if (face === undefined) {
        face =
          chain.find((r) => faceCovers(r.face, codePoint)) ??
          this.#emojiFallback(query, codePoint) ??
          this.#installedFallback(query, codePoint) ??
          null;
        known.set(codePoint, face);
      }
      return face ?? undefined;
    };
  }

  /** A character no family of the chain has, which the emoji font has (a pictograph without VS16…; none lies below U+203C). */
  #emojiFallback(query: FontQuery, codePoint: number): ResolvedFace | undefined {
    return codePoint >= 0x203c && faceCovers(this.registry.emoji, codePoint) ? this.emoji(query) : undefined;
  }

  /**
   * A character no family of the chain has: the installed font fontconfig picks for it, as
   * Chromium's system fallback, with bold or italic synthesised as for any face.
   */
  #installedFallback(query: FontQuery, codePoint: number): ResolvedFace | undefined {
    if (this.#installedFallbacks >= MAX_INSTALLED_FALLBACKS) return undefined;
    if (this.#expectedTexts) this.#prefetchFallbacks(this.chain(query), codePoint, this.#expectedTexts);
    this.#installedFallbacks++;
    const face = this.#host.fallback(codePoint);
    return face && !this.#isCorrupt(face) ? this.#remember(resolve(face, query, face.weight)) : undefined;
  }

  /**
   * The text of the document (its markup will do): the characters past ASCII in it that no
   * face has are looked up in fontconfig together, at the first one layout needs
   * (host-fonts.ts, prefetchFallbacks). Read only then: most documents need none.
   */
  expectText(texts: readonly string[]): void {
    this.#expectedTexts = texts;
  }

  /**
   * Before fontconfig is asked for `codePoint`, which no face of `chain` has: the expected
   * characters this chain lacks too (its faces are all read by now), as one batch, within
   * the render's budget of lookups.
   */
  #prefetchFallbacks(chain: readonly ResolvedFace[], codePoint: number, texts: readonly string[]): void {
    this.#expectedTexts = null;
    const room = MAX_INSTALLED_FALLBACKS - this.#installedFallbacks;
    const batch = new Set([codePoint]);
    const seen = new Set<number>();
    for (const text of texts) {
      for (const [char, hex, decimal] of text.matchAll(EXPECTED_CHAR)) {
        if (batch.size >= room || seen.size >= MAX_EXPECTED_CHARS) break;
        const cp =
          hex !== undefined ? parseInt(hex, 16) : decimal !== undefined ? Number(decimal) : (char.codePointAt(0) ?? 0);
        if (cp < 0x80 || cp > 0x10ffff || seen.has(cp)) continue;
        seen.add(cp);
        if (!chain.some((r) => faceCovers(r.face, cp))) batch.add(cp);
      }
    }
    this.#host.prefetchFallbacks(batch);
  }

  /**
   * Was the face's font dropped as corrupt? Asked only once one was: `face.font` parses a
   * bundled face on first use, and building a chain asks for every bundled family's faces
   * (all 30 fonts parsed by every process: 18 MB more memory, and a slower cold start).
   */
  #isCorrupt(face: FontFace): boolean {
    return this.#anyCorrupt && this.#corrupt.has(face.font);
  }

  /**
   * A face whose font proved corrupt while shaping (CorruptFontError): skipped from now on,
   * as an unreadable one is, with a warning; the next family of each chain takes its place.
   */
  dropCorrupt(face: FontFace, error: Error): boolean {
    if (this.#corrupt.has(face.font)) return false;
    this.#corrupt.add(face.font);
    this.#anyCorrupt = true;
    this.#chains.clear();
    this.diagnostics.push({
      severity: 'warning',
      code: 'font_decode_failed',
      message: `font "${face.family}" is skipped: ${error.message}`,
    });
    return true;
  }

  /** Look a `GlyphRun.fontId` up (the painter's way back to the font). */
  byId(fontId: string): ResolvedFace | undefined {
    return this.#byId.get(fontId);
  }

  #remember(resolved: ResolvedFace): ResolvedFace {
    const known = this.#byId.get(resolved.fontId);
    if (known) return known;
    this.#byId.set(resolved.fontId, resolved);
    return resolved;
  }
}
