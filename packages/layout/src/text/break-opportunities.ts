import LineBreaker from 'linebreak';

/**
 * Text made only of Latin letters, digits, spaces and `.,:;` (the bulk of table cells and
 * body text) has exactly one kind of UAX #14 opportunity: after spaces, before a letter or
 * digit (LB18; LB13 keeps `.,:;` with what precedes). Such text skips the full pair table.
 */
const SIMPLE = /^[A-Za-z0-9\u00C0-\u024F .,:;]*$/;

function isLetterOrDigit(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || (code >= 0xc0 && code <= 0x24f && code !== 0xd7 && code !== 0xf7);
}

/** Break opportunities of a paragraph: position → required (mandatory break before it). */
export function breakOpportunities(text: string): Map<number, boolean> {
  const out = new Map<number, boolean>();
  if (SIMPLE.test(text)) {
    for (let i = 1; i < text.length; i++) {
      if (text.charCodeAt(i - 1) === 32 && isLetterOrDigit(text.charCodeAt(i))) out.set(i, false);
    }
    if (text.length > 0) out.set(text.length, false);
    return out;
  }
  const breaker = new LineBreaker(text);
  for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) {
    if (!bk.required && afterSolidus(text, bk.position)) continue;
    out.set(bk.position, bk.required);
  }
  return out;
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
