import * as bidiModule from 'bidi-js';
import type { Bidi } from 'bidi-js';

let bidi: Bidi | null = null;

/** bidi-js is CommonJS with an ES `module` build: its factory is the default export either way. */
function createBidi(): Bidi {
  const mod = bidiModule as unknown as { default?: unknown };
  let factory: unknown = mod.default;
  if (factory && typeof factory === 'object' && 'default' in factory)
    factory = (factory as { default: unknown }).default;
  return (factory as () => Bidi)();
}

// Strong right-to-left characters (Hebrew, Arabic, Syriac, Thaana, NKo…, presentation forms) and explicit controls.
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u202b\u202e\u2067]|\ud802[\udc00-\udfff]|\ud83a[\udc00-\udfff]/;

/**
 * Embedding levels per UTF-16 code unit (UAX #9), or null for a purely left-to-right
 * paragraph, the common case, which then skips reordering entirely.
 */
export function bidiLevels(
  text: string,
  direction: 'ltr' | 'rtl',
  controls: readonly BidiControl[] = [],
): Uint8Array | null {
  if (controls.length === 0) {
    if (direction === 'ltr' && !RTL.test(text)) return null;
    bidi ??= createBidi();
    return bidi.getEmbeddingLevels(text, direction).levels;
  }
  // The formatting characters go into a copy of the text; each real character keeps its level.
  let marked = '';
  const index: number[] = [];
  let from = 0;
  for (const c of controls) {
    for (let i = from; i < c.at; i++) {
      index.push(marked.length);
      marked += text[i];
    }
    from = Math.max(from, c.at);
    marked += c.chars;
  }
  for (let i = from; i < text.length; i++) {
    index.push(marked.length);
    marked += text[i];
  }
  bidi ??= createBidi();
  const all = bidi.getEmbeddingLevels(marked, direction).levels;
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = all[index[i] ?? 0] ?? 0;
  // Only even levels (left-to-right isolates and embeddings in left-to-right text): reordering
  // (UAX #9 L2) reverses each run twice, so none is needed, and the line keeps its inline
  // boxes' margins, borders and padding, which reordered lines do not.
  return direction === 'ltr' && out.every((level) => level % 2 === 0) ? null : out;
}

/** UAX #9 formatting characters standing for an inline box's `unicode-bidi` at text offset `at`. */
export interface BidiControl {
  readonly at: number;
  readonly chars: string;
}

/**
 * The characters an inline box's `unicode-bidi` opens and closes with (CSS Writing Modes 3
 * §2.4.2 table): embed → LRE/RLE … PDF, isolate → LRI/RLI … PDI, bidi-override → LRO/RLO … PDF,
 * isolate-override → both, plaintext → FSI … PDI.
 */
export function bidiControls(style: {
  readonly unicodeBidi: string;
  readonly direction: 'ltr' | 'rtl';
}): [string, string] | [null, null] {
  const rtl = style.direction === 'rtl';
  switch (style.unicodeBidi) {
    case 'embed':
      return [rtl ? '\u202b' : '\u202a', '\u202c'];
    case 'isolate':
      return [rtl ? '\u2067' : '\u2066', '\u2069'];
    case 'bidi-override':
      return [rtl ? '\u202e' : '\u202d', '\u202c'];
    case 'isolate-override':
      return [(rtl ? '\u2067' : '\u2066') + (rtl ? '\u202e' : '\u202d'), '\u202c\u2069'];
    case 'plaintext':
      return ['\u2068', '\u2069'];
    default:
      return [null, null];
  }
}

/**
 * Visual order of a line's items (UAX #9 rule L2): from the highest level down to the
 * lowest odd level, reverse every run at that level or above.
 */
export function reorderByLevels<T>(items: readonly T[], levels: readonly number[]): T[] {
  const out = items.slice();
  const lv = levels.slice();
  let max = 0;
  let minOdd = Infinity;
  for (const l of lv) {
    if (l > max) max = l;
    if (l & 1 && l < minOdd) minOdd = l;
  }
  for (let level = max; level >= minOdd && level > 0; level--) {
    let i = 0;
    while (i < out.length) {
      if ((lv[i] ?? 0) < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < out.length && (lv[j] ?? 0) >= level) j++;
      reverseRange(out, i, j);
      reverseRange(lv, i, j);
      i = j;
    }
  }
  return out;
}

function reverseRange<T>(a: T[], from: number, to: number): void {
  for (let i = from, j = to - 1; i < j; i++, j--) {
    const t = a[i] as T;
    a[i] = a[j] as T;
    a[j] = t;
  }
}
