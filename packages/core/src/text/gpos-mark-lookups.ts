import type { Font } from 'fontkit';
import { rawTable } from '../resources/raw-table.js';

/**
 * The mark coverages of GPOS mark-attachment lookups (MarkBasePos 4, MarkLigPos 5,
 * MarkMarkPos 6, or extensions 9 of them), read from the table's bytes. fontkit decodes such
 * a lookup whole, with an anchor per base glyph and mark class (12 ms for one of Arimo's, 40 ms
 * of a cold render per face), while layout-triggers.ts needs only the coverage of the glyph it
 * starts at: the mark (OpenType GPOS §6.4–6.6, markCoverageOffset / mark1CoverageOffset, the
 * field after posFormat).
 */

/** Per mark lookup index: the glyphs of each subtable's mark coverage (fontkit's order). */
export class GposMarkLookups {
  readonly #view: DataView;
  readonly #lookupList: number;
  /** Coverage entries read so far, bounded like fontkit's reads of the table (layout-budget.ts). */
  #reads = 0;
  readonly #maxReads: number;

  private constructor(view: DataView, lookupList: number) {
    this.#view = view;
    this.#lookupList = lookupList;
    this.#maxReads = 4 * view.byteLength + 16384;
  }

  /** The reader of `font`'s GPOS, or null where its bytes are not at hand (WOFF, WOFF2). */
  static of(font: Font): GposMarkLookups | null {
    const view = rawTable(font, 'GPOS');
    if (!view || view.byteLength < 10) return null;
    return new GposMarkLookups(view, view.getUint16(8));
  }

  /**
   * The mark coverage glyphs of each subtable of lookup `index` when all its subtables are
   * mark attachments; null for any other lookup or any shape not read here (out of bounds,
   * a null offset, an unknown coverage format), which fontkit then decodes as before.
   */
  markCoverages(index: number): number[][] | null {
    try {
      return this.#read(index);
    } catch {
      return null; // a RangeError of DataView: past the table
    }
  }

  #read(index: number): number[][] | null {
    const v = this.#view;
    const list = this.#lookupList;
    if (list === 0 || index >= v.getUint16(list)) return null;
    const lookup = list + v.getUint16(list + 2 + 2 * index);
    const type = v.getUint16(lookup);
    const count = v.getUint16(lookup + 4);
    if (count === 0) return null;
    const coverages: number[][] = [];
    for (let i = 0; i < count; i++) {
      let sub = lookup + v.getUint16(lookup + 6 + 2 * i);
      let subType = type;
      if (type === 9) {
        // ExtensionPosFormat1: posFormat, extensionLookupType, extensionOffset (32-bit, from the subtable).
        subType = v.getUint16(sub + 2);
        sub += v.getUint32(sub + 4);
      }
      if (subType !== 4 && subType !== 5 && subType !== 6) return null;
      const offset = v.getUint16(sub + 2);
      if (offset === 0) return null;
      const glyphs = this.#coverage(sub + offset);
      if (!glyphs) return null;
      coverages.push(glyphs);
    }
    return coverages;
  }

  /** A coverage table's glyphs (format 1: a list; format 2: ranges), null past the read bound or for another format. */
  #coverage(at: number): number[] | null {
    const v = this.#view;
    const format = v.getUint16(at);
    const count = v.getUint16(at + 2);
    const glyphs: number[] = [];
    if (format === 1) {
      if ((this.#reads += count) > this.#maxReads) return null;
      for (let i = 0; i < count; i++) glyphs.push(v.getUint16(at + 4 + 2 * i));
      return glyphs;
    }
    if (format === 2) {
      for (let i = 0; i < count; i++) {
        const start = v.getUint16(at + 4 + 6 * i);
        const end = v.getUint16(at + 6 + 6 * i);
        if ((this.#reads += 1 + Math.max(0, end - start + 1)) > this.#maxReads) return null;
        for (let g = start; g <= end; g++) glyphs.push(g);
      }
      return glyphs;
    }
    return null;
  }
}
