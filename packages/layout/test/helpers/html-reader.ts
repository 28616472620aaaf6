import type { Length, LengthOrAuto } from '../../src/style.js';
import { el, type ElSpec } from './style.js';

/**
 * The tag soup of a Chromium comparison snippet (no entities, no comments, attributes in
 * double quotes) as ElSpecs under a `body`. `element` makes each element's spec from its
 * tag and attributes; `isVoid` tags take no children and need no closing tag.
 */
export function readHtml(
  html: string,
  element: (tag: string, attrs: Record<string, string>) => ElSpec,
  isVoid: (tag: string) => boolean = () => false,
): ElSpec {
  const root = el('body', {});
  const stack: { spec: ElSpec; children: (ElSpec | string)[] }[] = [{ spec: root, children: [] }];
  const re = /<(\/?)([a-z0-9]+)([^>]*)>|([^<]+)/gi;
  let m: RegExpExecArray | null;
  while ((m = re.exec(html))) {
    const top = stack[stack.length - 1]!;
    if (m[4] !== undefined) {
      if (m[4].trim() !== '') top.children.push(m[4]);
    } else if (m[1]) {
      const done = stack.pop()!;
      stack[stack.length - 1]!.children.push({ ...done.spec, children: done.children });
    } else {
      const attrs: Record<string, string> = {};
      for (const a of m[3]!.matchAll(/([a-z-]+)="([^"]*)"/g)) attrs[a[1]!] = a[2]!;
      const spec = element(m[2]!, attrs);
      if (isVoid(m[2]!)) top.children.push(spec);
      else stack.push({ spec, children: [] });
    }
  }
  return { ...root, children: stack[0]!.children };
}

/** `prop: value` pairs of an inline style, trimmed. */
export function declarations(css: string): [prop: string, value: string][] {
  return css.split(';').flatMap((decl) => {
    const i = decl.indexOf(':');
    return i < 0 ? [] : [[decl.slice(0, i).trim(), decl.slice(i + 1).trim()] as [string, string]];
  });
}

/** `12`, `12px` or `50%`. */
export function length(v: string): Length {
  return v.endsWith('%') ? { px: 0, pct: parseFloat(v) } : parseFloat(v);
}

export function lengthOrAuto(v: string): LengthOrAuto {
  return v === 'auto' ? 'auto' : length(v);
}

/** `margin-top` → `marginTop`. */
export function camel(p: string): string {
  return p.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** The four sides (top, right, bottom, left) of a 1–4 value shorthand. */
export function sides(v: string): [string, string, string, string] {
  const p = v.split(/\s+/);
  const t = p[0]!;
  const r = p[1] ?? t;
  return [t, r, p[2] ?? t, p[3] ?? r];
}
