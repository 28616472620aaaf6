/**
 * Emoji segmentation by Unicode's rules (UTS #51): which parts of a text are emoji drawn in
 * emoji presentation (colour), as the RGI emoji sequences of the runtime's Unicode data
 * (`\p{RGI_Emoji}`: single emoji whose default is emoji presentation, any emoji with VS16,
 * keycaps, flags, tag sequences, skin-tone modifier and ZWJ sequences).
 */

/** A cluster of a text: UTF-16 offsets, end exclusive. */
export type Cluster = readonly [start: number, end: number];

const NO_CLUSTERS: readonly Cluster[] = [];

/**
 * Every RGI emoji contains VS16, a code point with Emoji_Presentation (all of them in the BMP lie
 * between U+231A and U+2B55) or one past U+1F000 (high surrogates D83C–D83E): text without any
 * of these is settled by this one scan, with no work per character.
 */
// eslint-disable-next-line no-misleading-character-class -- UTF-16 code units on purpose: lone high surrogates
const MAY_HAVE_EMOJI = /[\u2300-\u2bff\ufe0f\ud83c-\ud83e]/;
/**
 * `\p{RGI_Emoji}`, built on first use: parsing it takes ~12 ms of CPU, which every process paid
 * when this module loaded, though only text that may hold an emoji needs it. Built at run time:
 * the `v` flag is past the compiler's target (Node 20 has it).
 */
let rgiEmoji: RegExp | undefined;
const rgiEmojiPattern = (): RegExp => (rgiEmoji ??= new RegExp('\\p{RGI_Emoji}', 'gv'));
const VS15 = 0xfe0e;

/** Might `text` hold an emoji in emoji presentation? (False is certain.) */
export function mayHaveEmoji(text: string): boolean {
  return MAY_HAVE_EMOJI.test(text);
}

/**
 * The emoji-presentation clusters of `text`, in order. A sequence followed by VS15 (U+FE0E) asks
 * for text presentation and is left out (UTS #51 §4: it is drawn by the text fonts).
 */
export function emojiClusters(text: string): readonly Cluster[] {
  if (!mayHaveEmoji(text)) return NO_CLUSTERS;
  const clusters: Cluster[] = [];
  for (const match of text.matchAll(rgiEmojiPattern())) {
    const start = match.index;
    const end = start + match[0].length;
    if (text.charCodeAt(end) !== VS15) clusters.push([start, end]);
  }
  return clusters;
}

export function isVariationSelector(cp: number): boolean {
  return (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);
}

/** Variation selectors and joiners: invisible, they only choose or join the glyphs around them. */
export function isSelectorOrJoiner(cp: number): boolean {
  return isVariationSelector(cp) || cp === 0x200c || cp === 0x200d;
}

/**
 * `text` cut into the pieces an emoji font shapes one at a time: each RGI emoji sequence whole,
 * every other code point alone, but a selector or joiner with the piece before it.
 */
export function shapingClusters(text: string): string[] {
  const pieces: string[] = [];
  let next = 0;
  const singles = (end: number): void => {
    for (const ch of text.slice(next, end)) {
      const last = pieces.length - 1;
      if (last >= 0 && isSelectorOrJoiner(ch.codePointAt(0) ?? 0)) pieces[last] += ch;
      else pieces.push(ch);
    }
  };
  for (const match of text.matchAll(rgiEmojiPattern())) {
    singles(match.index);
    pieces.push(match[0]);
    next = match.index + match[0].length;
  }
  singles(text.length);
  return pieces;
}
