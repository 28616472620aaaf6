import type {
  FontMetrics,
  FontQuery,
  GlyphRun,
  InkExtent,
  Measurer,
  ShapeOptions,
  ShapingEnvironment,
} from '../measurer.js';
import type { ComputedStyle } from '../style.js';

export interface Shaped {
  readonly runs: readonly GlyphRun[];
  readonly width: number;
}

/** Shaped texts of one font that every render of the same font environment may use. */
interface SharedFont {
  readonly shapes: Map<string, Shaped>;
  readonly rtlShapes: Map<string, Shaped>;
  readonly spaceKerns: Map<number, number>;
  /** The store let it go (past its bound): no longer read or added to. */
  dropped: boolean;
}

interface FontEntry {
  readonly query: FontQuery;
  readonly size: number;
  readonly options: ShapeOptions;
  /** This render's results (those of `shared` once used, and those that may not be shared). */
  readonly shapes: Map<string, Shaped>;
  readonly rtlShapes: Map<string, Shaped>;
  /** Kerning after a space, by the next character's code point (kernAfterSpace). */
  readonly spaceKerns: Map<number, number>;
  /** The results shared with other renders of the same font environment; null if the measurer has none. */
  readonly shared: SharedFont | null;
  metrics: FontMetrics | null;
}

/**
 * Shaped texts kept between renders, by font environment and font: the renders of one
 * template shape the same words. Results are functions of the fonts (by content) and the
 * text, so one tenant's renders only ever get what shaping their own text would give.
 * Bounded: past MAX_SHARED_FONTS fonts, MAX_SHARED_TEXTS texts or MAX_SHARED_CHARS
 * characters, everything is dropped and the store starts again.
 */
const MAX_SHARED_FONTS = 512;
const MAX_SHARED_TEXTS = 32_768;
const MAX_SHARED_CHARS = 262_144;
const store = { fonts: new Map<string, SharedFont>(), texts: 0, chars: 0 };

function sharedFont(key: string): SharedFont {
  let font = store.fonts.get(key);
  if (!font) {
    if (store.fonts.size >= MAX_SHARED_FONTS) dropShared();
    font = { shapes: new Map(), rtlShapes: new Map(), spaceKerns: new Map(), dropped: false };
    store.fonts.set(key, font);
  }
  return font;
}

function dropShared(): void {
  for (const font of store.fonts.values()) font.dropped = true;
  store.fonts = new Map();
  store.texts = 0;
  store.chars = 0;
}

function countShared(chars: number): void {
  store.texts++;
  store.chars += chars;
  if (store.texts > MAX_SHARED_TEXTS || store.chars > MAX_SHARED_CHARS) dropShared();
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
  readonly #environment: ShapingEnvironment | null;
  /** The environment's key when this cache was made: results are shared while it holds. */
  readonly #environmentKey: string | null;
  readonly #byStyle = new WeakMap<ComputedStyle, FontEntry>();
  readonly #byKey = new Map<string, FontEntry>();
  /** The last style asked for and its entry: a paragraph's pieces mostly share one style. */
  #lastStyle: ComputedStyle | null = null;
  #lastEntry: FontEntry | null = null;

  constructor(measurer: Measurer) {
    this.#measurer = measurer;
    this.#environment = measurer.environment ?? null;
    this.#environmentKey = this.#environment?.key ?? null;
  }

  shape(text: string, style: ComputedStyle, rtl = false): Shaped {
    const entry = this.#entry(style);
    const map = rtl ? entry.rtlShapes : entry.shapes;
    let shaped = map.get(text);
    if (!shaped) {
      const shared = this.#sharedOf(entry);
      shaped = (shared && (rtl ? shared.rtlShapes : shared.shapes).get(text)) ?? this.#shapeNew(entry, text, rtl);
      map.set(text, shaped);
    }
    return shaped;
  }

  #shapeNew(entry: FontEntry, text: string, rtl: boolean): Shaped {
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
    const shaped = { runs, width };
    const shared = this.#sharedOf(entry);
    if (shared && (shown === '' || this.#environment!.shareable(runs))) {
      (rtl ? shared.rtlShapes : shared.shapes).set(text, shaped);
      countShared(text.length);
    }
    return shaped;
  }

  /** The entry's shared results, while the font environment is the one they were made in. */
  #sharedOf(entry: FontEntry): SharedFont | null {
    const shared = entry.shared;
    return shared && !shared.dropped && this.#environment!.key === this.#environmentKey ? shared : null;
  }

  /**
   * Kerning between a space and the character after it (Liberation Sans/Serif kern " A",
   * " T", " Y"…): Chromium shapes the whole run, we shape word by word and add it back.
   */
  kernAfterSpace(style: ComputedStyle, nextCodePoint: number): number {
    // Asked at every word boundary: cached per font and code point, so that no strings are built.
    const entry = this.#entry(style);
    let kern = entry.spaceKerns.get(nextCodePoint);
    if (kern === undefined) {
      kern = this.#sharedOf(entry)?.spaceKerns.get(nextCodePoint) ?? this.#newKern(entry, style, nextCodePoint);
      entry.spaceKerns.set(nextCodePoint, kern);
    }
    return kern;
  }

  #newKern(entry: FontEntry, style: ComputedStyle, nextCodePoint: number): number {
    const next = String.fromCodePoint(nextCodePoint);
    const pair = ` ${next}`;
    let kern = this.shape(pair, style).width - this.shape(' ', style).width - this.shape(next, style).width;
    if (Math.abs(kern) < 1e-9) kern = 0;
    // Shared when the three texts are: then it too depends on the fonts only.
    const shared = this.#sharedOf(entry);
    if (shared?.shapes.has(pair) && shared.shapes.has(' ') && shared.shapes.has(next)) {
      shared.spaceKerns.set(nextCodePoint, kern);
      countShared(1);
    }
    return kern;
  }

  metrics(style: ComputedStyle): FontMetrics {
    const entry = this.#entry(style);
    entry.metrics ??= this.#measurer.metrics(entry.query, entry.size);
    return entry.metrics;
  }

  /** The ink of `text` in the style's font (Measurer.inkExtent); null where the measurer knows no outlines. */
  inkExtent(text: string, style: ComputedStyle): InkExtent | null {
    const entry = this.#entry(style);
    return this.#measurer.inkExtent?.(text, entry.query, entry.size) ?? null;
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
      const environment = this.#environmentKey === null ? null : this.#environment;
      environment?.adopt(query);
      entry = {
        query,
        size: this.#usedSize(style, query),
        options,
        shapes: new Map(),
        rtlShapes: new Map(),
        spaceKerns: new Map(),
        shared: environment ? sharedFont(`${this.#environmentKey}\u0001${key}`) : null,
        metrics: null,
      };
      this.#byKey.set(key, entry);
    }
    this.#byStyle.set(style, entry);
    return entry;
  }
}
