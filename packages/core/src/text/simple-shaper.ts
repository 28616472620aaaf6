import type { Font } from 'fontkit';
import { layoutTriggers, type LayoutTriggers } from './layout-triggers.js';

/**
 * The cold path of shaping without fontkit's per-call planning, for the runs that make up
 * most documents: left-to-right Latin, digits and punctuation whose glyphs no substitution,
 * mark or contextual lookup can touch (layout-triggers.ts). For those, fontkit's `layout`
 * reduces to the cmap glyphs, their advances, and pair kerning; pair kerning only ever
 * looks at a glyph and the next one, so it is taken from fontkit itself, once per pair of
 * characters: `font.layout` of the two-character string, minus the plain advances.
 *
 * fontkit spends ~8 µs per run planning features and walking lookups; this costs a table
 * look-up per character. Anything else returns null and goes to fontkit (shaper.ts).
 */
export interface SimpleShape {
  readonly glyphIds: number[];
  readonly xAdvances: number[];
  /** Per glyph [xOffset, yOffset] in font units, or null when every offset is zero. */
  readonly offsets: [number, number][] | null;
}

/** Code points past this are never simple (the array below is indexed by code point). */
const RANGE_END = 0x20c1;

/**
 * Latin, Greek, Cyrillic and Common characters that fontkit treats as nothing special
 * (fontkit's DefaultShaper shapes all three scripts): not default-ignorable
 * (LayoutEngine.isDefaultIgnorable: U+00AD, U+200B–U+200F, U+202A–U+202E, U+2060–U+206F),
 * not U+2044 (DefaultShaper's fraction features), no combining marks (U+0300–U+036F,
 * U+0483–U+0489), no controls, nothing from other scripts (U+02EA–U+02EB are Bopomofo, so
 * the spacing modifiers are left out; U+03E2–U+03EF are Coptic).
 */
export function inSimpleRange(cp: number): boolean {
  if (cp < 0x2000) {
    return (
      (cp >= 0x20 && cp <= 0x7e) ||
      (cp >= 0xa0 && cp <= 0x2af && cp !== 0xad) ||
      (cp >= 0x370 && cp <= 0x52f && !(cp >= 0x483 && cp <= 0x489) && !(cp >= 0x3e2 && cp <= 0x3ef))
    );
  }
  return (
    cp <= 0x200a ||
    (cp >= 0x2010 && cp <= 0x2027) ||
    (cp >= 0x202f && cp <= 0x205f && cp !== 0x2044) ||
    (cp >= 0x20a0 && cp < RANGE_END)
  );
}

/** fontkit's OpenType tag for a character's script (layout/Script.js), '' for Common and Unknown. */
const SCRIPTS: readonly (readonly [RegExp, string])[] = [
  [/\p{Script=Latin}/u, 'latn'],
  [/\p{Script=Greek}/u, 'grek'],
  [/\p{Script=Cyrillic}/u, 'cyrl'],
];
const SCRIPT_TAGS = ['', 'latn', 'grek', 'cyrl'] as const;

export function scriptOf(cp: number): string {
  const ch = String.fromCharCode(cp);
  return SCRIPTS.find(([re]) => re.test(ch))?.[1] ?? '';
}

const UNKNOWN = -2;
const NOT_SIMPLE = -1;

/** Pair adjustment in font units: [xAdvance, xOffset, yOffset] of the first glyph, then of the second. */
type PairDelta = readonly [number, number, number, number, number, number];
const ZERO: PairDelta = [0, 0, 0, 0, 0, 0];
/** A pair fontkit shaped into something else than its two cmap glyphs. */
const UNSAFE: PairDelta = [NaN, NaN, NaN, NaN, NaN, NaN];
/** Distinct pairs kept per font, script and language; past it, pairs are still probed, just not kept. */
const PAIR_LIMIT = 1 << 16;

interface SimpleFont {
  readonly font: Font;
  /** Glyph id per code point, NOT_SIMPLE, or UNKNOWN until first asked. */
  readonly glyphs: Int32Array;
  readonly advances: Float64Array;
  /** Index in SCRIPT_TAGS of the character's script (0: Common), as fontkit's Script.forString sees it. */
  readonly scripts: Uint8Array;
  readonly space: number;
  /** Pair deltas by script, language and ligatures, then by (first code point << 16 | second). */
  readonly pairs: Map<string, Map<number, PairDelta>>;
}

const fonts = new WeakMap<Font, SimpleFont>();

function simpleFont(font: Font): SimpleFont {
  let entry = fonts.get(font);
  if (!entry) {
    entry = {
      font,
      glyphs: new Int32Array(RANGE_END).fill(UNKNOWN),
      advances: new Float64Array(RANGE_END),
      scripts: new Uint8Array(RANGE_END),
      space: font.glyphForCodePoint(0x20).id,
      pairs: new Map(),
    };
    fonts.set(font, entry);
  }
  return entry;
}

/** The glyph of `cp` if fontkit would shape it as a plain cmap glyph, else NOT_SIMPLE. */
function glyphOf(sf: SimpleFont, cp: number): number {
  let gid = sf.glyphs[cp] ?? NOT_SIMPLE;
  if (gid !== UNKNOWN) return gid;
  const glyph = sf.font.glyphForCodePoint(cp);
  // fontkit keeps the code points a glyph was first met with and tests those (default
  // ignorables, marks, fractions): they must be a simple character too.
  const first = glyph.codePoints[0];
  gid = glyph.codePoints.length === 1 && first !== undefined && inSimpleRange(first) ? glyph.id : NOT_SIMPLE;
  sf.glyphs[cp] = gid;
  sf.advances[cp] = glyph.advanceWidth;
  sf.scripts[cp] = Math.max(0, SCRIPT_TAGS.indexOf(scriptOf(cp) as (typeof SCRIPT_TAGS)[number]));
  return gid;
}

/** The run's glyphs and positions exactly as fontkit's `layout` gives them, or null to ask fontkit. */
export function shapeSimple(
  font: Font,
  text: string,
  ligatures: boolean,
  language: string | undefined,
): SimpleShape | null {
  const n = text.length;
  if (n === 0) return null;
  const sf = simpleFont(font);
  const glyphIds: number[] = new Array<number>(n);
  const xAdvances: number[] = new Array<number>(n);
  let scriptIndex = 0;
  for (let i = 0; i < n; i++) {
    const cp = text.charCodeAt(i);
    if (!inSimpleRange(cp)) return null;
    const gid = glyphOf(sf, cp);
    if (gid === NOT_SIMPLE) return null;
    glyphIds[i] = gid;
    xAdvances[i] = sf.advances[cp] ?? 0;
    if (scriptIndex === 0) scriptIndex = sf.scripts[cp] ?? 0;
  }
  // fontkit's Script.forString: the first character not of the Common script decides.
  const script = scriptIndex === 0 ? 'zzzz' : (SCRIPT_TAGS[scriptIndex] ?? 'zzzz');
  const triggers = layoutTriggers(font, ligatures, script, language);
  if (!triggers) return null;
  for (let i = 0; i < n; i++) if (triggers.blocked[glyphIds[i] ?? 0] !== 0) return null;
  const pairs = pairTable(sf, script, language, ligatures);
  let offsets: [number, number][] | null = null;
  for (let i = 0; i + 1 < n; i++) {
    const delta = pairDelta(
      sf,
      triggers,
      pairs,
      text.charCodeAt(i),
      text.charCodeAt(i + 1),
      script,
      language,
      ligatures,
    );
    if (delta === ZERO) continue;
    if (delta === UNSAFE) return null;
    xAdvances[i] = (xAdvances[i] ?? 0) + delta[0];
    xAdvances[i + 1] = (xAdvances[i + 1] ?? 0) + delta[3];
    if (delta[1] === 0 && delta[2] === 0 && delta[4] === 0 && delta[5] === 0) continue;
    // Offsets are rare (kerning moves advances): only then an array of them.
    offsets ??= Array.from({ length: n }, () => [0, 0] as [number, number]);
    const first = offsets[i] as [number, number];
    const second = offsets[i + 1] as [number, number];
    first[0] += delta[1];
    first[1] += delta[2];
    second[0] += delta[4];
    second[1] += delta[5];
  }
  return { glyphIds, xAdvances, offsets };
}

function pairTable(
  sf: SimpleFont,
  script: string,
  language: string | undefined,
  ligatures: boolean,
): Map<number, PairDelta> {
  const key = `${script}|${language ?? ''}|${ligatures ? 'L' : '-'}`;
  let table = sf.pairs.get(key);
  if (!table) sf.pairs.set(key, (table = new Map()));
  return table;
}

function pairDelta(
  sf: SimpleFont,
  triggers: LayoutTriggers,
  pairs: Map<number, PairDelta>,
  a: number,
  b: number,
  script: string,
  language: string | undefined,
  ligatures: boolean,
): PairDelta {
  const first = sf.glyphs[a] ?? NOT_SIMPLE;
  // No pair lookup starts at this glyph and no kern table: nothing can move either glyph.
  if (!triggers.kernTable && triggers.pairFirst[first] === 0) return ZERO;
  const key = a * 0x10000 + b;
  let delta = pairs.get(key);
  if (!delta) {
    delta = probePair(sf, a, b, script, language, ligatures);
    if (pairs.size < PAIR_LIMIT) pairs.set(key, delta);
  }
  return delta;
}

/** fontkit's own shaping of the two characters, as deltas from the plain advances. */
function probePair(
  sf: SimpleFont,
  a: number,
  b: number,
  script: string,
  language: string | undefined,
  ligatures: boolean,
): PairDelta {
  // A fresh features object per call: fontkit writes the features it applied into it. Mark
  // attachment (mark, mkmk) is off: it applies at mark glyphs only, which the triggers keep
  // out of the simple path, and fontkit would decode every anchor of those lookups.
  const features: Record<string, boolean> = ligatures
    ? { mark: false, mkmk: false }
    : { liga: false, clig: false, dlig: false, calt: false, mark: false, mkmk: false };
  const run = sf.font.layout(String.fromCharCode(a, b), features, script, language, 'ltr');
  const [g0, g1] = run.glyphs;
  const [p0, p1] = run.positions;
  if (run.glyphs.length !== 2 || !g0 || !g1 || !p0 || !p1 || g0.id !== sf.glyphs[a] || g1.id !== sf.glyphs[b])
    return UNSAFE;
  const delta: PairDelta = [
    p0.xAdvance - (sf.advances[a] ?? 0),
    p0.xOffset,
    p0.yOffset,
    p1.xAdvance - (sf.advances[b] ?? 0),
    p1.xOffset,
    p1.yOffset,
  ];
  return delta.every((d) => d === 0) ? ZERO : delta;
}

/** The glyph id of U+0020, which shaper.ts drops when fontkit hid a default-ignorable as it. */
export function spaceGlyph(font: Font): number {
  return simpleFont(font).space;
}
