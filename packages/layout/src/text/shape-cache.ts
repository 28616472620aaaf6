import type { FontMetrics, FontQuery, GlyphRun, Measurer, ShapeOptions } from '../measurer.js';
import type { ComputedStyle } from '../style.js';

export interface Shaped {
  readonly runs: readonly GlyphRun[];
  readonly width: number;
}

interface FontEntry {
  readonly query: FontQuery;
  readonly size: number;
  readonly options: ShapeOptions;
  readonly shapes: Map<string, Shaped>;
  readonly rtlShapes: Map<string, Shaped>;
  /** Kerning after a space, by the next character's code point (kernAfterSpace). */
  readonly spaceKerns: Map<number, number>;
  metrics: FontMetrics | null;
}

/**
 * What shaping depends on in a style, as a string. Computed styles are immutable and shared
 * by the renders of one template (core's style memo), while a ShapeCache lives for one
 * layout: the key is kept per style object so that each render does not join it again.
 */
const fontKeys = new WeakMap<ComputedStyle, string>();

function fontKey(style: ComputedStyle): string {
  let key = fontKeys.get(style);
  if (key === undefined) {
    key = [
      style.fontFamily.join(','),
      style.fontWeight,
      style.fontStyle,
      style.fontSize,
      style.letterSpacing,
      style.wordSpacing,
      style.fontVariant,
      style.lang,
      style.fontSizeAdjust === 'none' ? '' : `${style.fontSizeAdjust.metric}:${style.fontSizeAdjust.value}`,
    ].join('|');
    fontKeys.set(style, key);
  }
  return key;
}

/**
 * Shaping is layout's hot path: every word of every paragraph goes through it, and the same
 * words recur (table cells, repeated rows). Results are cached per font and text.
 */
export class ShapeCache {
  readonly #measurer: Measurer;
  readonly #byStyle = new WeakMap<ComputedStyle, FontEntry>();
  readonly #byKey = new Map<string, FontEntry>();
  /** The last style asked for and its entry: a paragraph's pieces mostly share one style. */
  #lastStyle: ComputedStyle | null = null;
  #lastEntry: FontEntry | null = null;

  constructor(measurer: Measurer) {
    this.#measurer = measurer;
  }

  shape(text: string, style: ComputedStyle, rtl = false): Shaped {
    const entry = this.#entry(style);
    const map = rtl ? entry.rtlShapes : entry.shapes;
    let shaped = map.get(text);
    if (!shaped) {
      // A soft hyphen is never drawn (CSS Text 3 §6.1), and is not given to the shaper: fontkit
      // caches a glyph's code points by first use, so after a U+00AD every '-' sharing its glyph
      // would be hidden as default-ignorable (or a U+00AD drawn as '-' after a '-').
      const shown = text.includes('\u00ad') ? text.replaceAll('\u00ad', '') : text;
      const runs =
        shown === ''
          ? []
          : this.#measurer.shape(shown, entry.query, entry.size, rtl ? { ...entry.options, rtl } : entry.options);
      let width = 0;
      for (const run of runs) width += run.width;
      shaped = { runs, width };
      map.set(text, shaped);
    }
    return shaped;
  }

  /**
   * Kerning between a space and the character after it (Liberation Sans/Serif kern " A",
   * " T", " Y"…): Chromium shapes the whole run, we shape word by word and add it back.
   */
  kernAfterSpace(style: ComputedStyle, nextCodePoint: number): number {
    // Asked at every word boundary: cached per font and code point, so that no strings are built.
    const kerns = this.#entry(style).spaceKerns;
    let kern = kerns.get(nextCodePoint);
    if (kern === undefined) {
      const next = String.fromCodePoint(nextCodePoint);
      kern = this.shape(` ${next}`, style).width - this.shape(' ', style).width - this.shape(next, style).width;
      if (Math.abs(kern) < 1e-9) kern = 0;
      kerns.set(nextCodePoint, kern);
    }
    return kern;
  }

  metrics(style: ComputedStyle): FontMetrics {
    const entry = this.#entry(style);
    entry.metrics ??= this.#measurer.metrics(entry.query, entry.size);
    return entry.metrics;
  }

  /**
   * The used font size (CSS Fonts 5 §2.6 font-size-adjust): the computed size times the aspect
   * value asked for over the first available font's, x-height or cap height per em at the
   * computed size; one size for every font of the element, fallbacks included (Blink's
   * FontBuilder::UpdateAdjustedSize). Line-height numbers and em units keep the computed size.
   */
  #usedSize(style: ComputedStyle, query: FontQuery): number {
    const adjust = style.fontSizeAdjust;
    if (adjust === 'none' || style.fontSize <= 0) return style.fontSize;
    const m = this.#measurer.metrics(query, style.fontSize);
    const height = adjust.metric === 'cap-height' ? m.capHeight : m.xHeight;
    return height > 0 ? (adjust.value * style.fontSize * style.fontSize) / height : style.fontSize;
  }

  #entry(style: ComputedStyle): FontEntry {
    if (style === this.#lastStyle) return this.#lastEntry!;
    let entry = this.#byStyle.get(style);
    if (!entry) entry = this.#newEntry(style);
    this.#lastStyle = style;
    this.#lastEntry = entry;
    return entry;
  }

  #newEntry(style: ComputedStyle): FontEntry {
    const key = fontKey(style);
    let entry = this.#byKey.get(key);
    if (!entry) {
      const options: ShapeOptions = {
        ...(style.letterSpacing ? { letterSpacing: style.letterSpacing } : {}),
        ...(style.wordSpacing ? { wordSpacing: style.wordSpacing } : {}),
        ...(style.fontVariant === 'small-caps' ? { smallCaps: true } : {}),
        ...(style.lang ? { lang: style.lang } : {}),
      };
      const query: FontQuery = { families: style.fontFamily, weight: style.fontWeight, style: style.fontStyle };
      entry = {
        query,
        size: this.#usedSize(style, query),
        options,
        shapes: new Map(),
        rtlShapes: new Map(),
        spaceKerns: new Map(),
        metrics: null,
      };
      this.#byKey.set(key, entry);
    }
    this.#byStyle.set(style, entry);
    return entry;
  }
}
