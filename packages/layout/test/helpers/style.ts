import type { Color, ComputedStyle } from '../../src/style.js';
import type { StyledElement, StyledNode } from '../../src/styled-node.js';

const BLACK: Color = { r: 0, g: 0, b: 0, a: 1 };
const TRANSPARENT: Color = { r: 0, g: 0, b: 0, a: 0 };
const NO_BORDER = { width: 0, style: 'none', color: BLACK } as const;

/** CSS initial values (font-size 16px, a fake 'test' font), independent of core/style. */
export function defaultStyle(): ComputedStyle {
  return {
    display: 'inline',
    position: 'static',
    top: 'auto',
    right: 'auto',
    bottom: 'auto',
    left: 'auto',
    float: 'none',
    clear: 'none',
    zIndex: 'auto',
    overflow: 'visible',
    visibility: 'visible',
    opacity: 1,
    transform: [],
    transformOrigin: [
      { px: 0, pct: 50 },
      { px: 0, pct: 50 },
    ],
    boxSizing: 'content-box',
    width: 'auto',
    height: 'auto',
    minWidth: 'auto',
    minHeight: 'auto',
    maxWidth: 'none',
    maxHeight: 'none',
    aspectRatio: 'auto',
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
    fontFamily: ['test'],
    fontSize: 16,
    fontWeight: 400,
    fontStyle: 'normal',
    fontVariant: 'normal',
    fontSizeAdjust: 'none',
    lineHeight: 'normal',
    textAlign: 'start',
    textAlignLast: 'auto',
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
    quotes: 'auto',
    textDecorationLine: { underline: false, overline: false, lineThrough: false },
    textDecorationColor: 'currentcolor',
    textDecorationStyle: 'solid',
    textDecorationThickness: 'auto',
    textUnderlineOffset: 'auto',
    textShadow: [],
    verticalAlign: 'baseline',
    content: 'normal',
    counterReset: [],
    counterIncrement: [],
    counterSet: [],
    borderCollapse: 'separate',
    borderSpacing: [0, 0],
    tableLayout: 'auto',
    captionSide: 'top',
    emptyCells: 'show',
    flexDirection: 'row',
    flexWrap: 'nowrap',
    flexGrow: 0,
    flexShrink: 1,
    flexBasis: 'auto',
    order: 0,
    justifyContent: 'normal',
    alignItems: 'normal',
    alignSelf: 'auto',
    alignContent: 'normal',
    justifyItems: 'normal',
    justifySelf: 'auto',
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
    columnCount: 'auto',
    columnWidth: 'auto',
    columnRule: NO_BORDER,
    columnSpan: 'none',
    columnFill: 'balance',
    columnHeight: 'auto',
    columnWrap: 'auto',
    breakBefore: 'auto',
    breakAfter: 'auto',
    breakInside: 'auto',
    orphans: 2,
    widows: 2,
    page: 'auto',
    boxDecorationBreak: 'slice',
    objectFit: 'fill',
    objectPosition: [
      { px: 0, pct: 50 },
      { px: 0, pct: 50 },
    ],
    imageRendering: 'auto',
    appearance: 'none',
    fieldSizing: 'fixed',
  };
}

const INHERITED: readonly (keyof ComputedStyle)[] = [
  'visibility',
  'color',
  'fontFamily',
  'fontSize',
  'fontWeight',
  'fontStyle',
  'fontVariant',
  'lineHeight',
  'textAlign',
  'textAlignLast',
  'textIndent',
  'textTransform',
  'letterSpacing',
  'wordSpacing',
  'whiteSpace',
  'wordBreak',
  'overflowWrap',
  'hyphens',
  'lang',
  'direction',
  'tabSize',
  'listStyleType',
  'listStylePosition',
  'listStyleImage',
  'quotes',
  'textShadow',
  'borderCollapse',
  'borderSpacing',
  'captionSide',
  'emptyCells',
  'orphans',
  'widows',
  'writingMode',
  'textOrientation',
];

const UA_DISPLAY: Record<string, ComputedStyle['display']> = {
  html: 'block',
  body: 'block',
  div: 'block',
  p: 'block',
  section: 'block',
  h1: 'block',
  ul: 'block',
  ol: 'block',
  li: 'list-item',
  table: 'table',
  tr: 'table-row',
  td: 'table-cell',
  tbody: 'table-row-group',
};

export type StyleProps = Partial<{ -readonly [K in keyof ComputedStyle]: ComputedStyle[K] }>;

/** A styled-tree builder: `el('div', { marginTop: 10 }, 'text', el('span', {}, 'more'))`. */
export interface ElSpec {
  readonly tag: string;
  readonly props: StyleProps;
  readonly attrs: Record<string, string>;
  readonly children: readonly (ElSpec | string)[];
}

export function el(
  tag: string,
  props: StyleProps & { attrs?: Record<string, string> } = {},
  ...children: (ElSpec | string)[]
): ElSpec {
  const { attrs = {}, ...rest } = props;
  return { tag, props: rest, attrs, children };
}

/** Resolve an ElSpec into a StyledElement, inheriting inherited properties like the cascade does. */
export function styled(spec: ElSpec, parent: ComputedStyle | null = null): StyledElement {
  const base = defaultStyle();
  const inherited: StyleProps = {};
  if (parent) for (const k of INHERITED) (inherited as Record<string, unknown>)[k] = parent[k];
  const style: ComputedStyle = { ...base, ...inherited, display: UA_DISPLAY[spec.tag] ?? 'inline', ...spec.props };
  const children: StyledNode[] = spec.children.map((c) =>
    typeof c === 'string' ? { kind: 'text', text: c, style } : styled(c, style),
  );
  return { kind: 'element', tag: spec.tag, attrs: spec.attrs, style, children };
}
