import type { LengthOrAuto } from '../../src/style.js';
import type { ElSpec, StyleProps } from '../helpers/style.js';
import { htmlSpec } from '../flex/html-spec.js';
import { pick, type GeometryCase } from '../flex/rects.js';
import { layoutPages } from '../helpers/layout.js';
import type { Fragment } from '../../src/fragment.js';

/**
 * htmlSpec plus the properties of floats and positioning (top/right/bottom/left, float, clear,
 * z-index), which the shared reader does not know: they are taken out of the style
 * attributes, and put back on the element with the same id.
 */
const OWN = /(?:^|;)\s*(top|right|bottom|left|float|clear|z-index)\s*:\s*([^;"]*)/g;

function value(prop: string, v: string): unknown {
  if (prop === 'float' || prop === 'clear') return v;
  if (prop === 'z-index') return v === 'auto' ? 'auto' : parseInt(v, 10);
  const length: LengthOrAuto = v === 'auto' ? 'auto' : v.endsWith('%') ? { px: 0, pct: parseFloat(v) } : parseFloat(v);
  return length;
}

export function positionedSpec(html: string): ElSpec {
  const extra = new Map<string, StyleProps>();
  const cleaned = html.replace(/<([a-z0-9]+)([^>]*)>/gi, (tag: string, name: string, attrs: string) => {
    const id = /id="([^"]*)"/.exec(attrs)?.[1];
    const rewritten = attrs.replace(/style="([^"]*)"/, (_all: string, css: string) => {
      const props: Record<string, unknown> = {};
      const rest = css.replace(OWN, (_m: string, p: string, v: string) => {
        props[p === 'z-index' ? 'zIndex' : p] = value(p, v.trim());
        return '';
      });
      if (Object.keys(props).length) {
        if (!id) throw new Error(`positionedSpec: give <${name}> an id`);
        extra.set(id, props as StyleProps);
      }
      return `style="${rest.replace(/^;/, '')}"`;
    });
    return `<${name}${rewritten}>`;
  });
  const merge = (spec: ElSpec): ElSpec => {
    const props: StyleProps = { ...spec.props, ...(extra.get(spec.attrs.id ?? '') ?? {}) };
    // Blockify floats and absolute boxes as the cascade does (CSS 2.1 §9.7).
    const out =
      (props.float !== undefined && props.float !== 'none') ||
      props.position === 'absolute' ||
      props.position === 'fixed';
    const display = props.display ?? (spec.tag === 'span' ? 'inline' : undefined);
    if (out && (display === 'inline' || display === 'inline-block')) {
      props.display = 'block';
      if (props.position === 'absolute' || props.position === 'fixed') props.inlineStatic = true;
    }
    return { ...spec, props, children: spec.children.map((c) => (typeof c === 'string' ? c : merge(c))) };
  };
  return merge(htmlSpec(cleaned));
}

const round = (v: number): number => Math.round(v * 100) / 100;

/** Border boxes by id on the first page, "x,y,w,h", as getBoundingClientRect gives them. */
export function rectsOfPositioned(c: GeometryCase): Record<string, string> {
  const pages = layoutPages(positionedSpec(c.html));
  const out: Record<string, string> = {};
  const visit = (f: Fragment): void => {
    if (f.kind !== 'box') return;
    const id = f.attrs.id;
    if (id && out[id] === undefined) out[id] = [f.x, f.y, f.width, f.height].map(round).join(',');
    f.children.forEach(visit);
  };
  pages[0]?.fragments.forEach(visit);
  return pick(out, c.expected);
}
