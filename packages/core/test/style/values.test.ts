import { describe, expect, it } from 'vitest';
import type { ComputedStyle } from '@platen/layout';
import { styleDropping, styleOf } from './helpers.js';

const rgb = (r: number, g: number, b: number, a = 1) => ({ r, g, b, a });

describe('units', () => {
  it.each<[string, number]>([
    ['1px', 1],
    ['1pt', 96 / 72],
    ['1pc', 16],
    ['1in', 96],
    ['2.54cm', 96],
    ['25.4mm', 96],
    ['4Q', 96 / 25.4],
    ['2em', 40],
    ['2rem', 32],
    ['2ex', 20],
    ['2ch', 20],
    ['0', 0],
  ])('%s', (value, px) => {
    expect(styleOf(`div{font-size:20px;padding-left:${value}}`).paddingLeft as number).toBeCloseTo(px, 6);
  });

  it('drops a length whose unit names an Object.prototype member (no prototype access)', () => {
    for (const unit of ['constructor', 'toString', 'valueOf']) {
      const { style, ignored } = styleDropping(`div{padding-left:3px;padding-left:2${unit}}`);
      expect(style.paddingLeft).toBe(3);
      expect(ignored.join('\n')).toContain(unit);
    }
  });

  it('vw/vh are relative to the first page area', () => {
    // The a4 preset (596 × 843 pt) less its default margins, 15mm at the sides and 20mm at top
    // and bottom, which Chromium's print API takes in whole points (42 and 56).
    const s = styleOf('div{width:50vw;height:10vh}');
    expect(s.width as number).toBeCloseTo(((596 - 84) * 96) / 72 / 2, 6);
    expect(s.height as number).toBeCloseTo(((843 - 112) * 96) / 72 / 10, 6);
  });

  it('vertical-align percentages resolve against the line height', () => {
    expect(
      styleOf('span{font-size:10px;line-height:20px;vertical-align:50%}', '<span id="t"></span>').verticalAlign,
    ).toBe(10);
    expect(
      styleOf('span{font-size:10px;line-height:2;vertical-align:calc(10% + 1px)}', '<span id="t"></span>')
        .verticalAlign,
    ).toBe(3);
    expect(styleOf('span{vertical-align:-2px}', '<span id="t"></span>').verticalAlign).toBe(-2);
  });

  it('percentages stay symbolic', () => {
    expect(styleOf('div{margin-left:10%;padding-top:5%}')).toMatchObject({
      marginLeft: { px: 0, pct: 10 },
      paddingTop: { px: 0, pct: 5 },
    });
  });

  it.each(['padding-left:-1px', 'width:-5px', 'font-size:-1px', 'padding-left:10'])('rejects %s', (decl) => {
    const { style: s, ignored } = styleDropping(`div{padding-left:3px;width:7px} div{${decl}}`);
    const [name, value] = decl.split(':');
    expect(ignored).toEqual([`Ignored CSS declaration "${name}: ${value}" (line 1): invalid or unsupported value`]);
    expect(s.paddingLeft).toBe(3);
    expect(s.width).toBe(7);
  });
});

describe('colours', () => {
  it.each<[string, ReturnType<typeof rgb>]>([
    ['red', rgb(255, 0, 0)],
    ['RebeccaPurple', rgb(102, 51, 153)],
    ['#abc', rgb(0xaa, 0xbb, 0xcc)],
    ['#abcd', rgb(0xaa, 0xbb, 0xcc, 0xdd / 255)],
    ['#102030', rgb(16, 32, 48)],
    ['#10203080', rgb(16, 32, 48, 128 / 255)],
    ['rgb(1, 2, 3)', rgb(1, 2, 3)],
    ['rgba(1,2,3,0.5)', rgb(1, 2, 3, 0.5)],
    ['rgb(1 2 3 / 50%)', rgb(1, 2, 3, 0.5)],
    ['rgb(100%, 0%, 50%)', rgb(255, 0, 128)],
    ['rgba(0 0 0 / .25)', rgb(0, 0, 0, 0.25)],
    ['hsl(120, 100%, 25%)', rgb(0, 128, 0)],
    ['hsla(0 100% 50% / 0.5)', rgb(255, 0, 0, 0.5)],
    ['hsl(240deg 100% 50%)', rgb(0, 0, 255)],
    ['transparent', rgb(0, 0, 0, 0)],
  ])('%s', (value, expected) => {
    expect(styleOf(`div{background-color:${value}}`).backgroundColor).toEqual(expected);
  });

  it.each<[string, ReturnType<typeof rgb>]>([
    ['oklch(62.8% 0.2577 29.23)', rgb(255, 0, 0)],
    ['oklch(0.628 0.2577 29.23 / 50%)', rgb(255, 0, 0, 0.5)],
    ['oklab(0.628 0.2249 0.1258)', rgb(255, 0, 0)],
    ['lab(54.29 80.8 69.89)', rgb(255, 0, 0)],
    ['lch(54.29% 106.84 40.85)', rgb(255, 0, 0)],
    ['oklch(1 0 0)', rgb(255, 255, 255)],
    ['oklch(0% 0 none)', rgb(0, 0, 0)],
    ['color(srgb 0 0.5 1)', rgb(0, 128, 255)],
    ['color(srgb-linear 0.5 0.5 0.5)', rgb(188, 188, 188)],
    ['color(display-p3 1 0 0)', rgb(255, 0, 0)],
    ['color-mix(in srgb, red, blue)', rgb(128, 0, 128)],
    ['color-mix(in srgb, red 25%, blue)', rgb(64, 0, 191)],
    ['color-mix(in srgb, red 40%, transparent)', rgb(255, 0, 0, 0.4)],
    ['color-mix(in srgb, red 30%, blue 30%)', rgb(128, 0, 128, 0.6)],
    ['color-mix(in oklab, white, black)', rgb(99, 99, 99)],
  ])('%s', (value, expected) => {
    const c = styleOf(`div{background-color:${value}}`).backgroundColor;
    expect(Math.abs(c.r - expected.r)).toBeLessThanOrEqual(1);
    expect(Math.abs(c.g - expected.g)).toBeLessThanOrEqual(1);
    expect(Math.abs(c.b - expected.b)).toBeLessThanOrEqual(1);
    expect(c.a).toBeCloseTo(expected.a, 3);
  });

  it('Tailwind v4 palette colours (oklch) parse', () => {
    const c = styleOf('div{color:oklch(62.3% 0.214 259.815)}').color;
    expect(c.b).toBeGreaterThan(240);
    expect(c.r).toBeLessThan(70);
  });

  it('currentcolor resolves to the element colour', () => {
    const s = styleOf(
      'div{color:#123456;border:1px solid;background-color:currentcolor;outline:2px solid currentColor}',
    );
    expect(s.borderTop.color).toEqual(rgb(0x12, 0x34, 0x56));
    expect(s.backgroundColor).toEqual(rgb(0x12, 0x34, 0x56));
    expect(s.outline.color).toEqual(rgb(0x12, 0x34, 0x56));
  });

  it('color: currentcolor inherits', () => {
    expect(styleOf('body{color:green} div{color:currentcolor}').color).toEqual(rgb(0, 128, 0));
  });
});

describe('shorthands', () => {
  it.each<[string, Partial<Record<keyof ComputedStyle, unknown>>]>([
    ['margin:1px 2px 3px 4px', { marginTop: 1, marginRight: 2, marginBottom: 3, marginLeft: 4 }],
    ['margin:1px 2px', { marginTop: 1, marginRight: 2, marginBottom: 1, marginLeft: 2 }],
    ['margin:0 auto', { marginLeft: 'auto', marginRight: 'auto', marginTop: 0 }],
    ['padding:1px 2px 3px', { paddingTop: 1, paddingRight: 2, paddingBottom: 3, paddingLeft: 2 }],
    ['inset:1px 2px', { top: 1, right: 2, bottom: 1, left: 2 }],
    [
      'border:2px dashed red',
      {
        borderTop: { width: 2, style: 'dashed', color: rgb(255, 0, 0) },
        borderLeft: { width: 2, style: 'dashed', color: rgb(255, 0, 0) },
      },
    ],
    ['border:solid', { borderTop: { width: 3, style: 'solid', color: rgb(0, 0, 0) } }],
    [
      'border-bottom:thin solid blue',
      {
        borderBottom: { width: 1, style: 'solid', color: rgb(0, 0, 255) },
        borderTop: { width: 0, style: 'none', color: rgb(0, 0, 0) },
      },
    ],
    [
      'border:1px solid red;border-width:0 4px',
      {
        borderTop: { width: 0, style: 'solid', color: rgb(255, 0, 0) },
        borderRight: { width: 4, style: 'solid', color: rgb(255, 0, 0) },
      },
    ],
    [
      'border:0.5px solid;border-left:2.7px solid',
      {
        borderTop: { width: 1, style: 'solid', color: rgb(0, 0, 0) },
        borderLeft: { width: 2, style: 'solid', color: rgb(0, 0, 0) },
      },
    ],
    [
      'border-style:double;border-color:red green',
      { borderRight: { width: 3, style: 'double', color: rgb(0, 128, 0) } },
    ],
    [
      'border-radius:4px',
      {
        borderRadius: [
          [4, 4],
          [4, 4],
          [4, 4],
          [4, 4],
        ],
      },
    ],
    [
      'border-radius:1px 2px / 3px',
      {
        borderRadius: [
          [1, 3],
          [2, 3],
          [1, 3],
          [2, 3],
        ],
      },
    ],
    ['outline:1px dotted green', { outline: { width: 1, style: 'dotted', color: rgb(0, 128, 0) } }],
    [
      'font:italic bold 12px/1.5 Georgia, "Times New Roman", serif',
      {
        fontStyle: 'italic',
        fontWeight: 700,
        fontSize: 12,
        lineHeight: { factor: 1.5 },
        fontFamily: ['Georgia', 'Times New Roman', 'serif'],
      },
    ],
    [
      'font:small-caps 10pt Arial',
      { fontVariant: 'small-caps', fontSize: 40 / 3, lineHeight: 'normal', fontFamily: ['Arial'] },
    ],
    ['flex:1', { flexGrow: 1, flexShrink: 1, flexBasis: { px: 0, pct: 0 } }],
    ['flex:1 1 0', { flexGrow: 1, flexShrink: 1, flexBasis: 0 }],
    ['flex:none', { flexGrow: 0, flexShrink: 0, flexBasis: 'auto' }],
    ['flex:auto', { flexGrow: 1, flexShrink: 1, flexBasis: 'auto' }],
    ['flex:2 200px', { flexGrow: 2, flexShrink: 1, flexBasis: 200 }],
    ['flex-flow:column wrap', { flexDirection: 'column', flexWrap: 'wrap' }],
    ['gap:4px 8px', { rowGap: 4, columnGap: 8 }],
    ['gap:1em', { rowGap: 16, columnGap: 16 }],
    ['place-items:center start', { alignItems: 'center', justifyItems: 'start' }],
    ['place-content:space-between', { alignContent: 'space-between', justifyContent: 'space-between' }],
    // Overflow positions and baseline positions are kept where they change the alignment (Align 3 §4).
    ['justify-content:safe center', { justifyContent: 'safe center' }],
    ['align-self:unsafe end', { alignSelf: 'end' }],
    ['align-items:last baseline', { alignItems: 'last baseline' }],
    ['align-self:first baseline', { alignSelf: 'baseline' }],
    [
      'grid-area:1 / 2 / 3 / 4',
      {
        gridRowStart: { kind: 'line', index: 1, name: null },
        gridColumnStart: { kind: 'line', index: 2, name: null },
        gridRowEnd: { kind: 'line', index: 3, name: null },
        gridColumnEnd: { kind: 'line', index: 4, name: null },
      },
    ],
    [
      'grid-column:span 2',
      { gridColumnStart: { kind: 'span', count: 2, name: null }, gridColumnEnd: { kind: 'auto' } },
    ],
    ['grid-area:main', { gridRowStart: { kind: 'name', name: 'main' }, gridColumnEnd: { kind: 'name', name: 'main' } }],
    ['list-style:square inside', { listStyleType: 'square', listStylePosition: 'inside', listStyleImage: null }],
    ['list-style:none', { listStyleType: 'none', listStyleImage: null }],
    [
      'text-decoration:underline dotted red',
      {
        textDecorationLine: { underline: true, overline: false, lineThrough: false },
        textDecorationStyle: 'dotted',
        textDecorationColor: rgb(255, 0, 0),
      },
    ],
    [
      'text-decoration:underline overline',
      { textDecorationLine: { underline: true, overline: true, lineThrough: false } },
    ],
    ['columns:2 100px', { columnCount: 2, columnWidth: 100 }],
    ['column-rule:1px solid gray', { columnRule: { width: 1, style: 'solid', color: rgb(128, 128, 128) } }],
    ['overflow:hidden', { overflow: 'hidden' }],
    ['page-break-before:always;page-break-inside:avoid', { breakBefore: 'page', breakInside: 'avoid' }],
    ['word-wrap:break-word', { overflowWrap: 'break-word' }],
    ['margin-inline:3px 4px;padding-block:5px', { marginLeft: 3, marginRight: 4, paddingTop: 5, paddingBottom: 5 }],
    ['-webkit-box-decoration-break:clone', { boxDecorationBreak: 'clone' }],
    [
      'border-block:3px dashed red',
      {
        borderTop: { width: 3, style: 'dashed', color: rgb(255, 0, 0) },
        borderBottom: { width: 3, style: 'dashed', color: rgb(255, 0, 0) },
        borderLeft: { width: 0, style: 'none', color: rgb(0, 0, 0) },
      },
    ],
  ])('%s', (decls, expected) => {
    const s = styleOf(`div{${decls}}`);
    for (const [key, value] of Object.entries(expected)) {
      if (typeof value === 'number') expect(s[key as keyof ComputedStyle] as number).toBeCloseTo(value, 6);
      else expect(s[key as keyof ComputedStyle]).toEqual(value);
    }
  });

  it('background shorthand sets every layer', () => {
    const s = styleOf(
      'div{background:url(a.png) no-repeat right 10px top / 20px auto, linear-gradient(to right, red, blue 80%) #eee}',
    );
    expect(s.backgroundColor).toEqual(rgb(0xee, 0xee, 0xee));
    expect(s.backgroundLayers).toHaveLength(2);
    expect(s.backgroundLayers[0]).toMatchObject({
      image: { kind: 'url', url: 'a.png' },
      repeat: ['no-repeat', 'no-repeat'],
      size: [20, 'auto'],
      position: [
        { px: -10, pct: 100 },
        { px: 0, pct: 0 },
      ],
    });
    expect(s.backgroundLayers[1]).toMatchObject({
      image: {
        kind: 'linear-gradient',
        angleDeg: 90,
        repeating: false,
        stops: [
          { color: rgb(255, 0, 0), position: null },
          { color: rgb(0, 0, 255), position: { px: 0, pct: 80 } },
        ],
      },
      repeat: ['repeat', 'repeat'],
      origin: 'padding-box',
      clip: 'border-box',
    });
  });

  it('background: a colour alone clears the images', () => {
    const s = styleOf('div{background-image:url(x.png)} div{background:red}');
    expect(s.backgroundLayers).toEqual([]);
    expect(s.backgroundColor).toEqual(rgb(255, 0, 0));
  });

  it('radial gradients', () => {
    const s = styleOf('div{background-image:radial-gradient(circle at 30% 40%, #fff 0, #000 70%)}');
    expect(s.backgroundLayers[0]!.image).toMatchObject({
      kind: 'radial-gradient',
      shape: 'circle',
      size: 'farthest-corner',
      position: [
        { px: 0, pct: 30 },
        { px: 0, pct: 40 },
      ],
    });
  });

  it.each<[string, Record<string, unknown>]>([
    [
      'repeating-linear-gradient(90deg, #000 0, #000 1px, #fff 1px)',
      {
        kind: 'linear-gradient',
        angleDeg: 90,
        repeating: true,
        stops: [
          { color: rgb(0, 0, 0), position: 0 },
          { color: rgb(0, 0, 0), position: 1 },
          { color: rgb(255, 255, 255), position: 1 },
        ],
      },
    ],
    [
      'repeating-linear-gradient(45deg, #000 0 2px, #fff 2px 5px)',
      {
        angleDeg: 45,
        stops: [
          { color: rgb(0, 0, 0), position: 0 },
          { color: rgb(0, 0, 0), position: 2 },
          { color: rgb(255, 255, 255), position: 2 },
          { color: rgb(255, 255, 255), position: 5 },
        ],
      },
    ],
    ['linear-gradient(to bottom right, red, blue)', { angleDeg: 135 }],
    ['linear-gradient(red, blue)', { angleDeg: 180 }],
    ['-webkit-linear-gradient(top, red, blue)', { angleDeg: 180 }],
    [
      'radial-gradient(circle, #000 30%, transparent 32%)',
      {
        kind: 'radial-gradient',
        shape: 'circle',
        size: 'farthest-corner',
        stops: [
          { color: rgb(0, 0, 0), position: { px: 0, pct: 30 } },
          { color: rgb(0, 0, 0, 0), position: { px: 0, pct: 32 } },
        ],
      },
    ],
    [
      'radial-gradient(ellipse closest-side at left top, red, blue)',
      {
        shape: 'ellipse',
        size: 'closest-side',
        position: [
          { px: 0, pct: 0 },
          { px: 0, pct: 0 },
        ],
      },
    ],
    ['radial-gradient(20px 10px, red, blue)', { shape: 'ellipse', size: [20, 10] }],
  ])('gradient %s', (value, expected) => {
    expect(styleOf(`div{background-image:${value}}`).backgroundLayers[0]!.image).toMatchObject(expected);
  });

  it('keeps data: URLs as they are', () => {
    const url = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'%3E%3C/svg%3E";
    expect(styleOf(`div{background-image:url("${url}")}`).backgroundLayers[0]!.image).toEqual({ kind: 'url', url });
  });

  it('box-shadow and transform', () => {
    const s = styleOf(
      'div{box-shadow:0 1px 2px rgba(0,0,0,.2), inset 0 0 0 1px red; transform:rotate(-30deg) translate(10px, 50%) scale(2)}',
    );
    expect(s.boxShadow).toEqual([
      { x: 0, y: 1, blur: 2, spread: 0, color: rgb(0, 0, 0, 0.2), inset: false },
      { x: 0, y: 0, blur: 0, spread: 1, color: rgb(255, 0, 0), inset: true },
    ]);
    expect(s.transform).toEqual([
      { kind: 'rotate', deg: -30 },
      { kind: 'translate', x: 10, y: { px: 0, pct: 50 } },
      { kind: 'scale', x: 2, y: 2 },
    ]);
  });

  it('translate, rotate and scale come before transform, in that order (CSS Transforms 2 §5, §6)', () => {
    const s = styleOf('div{scale:50% 2; transform:skewX(10deg); rotate:z 0.25turn; translate:10px 50% 3px}');
    expect(s.transform).toEqual([
      { kind: 'translate', x: 10, y: { px: 0, pct: 50 } },
      { kind: 'rotate', deg: 90 },
      { kind: 'scale', x: 0.5, y: 2 },
      { kind: 'skew', xDeg: 10, yDeg: 0 },
    ]);
    expect(styleOf('div{translate:-50%; scale:1.5}').transform).toEqual([
      { kind: 'translate', x: { px: 0, pct: -50 }, y: 0 },
      { kind: 'scale', x: 1.5, y: 1.5 },
    ]);
    expect(styleOf('div{translate:none; rotate:none; scale:none}').transform).toEqual([]);
  });

  it('grid templates', () => {
    const s = styleOf(
      'div{display:grid;grid-template-columns:[a] 1fr repeat(2, minmax(10px, auto)) 20%;grid-template-areas:"x y" "z z"}',
    );
    expect(s.gridTemplateColumns).toEqual({
      tracks: [
        { kind: 'fr', value: 1 },
        { kind: 'minmax', min: { kind: 'length', value: 10 }, max: { kind: 'auto' } },
        { kind: 'minmax', min: { kind: 'length', value: 10 }, max: { kind: 'auto' } },
        { kind: 'length', value: { px: 0, pct: 20 } },
      ],
      lineNames: [['a'], [], [], [], []],
      autoRepeat: null,
    });
    expect(s.gridTemplateAreas).toEqual([
      ['x', 'y'],
      ['z', 'z'],
    ]);
  });
});

describe('display fix-ups (CSS 2.2 §9.7)', () => {
  it.each<[string, string, string]>([
    ['span{float:left}', '<span id="t"></span>', 'block'],
    ['span{position:absolute}', '<span id="t"></span>', 'block'],
    ['div{display:flex}', '<div><span id="t"></span></div>', 'block'],
    ['div{display:inline-flex;float:right}', '<div id="t"></div>', 'flex'],
    ['', '<span id="t"></span>', 'inline'],
  ])('%s', (css, body, display) => {
    expect(styleOf(css, body).display).toBe(display);
  });
});
