import type { BorderSide, BorderStyle, ClipPath, ClipRect, Color, ComputedStyle, Length } from '@platen/layout';
import type { Flat } from './properties/index.js';
import { backgroundLayers } from './properties/background.js';

/**
 * Border widths snap like Chromium's (CSS Values 4 "snap as a border width"): a width
 * in (0, 1) becomes 1px, larger ones are floored to whole px; none/hidden make it 0.
 */
export function snapBorderWidth(width: number, style: string): number {
  if (style === 'none' || style === 'hidden' || width <= 0) return 0;
  return width < 1 ? 1 : Math.floor(width + 1e-6);
}

/** The longhand names of a border side, made once (this ran five template literals per style). */
const SIDE_NAMES = new Map<string, readonly [string, string, string]>();

function side(flat: Flat, prefix: string): BorderSide {
  let names = SIDE_NAMES.get(prefix);
  if (!names) SIDE_NAMES.set(prefix, (names = [`${prefix}-style`, `${prefix}-width`, `${prefix}-color`]));
  const style = flat[names[0]] as BorderStyle;
  return { width: snapBorderWidth(flat[names[1]] as number, style), style, color: flat[names[2]] as Color };
}

type Radius = readonly [Length, Length];

function overflow(x: string, y: string): ComputedStyle['overflow'] {
  return (x !== 'visible' ? x : y) as ComputedStyle['overflow'];
}

function sizeContainment(f: Flat): Pick<ComputedStyle, 'sizeContainment'> {
  const kinds = (f['contain'] as string).split(' ');
  const block = kinds.includes('size');
  if (!block && !kinds.includes('inline-size')) return {};
  const px = (v: unknown): number => (typeof v === 'number' ? v : 0);
  return {
    sizeContainment: { block, width: px(f['contain-intrinsic-width']), height: px(f['contain-intrinsic-height']) },
  };
}

/** Build the public ComputedStyle from an element's flat computed values. */
export function assembleStyle(f: Flat): ComputedStyle {
  const g = <T>(name: string): T => f[name] as T;
  const outlineStyle = g<string>('outline-style');
  const align = g<string>('text-align');
  const legacy = align.startsWith('-webkit-') ? (align.slice(8) as 'left' | 'right' | 'center') : null;
  const style: ComputedStyle = {
    display: g('display'),
    position: g('position'),
    top: g('top'),
    right: g('right'),
    bottom: g('bottom'),
    left: g('left'),
    float: g('float'),
    clear: g('clear'),
    zIndex: g('z-index'),
    overflow: overflow(g('overflow-x'), g('overflow-y')),
    visibility: g('visibility'),
    opacity: g('opacity'),
    transform: g('transform'),
    transformOrigin: g('transform-origin'),
    boxSizing: g('box-sizing'),
    width: g('width'),
    height: g('height'),
    minWidth: g('min-width'),
    minHeight: g('min-height'),
    maxWidth: g('max-width'),
    maxHeight: g('max-height'),
    aspectRatio: g('aspect-ratio'),
    ...sizeContainment(f),
    marginTop: g('margin-top'),
    marginRight: g('margin-right'),
    marginBottom: g('margin-bottom'),
    marginLeft: g('margin-left'),
    paddingTop: g('padding-top'),
    paddingRight: g('padding-right'),
    paddingBottom: g('padding-bottom'),
    paddingLeft: g('padding-left'),
    borderTop: side(f, 'border-top'),
    borderRight: side(f, 'border-right'),
    borderBottom: side(f, 'border-bottom'),
    borderLeft: side(f, 'border-left'),
    borderRadius: [
      g<Radius>('border-top-left-radius'),
      g<Radius>('border-top-right-radius'),
      g<Radius>('border-bottom-right-radius'),
      g<Radius>('border-bottom-left-radius'),
    ],
    outline: {
      width: snapBorderWidth(g('outline-width'), outlineStyle),
      style: (outlineStyle === 'auto' ? 'solid' : outlineStyle) as BorderStyle,
      color: g('outline-color'),
    },
    outlineOffset: g('outline-offset'),
    boxShadow: g('box-shadow'),
    backgroundColor: g('background-color'),
    backgroundLayers: backgroundLayers(f),
    color: g('color'),
    fontFamily: g('font-family'),
    fontSize: g('font-size'),
    fontWeight: g('font-weight'),
    fontStyle: g('font-style'),
    fontVariant: g('font-variant-caps'),
    lineHeight: g('line-height'),
    textAlign: (legacy ?? align) as ComputedStyle['textAlign'],
    textAlignLast: g('text-align-last'),
    textIndent: g('text-indent'),
    textTransform: g('text-transform'),
    letterSpacing: g('letter-spacing'),
    wordSpacing: g('word-spacing'),
    whiteSpace: g('white-space'),
    wordBreak: g('word-break'),
    overflowWrap: g('overflow-wrap'),
    hyphens: g('hyphens'),
    lang: g('-lang'),
    direction: g('direction'),
    unicodeBidi: g('unicode-bidi'),
    textOverflow: g('text-overflow'),
    tabSize: g('tab-size'),
    listStyleType: g('list-style-type'),
    listStylePosition: g('list-style-position'),
    listStyleImage: g('list-style-image'),
    quotes: g('quotes'),
    textDecorationLine: g('text-decoration-line'),
    textDecorationColor: g('text-decoration-color'),
    textDecorationStyle: g('text-decoration-style'),
    textDecorationThickness: g('text-decoration-thickness'),
    textShadow: g('text-shadow'),
    verticalAlign: g('vertical-align'),
    content: g('content'),
    counterReset: g('counter-reset'),
    counterIncrement: g('counter-increment'),
    counterSet: g('counter-set'),
    borderCollapse: g('border-collapse'),
    borderSpacing: g('border-spacing'),
    tableLayout: g('table-layout'),
    captionSide: g('caption-side'),
    emptyCells: g('empty-cells'),
    flexDirection: g('flex-direction'),
    flexWrap: g('flex-wrap'),
    flexGrow: g('flex-grow'),
    flexShrink: g('flex-shrink'),
    flexBasis: g('flex-basis'),
    order: g('order'),
    justifyContent: g('justify-content'),
    alignItems: g('align-items'),
    alignSelf: g('align-self'),
    alignContent: g('align-content'),
    justifyItems: g('justify-items'),
    justifySelf: g('justify-self'),
    rowGap: g('row-gap'),
    columnGap: g('column-gap'),
    gridTemplateColumns: g('grid-template-columns'),
    gridTemplateRows: g('grid-template-rows'),
    gridTemplateAreas: g('grid-template-areas'),
    gridAutoColumns: g('grid-auto-columns'),
    gridAutoRows: g('grid-auto-rows'),
    gridAutoFlow: g('grid-auto-flow'),
    gridColumnStart: g('grid-column-start'),
    gridColumnEnd: g('grid-column-end'),
    gridRowStart: g('grid-row-start'),
    gridRowEnd: g('grid-row-end'),
    columnCount: g('column-count'),
    columnWidth: g('column-width'),
    columnRule: side(f, 'column-rule'),
    columnSpan: g('column-span'),
    columnFill: g('column-fill'),
    breakBefore: g('break-before'),
    breakAfter: g('break-after'),
    breakInside: g('break-inside'),
    orphans: g('orphans'),
    widows: g('widows'),
    page: g('page'),
    boxDecorationBreak: g('box-decoration-break'),
    objectFit: g('object-fit'),
    objectPosition: g('object-position'),
    imageRendering: g('image-rendering'),
    appearance: g('appearance'),
  };
  // Optional fields, absent when none/auto. `clip` applies to absolutely positioned boxes only (CSS 2 §11.1.2).
  const clip = f['clip'];
  const clipPath = f['clip-path'];
  const clips = clip !== 'auto' && (style.position === 'absolute' || style.position === 'fixed');
  // Only vertical styles carry a writing mode (absent = horizontal-tb), so horizontal ones keep their shape.
  const writingMode = g<string>('writing-mode');
  const vertical = writingMode !== 'horizontal-tb';
  const webkitBox = f['-webkit-box'] === true;
  const lineClamp = f['-line-clamp'];
  const clamps = typeof lineClamp === 'number';
  const inlineStatic = f['-inline-static'] === true;
  if (!legacy && !clips && clipPath === 'none' && !vertical && !webkitBox && !clamps && !inlineStatic) return style;
  return {
    ...style,
    ...(legacy ? { legacyAlign: legacy } : {}),
    ...(webkitBox ? { legacyFlexibleBox: true } : {}),
    ...(clamps ? { lineClamp } : {}),
    ...(inlineStatic ? { inlineStatic: true } : {}),
    ...(clips ? { clip: clip as ClipRect } : {}),
    ...(clipPath !== 'none' ? { clipPath: clipPath as ClipPath } : {}),
    ...(vertical
      ? {
          writingMode: writingMode as NonNullable<ComputedStyle['writingMode']>,
          textOrientation: g<ComputedStyle['textOrientation']>('text-orientation'),
        }
      : {}),
    ...(vertical && f['text-combine-upright'] === 'all' ? { textCombineUpright: 'all' as const } : {}),
  };
}
