import type { ComputedStyle } from '../style.js';

/**
 * White-space phase I (CSS Text 3 §4.1.1), run over the text of one inline formatting
 * context in order, so that a collapsible space following another one is removed even
 * across inline element boundaries. Phase II (removing spaces at line start/end) happens
 * in line layout.
 */
export interface CollapseState {
  /** The last character emitted in this formatting context was a collapsible space. */
  lastWasSpace: boolean;
  /** That character was a letter or digit (a word continues across elements, for capitalize). */
  inWord: boolean;
}

export function createCollapseState(): CollapseState {
  return { lastWasSpace: true, inWord: false }; // leading spaces of a paragraph go (removed at line start anyway)
}

export function collapsesSpaces(whiteSpace: ComputedStyle['whiteSpace']): boolean {
  return whiteSpace === 'normal' || whiteSpace === 'nowrap' || whiteSpace === 'pre-line';
}

export function processWhiteSpace(raw: string, style: ComputedStyle, state: CollapseState): string {
  const text = raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw;
  const ws = style.whiteSpace;
  if (!collapsesSpaces(ws)) {
    state.lastWasSpace = false;
    return expandTabs(text, style.tabSize);
  }
  // Segment breaks: preserved by pre-line, otherwise turned into spaces (§4.1.3; the
  // East Asian removal rule is not applied).
  if (ws === 'pre-line') return collapsePreLine(text, state);
  // Unchanged stretches are copied whole (most text has nothing to collapse: no copy at all).
  let out = '';
  let from = 0;
  let lastWasSpace = state.lastWasSpace;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 12) {
      lastWasSpace = false;
      continue;
    }
    if (lastWasSpace) {
      out += text.slice(from, i); // a collapsible space after another one goes
      from = i + 1;
    } else if (c !== 32) {
      out += `${text.slice(from, i)} `; // tab, newline, form feed: a space
      from = i + 1;
    }
    lastWasSpace = true;
  }
  state.lastWasSpace = lastWasSpace;
  return from === 0 ? text : out + text.slice(from);
}

function collapsePreLine(text: string, state: CollapseState): string {
  let out = '';
  // A collapsed space is written only once something follows it on its line, because spaces
  // before a segment break are removed (taking them off `out` at each break was quadratic).
  let pendingSpace = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '\n') {
      pendingSpace = false;
      out += '\n';
      state.lastWasSpace = true; // and so are spaces after it
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\f') {
      if (!state.lastWasSpace) pendingSpace = true;
      state.lastWasSpace = true;
      continue;
    }
    if (pendingSpace) out += ' ';
    pendingSpace = false;
    out += ch;
    state.lastWasSpace = false;
  }
  return pendingSpace ? out + ' ' : out;
}

/** Tabs become spaces up to the next tab stop (tab-size in spaces, CSS Text 3 §4.2). */
function expandTabs(text: string, tabSize: number): string {
  if (!text.includes('\t')) return text;
  let out = '';
  let column = 0;
  for (const ch of text) {
    if (ch === '\t') {
      const n = tabSize > 0 ? tabSize - (column % tabSize) : 0;
      out += ' '.repeat(n);
      column += n;
    } else {
      out += ch;
      // A soft hyphen takes no column: it is not drawn.
      column = ch === '\n' ? 0 : ch === '\u00ad' ? column : column + 1;
    }
  }
  return out;
}

/**
 * text-transform (CSS Text 3 §2.1); `capitalize` upper-cases the first letter of each word.
 * `hyphens: auto` adds no hyphenation points here: headless Chromium on Linux, whose prints are
 * the reference, has no hyphenation dictionaries and breaks such text as under `hyphens: manual`.
 */
export function transformText(
  text: string,
  transform: ComputedStyle['textTransform'],
  lang: string,
  inWord = false,
): string {
  switch (transform) {
    case 'uppercase':
      return lang ? text.toLocaleUpperCase(lang) : text.toUpperCase();
    case 'lowercase':
      return lang ? text.toLocaleLowerCase(lang) : text.toLowerCase();
    case 'capitalize':
      // A word that began in a previous element is not capitalized again ("foo<b>bar</b>").
      return text.replace(/(^|[\s\u00a0(["'“‘-])(\p{L})/gu, (m, pre: string, ch: string, at: number) =>
        at === 0 && inWord ? m : pre + ch.toUpperCase(),
      );
    default:
      return text;
  }
}

/** Whether text ends inside a word (for capitalize across element boundaries). */
export function endsInWord(text: string): boolean {
  return /[\p{L}\p{N}]$/u.test(text);
}
