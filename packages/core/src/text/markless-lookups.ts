/**
 * Can a GSUB/GPOS subtable apply at a glyph of a run that holds no mark glyph (GDEF class 3)?
 * The simple shaper (simple-shaper.ts) only takes such runs, so a ligature or a contextual
 * rule that needs a mark is no reason to send every run with its first glyph to fontkit:
 * Liberation's and DejaVu's 'ccmp' turn "i" + a combining mark above into a dotless i, which
 * blocked every word with an "i" or "j".
 *
 * fontkit compares every component and every position of a rule's sequences with a glyph of
 * the run (OTProcessor.match, sequenceMatches, classSequenceMatches, coverageSequenceMatches;
 * GSUBProcessor's ligature components): a rule naming a mark glyph, a class that holds only
 * marks, or a coverage of marks only can never match there, whatever the lookup flags skip.
 * Any shape not understood here answers true (the glyph stays with fontkit).
 */

interface Coverage {
  readonly version: number;
  readonly glyphs?: readonly number[];
  readonly rangeRecords?: readonly { readonly start: number; readonly end: number }[];
}
export interface ClassDef {
  readonly version: number;
  readonly startGlyph?: number;
  readonly classValueArray?: readonly number[];
  readonly classRangeRecord?: readonly { readonly start: number; readonly end: number; readonly class: number }[];
}
/** fontkit's LazyArray (`get`) or a plain array. */
type List<T> = readonly T[] | { readonly length: number; get(index: number): T };
interface Rule {
  readonly input?: readonly number[];
  readonly classes?: readonly number[];
  readonly backtrack?: readonly number[];
  readonly lookahead?: readonly number[];
  readonly components?: readonly number[];
}
export interface ContextSubTable {
  readonly version?: number;
  readonly ligatureSets?: List<List<Rule>>;
  readonly ruleSets?: List<List<Rule> | null>;
  readonly chainRuleSets?: List<List<Rule> | null>;
  readonly classDef?: ClassDef;
  readonly classSet?: List<List<Rule> | null>;
  readonly inputClassDef?: ClassDef;
  readonly backtrackClassDef?: ClassDef;
  readonly lookaheadClassDef?: ClassDef;
  readonly chainClassSet?: List<List<Rule> | null>;
  readonly coverages?: readonly Coverage[];
  readonly backtrackCoverage?: readonly Coverage[];
  readonly inputCoverage?: readonly Coverage[];
  readonly lookaheadCoverage?: readonly Coverage[];
}

function at<T>(list: List<T> | undefined, index: number): T | undefined {
  if (!list) return undefined;
  return 'get' in list ? list.get(index) : list[index];
}

function items<T>(list: List<T> | null | undefined): T[] | undefined {
  if (!list) return undefined;
  if (Array.isArray(list)) return list as T[];
  const lazy = list as { readonly length: number; get(index: number): T };
  return Array.from({ length: lazy.length }, (_, i) => lazy.get(i));
}

/** fontkit's OTProcessor.getClassID. */
export function classOf(glyph: number, classDef: ClassDef): number {
  if (classDef.version === 1 && classDef.classValueArray) {
    return classDef.classValueArray[glyph - (classDef.startGlyph ?? 0)] ?? 0;
  }
  for (const range of classDef.classRangeRecord ?? []) {
    if (range.start <= glyph && glyph <= range.end) return range.class;
  }
  return 0;
}

export class MarklessCheck {
  readonly #isMark: Uint8Array;
  /** Per class definition: the classes some non-mark glyph has (class 0 always counts). */
  readonly #classes = new Map<ClassDef, Set<number>>();

  constructor(isMark: Uint8Array) {
    this.#isMark = isMark;
  }

  /** Can the subtable (extensions unwrapped) apply at `glyph`, the entry `index` of its first coverage? */
  applies(type: number, sub: ContextSubTable, isGpos: boolean, glyph: number, index: number): boolean {
    const context = isGpos ? 7 : 5;
    if (!isGpos && type === 4)
      return this.#anyRule(items(at(sub.ligatureSets, index)), (r) => this.#glyphs(r.components));
    if (type === context && sub.version === 1)
      return this.#anyRule(items(at(sub.ruleSets, index)), (r) => this.#glyphs(r.input));
    if (type === context + 1 && sub.version === 1) {
      return this.#anyRule(
        items(at(sub.chainRuleSets, index)),
        (r) => this.#glyphs(r.backtrack) && this.#glyphs(r.input) && this.#glyphs(r.lookahead),
      );
    }
    if (type === context && sub.version === 2 && sub.classDef) {
      const classDef = sub.classDef;
      return this.#anyRule(items(at(sub.classSet, classOf(glyph, classDef))), (r) =>
        this.#classesPossible(r.classes, classDef),
      );
    }
    if (
      type === context + 1 &&
      sub.version === 2 &&
      sub.inputClassDef &&
      sub.backtrackClassDef &&
      sub.lookaheadClassDef
    ) {
      const { inputClassDef, backtrackClassDef, lookaheadClassDef } = sub;
      // fontkit: no rule set for the glyph's class means no match.
      const rules = at(sub.chainClassSet, classOf(glyph, inputClassDef));
      if (!rules) return false;
      return this.#anyRule(
        items(rules),
        (r) =>
          this.#classesPossible(r.backtrack, backtrackClassDef) &&
          this.#classesPossible(r.input, inputClassDef) &&
          this.#classesPossible(r.lookahead, lookaheadClassDef),
      );
    }
    if (type === context && sub.version === 3 && sub.coverages)
      return sub.coverages.slice(1).every((c) => this.#coverageHasBase(c));
    if (
      type === context + 1 &&
      sub.version === 3 &&
      sub.inputCoverage &&
      sub.backtrackCoverage &&
      sub.lookaheadCoverage
    ) {
      return [...sub.backtrackCoverage, ...sub.inputCoverage.slice(1), ...sub.lookaheadCoverage].every((c) =>
        this.#coverageHasBase(c),
      );
    }
    return true;
  }

  /** Some rule could match; a missing rule list is not understood, so it could. */
  #anyRule(rules: readonly Rule[] | undefined, possible: (rule: Rule) => boolean): boolean {
    return rules === undefined || rules.some((rule) => possible(rule));
  }

  #glyphs(glyphs: readonly number[] | undefined): boolean {
    return glyphs === undefined || glyphs.every((g) => this.#isMark[g] !== 1);
  }

  #classesPossible(classes: readonly number[] | undefined, classDef: ClassDef): boolean {
    if (classes === undefined) return true;
    const possible = this.#possibleClasses(classDef);
    return classes.every((c) => possible.has(c));
  }

  #possibleClasses(classDef: ClassDef): Set<number> {
    let possible = this.#classes.get(classDef);
    if (possible) return possible;
    // Read from the definition itself, not per glyph. A glyph in two overlapping ranges
    // counts for both classes: more classes possible only ever blocks more.
    possible = new Set([0]);
    if (classDef.version === 1 && classDef.classValueArray) {
      const start = classDef.startGlyph ?? 0;
      classDef.classValueArray.forEach((cls, i) => {
        if (this.#isMark[start + i] !== 1) possible?.add(cls);
      });
    } else {
      for (const { start, end, class: cls } of classDef.classRangeRecord ?? []) {
        for (let g = start; g <= end; g++) {
          if (this.#isMark[g] !== 1) {
            possible.add(cls);
            break;
          }
        }
      }
    }
    this.#classes.set(classDef, possible);
    return possible;
  }

  #coverageHasBase(coverage: Coverage): boolean {
    if (coverage.version === 1 && coverage.glyphs) return coverage.glyphs.some((g) => this.#isMark[g] !== 1);
    if (coverage.version === 2 && coverage.rangeRecords) {
      return coverage.rangeRecords.some(({ start, end }) => {
        for (let g = start; g <= end; g++) if (this.#isMark[g] !== 1) return true;
        return false;
      });
    }
    return true;
  }
}
