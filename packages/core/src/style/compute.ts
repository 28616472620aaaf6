import type { ComputedStyle, Display, FontQuery } from '@platen/layout';
import { words, type CV } from './tokenizer.js';
import type { CompiledDeclaration, Winners } from './cascade.js';
import { expandShorthand } from './shorthands.js';
import { cascadeName, INLINE_LOGICAL } from './property-aliases.js';
import { PROPERTIES, type ComputeContext, type Flat, type Longhand } from './properties/index.js';
import { writingModeKeyword, type SpecifiedFontSize } from './properties/text.js';
import { containsVar } from './shorthands.js';
import { cssWideKeyword, substituteVars } from './var-substitution.js';
import { assembleStyle } from './assemble.js';
import { NO_REGISTERED_PROPERTIES, type PropertyRegistry } from './registered-properties.js';
import type { FontUnit, LengthContext } from './values.js';

/** An element's computed values: the public ComputedStyle plus what children inherit from. */
export interface ElementStyle {
  readonly flat: Readonly<Flat>;
  readonly style: ComputedStyle;
  readonly customs: ReadonlyMap<string, readonly CV[]>;
  /** Fonts 4 §2.5: the absolute-size keyword the font size came from (for the monospace quirk). */
  readonly fontKeyword: number | null;
  /**
   * The font size follows a keyword: the keyword itself, or em, % or larger/smaller of a size
   * that follows one. Only such a size changes when the family turns monospace or back.
   */
  readonly fontFromKeyword: boolean;
}

export interface ComputeEnv {
  readonly rootFontSize: number | null; // null while computing the root
  readonly viewportWidth: number;
  readonly viewportHeight: number;
  /** `ch` (advance of "0") or `ex` (x-height) in px in the first available font of `font` at `size`; absent before fonts are loaded. */
  readonly fontUnit?: (unit: FontUnit, font: FontQuery, size: number) => number;
  /** The custom properties the document's `@property` rules register. */
  readonly registered?: PropertyRegistry;
}

export interface ElementInputs {
  readonly lang: string | null; // the element's own `lang` attribute
  readonly isRoot: boolean;
  /** The element's local name, for adjustments that Chromium makes per element (none for pseudo-elements). */
  readonly tag?: string;
}

/** Computed values by longhand name while they are computed (Flat once complete). */
type Values = Record<string, unknown>;

/** Font sizes of the absolute-size keywords, as Chromium's tables give them for 16px and 13px. */
const KEYWORD_SIZES = [9, 10, 13, 16, 18, 24, 32, 48];
const MONO_KEYWORD_SIZES = [9, 10, 12, 13, 16, 20, 26, 39];
const ORDER = ['font-family', 'font-size', 'color', 'line-height', 'font-weight', 'font-style'];
const REST = () => [...PROPERTIES.keys()].filter((n) => !ORDER.includes(n));
/** Every longhand with its definition, in compute order (made on first use: properties register on import). */
let computeOrder: readonly (readonly [string, Longhand])[] | null = null;

/** Chromium's "monospace quirk" applies when the family list is exactly `monospace`. */
export function isMonospace(families: unknown): boolean {
  return Array.isArray(families) && families.length === 1 && families[0] === 'monospace';
}

/** Longest chain of custom properties referencing each other that is resolved. */
const MAX_CUSTOM_CHAIN = 256;

const NO_CUSTOMS: ReadonlyMap<string, readonly CV[]> = new Map();

/**
 * The element's custom properties (CSS Variables 1 §2), those registered by `@property` as CSS
 * Properties and Values API 1 §2 says: one that does not inherit starts from its initial value
 * instead of the parent's, `unset` gives it that initial value, and a value invalid at computed-value
 * time is `unset`. A registered property with no value here is absent from the map: `customValue`
 * gives its initial value.
 */
function resolveCustoms(
  winners: Winners,
  parent: ElementStyle | null,
  registry: PropertyRegistry,
): ReadonlyMap<string, readonly CV[]> {
  const declared = [];
  for (const d of winners.values()) if (d.name.startsWith('--')) declared.push(d);
  const inherited = inheritedCustoms(parent, registry);
  // Nothing declared here: share the parent's (read-only) map instead of copying it per element.
  if (declared.length === 0) return inherited;
  const customs = new Map(inherited);
  const pending = new Map(declared.map((d) => [d.name, d.value]));
  const resolving = new Set<string>();
  const resolve = (name: string): readonly CV[] | null => {
    const raw = pending.get(name);
    if (raw === undefined) return customValue(customs, name, registry);
    if (resolving.has(name)) return null; // a cycle: guaranteed-invalid (Variables 1 §2.3)
    // A chain of thousands of references would overflow the stack; treat it like a cycle.
    if (resolving.size >= MAX_CUSTOM_CHAIN) return null;
    resolving.add(name);
    const registered = registry.properties.get(name);
    const fromParent = (): readonly CV[] | null => parent?.customs.get(name) ?? null;
    const unset = (): readonly CV[] | null => (registered?.inherits === false ? null : fromParent());
    const kw = cssWideKeyword(raw);
    let value: readonly CV[] | null;
    if (kw === 'initial') value = null;
    else if (kw === 'inherit') value = fromParent();
    else if (kw !== null) value = unset();
    else value = containsVar(raw) ? substituteVars(raw, resolve) : raw;
    if (value === null && kw === null && registered) value = unset();
    resolving.delete(name);
    pending.delete(name);
    if (value === null) customs.delete(name);
    else customs.set(name, value);
    return value ?? registered?.initial ?? null;
  };
  for (const d of declared) resolve(d.name);
  return customs;
}

/** The parent's custom properties but those registered as not inherited (Properties and Values API 1 §3.2). */
function inheritedCustoms(parent: ElementStyle | null, registry: PropertyRegistry): ReadonlyMap<string, readonly CV[]> {
  const from = parent?.customs ?? NO_CUSTOMS;
  if (registry.notInherited.length === 0) return from;
  // The shorter list is walked: a sheet of thousands of registrations costs no more per element.
  const names = registry.notInherited.length <= from.size ? registry.notInherited : from.keys();
  let out: Map<string, readonly CV[]> | null = null;
  for (const name of names)
    if (from.has(name) && registry.properties.get(name)?.inherits === false) (out ??= new Map(from)).delete(name);
  return out ?? from;
}

/** A custom property's computed value: its own or inherited one, else a registered property's initial value. */
function customValue(
  customs: ReadonlyMap<string, readonly CV[]>,
  name: string,
  registry: PropertyRegistry,
): readonly CV[] | null {
  return customs.get(name) ?? registry.properties.get(name)?.initial ?? null;
}

/** The element's direction, for the inline-axis logical properties: its own `direction` or its parent's. */
function isRtl(winners: Winners, parent: ElementStyle | null): boolean {
  const own = winners.get('direction')?.value;
  const id = own?.length === 1 && own[0]!.t === 'ident' ? own[0].v.toLowerCase() : null;
  return id === 'rtl' || id === 'ltr' ? id === 'rtl' : parent?.flat['direction'] === 'rtl';
}

/** The element's writing mode (its own `writing-mode` or its parent's), for the logical properties. */
function writingModeOf(winners: Winners, parent: ElementStyle | null): string {
  const own = winners.get('writing-mode')?.value;
  const parsed = own && writingModeKeyword(own);
  if (parsed) return parsed;
  if (own?.length === 1 && own[0]!.t === 'ident' && own[0].v.toLowerCase() === 'initial') return 'horizontal-tb';
  return (parent?.flat['writing-mode'] as string | undefined) ?? 'horizontal-tb';
}

/**
 * A side given for horizontal-tb on its side in a vertical writing mode (CSS Logical 1 §4,
 * Writing Modes 4 §6.2): the inline axis runs down (up in sideways-lr), the block axis right to
 * left in *-rl, left to right in *-lr. Corners stay.
 */
function verticalSide(physical: string, mode: string): string {
  const key = `${physical}|${mode}`;
  let side = verticalSides.get(key);
  if (side === undefined) verticalSides.set(key, (side = mapVerticalSide(physical, mode)));
  return side;
}

/** verticalSide per (property, writing mode): a handful of pairs, asked for per declaration. */
const verticalSides = new Map<string, string>();

function mapVerticalSide(physical: string, mode: string): string {
  if (physical.endsWith('-radius')) return physical;
  // A logical size's dimension turns with the writing mode (CSS Logical 1 §3).
  const size = /^(min-|max-|contain-intrinsic-)?(width|height)$/.exec(physical);
  if (size) return `${size[1] ?? ''}${size[2] === 'width' ? 'height' : 'width'}`;
  const rl = mode.endsWith('-rl');
  const up = mode === 'sideways-lr';
  const map: Readonly<Record<string, string>> = {
    left: up ? 'bottom' : 'top',
    right: up ? 'top' : 'bottom',
    top: rl ? 'right' : 'left',
    bottom: rl ? 'left' : 'right',
  };
  return physical.replace(
    /(^|-)(left|right|top|bottom)(-|$)/,
    (_m, a: string, side: string, b: string) => `${a}${map[side]}${b}`,
  );
}

/**
 * Specified values after var() substitution and deferred shorthand expansion. Inline-axis logical
 * longhands take their physical side here (CSS Logical 1 §4); the winners' order is the cascade
 * order between them and the physical ones (cascade.ts), so the later one wins.
 */
function specifiedValues(
  winners: Winners,
  customs: ReadonlyMap<string, readonly CV[]>,
  parent: ElementStyle | null,
  registry: PropertyRegistry,
): Map<string, readonly CV[] | 'unset'> {
  const out = new Map<string, readonly CV[] | 'unset'>();
  const lookup = (name: string): readonly CV[] | null => customValue(customs, name, registry);
  let rtl: boolean | null = null;
  let vertical: string | null = null;
  /** The declaration's value, its var()s substituted and, from a shorthand, its own part taken. */
  const valueOf = (d: CompiledDeclaration): readonly CV[] | 'unset' => {
    if (!containsVar(d.value)) return d.value;
    const substituted = substituteVars(d.value, lookup);
    if (substituted === null) return 'unset';
    if (d.shorthand === null) return substituted;
    const shorthand = d.shorthand;
    const mine = expandShorthand(shorthand, substituted)?.find(([l]) => cascadeName(shorthand, l) === d.name);
    return mine ? mine[1] : 'unset';
  };
  for (const d of winners.values()) {
    if (d.name.startsWith('--')) continue;
    const sides = INLINE_LOGICAL[d.name];
    if (sides) {
      rtl ??= isRtl(winners, parent);
      vertical ??= writingModeOf(winners, parent);
      const physical = vertical === 'horizontal-tb' ? sides[rtl ? 1 : 0]! : verticalSide(sides[rtl ? 1 : 0]!, vertical);
      out.delete(physical);
      out.set(physical, valueOf(d));
      continue;
    }
    out.set(d.name, valueOf(d));
  }
  return out;
}

/** em, % and the other units of the parent's font (not rem, not calc()): a size relative to the parent's. */
function parentRelative(spec: readonly CV[]): boolean {
  const v = words(spec);
  return v.length === 1 && v[0]!.t === 'num' && ['%', 'em', 'ex', 'ch', 'ic', 'cap'].includes(v[0]!.unit);
}

/**
 * Chromium's monospace quirk, measured: a size that follows a keyword is 13/16 of itself in a
 * family list of just `monospace` (the keyword's own size from the 13px table); a size set in
 * px, pt, rem or calc() is kept (`body { font-size: 12pt }` prints its `<pre>` at 12pt).
 */
function fontSize(
  spec: readonly CV[] | 'unset' | undefined,
  parent: ElementStyle | null,
  flat: Values,
  ctx: ComputeContext,
): { size: number; keyword: number | null; fromKeyword: boolean } {
  const mono = isMonospace(flat['font-family']);
  const table = mono ? MONO_KEYWORD_SIZES : KEYWORD_SIZES;
  const parentSize = (parent?.flat['font-size'] as number | undefined) ?? 16;
  const parentFromKeyword = parent?.fontFromKeyword ?? true;
  const keywordSize = (keyword: number) => ({ size: table[keyword]!, keyword, fromKeyword: true });
  // A size that follows a keyword scales like the inherited one when this element's family turns
  // monospace or back (`pre { font-size: .95em }` is 12.35px in a 16px body, Chromium measured).
  const toFamily = (size: number) => (mono ? (size * 13) / 16 : (size * 16) / 13);
  const parentMono = isMonospace(parent?.flat['font-family']);
  const relative = (size: number, fromKeyword: boolean) => ({
    size: fromKeyword && mono !== parentMono ? toFamily(size) : size,
    keyword: null,
    fromKeyword,
  });
  const inherit = () => {
    if (!parent) return keywordSize(3);
    if (mono === parentMono) return { size: parentSize, keyword: parent.fontKeyword, fromKeyword: parentFromKeyword };
    if (parent.fontKeyword !== null) return keywordSize(parent.fontKeyword);
    if (!parentFromKeyword) return { size: parentSize, keyword: null, fromKeyword: false };
    return { size: toFamily(parentSize), keyword: null, fromKeyword: true };
  };
  if (spec === undefined || spec === 'unset') return inherit();
  const kw = cssWideKeyword(spec);
  if (kw === 'initial') return keywordSize(3);
  if (kw !== null) return inherit();
  const v = PROPERTIES.get('font-size')!.compute(spec, ctx) as SpecifiedFontSize | undefined;
  if (v === undefined) return inherit();
  if (typeof v === 'number') return relative(v, parentFromKeyword && parentRelative(spec));
  if (v === 'larger') return relative(parentSize * 1.2, parentFromKeyword);
  if (v === 'smaller') return relative(parentSize / 1.2, parentFromKeyword);
  return keywordSize(v.keyword);
}

/** Compute one element's style from its cascaded winners (Cascade 4 §4, §7). */
export function computeStyle(
  winners: Winners,
  parent: ElementStyle | null,
  env: ComputeEnv,
  inputs: ElementInputs,
): ElementStyle {
  const registry = env.registered ?? NO_REGISTERED_PROPERTIES;
  const customs = resolveCustoms(winners, parent, registry);
  const specified = specifiedValues(winners, customs, parent, registry);
  // Filled longhand by longhand: a loose view until every value is there.
  const flat: Values = {};
  const parentFlat: Readonly<Values> | null = parent?.flat ?? null;
  const parentFontSize = (parentFlat?.['font-size'] as number | undefined) ?? 16;
  const parentLen: LengthContext = {
    fontSize: parentFontSize,
    // Without a root font-size (the root element, or the page context and margin boxes, which
    // root their own trees), rem in font-size counts the parent's: the initial 16px at the root.
    rootFontSize: env.rootFontSize ?? parentFontSize,
    viewportWidth: env.viewportWidth,
    viewportHeight: env.viewportHeight,
    // Values 4 §6.1.1: in font-size, ch and ex are the parent's.
    ...(parentFlat ? fontUnits(env, parentFlat, parentFontSize) : {}),
    ...(parentFlat ? { lh: () => lineHeightPx(parentFlat['line-height'], parentFontSize) } : {}),
  };
  let ctx: ComputeContext = { len: parentLen, parent: parentFlat, current: flat };
  let keyword: number | null = null;
  let fromKeyword = true;
  computeOrder ??= [...ORDER, ...REST()].map((name) => [name, PROPERTIES.get(name)!] as const);
  for (const [name, def] of computeOrder) {
    const spec = specified.get(name);
    // Most longhands are not specified: they inherit or take their initial value (the
    // unset path of computeOne, inlined: this loop runs ~200 times per new style).
    if (spec === undefined && name !== 'font-size') {
      flat[name] = def.inherited && parentFlat ? parentFlat[name] : initialValue(name, def, ctx);
      continue;
    }
    if (name === 'font-size') {
      const fs = fontSize(spec, parent, flat, ctx);
      flat[name] = fs.size;
      keyword = fs.keyword;
      fromKeyword = fs.fromKeyword;
      const len: LengthContext = {
        ...parentLen,
        fontSize: fs.size,
        rootFontSize: env.rootFontSize ?? fs.size,
        ...fontUnits(env, flat, fs.size),
        // Values 4 §6.1.1: lh is the element's line-height, the parent's while line-height itself is computed.
        lh: () =>
          flat['line-height'] === undefined
            ? (parentLen.lh?.() ?? fs.size * 1.2)
            : lineHeightPx(flat['line-height'], fs.size),
      };
      ctx = { len, parent: parentFlat, current: flat };
      continue;
    }
    flat[name] = computeOne(name, spec, ctx, parentFlat);
  }
  flat['-lang'] = inputs.lang ?? (parentFlat?.['-lang'] as string | undefined) ?? '';
  fixups(flat, parentFlat, inputs.isRoot);
  // Chromium's StyleAdjuster: a table never keeps a `-webkit-*` text-align (from `align` or
  // `<center>` around it); its cells start again from `start`, while the table itself is
  // still placed by its parent's legacy alignment.
  if (inputs.tag === 'table' && (flat['text-align'] as string).startsWith('-webkit-')) flat['text-align'] = 'start';
  const computed = flat as Flat;
  return {
    flat: computed,
    style: assembleStyle(computed),
    customs,
    fontKeyword: keyword,
    fontFromKeyword: fromKeyword,
  };
}

/** A computed line-height in px; `normal` as 1.2em (the font's metrics are not known here). */
function lineHeightPx(lh: unknown, fontSize: number): number {
  if (typeof lh === 'number') return lh;
  if (typeof lh === 'object' && lh !== null && 'factor' in lh) return (lh as { factor: number }).factor * fontSize;
  return fontSize * 1.2;
}

/** `ch` and `ex` of the font of `flat` at `size`, where the render's fonts are known. */
function fontUnits(env: ComputeEnv, flat: Readonly<Values>, size: number): Pick<LengthContext, 'ch' | 'ex'> {
  if (!env.fontUnit) return {};
  return { ch: fontUnitOf(env.fontUnit, 'ch', flat, size), ex: fontUnitOf(env.fontUnit, 'ex', flat, size) };
}

/**
 * The element's `ch` or `ex` in px, measured once when a length asks for it: font-family,
 * font-weight and font-style come before the other longhands in ORDER, so they are computed by then.
 */
function fontUnitOf(
  measure: NonNullable<ComputeEnv['fontUnit']>,
  unit: FontUnit,
  flat: Readonly<Values>,
  size: number,
): () => number {
  let px: number | undefined;
  return () =>
    (px ??= measure(
      unit,
      {
        families: flat['font-family'] as readonly string[],
        weight: (flat['font-weight'] as number | undefined) ?? 400,
        style: (flat['font-style'] as FontQuery['style'] | undefined) ?? 'normal',
      },
      size,
    ));
}

function computeOne(
  name: string,
  spec: readonly CV[] | 'unset' | undefined,
  ctx: ComputeContext,
  parentFlat: Readonly<Values> | null,
): unknown {
  const def = PROPERTIES.get(name)!;
  // Runs for every longhand of every new style: no closures for the three fallbacks.
  if (spec === undefined || spec === 'unset') return unsetValue(name, def, ctx, parentFlat);
  const kw = cssWideKeyword(spec);
  if (kw === 'inherit') return parentFlat ? parentFlat[name] : initialValue(name, def, ctx);
  if (kw === 'initial') return initialValue(name, def, ctx);
  if (kw !== null) return unsetValue(name, def, ctx, parentFlat);
  const v = def.compute(spec, ctx);
  return v === undefined ? unsetValue(name, def, ctx, parentFlat) : v;
}

/** Colours whose computed value stays `currentcolor` (colorOrCurrent): their painting resolves it. */
const KEEPS_CURRENTCOLOR = new Set([
  'text-decoration-color',
  'border-top-color',
  'border-right-color',
  'border-bottom-color',
  'border-left-color',
]);

function initialValue(name: string, def: Longhand, ctx: ComputeContext): unknown {
  return def.initial === 'currentcolor' && !KEEPS_CURRENTCOLOR.has(name) ? ctx.current['color'] : def.initial;
}

/** Inherited properties inherit, others take their initial value (Cascade 4 §7.3.3). */
function unsetValue(name: string, def: Longhand, ctx: ComputeContext, parentFlat: Readonly<Values> | null): unknown {
  if (def.inherited && parentFlat) return parentFlat[name];
  return initialValue(name, def, ctx);
}

const BLOCKIFY: Readonly<Partial<Record<Display, Display>>> = {
  inline: 'block',
  'inline-block': 'block',
  'inline-table': 'table',
  'inline-flex': 'flex',
  'inline-grid': 'grid',
  'table-row-group': 'block',
  'table-header-group': 'block',
  'table-footer-group': 'block',
  'table-row': 'block',
  'table-cell': 'block',
  'table-column': 'block',
  'table-column-group': 'block',
  'table-caption': 'block',
};

/**
 * `vertical-align: <percentage>` refers to the element's own line-height (CSS 2.2 §10.8.1),
 * which is known here; `normal` is taken as 1.15em, what Liberation and DejaVu fonts give.
 */
function resolveVerticalAlign(flat: Values): void {
  const v = flat['vertical-align'];
  if (typeof v !== 'object' || v === null || !('pct' in v)) return;
  const fontSize = flat['font-size'] as number;
  const lh = flat['line-height'];
  const lineHeight =
    typeof lh === 'number'
      ? lh
      : typeof lh === 'object' && lh !== null
        ? (lh as { factor: number }).factor * fontSize
        : fontSize * 1.15;
  const calc = v as { px: number; pct: number };
  flat['vertical-align'] = calc.px + (calc.pct / 100) * lineHeight;
}

const BOX_PACK: Readonly<Record<string, string>> = {
  start: 'flex-start',
  end: 'flex-end',
  center: 'center',
  justify: 'space-between',
};
const BOX_ALIGN: Readonly<Record<string, string>> = {
  stretch: 'stretch',
  start: 'flex-start',
  end: 'flex-end',
  center: 'center',
  baseline: 'baseline',
};

/**
 * `display: -webkit-box` (the 2009 flexible box) is laid out by Chromium's flex algorithm, which
 * reads the -webkit-box-* properties of the box and its children instead of the flex ones (no
 * wrapping; children grow and shrink by -webkit-box-flex, 0 by default). A vertical one with
 * -webkit-line-clamp is a block container whose lines are clamped instead (CSS Overflow 4 §5.2).
 */
function legacyFlexibleBox(flat: Values, parentFlat: Readonly<Values> | null): void {
  const display = flat['display'];
  if (display === '-webkit-box' || display === '-webkit-inline-box') {
    const inline = display === '-webkit-inline-box';
    const vertical = flat['-webkit-box-orient'] === 'vertical';
    if (vertical && flat['-webkit-line-clamp'] !== 'none') {
      flat['display'] = inline ? 'inline-block' : 'flow-root';
      flat['-line-clamp'] = flat['-webkit-line-clamp'];
    } else {
      flat['display'] = inline ? 'inline-flex' : 'flex';
      flat['-webkit-box'] = true;
      flat['flex-direction'] =
        `${vertical ? 'column' : 'row'}${flat['-webkit-box-direction'] === 'reverse' ? '-reverse' : ''}`;
      flat['flex-wrap'] = 'nowrap';
      flat['justify-content'] = BOX_PACK[flat['-webkit-box-pack'] as string];
      flat['align-items'] = BOX_ALIGN[flat['-webkit-box-align'] as string];
    }
  }
  if (parentFlat?.['-webkit-box'] === true) {
    flat['flex-grow'] = flat['-webkit-box-flex'];
    flat['flex-shrink'] = flat['-webkit-box-flex'];
    flat['flex-basis'] = 'auto';
    flat['order'] = flat['-webkit-box-ordinal-group'];
    flat['align-self'] = 'auto';
  }
}

/** Computed-value adjustments that depend on several properties. */
function fixups(flat: Values, parentFlat: Readonly<Values> | null, isRoot: boolean): void {
  resolveVerticalAlign(flat);
  legacyFlexibleBox(flat, parentFlat);
  const position = flat['position'];
  if (position === 'absolute' || position === 'fixed') flat['float'] = 'none';
  const parentDisplay = parentFlat?.['display'];
  // A -webkit-box wraps its inline-level children in anonymous blocks instead (as Chromium does).
  const flexOrGridItem =
    ((parentDisplay === 'flex' || parentDisplay === 'inline-flex') && parentFlat?.['-webkit-box'] !== true) ||
    parentDisplay === 'grid' ||
    parentDisplay === 'inline-grid';
  // CSS 2.2 §9.7 and Display 3 §2.7: floats, absolutely positioned boxes, the root and flex/grid items are blockified.
  if (isRoot || flat['float'] !== 'none' || position === 'absolute' || position === 'fixed' || flexOrGridItem) {
    const d = flat['display'] as Display;
    // Its static position is found as an inline's would be (CSS 2 §10.3.7 "hypothetical box").
    if ((position === 'absolute' || position === 'fixed') && d.startsWith('inline')) flat['-inline-static'] = true;
    flat['display'] = BLOCKIFY[d] ?? (isRoot && d === 'contents' ? 'block' : d);
  }
  if (parentFlat && flat['writing-mode'] !== parentFlat['writing-mode']) writingModeFixups(flat, parentFlat);
}

const TABLE_TRACKS: ReadonlySet<unknown> = new Set([
  'table-row-group',
  'table-header-group',
  'table-footer-group',
  'table-row',
  'table-column',
  'table-column-group',
]);

/**
 * CSS Writing Modes 4 §3.1: table rows, row groups, columns and column groups take the
 * table's writing mode; an inline box whose writing mode differs from its parent's becomes
 * an inline-block (Chromium's StyleAdjuster does both).
 */
function writingModeFixups(flat: Values, parentFlat: Readonly<Values>): void {
  if (TABLE_TRACKS.has(flat['display'])) flat['writing-mode'] = parentFlat['writing-mode'];
  else if (flat['display'] === 'inline') flat['display'] = 'inline-block';
}
