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

export function tokenize(css: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const n = css.length;

  const escape = (): string => {
    // at css[i] === '\\'
    i++;
    let hex = '';
    while (hex.length < 6 && i < n && /[0-9a-fA-F]/.test(css[i]!)) hex += css[i++];
    if (hex) {
      if (isWs(css[i])) i++;
      const cp = parseInt(hex, 16);
      return cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? '\ufffd' : String.fromCodePoint(cp);
    }
    return i < n ? css[i++]! : '';
  };
  const startsEscape = (k: number): boolean => css[k] === '\\' && css[k + 1] !== '\n' && k + 1 < n;
  const startsIdent = (k: number): boolean => {
    const c = css[k];
    if (c === '-') return isNameStart(css[k + 1]) || css[k + 1] === '-' || startsEscape(k + 1);
    return isNameStart(c) || startsEscape(k);
  };
  const name = (): string => {
    let s = '';
    while (i < n) {
      if (isName(css[i])) s += css[i++];
      else if (startsEscape(i)) s += escape();
      else break;
    }
    return s;
  };
  const startsNumber = (k: number): boolean => {
    const c = css[k];
    if (isDigit(c)) return true;
    if (c === '.') return isDigit(css[k + 1]);
    if (c === '+' || c === '-') return isDigit(css[k + 1]) || (css[k + 1] === '.' && isDigit(css[k + 2]));
    return false;
  };

  while (i < n) {
    const s = i;
    const c = css[i]!;
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
      continue;
    }
    if (isWs(c)) {
      while (i < n && isWs(css[i])) i++;
      out.push({ t: 'ws', s, e: i });
    } else if (c === '"' || c === "'") {
      i++;
      let v = '';
      while (i < n && css[i] !== c) {
        if (css[i] === '\n') break; // bad string: stop at the newline
        if (css[i] === '\\') {
          if (css[i + 1] === '\n') i += 2;
          else v += escape();
        } else v += css[i++];
      }
      if (css[i] === c) i++;
      out.push({ t: 'str', v, s, e: i });
    } else if (c === '#' && (isName(css[i + 1]) || startsEscape(i + 1))) {
      i++;
      out.push({ t: 'hash', v: name(), s, e: i });
    } else if (startsNumber(i)) {
      const m = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(css.slice(i, i + 64))!;
      let text = m[0];
      // "1." is not a number followed by a dot in CSS; give the dot back.
      if (text.endsWith('.') ) text = text.slice(0, -1);
      i += text.length;
      const v = Number(text);
      if (css[i] === '%') {
        i++;
        out.push({ t: 'num', v, unit: '%', s, e: i });
      } else if (startsIdent(i)) {
        out.push({ t: 'num', v, unit: name().toLowerCase(), s, e: i });
      } else out.push({ t: 'num', v, unit: '', s, e: i });
    } else if (c === '@' && startsIdent(i + 1)) {
      i++;
      out.push({ t: 'at', v: name().toLowerCase(), s, e: i });
    } else if (startsIdent(i)) {
      const v = name();
      if (css[i] === '(') {
        i++;
        if (v.toLowerCase() === 'url') {
          let k = i;
          while (isWs(css[k])) k++;
          if (css[k] !== '"' && css[k] !== "'") {
            i = k;
            let url = '';
            while (i < n && css[i] !== ')') url += css[i] === '\\' ? escape() : css[i++];
            i++;
            out.push({ t: 'url', v: url.trim(), s, e: Math.min(i, n) });
            continue;
          }
        }
        out.push({ t: 'func', v: v.toLowerCase(), s, e: i });
      } else out.push({ t: 'ident', v, s, e: i });
    } else if (c === '<' && css.startsWith('<!--', i)) {
      i += 4;
    } else if (c === '-' && css.startsWith('-->', i)) {
      i += 3;
    } else {
      i++;
      out.push({ t: 'delim', v: c, s, e: i });
    }
  }
  return out;
}

/** A component value (§5.3.4): a token, a function with arguments, or a bracketed block. */
export type CV =
  | Exclude<Token, { t: 'func' }>
  | { readonly t: 'fn'; readonly v: string; readonly args: readonly CV[]; readonly s: number; readonly e: number }
  | { readonly t: 'block'; readonly v: '(' | '['; readonly items: readonly CV[]; readonly s: number; readonly e: number };

const CLOSE: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };

/** Nest tokens into component values. `{}` blocks are kept as flat delims (values rarely hold them). */
export function toComponents(tokens: readonly Token[]): CV[] {
  let i = 0;
  const consume = (close: string | null): CV[] => {
    const items: CV[] = [];
    while (i < tokens.length) {
      const tok = tokens[i++]!;
      if (tok.t === 'delim' && tok.v === close) return items;
      if (tok.t === 'func') {
        const args = consume(')');
        items.push({ t: 'fn', v: tok.v, args, s: tok.s, e: tokens[i - 1]?.e ?? tok.e });
      } else if (tok.t === 'delim' && (tok.v === '(' || tok.v === '[')) {
        const inner = consume(CLOSE[tok.v]!);
        items.push({ t: 'block', v: tok.v, items: inner, s: tok.s, e: tokens[i - 1]?.e ?? tok.e });
      } else items.push(tok);
    }
    return items;
  };
  return consume(null);
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
    case 'ws': return ' ';
    case 'ident': return escapeIdent(cv.v);
    case 'at': return `@${cv.v}`;
    case 'hash': return `#${cv.v}`;
    case 'str': return JSON.stringify(cv.v);
    case 'url': return `url(${JSON.stringify(cv.v)})`;
    case 'num': return `${cv.v}${cv.unit}`;
    case 'delim': return cv.v;
    case 'fn': return `${cv.v}(${serialize(cv.args)})`;
    case 'block': return `${cv.v}${serialize(cv.items)}${cv.v === '(' ? ')' : ']'}`;
  }
}

function escapeIdent(v: string): string {
  return /^-?[a-zA-Z_\u0080-\uffff][\w\u0080-\uffff-]*$|^--[\w\u0080-\uffff-]*$/.test(v) ? v : v.replace(/[^\w\u0080-\uffff-]/g, (c) => `\\${c}`);
}

export function isIdent(cv: CV | undefined, name?: string): cv is Extract<CV, { t: 'ident' }> {
  return cv !== undefined && cv.t === 'ident' && (name === undefined || cv.v.toLowerCase() === name);
}
