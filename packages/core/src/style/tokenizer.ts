/**
 * A CSS tokenizer and component-value parser after CSS Syntax Level 3 (§4, §5), reduced to
 * what a cascade needs. Tokens keep source offsets so that preludes (selectors) can be
 * sliced from the original text for css-what.
 */
export type Token =
  | { readonly t: 'ident'; readonly v: string; readonly s: number; readonly e: number }
  | { readonly t: 'func'; readonly v: string; readonly s: number; readonly e: number } // `name(`
  | { readonly t: 'at'; readonly v: string; readonly s: number; readonly e: number }
  | { readonly t: 'hash'; readonly v: string; readonly s: number; readonly e: number }
  | { readonly t: 'str'; readonly v: string; readonly s: number; readonly e: number }
  | { readonly t: 'url'; readonly v: string; readonly s: number; readonly e: number }
  | { readonly t: 'num'; readonly v: number; readonly unit: string; readonly s: number; readonly e: number } // unit '' | '%' | lower-case unit
  | { readonly t: 'ws'; readonly s: number; readonly e: number }
  | { readonly t: 'delim'; readonly v: string; readonly s: number; readonly e: number }; // ; : , { } ( ) [ ] and single chars

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isNameStart = (c: string | undefined): boolean =>
  c !== undefined && (/[a-zA-Z_]/.test(c) || c.charCodeAt(0) >= 0x80);
const isName = (c: string | undefined): boolean => isNameStart(c) || isDigit(c) || c === '-';
const isWs = (c: string | undefined): boolean => c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f';

/** Character-level state of the tokenizer (CSS Syntax 3 §4.3). */
class Scanner {
  readonly css: string;
  readonly n: number;
  i = 0;

  constructor(css: string) {
    this.css = css;
    this.n = css.length;
  }

  /** §4.3.7 consume an escaped code point (at a backslash). */
  escape(): string {
    this.i++;
    let hex = '';
    while (hex.length < 6 && this.i < this.n && /[0-9a-fA-F]/.test(this.css[this.i]!)) hex += this.css[this.i++];
    if (hex) {
      if (isWs(this.css[this.i])) this.i++;
      const cp = parseInt(hex, 16);
      return cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? '\ufffd' : String.fromCodePoint(cp);
    }
    return this.i < this.n ? this.css[this.i++]! : '';
  }

  startsEscape(k: number): boolean {
    return this.css[k] === '\\' && this.css[k + 1] !== '\n' && k + 1 < this.n;
  }

  startsIdent(k: number): boolean {
    const c = this.css[k];
    if (c === '-') return isNameStart(this.css[k + 1]) || this.css[k + 1] === '-' || this.startsEscape(k + 1);
    return isNameStart(c) || this.startsEscape(k);
  }

  startsNumber(k: number): boolean {
    const c = this.css[k];
    const next = this.css[k + 1];
    if (isDigit(c)) return true;
    if (c === '.') return isDigit(next);
    if (c === '+' || c === '-') return isDigit(next) || (next === '.' && isDigit(this.css[k + 2]));
    return false;
  }

  /** §4.3.11 consume an ident sequence. */
  name(): string {
    let s = '';
    while (this.i < this.n) {
      if (isName(this.css[this.i])) s += this.css[this.i++];
      else if (this.startsEscape(this.i)) s += this.escape();
      else break;
    }
    return s;
  }

  /** §4.3.5 consume a string token (a newline ends a bad string). */
  string(quote: string, s: number): Token {
    this.i++;
    let v = '';
    while (this.i < this.n && this.css[this.i] !== quote && this.css[this.i] !== '\n') {
      if (this.css[this.i] !== '\\') v += this.css[this.i++];
      else if (this.css[this.i + 1] === '\n') this.i += 2;
      else v += this.escape();
    }
    if (this.css[this.i] === quote) this.i++;
    return { t: 'str', v, s, e: this.i };
  }

  /** §4.3.3 consume a numeric token. */
  numeric(s: number): Token {
    const m = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(this.css.slice(this.i, this.i + 64))!;
    // "1." is a number followed by a dot in CSS: give the dot back.
    const text = m[0].endsWith('.') ? m[0].slice(0, -1) : m[0];
    this.i += text.length;
    const v = Number(text);
    if (this.css[this.i] === '%') {
      this.i++;
      return { t: 'num', v, unit: '%', s, e: this.i };
    }
    const unit = this.startsIdent(this.i) ? this.name().toLowerCase() : '';
    return { t: 'num', v, unit, s, e: this.i };
  }

  /** §4.3.4 consume an ident-like token: ident, function or unquoted url(). */
  identLike(s: number): Token {
    const v = this.name();
    if (this.css[this.i] !== '(') return { t: 'ident', v, s, e: this.i };
    this.i++;
    if (v.toLowerCase() === 'url') {
      let k = this.i;
      while (isWs(this.css[k])) k++;
      if (this.css[k] !== '"' && this.css[k] !== "'") {
        this.i = k;
        let url = '';
        while (this.i < this.n && this.css[this.i] !== ')')
          url += this.css[this.i] === '\\' ? this.escape() : this.css[this.i++];
        this.i = Math.min(this.i + 1, this.n);
        return { t: 'url', v: url.trim(), s, e: this.i };
      }
    }
    return { t: 'func', v: v.toLowerCase(), s, e: this.i };
  }
}

export function tokenize(css: string): Token[] {
  const out: Token[] = [];
  const sc = new Scanner(css);
  while (sc.i < sc.n) {
    const s = sc.i;
    const c = css[s]!;
    if (c === '/' && css[s + 1] === '*') {
      const end = css.indexOf('*/', s + 2);
      sc.i = end < 0 ? sc.n : end + 2;
    } else if (isWs(c)) {
      while (sc.i < sc.n && isWs(css[sc.i])) sc.i++;
      out.push({ t: 'ws', s, e: sc.i });
    } else if (c === '"' || c === "'") out.push(sc.string(c, s));
    else if (c === '#' && (isName(css[s + 1]) || sc.startsEscape(s + 1))) {
      sc.i++;
      out.push({ t: 'hash', v: sc.name(), s, e: sc.i });
    } else if (css.startsWith('-->', s))
      sc.i += 3; // CDC before numbers and idents (§4.3.1)
    else if (sc.startsNumber(s)) out.push(sc.numeric(s));
    else if (c === '@' && sc.startsIdent(s + 1)) {
      sc.i++;
      out.push({ t: 'at', v: sc.name().toLowerCase(), s, e: sc.i });
    } else if (sc.startsIdent(s)) out.push(sc.identLike(s));
    else if (css.startsWith('<!--', s)) sc.i += 4;
    else {
      sc.i++;
      out.push({ t: 'delim', v: c, s, e: sc.i });
    }
  }
  return out;
}

/** A component value (§5.3.4): a token, a function with arguments, or a bracketed block. */
export type CV =
  | Exclude<Token, { t: 'func' }>
  | { readonly t: 'fn'; readonly v: string; readonly args: readonly CV[]; readonly s: number; readonly e: number }
  | {
      readonly t: 'block';
      readonly v: '(' | '[';
      readonly items: readonly CV[];
      readonly s: number;
      readonly e: number;
    };

const CLOSE: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };

/**
 * Functions and blocks nested deeper than this stay flat tokens (a `func` becomes a delim),
 * which no property grammar accepts: a hostile `calc(calc(calc(…` or `((((…` is then an
 * invalid declaration instead of a stack overflow here or in any later recursive walk
 * (var() substitution, calc() evaluation). Real stylesheets nest a few levels.
 */
export const MAX_COMPONENT_NESTING = 128;

/** Nest tokens into component values. `{}` blocks are kept as flat delims (values rarely hold them). */
export function toComponents(tokens: readonly Token[]): CV[] {
  let i = 0;
  const consume = (close: string | null, depth: number): CV[] => {
    const items: CV[] = [];
    while (i < tokens.length) {
      const tok = tokens[i++]!;
      if (tok.t === 'delim' && tok.v === close) return items;
      if (tok.t === 'func') {
        if (depth >= MAX_COMPONENT_NESTING) {
          items.push({ t: 'delim', v: `${tok.v}(`, s: tok.s, e: tok.e });
          continue;
        }
        const args = consume(')', depth + 1);
        items.push({ t: 'fn', v: tok.v, args, s: tok.s, e: tokens[i - 1]?.e ?? tok.e });
      } else if (tok.t === 'delim' && (tok.v === '(' || tok.v === '[') && depth < MAX_COMPONENT_NESTING) {
        const inner = consume(CLOSE[tok.v]!, depth + 1);
        items.push({ t: 'block', v: tok.v, items: inner, s: tok.s, e: tokens[i - 1]?.e ?? tok.e });
      } else items.push(tok);
    }
    return items;
  };
  return consume(null, 0);
}

const componentCache = new Map<string, readonly CV[]>();

/** Component values of a declaration value, cached (the same values recur across rules). */
export function parseComponents(text: string): readonly CV[] {
  let cached = componentCache.get(text);
  if (!cached) {
    cached = trimWs(toComponents(tokenize(text)));
    if (componentCache.size > 20_000) componentCache.clear();
    componentCache.set(text, cached);
  }
  return cached;
}

export function trimWs(cvs: readonly CV[]): CV[] {
  let a = 0;
  let b = cvs.length;
  while (a < b && cvs[a]!.t === 'ws') a++;
  while (b > a && cvs[b - 1]!.t === 'ws') b--;
  return cvs.slice(a, b);
}

/** Split on top-level commas. */
export function splitCommas(cvs: readonly CV[]): CV[][] {
  const parts: CV[][] = [[]];
  for (const cv of cvs) {
    if (cv.t === 'delim' && cv.v === ',') parts.push([]);
    else parts[parts.length - 1]!.push(cv);
  }
  return parts.map(trimWs);
}

/** The non-whitespace component values (space-separated "words"). */
export function words(cvs: readonly CV[]): CV[] {
  return cvs.filter((cv) => cv.t !== 'ws');
}

/** Serialize component values back to CSS text (normalised whitespace). */
export function serialize(cvs: readonly CV[]): string {
  let out = '';
  for (const cv of cvs) out += serializeOne(cv);
  return out;
}

function serializeOne(cv: CV): string {
  switch (cv.t) {
    case 'ws':
      return ' ';
    case 'ident':
      return escapeIdent(cv.v);
    case 'at':
      return `@${cv.v}`;
    case 'hash':
      return `#${cv.v}`;
    case 'str':
      return JSON.stringify(cv.v);
    case 'url':
      return `url(${JSON.stringify(cv.v)})`;
    case 'num':
      return `${cv.v}${cv.unit}`;
    case 'delim':
      return cv.v;
    case 'fn':
      return `${cv.v}(${serialize(cv.args)})`;
    case 'block':
      return `${cv.v}${serialize(cv.items)}${cv.v === '(' ? ')' : ']'}`;
  }
}

function escapeIdent(v: string): string {
  return /^-?[a-zA-Z_\u0080-\uffff][\w\u0080-\uffff-]*$|^--[\w\u0080-\uffff-]*$/.test(v)
    ? v
    : v.replace(/[^\w\u0080-\uffff-]/g, (c) => `\\${c}`);
}

export function isIdent(cv: CV | undefined, name?: string): cv is Extract<CV, { t: 'ident' }> {
  return cv !== undefined && cv.t === 'ident' && (name === undefined || cv.v.toLowerCase() === name);
}
