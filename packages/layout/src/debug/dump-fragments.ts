import type { Fragment, Page } from '../fragment.js';

function n(v: number): string {
  return String(Math.round(v * 100) / 100);
}

function textOf(f: Fragment & { kind: 'text' }): string {
  return f.runs.map((r) => r.text).join('');
}

/**
 * A compact, stable, human-readable dump of fragment geometry for tests and debugging:
 * `box div 8,8 784x40`, `text "Hello" 8,20.8 w=40`, `image a.png 8,8 100x50`, indented by depth.
 */
export function dumpFragments(fragments: readonly Fragment[] | Page): string {
  const roots = 'fragments' in fragments ? [...fragments.fragments, ...(fragments.chrome ?? [])] : fragments;
  const lines: string[] = [];
  const stack: { f: Fragment; depth: number }[] = [...roots].reverse().map((f) => ({ f, depth: 0 }));
  while (stack.length) {
    const { f, depth } = stack.pop()!;
    const pad = '  '.repeat(depth);
    if (f.kind === 'text') {
      const deco = f.decorations.map((d) => ` ${d.line}@${n(d.y)}/${n(d.thickness)}`).join('');
      const justify = f.justifySpacing ? ` j=${n(f.justifySpacing)}` : '';
      lines.push(`${pad}text ${JSON.stringify(textOf(f))} ${n(f.x)},${n(f.baseline)} w=${n(f.width)}${justify}${deco}`);
    } else if (f.kind === 'image') {
      lines.push(`${pad}image ${f.src} ${n(f.x)},${n(f.y)} ${n(f.width)}x${n(f.height)}`);
    } else {
      const part =
        f.part.isFirst && f.part.isLast ? '' : ` part=${f.part.isFirst ? 'first' : f.part.isLast ? 'last' : 'middle'}`;
      lines.push(`${pad}box ${f.tag || '(anon)'} ${n(f.x)},${n(f.y)} ${n(f.width)}x${n(f.height)}${part}`);
      for (let i = f.children.length - 1; i >= 0; i--) stack.push({ f: f.children[i]!, depth: depth + 1 });
    }
  }
  return lines.join('\n');
}
