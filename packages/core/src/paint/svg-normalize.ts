import { parseDocument } from 'htmlparser2';
import { Element, cloneNode, type ChildNode } from 'domhandler';
import { serializeSvg } from '../style/inline-svg.js';

/**
 * SVG 2 forms that svg-to-pdfkit (an SVG 1.1 painter) misreads, rewritten into SVG 1.1 that it
 * draws as SVG 2 says. The markup is parsed once and serialized again only when a rule changed
 * something, so most SVGs reach the painter as they came.
 */
export function normalizeSvg(svg: string): string {
  const doc = parseDocument(svg, { xmlMode: true });
  const elements = allElements(doc.children);
  const paintServers = new Set(
    elements.filter((e) => PAINT_SERVERS.has(e.name)).flatMap((e) => (e.attribs['id'] ? [e.attribs['id']] : [])),
  );
  const byId = new Map<string, Element>();
  for (const el of elements) if (el.attribs['id'] && !byId.has(el.attribs['id'])) byId.set(el.attribs['id'], el);
  let changed = false;
  for (const el of elements) {
    changed = contextPaintMarkers(el, byId) || changed;
    changed = percentOpacities(el) || changed;
    changed = invalidPaintUrls(el, paintServers) || changed;
    changed = transformOrigin(el) || changed;
    changed = pathDataPrefix(el) || changed;
    changed = shapeClipGroup(el) || changed;
    changed = shapeOpacityGroup(el) || changed;
  }
  return changed ? doc.children.map(serializeSvg).join('') : svg;
}

function allElements(nodes: readonly ChildNode[]): Element[] {
  const out: Element[] = [];
  const stack: ChildNode[] = [...nodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!(node instanceof Element)) continue;
    out.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return out;
}

/** A property's value as the element sets it: its `style` declaration, else its presentation attribute. */
function property(el: Element, name: string): string | undefined {
  return styleDeclarations(el).get(name) ?? el.attribs[name];
}

function setProperty(el: Element, name: string, value: string | null): void {
  const declarations = styleDeclarations(el);
  if (declarations.has(name)) {
    if (value === null) declarations.delete(name);
    else declarations.set(name, value);
    el.attribs['style'] = [...declarations].map(([k, v]) => `${k}: ${v}`).join('; ');
  }
  if (value === null) delete el.attribs[name];
  else if (name in el.attribs || !declarations.has(name)) el.attribs[name] = value;
}

function styleDeclarations(el: Element): Map<string, string> {
  const out = new Map<string, string>();
  for (const declaration of (el.attribs['style'] ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0) out.set(declaration.slice(0, colon).trim().toLowerCase(), declaration.slice(colon + 1).trim());
  }
  return out;
}

const OPACITIES = ['opacity', 'fill-opacity', 'stroke-opacity', 'stop-opacity'];

/** CSS Color 4 §4.1 (SVG 2 §13.5): an `<alpha-value>` may be a percentage; svg-to-pdfkit reads `50%` as 50. */
function percentOpacities(el: Element): boolean {
  let changed = false;
  for (const name of OPACITIES) {
    const value = property(el, name)?.trim();
    const percent = value && /^([+-]?(?:\d+\.?\d*|\.\d+))%$/.exec(value);
    if (!percent) continue;
    setProperty(el, name, String(Number(percent[1]) / 100));
    changed = true;
  }
  return changed;
}

const PAINT_SERVERS = new Set(['linearGradient', 'radialGradient', 'pattern']);
const PAINT_URL = /^url\(\s*(?:"#([^"]+)"|'#([^']+)'|#([^\s'")]+))\s*\)\s*(.*)$/s;

/**
 * SVG 2 §13.2: a `fill` or `stroke` whose URL does not reference a paint server in the document
 * uses its fallback colour, else counts as `none`; svg-to-pdfkit painted it black.
 */
function invalidPaintUrls(el: Element, paintServers: Set<string>): boolean {
  let changed = false;
  for (const name of ['fill', 'stroke']) {
    const value = property(el, name)?.trim();
    if (!value?.startsWith('url(')) continue;
    const url = PAINT_URL.exec(value);
    if (url && paintServers.has(url[1] ?? url[2] ?? url[3]!)) continue;
    setProperty(el, name, url?.[4]?.trim() || 'none');
    changed = true;
  }
  return changed;
}

const LENGTH = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?(?:px)?$/i;

/**
 * CSS Transforms 1 §6: `transform-origin` moves the origin of the element's `transform`;
 * svg-to-pdfkit ignores it, so it becomes the equivalent translations around the transform.
 * Lengths only (px or unitless); keywords and percentages, which need the reference box, stay.
 */
function transformOrigin(el: Element): boolean {
  const origin = property(el, 'transform-origin')?.trim();
  const transform = el.attribs['transform'];
  if (!origin || !transform) return false;
  const parts = origin.split(/\s+/);
  if (parts.length > 3 || !parts.every((p) => LENGTH.test(p))) return false;
  const [x, y = '0'] = parts.map((p) => parseFloat(p));
  el.attribs['transform'] = `translate(${x} ${y}) ${transform} translate(${-x!} ${-y})`;
  setProperty(el, 'transform-origin', null);
  return true;
}

const PATH_ARGUMENTS: Record<string, number> = { a: 7, c: 6, h: 1, l: 2, m: 2, q: 4, s: 4, t: 2, v: 1, z: 0 };
const PATH_NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
const PATH_FLAG = /[01]/y;
const PATH_SEPARATOR = /[\s,]*/y;

/**
 * SVG 2 §9.5.4 (error handling in path data): a path is drawn up to the last complete segment
 * before an error; svg-to-pdfkit dropped the whole path when a command lacked numbers.
 */
function pathDataPrefix(el: Element): boolean {
  const d = el.name === 'path' ? el.attribs['d'] : undefined;
  if (d === undefined) return false;
  const end = validPathPrefix(d);
  if (end === d.length) return false;
  el.attribs['d'] = d.slice(0, end);
  return true;
}

function validPathPrefix(d: string): number {
  let at = skip(PATH_SEPARATOR, d, 0);
  let complete = at;
  while (at < d.length) {
    const command = d[at]!;
    const count = PATH_ARGUMENTS[command.toLowerCase()];
    if (count === undefined) return complete;
    at = skip(PATH_SEPARATOR, d, at + 1);
    if (count === 0) {
      complete = at;
      continue;
    }
    for (let segments = 0; ; segments++) {
      let next = at;
      for (let i = 0; i < count; i++) {
        const arcFlag = command.toLowerCase() === 'a' && (i === 3 || i === 4);
        const after = skip(arcFlag ? PATH_FLAG : PATH_NUMBER, d, next);
        if (after === next) {
          if (i === 0 && segments > 0) break;
          return complete;
        }
        next = skip(PATH_SEPARATOR, d, after);
      }
      if (next === at) break;
      at = complete = next;
      if (at >= d.length || PATH_ARGUMENTS[d[at]!.toLowerCase()] !== undefined) break;
    }
  }
  return complete;
}

/** Where `pattern` (sticky) stops matching from `at`: `at` itself when it does not match. */
function skip(pattern: RegExp, text: string, at: number): number {
  pattern.lastIndex = at;
  return pattern.exec(text) ? pattern.lastIndex : at;
}

const SHAPES = new Set(['rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'path']);

/**
 * CSS Color 4 §4.2 (SVG 2 §13.5): `opacity` composites the element as a group, its stroke over
 * its fill and then the whole made translucent; svg-to-pdfkit multiplied it into each paint,
 * so the fill showed through the stroke. A shape with opacity is drawn inside a `<g>` that
 * carries it.
 */
function shapeOpacityGroup(el: Element): boolean {
  if (!SHAPES.has(el.name) || !el.parent) return false;
  const opacity = Number(property(el, 'opacity'));
  if (!(opacity < 1)) return false;
  setProperty(el, 'opacity', null);
  wrap(el, { opacity: String(Math.max(0, opacity)) });
  return true;
}

/**
 * A shape's `clip-path` (and its `transform`, whose user space the clip path is in, CSS Masking 1
 * §6.1) moved onto a `<g>` around it: svg-to-pdfkit clips with a soft mask, which poppler
 * (pdftocairo, Evince, Okular) leaves off a path's stroke but applies to a group.
 */
function shapeClipGroup(el: Element): boolean {
  const clip = property(el, 'clip-path');
  if (!SHAPES.has(el.name) || !el.parent || !clip || clip.trim() === 'none') return false;
  const attribs: Record<string, string> = { 'clip-path': clip };
  if (el.attribs['transform']) attribs['transform'] = el.attribs['transform'];
  delete el.attribs['transform'];
  setProperty(el, 'clip-path', null);
  wrap(el, attribs);
  return true;
}

/** Put `el` inside a new `<g>` with `attribs`, where it was. */
function wrap(el: Element, attribs: Record<string, string>): void {
  const group = new Element('g', attribs);
  const siblings = el.parent!.children;
  siblings[siblings.indexOf(el)] = group;
  group.parent = el.parent;
  group.children = [el];
  el.parent = group;
}

const MARKERS = ['marker-start', 'marker-mid', 'marker-end'];
const MARKER_URL = /^url\(\s*["']?#([^"')\s]+)["']?\s*\)$/;

/**
 * SVG 2 §13.3: in a marker, `context-fill` and `context-stroke` are the fill and stroke of the
 * element that references it; svg-to-pdfkit drew them black. The shape gets its own copy of each
 * such marker, with its paints written in.
 */
function contextPaintMarkers(el: Element, byId: Map<string, Element>): boolean {
  if (!SHAPES.has(el.name)) return false;
  let changed = false;
  for (const name of MARKERS) {
    const id = MARKER_URL.exec(property(el, name)?.trim() ?? '')?.[1];
    const marker = id ? byId.get(id) : undefined;
    if (!marker || marker.name !== 'marker' || !usesContextPaint(marker)) continue;
    const copy = cloneNode(marker, true);
    const copyId = `${id}--platen-context-${byId.size}`;
    copy.attribs['id'] = copyId;
    byId.set(copyId, copy);
    const paints = {
      'context-fill': inherited(el, 'fill') ?? 'black',
      'context-stroke': inherited(el, 'stroke') ?? 'none',
    };
    for (const inner of allElements([copy])) {
      for (const paint of ['fill', 'stroke']) {
        const value = property(inner, paint)?.trim() as keyof typeof paints | undefined;
        if (value === 'context-fill' || value === 'context-stroke') setProperty(inner, paint, paints[value]);
      }
    }
    const siblings = marker.parent!.children;
    siblings.splice(siblings.indexOf(marker) + 1, 0, copy);
    copy.parent = marker.parent;
    setProperty(el, name, `url(#${copyId})`);
    changed = true;
  }
  return changed;
}

function usesContextPaint(marker: Element): boolean {
  return allElements([marker]).some((e) =>
    ['fill', 'stroke'].some((p) => property(e, p)?.trim().startsWith('context-')),
  );
}

/** An inherited property's value on `el`: its own, else its nearest ancestor's. */
function inherited(el: Element, name: string): string | undefined {
  for (let e: Element | null = el; e; e = e.parent instanceof Element ? e.parent : null) {
    const value = property(e, name)?.trim();
    if (value && value !== 'inherit') return value;
  }
  return undefined;
}
