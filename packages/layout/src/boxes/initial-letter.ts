import type { FontMetrics, InkExtent } from '../measurer.js';
import type { ComputedStyle, InitialLetter, LengthOrAuto } from '../style.js';
import type { StyledElement, StyledNode } from '../styled-node.js';

/** What sizing an initial letter needs of the fonts (the layout context's ShapeCache). */
export interface InitialLetterFonts {
  metrics(style: ComputedStyle): FontMetrics;
  /** The used line height of a style (flow/line-height.ts usedLineHeight; boxes/ imports no layout mode). */
  lineHeight(style: ComputedStyle, metrics: FontMetrics): number;
  shape(text: string, style: ComputedStyle): { readonly width: number };
  inkExtent?(text: string, style: ComputedStyle): InkExtent | null;
}

/**
 * A `::first-letter` with `initial-letter` (CSS Inline 3 §7) as Chromium 156 lays it out: a box
 * taken out of the first lines at the paragraph's inline-start, which the following lines wrap
 * around like a float (§7.5 "initial letter wrapping"), here made a float of the sizes and
 * offsets the section asks for:
 * - §7.3 size: the font size that makes the letter's cap height span `size` lines of the
 *   paragraph, from the first line's cap top to the baseline of line `size` (its own
 *   font-size and line-height are ignored);
 * - §7.4 block position: its baseline on the paragraph's line `sink`, and, when that puts the
 *   letter above the first line (a raised initial, sink < size), the lines start lower by the
 *   difference (the paragraph's `initialLetterShift`), as Chromium places them;
 * - the box is the letter's ink (the glyph outline's bounds, as Chromium's exclusion takes
 *   them): its side bearings are left out at both ends of the line;
 * - `text-indent` indents the letter twice (its box, then the letter in it), not the first line.
 * `initial-letter-align` is not supported by Chromium, so neither here.
 */
export function initialLetterElement(
  el: StyledElement,
  paragraph: ComputedStyle,
  fonts: InitialLetterFonts,
): StyledElement {
  const s = el.style;
  const { size, sink } = s.initialLetter as InitialLetter;
  const para = fonts.metrics(paragraph);
  const lineHeight = fonts.lineHeight(paragraph, para);
  // The first line's baseline: Chromium floors the top half-leading (flow/line-metrics.ts fontEntry).
  const halfLeading = Math.floor((lineHeight - para.ascent - para.descent) / 2 + 1e-9);
  const capRatio = fonts.metrics({ ...s, fontSize: 100 }).capHeight / 100;
  const fontSize = capRatio > 0 ? ((size - 1) * lineHeight + para.capHeight) / capRatio : s.fontSize;
  const sized: ComputedStyle = { ...s, fontSize };
  const own = fonts.metrics(sized);
  const text = letterText(el.children);
  const advance = fonts.shape(text, sized).width;
  const ink = fonts.inkExtent?.(text, sized) ?? { ascent: own.capHeight, descent: 0, left: 0, right: 0 };
  const rtl = paragraph.direction === 'rtl';
  // `text-indent` (§7.6 indentation): the letter box starts at the first line's indent, and the
  // letter, which inherits the indent, is indented by it again inside its box; the first line's
  // text follows the letter (lines-around-floats drops its indent), as Chromium prints it.
  // A percentage indent is left out (the paragraph's width is not known here).
  const indent = typeof paragraph.textIndent === 'number' ? paragraph.textIndent : 0;
  // Line `sink`'s baseline below the paragraph's content top, the lines moved down by `shift`.
  const shift = raisedBy(s.initialLetter as InitialLetter, lineHeight);
  const baseline = shift + (sink - 1) * lineHeight + halfLeading + para.ascent;
  // The float is placed at the first line's top (`shift`); its one line's baseline is `ascent`
  // below its content top (line-height ascent + descent: no leading).
  const style: ComputedStyle = {
    ...sized,
    float: rtl ? 'right' : 'left',
    display: 'block', // a float is blockified (CSS 2 §9.7)
    lineHeight: own.ascent + own.descent,
    verticalAlign: 'baseline',
    marginTop: baseline - own.ascent - shift,
    marginBottom: ink.descent - own.descent,
    paddingTop: 0,
    paddingBottom: 0,
    height: 'auto',
    width: Math.max(0, advance - ink.left - ink.right + indent),
    textIndent: indent - (rtl ? ink.right : ink.left),
    paddingLeft: 0,
    paddingRight: 0,
    ...(indent === 0
      ? {}
      : rtl
        ? { marginRight: plus(s.marginRight, indent) }
        : { marginLeft: plus(s.marginLeft, indent) }),
  };
  return { ...el, style, children: restyled(el.children, s, style) };
}

/** A start margin moved in by the indent (an auto or calc() margin is taken as 0 here). */
function plus(margin: LengthOrAuto, by: number): number {
  return (typeof margin === 'number' ? margin : 0) + by;
}

/** How much lower a raised initial (sink < size) puts the paragraph's first line (§7.4, as Chromium does). */
export function raisedBy(letter: InitialLetter, lineHeight: number): number {
  return Math.max(0, (letter.size - letter.sink) * lineHeight);
}

function letterText(children: readonly StyledNode[]): string {
  return children.map((c) => (c.kind === 'text' ? c.text : letterText(c.children))).join('');
}

/** The letter's text takes the sized style where it had the letter's own. */
function restyled(children: readonly StyledNode[], from: ComputedStyle, to: ComputedStyle): StyledNode[] {
  return children.map((c) =>
    c.kind === 'text'
      ? c.style === from
        ? { ...c, style: to }
        : c
      : { ...c, children: restyled(c.children, from, to) },
  );
}
