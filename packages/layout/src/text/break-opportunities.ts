import LineBreaker from 'linebreak';

/** No break opportunity before a position, an allowed one, a mandatory one (UAX #14). */
export const NO_BREAK = 0;
export const ALLOWED_BREAK = 1;
export const REQUIRED_BREAK = 2;

/**
 * Text made only of Latin letters, digits, spaces and `.,:;` (the bulk of table cells and
 * body text) has exactly one kind of opportunity: after spaces (see afterSpace). Such text
 * skips the full pair table.
 */
const SIMPLE = /^[A-Za-z0-9\u00C0-\u024F .,:;]*$/;

/**
 * Break opportunities of a paragraph, one entry per position 0..length: `NO_BREAK`,
 * `ALLOWED_BREAK` or `REQUIRED_BREAK` before that position. A typed array, not a map: every
 * paragraph of a 6000-row table builds one, and lookups happen per character.
 */
export function breakOpportunities(text: string): Uint8Array {
  const out = new Uint8Array(text.length + 1);
  if (SIMPLE.test(text)) {
    for (let i = 1; i < text.length; i++) {
      if (text.charCodeAt(i - 1) === 32 && text.charCodeAt(i) !== 32) out[i] = ALLOWED_BREAK;
    }
    if (text.length > 0) out[text.length] = ALLOWED_BREAK;
    return out;
  }
  const breaker = new LineBreaker(text);
  for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) {
    if (!bk.required && afterSolidus(text, bk.position)) continue;
    out[bk.position] = bk.required ? REQUIRED_BREAK : ALLOWED_BREAK;
  }
  for (let i = 1; i < text.length; i++) {
    const before = text.charCodeAt(i - 1);
    const after = text.charCodeAt(i);
    if (isTableChar(before) && isTableChar(after))
      out[i] = asciiBreak(text, i, before, after) ? ALLOWED_BREAK : NO_BREAK;
    else if (out[i] === NO_BREAK && afterSpace(before, after)) out[i] = ALLOWED_BREAK;
  }
  return out;
}

/**
 * A line may break after any run of spaces or tabs, whatever follows or precedes it: Chromium
 * ignores UAX #14's "even after spaces" rules LB13-LB17 (blink text_break_iterator.cc breaks
 * at every breakable space; measured: "aaaa , bbbb", "( aaaa", "bb\" (aaa" and "aaaa ;" wrap
 * at their space in a box too narrow for both sides).
 */
function afterSpace(before: number, after: number): boolean {
  return (before === 32 || before === 9) && !SPACE_OR_BREAK.has(after);
}

/** Spaces and forced breaks (UAX #14 LB6: none before a forced break). */
const SPACE_OR_BREAK = new Set([32, 9, 10, 11, 12, 13, 0x85, 0x2028, 0x2029]);

/**
 * Between two printable ASCII characters Chromium asks its own table, not UAX #14 (Blink's
 * text_break_iterator.cc kAsciiLineBreakTable, read back from Chromium 156 pair by pair): a
 * line breaks before `(<[{` after the characters below, after `-` and `?` before most, and
 * nowhere else: not after `|` or `!` ("*|HTML:REWARDS|*", "a!b"), `/`, `+` or `:`.
 */
const ASCII_BREAKS_BEFORE = (() => {
  const opening = '(<[{';
  const word = '#%&(*+-<=>@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\^_`abcdefghijklmnopqrstuvwxyz{|~';
  const rows: Record<string, string> = { '-': `"'${word}`, '?': `$0123456789${word}` };
  for (const c of '!"#%&)*+,.:;=>\\]|}~') rows[c] = opening;
  const table = new Map<number, Set<number>>();
  for (const [c, next] of Object.entries(rows))
    table.set(c.charCodeAt(0), new Set([...next].map((n) => n.charCodeAt(0))));
  return table;
})();

const isTableChar = (code: number): boolean => code >= 33 && code <= 127;

function asciiBreak(text: string, i: number, before: number, after: number): boolean {
  // A `-` before a digit may be a minus sign: Chromium breaks there only after an ASCII letter or digit.
  if (before === 45 && isAsciiDigit(after)) return hyphenBetweenAlphanumerics(text, i);
  return ASCII_BREAKS_BEFORE.get(before)?.has(after) ?? false;
}

const isAsciiDigit = (code: number): boolean => code >= 48 && code <= 57;
const isAsciiAlphanumeric = (code: number): boolean =>
  isAsciiDigit(code) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/**
 * UAX #14 LB25 keeps `HY × NU` (a minus sign), but Chromium allows a break after a `-` that
 * follows an ASCII letter or digit and precedes a digit ("ABCD-|1234", "000-|0000": long codes
 * and URLs; blink text_break_iterator.cc ShouldBreakAfter); "x.-1234", "é-1234", " -5" stay whole.
 */
function hyphenBetweenAlphanumerics(text: string, i: number): boolean {
  return i < text.length && isAsciiDigit(text.charCodeAt(i)) && isAsciiAlphanumeric(text.charCodeAt(i - 2));
}

/**
 * A solidus followed by a letter or digit is no break opportunity in Chromium (ICU's rules keep
 * `SY × AL/NU`; measured: "mL/min/1.73m²", "abc/def", "km/h", URLs never wrap at a `/` in a
 * 30 px wide box), though the `linebreak` package's UAX #14 tables allow one there.
 */
function afterSolidus(text: string, i: number): boolean {
  if (text.charCodeAt(i - 1) !== 0x2f || i >= text.length) return false;
  return /[\p{L}\p{N}]/u.test(text[i]!);
}
