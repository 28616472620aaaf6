/**
 * Finding `<svc-block …>` placeholders in linear time.
 *
 * The rule is the regular expression
 *   /<svc-block\b((?:[^>"']|"[^"]*"|'[^']*')*)>(?:\s*<\/svc-block\s*>)?|<\/svc-block\s*>/gi
 * (attributes are any characters but `>`, quoted strings may hold `>`), but a regex engine
 * retries a failed match from every later `<svc-block`, so 150 KB of `<svc-block` without
 * a `>` (or with an unclosed quote) cost 20 s. Here a scan marks every position it walks,
 * and a later scan that reaches a marked one stops: each character is walked once.
 */

const START = /<\/?svc-block/gi;
const WORD = /[A-Za-z0-9_]/;
const SPACE = /\s/;
const ID_ATTR = /(?:^|\s)id\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>/]+))/i;

interface Tag {
  /** Where the whole match (tag plus an optional closing tag right after it) ends. */
  readonly end: number;
  /** The attribute text of an opening tag; null for a stray closing tag. */
  readonly attrs: string | null;
}

/** Replace every `<svc-block …>` (paired, self-closing or unclosed) by `render(id)`. */
export function replaceBlocks(html: string, render: (id: string) => string): string {
  if (!/<\/?svc-block/i.test(html)) return html;
  const scanner = new TagScanner(html);
  let out = '';
  let copied = 0;
  START.lastIndex = 0;
  for (let m = START.exec(html); m !== null; m = START.exec(html)) {
    const tag = m[0][1] === '/' ? scanner.closing(m.index + m[0].length) : scanner.opening(m.index + m[0].length);
    if (tag === null) continue; // no match here: look again from the next candidate
    out += html.slice(copied, m.index) + (tag.attrs === null ? '' : renderTag(tag.attrs, render));
    copied = tag.end;
    START.lastIndex = tag.end;
  }
  return out + html.slice(copied);
}

/** IDs named by `<svc-block id="…">` tags, parsed exactly as expansion parses them. */
export function blockIds(html: string): string[] {
  const ids = new Set<string>();
  replaceBlocks(html, (id) => {
    ids.add(id);
    return '';
  });
  return [...ids];
}

function renderTag(attrs: string, render: (id: string) => string): string {
  const m = ID_ATTR.exec(attrs.replace(/\/\s*$/, ''));
  const id = m ? (m[1] ?? m[2] ?? m[3] ?? '') : '';
  return id === '' ? '' : render(decodeBasicEntities(id));
}

function decodeBasicEntities(s: string): string {
  return s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

class TagScanner {
  /**
   * Positions an earlier attribute scan walked through. Scans move forward and the next one
   * starts after a successful scan's end, so a scan that reaches a marked position has met
   * a failed scan's path, and fails in the same way.
   */
  private walked: Uint8Array | null = null;
  private readonly html: string;

  constructor(html: string) {
    this.html = html;
  }

  /** `<svc-block` ends at `from`: the tag up to its `>`, plus `\s*</svc-block\s*>` when that follows. */
  opening(from: number): Tag | null {
    const html = this.html;
    if (from < html.length && WORD.test(html[from]!)) return null; // `\b`
    const close = this.findTagEnd(from);
    if (close < 0) return null;
    const attrs = html.slice(from, close);
    let at = this.skipSpace(close + 1);
    if (html.slice(at, at + 11).toLowerCase() === '</svc-block') {
      at = this.skipSpace(at + 11);
      if (html[at] === '>') return { end: at + 1, attrs };
    }
    return { end: close + 1, attrs };
  }

  /** `</svc-block` ends at `from`: a stray closing tag needs only `\s*>`. */
  closing(from: number): Tag | null {
    const at = this.skipSpace(from);
    return this.html[at] === '>' ? { end: at + 1, attrs: null } : null;
  }

  /** The `>` ending attributes that start at `from` (quoted strings skipped whole), or -1. */
  private findTagEnd(from: number): number {
    const html = this.html;
    const walked = (this.walked ??= new Uint8Array(html.length));
    let at = from;
    while (at < html.length && walked[at] === 0) {
      const ch = html[at]!;
      if (ch === '>') return at;
      walked[at] = 1;
      if (ch === '"' || ch === "'") {
        const end = html.indexOf(ch, at + 1);
        if (end < 0) return -1;
        at = end + 1;
      } else {
        at++;
      }
    }
    return -1;
  }

  private skipSpace(from: number): number {
    let at = from;
    while (at < this.html.length && SPACE.test(this.html[at]!)) at++;
    return at;
  }
}
