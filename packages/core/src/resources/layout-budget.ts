import type { Font } from 'fontkit';

/**
 * A font whose layout tables (GSUB, GPOS, GDEF, morx) make fontkit do unbounded work. It
 * parses, but is treated as unreadable: skipped with a warning, the next family used.
 */
export class CorruptFontError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CorruptFontError';
  }
}

/*
 * fontkit trusts the counts and offsets of layout tables. Fuzzing Arimo's GSUB (8 random
 * bytes) found, in 13 of 300 variants, a font that took minutes or all memory to lay out
 * one paragraph: restructure decodes arrays of pointers eagerly, so counts of 65,535 at three
 * nested levels mean 65,535³ reads; a contextual lookup can call itself from several lookup
 * records (2^depth applications); a multiple substitution whose output its own coverage
 * matches is applied again to each glyph it inserts, without end. Each cause is bounded by
 * counting the work as HarfBuzz does (hb-buffer.hh: max_ops = 1024 × length, at least 16,384;
 * max_len = 64 × length, at least 16,384): every value read from the font's tables, every
 * lookup applied and every glyph a context rule steps over is one operation.
 */
const OPS_PER_CHAR = 1024;
const MIN_OPS = 16384;
const GLYPHS_PER_CHAR = 64;
const MIN_GLYPHS = 16384;
/**
 * Reading the tables layout uses (cmap, hmtx, GSUB, GPOS…) takes reads in proportion to their
 * size: decoding every lookup of GSUB and GPOS took at most 1.2 reads per byte of those
 * tables, a layout at most 0.21 reads per byte of the whole font (214 bundled, installed and
 * corpus fonts). A font may read 4 per byte of its tables, once per layout call.
 */
const READS_PER_FONT_BYTE = 4;

interface Budget {
  left: number;
  readonly maxGlyphs: number;
  exceeded: string | null;
}

/** The budget of the layout call running now (layout is synchronous), null outside one. */
let active: Budget | null = null;

function charge(ops: number): void {
  const budget = active;
  if (budget === null) return;
  budget.left -= ops;
  if (budget.left < 0) {
    budget.exceeded ??= 'its layout tables need more work than any valid font';
    throw new CorruptFontError(budget.exceeded);
  }
}

type Reader = (this: object, a?: unknown, b?: unknown) => unknown;

/** Count every read of a restructure DecodeStream (the font's own, or a WOFF table's inflated one). */
function countReads(stream: Record<string, unknown>): void {
  if (stream['platenCounted']) return;
  stream['platenCounted'] = true;
  let proto: object | null = Object.getPrototypeOf(stream) as object | null;
  const names = new Set<string>();
  for (; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    for (const name of Object.getOwnPropertyNames(proto)) if (name.startsWith('read')) names.add(name);
  }
  for (const name of names) {
    const read = stream[name] as Reader;
    if (typeof read !== 'function') continue;
    stream[name] = function counted(this: object, a?: unknown, b?: unknown): unknown {
      if (active) charge(1);
      return read.call(this, a, b);
    };
  }
}

interface Processor {
  glyphs: unknown[];
  applyLookup(type: number, table: unknown): boolean;
  applyLookups(lookups: unknown[], glyphs: unknown[], positions: unknown[]): void;
  applyLookupList(records: readonly { sequenceIndex: number }[]): boolean;
  match(sequenceIndex: number, sequence: readonly unknown[], ...rest: unknown[]): unknown;
}

/** Count the lookups a GSUB/GPOS processor applies and the glyphs its rules step over. */
function countLookups(processor: Processor | null | undefined): void {
  if (!processor) return;
  const { applyLookup, applyLookups, applyLookupList, match } = processor;
  processor.applyLookup = function counted(this: Processor, type, table) {
    charge(1);
    if (active && this.glyphs.length > active.maxGlyphs) {
      active.exceeded ??= `a substitution makes more than ${active.maxGlyphs} glyphs`;
      throw new CorruptFontError(active.exceeded);
    }
    return applyLookup.call(this, type, table);
  };
  processor.applyLookups = function counted(this: Processor, lookups, glyphs, positions) {
    charge(lookups.length * Math.max(1, glyphs.length));
    applyLookups.call(this, lookups, glyphs, positions);
  };
  processor.applyLookupList = function counted(this: Processor, records) {
    charge(records.reduce((sum, r) => sum + 1 + Math.abs(r.sequenceIndex), 0));
    return applyLookupList.call(this, records);
  };
  processor.match = function counted(this: Processor, sequenceIndex, sequence, ...rest) {
    charge(1 + Math.abs(sequenceIndex) + sequence.length);
    return match.call(this, sequenceIndex, sequence, ...rest);
  };
}

function tableBytes(font: Font): number {
  const tables =
    (font as unknown as { directory?: { tables?: Record<string, { length?: number }> } }).directory?.tables ?? {};
  return Object.values(tables).reduce((sum, table) => sum + (table.length ?? 0), 0);
}

function withBudget<T>(budget: Budget, work: () => T): T {
  const outer = active;
  active = budget;
  try {
    const result = work();
    if (budget.exceeded) throw new CorruptFontError(budget.exceeded);
    return result;
  } catch (error) {
    // fontkit swallows errors while decoding a table (it then lacks the table): the flag
    // remembers that the budget, not the font's own data, stopped it.
    if (budget.exceeded) throw new CorruptFontError(budget.exceeded);
    throw error;
  } finally {
    active = outer;
  }
}

interface FontInternals {
  stream: Record<string, unknown>;
  _getTableStream(tag: string): Record<string, unknown> | null;
  readonly _layoutEngine?: { engine?: { GSUBProcessor?: Processor | null; GPOSProcessor?: Processor | null } };
  directory?: { tables?: Record<string, unknown> };
}

/**
 * Bound the work fontkit may do for `font`: its layout tables are read now, within a budget
 * proportional to their size, and every later `layout` call gets 1,024 operations per
 * character (plus the reading of lookups it meets first). A font past either budget throws
 * CorruptFontError (from here: the font is not used; from layout: see measurer.ts).
 */
export function boundLayoutWork(font: Font): void {
  const internals = font as unknown as FontInternals;
  countReads(internals.stream);
  const getTableStream = internals._getTableStream.bind(font);
  internals._getTableStream = (tag: string) => {
    const stream = getTableStream(tag);
    if (stream) countReads(stream);
    return stream;
  };
  const tableReads = READS_PER_FONT_BYTE * tableBytes(font);
  tableReadsOf.set(font, tableReads);
  withBudget({ left: MIN_OPS + tableReads, maxGlyphs: MIN_GLYPHS, exceeded: null }, () => {
    const engine = internals._layoutEngine?.engine;
    countLookups(engine?.GSUBProcessor);
    countLookups(engine?.GPOSProcessor);
  });
  const layout = font.layout.bind(font);
  (font as { layout: Font['layout'] }).layout = (text, ...rest) =>
    withLayoutBudget(font, text.length, () => layout(text, ...rest));
}

const tableReadsOf = new WeakMap<Font, number>();

/**
 * Run `work` (which reads `font`'s layout tables or lays out `chars` characters) within the
 * budget of one layout call; throws CorruptFontError past it. A font boundLayoutWork has not
 * seen runs unbounded.
 */
export function withLayoutBudget<T>(font: Font, chars: number, work: () => T): T {
  const tableReads = tableReadsOf.get(font);
  if (tableReads === undefined) return work();
  return withBudget(
    {
      left: MIN_OPS + tableReads + OPS_PER_CHAR * chars,
      maxGlyphs: Math.max(MIN_GLYPHS, GLYPHS_PER_CHAR * chars),
      exceeded: null,
    },
    work,
  );
}
