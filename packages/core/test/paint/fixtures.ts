import type {
  BorderSide,
  BoxFragment,
  Color,
  ComputedStyle,
  Fragment,
  GlyphRun,
  Page,
  TextFragment,
} from '@platen/layout';
import type { FontQuery } from '@platen/layout';
import { inflateSync } from 'node:zlib';
import { createMeasurer } from '../../src/text/measurer.js';
import { getFontRegistry, type FontSet } from '../../src/resources/fonts.js';
import { paintPdf } from '../../src/paint/paint-pdf.js';

export const BLACK: Color = { r: 0, g: 0, b: 0, a: 1 };
export const RED: Color = { r: 255, g: 0, b: 0, a: 1 };
export const BLUE: Color = { r: 0, g: 0, b: 255, a: 1 };
export const TRANSPARENT: Color = { r: 0, g: 0, b: 0, a: 0 };
const NO_BORDER: BorderSide = { width: 0, style: 'none', color: BLACK };
const auto = 'auto' as const;

/** CSS initial values (what a style stage gives an unstyled element). */
export const INITIAL: ComputedStyle = {
  display: 'block',
  position: 'static',
  top: auto,
  right: auto,
  bottom: auto,
  left: auto,
  float: 'none',
  clear: 'none',
  zIndex: auto,
  overflow: 'visible',
  visibility: 'visible',
  opacity: 1,
  transform: [],
  transformOrigin: [
    { px: 0, pct: 50 },
    { px: 0, pct: 50 },
  ],
  boxSizing: 'content-box',
  width: auto,
  height: auto,
  minWidth: auto,
  minHeight: auto,
  maxWidth: 'none',
  maxHeight: 'none',
  aspectRatio: auto,
  marginTop: 0,
  marginRight: 0,
  marginBottom: 0,
  marginLeft: 0,
  paddingTop: 0,
  paddingRight: 0,
  paddingBottom: 0,
  paddingLeft: 0,
  borderTop: NO_BORDER,
  borderRight: NO_BORDER,
  borderBottom: NO_BORDER,
  borderLeft: NO_BORDER,
  borderRadius: [
    [0, 0],
    [0, 0],
    [0, 0],
    [0, 0],
  ],
  outline: NO_BORDER,
  outlineOffset: 0,
  boxShadow: [],
  backgroundColor: TRANSPARENT,
  backgroundLayers: [],
  backgroundClip: 'border-box',
  color: BLACK,
  fontFamily: ['Arial'],
  fontSize: 16,
  fontWeight: 400,
  fontStyle: 'normal',
  fontVariant: 'normal',
  fontSizeAdjust: 'none',
  lineHeight: 'normal',
  textAlign: 'start',
  textAlignLast: auto,
  textIndent: 0,
  textTransform: 'none',
  letterSpacing: 0,
  wordSpacing: 0,
  whiteSpace: 'normal',
  wordBreak: 'normal',
  overflowWrap: 'normal',
  hyphens: 'manual',
  textWrapStyle: 'auto',
  lang: '',
  direction: 'ltr',
  unicodeBidi: 'normal',
  textOverflow: 'clip',
  tabSize: 8,
  listStyleType: 'disc',
  listStylePosition: 'outside',
  listStyleImage: null,
  quotes: auto,
  textDecorationLine: { underline: false, overline: false, lineThrough: false },
  textDecorationColor: 'currentcolor',
  textDecorationStyle: 'solid',
  textDecorationThickness: auto,
  textUnderlineOffset: auto,
  textShadow: [],
  verticalAlign: 'baseline',
  content: 'normal',
  counterReset: [],
  counterIncrement: [],
  counterSet: [],
  borderCollapse: 'separate',
  borderSpacing: [0, 0],
  tableLayout: auto,
  captionSide: 'top',
  emptyCells: 'show',
  flexDirection: 'row',
  flexWrap: 'nowrap',
  flexGrow: 0,
  flexShrink: 1,
  flexBasis: auto,
  order: 0,
  justifyContent: 'normal',
  alignItems: 'normal',
  alignSelf: auto,
  alignContent: 'normal',
  justifyItems: 'normal',
  justifySelf: auto,
  rowGap: 'normal',
  columnGap: 'normal',
  gridTemplateColumns: 'none',
  gridTemplateRows: 'none',
  gridTemplateAreas: 'none',
  gridAutoColumns: [{ kind: 'auto' }],
  gridAutoRows: [{ kind: 'auto' }],
  gridAutoFlow: { direction: 'row', dense: false },
  gridColumnStart: { kind: 'auto' },
  gridColumnEnd: { kind: 'auto' },
  gridRowStart: { kind: 'auto' },
  gridRowEnd: { kind: 'auto' },
  columnCount: auto,
  columnWidth: auto,
  columnRule: NO_BORDER,
  columnSpan: 'none',
  columnFill: 'balance',
  columnHeight: 'auto',
  columnWrap: 'auto',
  breakBefore: auto,
  breakAfter: auto,
  breakInside: auto,
  orphans: 2,
  widows: 2,
  page: auto,
  boxDecorationBreak: 'slice',
  objectFit: 'fill',
  objectPosition: [
    { px: 0, pct: 50 },
    { px: 0, pct: 50 },
  ],
  imageRendering: auto,
  appearance: 'none',
};

export function style(overrides: Partial<ComputedStyle> = {}): ComputedStyle {
  return { ...INITIAL, ...overrides };
}

export function box(
  x: number,
  y: number,
  width: number,
  height: number,
  s: Partial<ComputedStyle> = {},
  children: Fragment[] = [],
  extra: Partial<BoxFragment> = {},
): BoxFragment {
  const st = style(s);
  return {
    kind: 'box',
    style: st,
    x,
    y,
    width,
    height,
    border: {
      top: st.borderTop.width,
      right: st.borderRight.width,
      bottom: st.borderBottom.width,
      left: st.borderLeft.width,
    },
    padding: { top: 0, right: 0, bottom: 0, left: 0 },
    part: { isFirst: true, isLast: true },
    tag: 'div',
    attrs: {},
    children,
    ...extra,
  };
}

export function text(
  fonts: FontSet,
  str: string,
  x: number,
  baseline: number,
  s: Partial<ComputedStyle> = {},
): TextFragment {
  const st = style(s);
  const query: FontQuery = { families: st.fontFamily, weight: st.fontWeight, style: st.fontStyle };
  const runs: readonly GlyphRun[] = createMeasurer(fonts).shape(str, query, st.fontSize, {
    letterSpacing: st.letterSpacing,
    wordSpacing: st.wordSpacing,
  });
  const width = runs.reduce((w, r) => w + r.width, 0);
  return { kind: 'text', style: st, x, baseline, width, runs, justifySpacing: 0, decorations: [] };
}

/** A4 in px (210 × 297 mm at 96 dpi). */
export function page(fragments: Fragment[], index = 0): Page {
  return {
    index,
    width: 793.7007874,
    height: 1122.519685,
    backgroundColor: { r: 255, g: 255, b: 255, a: 1 },
    fragments,
  };
}

/** The PDF of one A4 page holding `fragments`, with the bundled fonts and no images. */
export function paintPage(fragments: Fragment[]): Promise<Uint8Array> {
  return paintPdf([page(fragments)], { fonts: getFontRegistry().createFontSet(), images: new Map() });
}

export function solid(width: number, color: Color): BorderSide {
  return { width, style: 'solid', color };
}

/** The page content streams of a PDF (every Flate stream that inflates to text operators), joined. */
export function contentStreams(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf);
  const out: string[] = [];
  for (let at = raw.indexOf('stream\n'); at >= 0; at = raw.indexOf('stream\n', at + 1)) {
    try {
      const text = inflateSync(raw.subarray(at + 7, raw.indexOf('endstream', at))).toString('latin1');
      if (/\bcm\b/.test(text)) out.push(text);
    } catch {
      // not a Flate stream
    }
  }
  return out.join('\n');
}
