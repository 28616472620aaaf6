import type { Font } from 'fontkit';
import { CorruptFontError, withLayoutBudget } from '../resources/layout-budget.js';
import { GposMarkLookups } from './gpos-mark-lookups.js';
import { MarklessCheck, type ClassDef, type ContextSubTable } from './markless-lookups.js';

/**
 * Which glyphs can make fontkit's OpenType engine do more than look glyphs up in the cmap
 * and add pair kerning, for a left-to-right run shaped by fontkit's DefaultShaper (Latin and
 * Common-script text). Read once per font from its GSUB, GPOS and GDEF tables; the simple
 * shaper (simple-shaper.ts) only takes a run none of whose glyphs is `blocked`.
 *
 * Why this is exact: fontkit applies a lookup at a position only when the glyph there is in
 * the first coverage of one of the lookup's subtables (OTProcessor/GSUBProcessor/
 * GPOSProcessor.applyLookup: every subtable type starts with that test), and only lookups of
 * the features its DefaultShaper plans reach applyLookups, in the language system fontkit
 * selects for the run's script and language (selectedLangSys). The union of those
 * coverages is a superset of what any such run can trigger.
 */
export interface LayoutTriggers {
  /** Per glyph id: 1 if a substitution, a non-pair positioning lookup or GDEF (mark) may touch it. */
  readonly blocked: Uint8Array;
  /** Per glyph id: 1 if some planned pair-positioning lookup covers it as the first glyph. */
  readonly pairFirst: Uint8Array;
  /** The font has a legacy 'kern' table, which fontkit applies to every pair when GPOS has no kern. */
  readonly kernTable: boolean;
}

/**
 * DefaultShaper's plan for a left-to-right run (DefaultShaper.planPreprocessing and
 * planPostprocessing). The local fraction features (frac, numr, dnom) are left out: fontkit
 * assigns them only around U+2044, which the simple shaper never takes.
 */
const PLANNED_FEATURES = [
  'rvrn',
  'ltra',
  'ltrm',
  'ccmp',
  'locl',
  'rlig',
  'mark',
  'mkmk',
  'calt',
  'clig',
  'liga',
  'rclt',
  'curs',
  'kern',
];
/** What shaper.ts turns off when letter-spacing is set. */
const LIGATURE_FEATURES = new Set(['liga', 'clig', 'dlig', 'calt']);
/** fontkit's OTProcessor falls back to these when the run's script is missing; without one its choice depends on the previous run. */
const DEFAULT_SCRIPTS = ['DFLT', 'dflt', 'latn'];

// The slice of fontkit's parsed OpenType tables read here (fontkit ships no types).
interface Coverage {
  readonly version: number;
  readonly glyphs?: readonly number[];
  readonly rangeRecords?: readonly {
    readonly start: number;
    readonly end: number;
    readonly startCoverageIndex: number;
  }[];
}
interface SubTable extends ContextSubTable {
  readonly version?: number;
  readonly lookupType?: number;
  readonly extension?: SubTable;
  readonly coverage?: Coverage;
  readonly coverages?: readonly Coverage[];
  readonly inputCoverage?: readonly Coverage[];
  readonly markCoverage?: Coverage;
  readonly mark1Coverage?: Coverage;
}
interface Lookup {
  readonly lookupType: number;
  readonly flags: { readonly flags: { readonly ignoreBaseGlyphs: boolean; readonly ignoreLigatures: boolean } };
  readonly subTables: readonly SubTable[];
}
interface LangSys {
  readonly featureIndexes: readonly number[];
}
interface OtTable {
  readonly scriptList: readonly {
    readonly tag: string;
    readonly script: {
      readonly defaultLangSys: LangSys | null;
      readonly langSysRecords: readonly { readonly tag: string; readonly langSys: LangSys }[];
    };
  }[];
  readonly featureList: readonly {
    readonly tag: string;
    readonly feature: { readonly lookupListIndexes: readonly number[] };
  }[];
  readonly lookupList: { readonly length: number; get(index: number): Lookup };
  readonly featureVariations?: unknown;
}
interface OtFont {
  readonly numGlyphs: number;
  readonly GSUB?: OtTable;
  readonly GPOS?: OtTable;
  readonly GDEF?: { readonly glyphClassDef?: ClassDef | null };
  readonly kern?: unknown;
  readonly morx?: unknown;
  readonly fvar?: unknown;
}

const cache = new WeakMap<Font, Map<string, LayoutTriggers | null>>();

/**
 * The triggers of `font` for a run fontkit detects as `script` (latn, grek, cyrl or zzzz)
 * in `language` (an OpenType tag or undefined), with ligatures on or off; null when the
 * simple path must not be used.
 */
export function layoutTriggers(
  font: Font,
  ligatures: boolean,
  script: string,
  language: string | undefined,
): LayoutTriggers | null {
  let bySelection = cache.get(font);
  if (!bySelection) cache.set(font, (bySelection = new Map()));
  const key = `${script}|${language ?? ''}|${ligatures ? 'L' : '-'}`;
  let triggers = bySelection.get(key);
  if (triggers === undefined) {
    try {
      triggers = withLayoutBudget(font, 0, () => readTriggers(font as unknown as OtFont, ligatures, script, language));
    } catch (error) {
      if (error instanceof CorruptFontError) throw error;
      // A table shape this reader does not know: leave the font to fontkit.
      triggers = null;
    }
    bySelection.set(key, triggers);
  }
  return triggers;
}

/** The raw GPOS reader of a font, made once (null: none). */
const markReaders = new WeakMap<Font, GposMarkLookups | null>();

function markReader(font: Font): GposMarkLookups | null {
  let reader = markReaders.get(font);
  if (reader === undefined) markReaders.set(font, (reader = GposMarkLookups.of(font)));
  return reader;
}

function readTriggers(
  font: OtFont,
  ligatures: boolean,
  script: string,
  language: string | undefined,
): LayoutTriggers | null {
  // AAT fonts take fontkit's morx engine; variable fonts get feature variations and deltas.
  if (font.morx || font.fvar) return null;
  const features = new Set(PLANNED_FEATURES.filter((tag) => ligatures || !LIGATURE_FEATURES.has(tag)));
  const isMark = gdefMarks(font);
  const markless = new MarklessCheck(isMark);
  const blocked = isMark.slice();
  const pairFirst = new Uint8Array(font.numGlyphs);
  for (const [table, isGpos] of [
    [font.GSUB, false],
    [font.GPOS, true],
  ] as const) {
    if (!table) continue;
    if (table.featureVariations || !table.scriptList.some((s) => DEFAULT_SCRIPTS.includes(s.tag))) return null;
    const marks = isGpos ? markReader(font as unknown as Font) : null;
    for (const index of plannedLookups(table, features, script, language)) {
      // A mark attachment applies at a mark only (MarklessCheck lets it block its whole
      // first coverage): its coverage is read from the bytes, its anchors never decoded.
      const markCoverages = marks?.markCoverages(index);
      if (markCoverages) {
        for (const glyphs of markCoverages) for (const glyph of glyphs) blocked[glyph] = 1;
        continue;
      }
      const lookup = table.lookupList.get(index);
      const pair = isGpos && lookup.subTables.every((sub) => lookupType(lookup.lookupType, sub, true) === 2);
      if (pair) {
        // Ignored base glyphs or ligatures would make the pair skip over a glyph of the run.
        if (lookup.flags.flags.ignoreBaseGlyphs || lookup.flags.flags.ignoreLigatures) return null;
        for (const sub of lookup.subTables)
          forCoverage(unwrap(lookup.lookupType, sub, true).coverage, (glyph) => {
            pairFirst[glyph] = 1;
          });
        continue;
      }
      for (const wrapped of lookup.subTables) {
        const type = lookupType(lookup.lookupType, wrapped, isGpos);
        const sub = unwrap(lookup.lookupType, wrapped, isGpos);
        forCoverage(firstCoverage(type, sub, isGpos), (glyph, coverageIndex) => {
          if (markless.applies(type, sub, isGpos, glyph, coverageIndex)) blocked[glyph] = 1;
        });
      }
    }
  }
  return { blocked, pairFirst, kernTable: Boolean(font.kern) };
}

/**
 * The language system fontkit's OTProcessor.selectScript picks: the run's script, else the
 * first of DFLT, dflt, latn the table has; the language's system, else the default one.
 */
function selectedLangSys(table: OtTable, script: string, language: string | undefined): LangSys | null {
  const entry =
    table.scriptList.find((s) => s.tag === script) ??
    DEFAULT_SCRIPTS.map((tag) => table.scriptList.find((s) => s.tag === tag)).find((s) => s !== undefined);
  if (!entry) throw new Error('no default script');
  const tag = language && language.length < 4 ? language.padEnd(4, ' ') : language;
  const record = tag ? entry.script.langSysRecords.find((r) => r.tag === tag) : undefined;
  return record ? record.langSys : entry.script.defaultLangSys;
}

/**
 * Lookup indexes of the planned features in that language system (all records of a tag,
 * where fontkit keeps the last: a superset). fontkit never uses the required feature.
 */
function plannedLookups(
  table: OtTable,
  features: ReadonlySet<string>,
  script: string,
  language: string | undefined,
): Set<number> {
  const lookups = new Set<number>();
  for (const featureIndex of selectedLangSys(table, script, language)?.featureIndexes ?? []) {
    const record = table.featureList[featureIndex];
    if (record && features.has(record.tag)) for (const i of record.feature.lookupListIndexes) lookups.add(i);
  }
  return lookups;
}

/** The subtable itself, or the one an extension lookup (GSUB 7, GPOS 9) wraps. */
function unwrap(type: number, sub: SubTable, isGpos: boolean): SubTable {
  if (type !== (isGpos ? 9 : 7)) return sub;
  if (!sub.extension) throw new Error('extension without subtable');
  return sub.extension;
}

/** A subtable's lookup type, extension lookups (GSUB 7, GPOS 9) unwrapped. */
function lookupType(type: number, sub: SubTable, isGpos: boolean): number {
  return type === (isGpos ? 9 : 7) ? (sub.lookupType ?? 0) : type;
}

/** The coverage the glyph at the current position must be in for the subtable to apply. */
function firstCoverage(type: number, sub: SubTable, isGpos: boolean): Coverage | undefined {
  if (type === (isGpos ? 9 : 7)) {
    if (!sub.extension || sub.lookupType === undefined) throw new Error('extension without subtable');
    return firstCoverage(sub.lookupType, sub.extension, isGpos);
  }
  const context = isGpos ? 7 : 5;
  if (type === context) return sub.version === 3 ? sub.coverages?.[0] : sub.coverage;
  if (type === context + 1) return sub.version === 3 ? sub.inputCoverage?.[0] : sub.coverage;
  if (isGpos && (type === 4 || type === 5)) return sub.markCoverage;
  if (isGpos && type === 6) return sub.mark1Coverage;
  if (type >= 1 && type <= (isGpos ? 3 : 4)) return sub.coverage;
  throw new Error(`lookup type ${type}`);
}

/** Each glyph of a coverage with its coverage index, as fontkit's coverageIndex finds it (first match). */
function forCoverage(coverage: Coverage | undefined, visit: (glyph: number, index: number) => void): void {
  // A missing coverage (an empty context input) would match everywhere: no simple path.
  if (!coverage) throw new Error('subtable without coverage');
  const seen = new Set<number>();
  const once = (glyph: number, index: number): void => {
    if (seen.has(glyph)) return;
    seen.add(glyph);
    visit(glyph, index);
  };
  if (coverage.version === 1 && Array.isArray(coverage.glyphs)) {
    coverage.glyphs.forEach((glyph, i) => once(glyph, i));
  } else if (coverage.version === 2 && Array.isArray(coverage.rangeRecords)) {
    for (const { start, end, startCoverageIndex } of coverage.rangeRecords) {
      for (let g = start; g <= end; g++) once(g, startCoverageIndex + g - start);
    }
  } else {
    throw new Error(`coverage format ${coverage.version}`);
  }
}

/**
 * GDEF class 3 glyphs: fontkit zeroes their advance after GPOS (DefaultShaper
 * zeroMarkWidths), so they are never simple; without GDEF classes, none is (the simple
 * characters are no Unicode marks, which fontkit would test instead).
 */
function gdefMarks(font: OtFont): Uint8Array {
  const isMark = new Uint8Array(font.numGlyphs);
  const classDef = font.GDEF?.glyphClassDef;
  if (!classDef) return isMark;
  if (
    !(classDef.version === 1 && Array.isArray(classDef.classValueArray)) &&
    !(classDef.version === 2 && Array.isArray(classDef.classRangeRecord))
  ) {
    throw new Error(`class definition format ${classDef.version}`);
  }
  if (classDef.version === 1 && classDef.classValueArray) {
    const start = classDef.startGlyph ?? 0;
    classDef.classValueArray.forEach((cls, i) => {
      if (cls === 3 && start + i >= 0) isMark[start + i] = 1;
    });
    return isMark;
  }
  // fontkit's getClassID takes the first range that holds the glyph.
  const seen = new Uint8Array(isMark.length);
  for (const range of classDef.classRangeRecord ?? []) {
    for (let g = range.start; g <= range.end && g < isMark.length; g++) {
      if (seen[g] === 1) continue;
      seen[g] = 1;
      if (range.class === 3) isMark[g] = 1;
    }
  }
  return isMark;
}
