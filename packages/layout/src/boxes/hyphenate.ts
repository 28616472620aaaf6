import { createRequire } from 'node:module';

/**
 * `hyphens: auto` (CSS Text 3 §6.1): hyphenation opportunities become soft hyphens (U+00AD)
 * in the box tree's text, so that the soft-hyphen machinery of line layout breaks there and
 * shows a hyphen only at a break. The shaper draws no glyph for U+00AD, so painted and
 * extracted text never see the inserted characters.
 *
 * Follows Chromium's hyphenation on the platforms that ship dictionaries (Android, desktop
 * Chrome; blink/renderer/platform/text/hyphenation*.cc): the TeX patterns of the language
 * (from the `hyphen` package, loaded on first use), the word stripped of leading spaces,
 * opening punctuation and quotes and of trailing spaces, punctuation and controls; a word
 * shorter than 5 characters, one with anything but letters left, or, in English only, one
 * starting with a capital letter is not hyphenated; at least 2 characters stay on each side
 * of a break (hyphenate-limit-chars: auto); nor is a word longer than 64 characters.
 * Headless Chromium on Linux has no dictionaries and does not hyphenate at all.
 */

const SOFT_HYPHEN = '\u00ad';
const MIN_WORD = 5;
/**
 * Longer words are not hyphenated: Chromium's hyphenator (Minikin's) stops at 64 code units
 * (MAX_HYPHENATED_SIZE), and the `hyphen` package's matching is quadratic in the word's
 * length (a 42,000-letter word took 4.4 s).
 */
const MAX_WORD = 64;
const MIN_PREFIX = 2;
const MIN_SUFFIX = 2;

type Hyphenator = (word: string) => string;

interface HyphenModule {
  (patterns: unknown, options: { html: boolean; hyphenChar: string; minWordLength: number }): Hyphenator;
}

/**
 * Languages hyphenated: those with patterns both in the `hyphen` package and, as far as we
 * know, among the dictionaries Chromium downloads (Android's set: no Polish, Russian…).
 */
const PATTERNS = new Set([
  'af', 'be', 'bg', 'cs', 'cy', 'da', 'de-1901', 'de-1996', 'de-ch-1901', 'el-monoton',
  'en-gb', 'en-us', 'es', 'et', 'eu', 'fr', 'ga', 'hr', 'hu', 'hy', 'it', 'ka', 'la', 'lt',
  'lv', 'nb', 'nl', 'nn', 'pt', 'sk', 'sl', 'sq', 'sv', 'tk', 'uk',
]);

/**
 * Chromium's locale fallbacks (HyphenationMinikin::MapLocale, from CLDR via AOSP): the tag is
 * cut at its last '-' until an entry or a bare language is left. A bare `en` is en-us, other
 * English locales en-gb except the few whose CLDR parent is en-US.
 */
const FALLBACK: ReadonlyMap<string, string> = new Map([
  ['en-as', 'en-us'], ['en-gu', 'en-us'], ['en-mh', 'en-us'], ['en-mp', 'en-us'],
  ['en-pr', 'en-us'], ['en-um', 'en-us'], ['en-vi', 'en-us'], ['en', 'en-gb'],
  ['de', 'de-1996'], ['de-li-1901', 'de-ch-1901'], ['no', 'nb'],
  ['el', 'el-monoton'], // Android's "el" dictionary is monotonic Greek
  ['de-1901', 'de-1901'], ['de-1996', 'de-1996'], ['de-ch-1901', 'de-ch-1901'],
  ['en-gb', 'en-gb'], ['en-us', 'en-us'],
]);

/** The pattern set Chromium would use for a `lang` value, or null when there is none. */
export function patternsForLang(lang: string): string | null {
  const tag = lang.trim().toLowerCase().replace(/_/g, '-');
  if (tag === '') return null;
  if (tag === 'en') return 'en-us'; // "en" alone: en-us, for interoperability with other browsers
  for (let mapped = tag; ;) {
    const hit = FALLBACK.get(mapped);
    if (hit) return hit;
    const cut = mapped.lastIndexOf('-');
    if (cut <= 0) return PATTERNS.has(mapped) ? mapped : null;
    mapped = mapped.slice(0, cut);
  }
}

const require = createRequire(import.meta.url);
const hyphenators = new Map<string, Hyphenator>();

/** Load a language's patterns on first use, so documents that never hyphenate pay nothing. */
function hyphenatorFor(name: string): Hyphenator {
  let h = hyphenators.get(name);
  if (!h) {
    const create = require('hyphen/hyphen.js') as HyphenModule;
    const patterns: unknown = require(`hyphen/patterns/${name}.js`);
    // minWordLength 1: the word rules are ours; the package keeps 2 characters at each end.
    h = create(patterns, { html: false, hyphenChar: SOFT_HYPHEN, minWordLength: 1 });
    hyphenators.set(name, h);
  }
  return h;
}

const LEADING = /^[\s\p{Ps}\p{Pi}\p{Pf}"'«»]+/u;
const TRAILING_CHAR = /^[\s\p{P}\p{Cc}]$/u;
const LETTERS = /^[\p{L}\p{M}]+$/u;
/**
 * Words: runs of non-spaces, cut after a hyphen or dash (UAX #14 BA/B2), but not at a soft
 * hyphen, so that a word with manual hyphens keeps only those.
 */
const PIECE = /[^\s\-\u2010\u2012\u2013\u2014/]+[-\u2010\u2012\u2013\u2014/]*|[-\u2010\u2012\u2013\u2014/]+/gu;

/** Insert soft hyphens at the hyphenation points of `text` for `lang`; text unchanged when none. */
export function hyphenate(text: string, lang: string): string {
  const name = patternsForLang(lang);
  if (!name) return text;
  const hyphenator = hyphenatorFor(name);
  const english = name.startsWith('en');
  return text.replace(PIECE, (piece) => {
    if (piece.includes(SOFT_HYPHEN)) return piece; // manual hyphens take precedence (CSS Text 3 §6.1)
    const lead = LEADING.exec(piece)?.[0].length ?? 0;
    const trail = trailingLength(piece.slice(lead));
    const word = piece.slice(lead, piece.length - trail);
    if (word.length < MIN_WORD || word.length > MAX_WORD || !LETTERS.test(word)) return piece;
    if (english && /^\p{Lu}/u.test(word)) return piece; // Chromium avoids capitalized words in English only
    const marked = withLimits(hyphenator(word));
    return marked === word ? piece : piece.slice(0, lead) + marked + piece.slice(piece.length - trail);
  });
}

/**
 * Length of the run of spaces, punctuation and controls ending `text`, read from the end
 * (`/[…]+$/` retries from every character of a long run: quadratic on a 1 MB word).
 */
function trailingLength(text: string): number {
  let at = text.length;
  while (at > 0) {
    const low = text.charCodeAt(at - 1);
    const size = low >= 0xdc00 && low <= 0xdfff && at > 1 && (text.charCodeAt(at - 2) & 0xfc00) === 0xd800 ? 2 : 1;
    if (!TRAILING_CHAR.test(text.slice(at - size, at))) break;
    at -= size;
  }
  return text.length - at;
}

/** Drop soft hyphens closer than MIN_PREFIX / MIN_SUFFIX characters to the word's ends. */
function withLimits(marked: string): string {
  const parts = marked.split(SOFT_HYPHEN);
  if (parts.length === 1) return marked;
  const total = parts.reduce((n, p) => n + p.length, 0);
  let out = parts[0] ?? '';
  let before = out.length;
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i] ?? '';
    if (before >= MIN_PREFIX && total - before >= MIN_SUFFIX) out += SOFT_HYPHEN;
    out += part;
    before += part.length;
  }
  return out;
}
