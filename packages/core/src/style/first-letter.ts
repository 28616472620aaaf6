import type { ComputedStyle, StyledElement, StyledNode } from '@platen/layout';

/** Displays whose boxes are block containers, where ::first-letter applies (Pseudo 4 §2.3). */
export const FIRST_LETTER_CONTAINERS = new Set([
  'block',
  'list-item',
  'inline-block',
  'table-cell',
  'table-caption',
  'flow-root',
]);

/** Leading punctuation, then one letter or digit (with its combining marks), then punctuation. */
const FIRST_LETTER = /^(\s*)([\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Po}]*[\p{L}\p{N}\p{S}][\p{M}]*[\p{Pe}\p{Pf}\p{Po}]*)/u;

/**
 * Wrap the first letter of a block's first line in a `::first-letter` element (CSS Pseudo 4
 * §2.3). It is searched depth-first through in-flow inline and block descendants, ::before
 * content included; `makeStyle` computes its style from the text's parent style.
 * Returns the new children, or null when there is no letter to wrap.
 */
export function wrapFirstLetter(
  children: readonly StyledNode[],
  makeStyle: (parent: ComputedStyle) => ComputedStyle,
): StyledNode[] | null {
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (child.kind === 'text') {
      const m = FIRST_LETTER.exec(child.text);
      if (!m) {
        if (child.text.trim() === '') continue;
        return null; // the first character cannot start a first letter
      }
      const [, space = '', letter = ''] = m;
      const rest = child.text.slice(space.length + letter.length);
      const style = makeStyle(child.style);
      const wrapped: StyledElement = {
        kind: 'element',
        tag: '::first-letter',
        attrs: {},
        style,
        children: [{ kind: 'text', text: letter, style }],
      };
      const parts: StyledNode[] = [];
      if (space) parts.push({ kind: 'text', text: space, style: child.style });
      parts.push(wrapped);
      if (rest) parts.push({ kind: 'text', text: rest, style: child.style });
      return [...children.slice(0, i), ...parts, ...children.slice(i + 1)];
    }
    if (child.tag === '::first-letter') return null; // an inner block has one already
    if (child.tag === '::marker' || child.tag === 'br' || child.tag === 'img') {
      if (child.tag === '::marker' && child.style.listStylePosition === 'outside') continue;
      return null;
    }
    const s = child.style;
    if (s.float !== 'none' || s.position === 'absolute' || s.position === 'fixed') continue;
    if (
      !(s.display === 'inline' || s.display === 'contents' || FIRST_LETTER_CONTAINERS.has(s.display)) ||
      s.display === 'inline-block'
    )
      return null;
    const inner = wrapFirstLetter(child.children, makeStyle);
    if (inner) return [...children.slice(0, i), { ...child, children: inner }, ...children.slice(i + 1)];
    if (child.children.some((c) => (c.kind === 'text' ? c.text.trim() !== '' : true))) return null;
  }
  return null;
}
