import type { Box } from '../boxes/box.js';

/** A stable dump of a box tree for tests: `block div`, `lines`, `text "foo "`, indented by depth. */
export function dumpBoxes(root: Box): string {
  const lines: string[] = [];
  const stack: { b: Box; depth: number }[] = [{ b: root, depth: 0 }];
  while (stack.length) {
    const { b, depth } = stack.pop()!;
    const pad = '  '.repeat(depth);
    let kids: readonly Box[] = [];
    switch (b.kind) {
      case 'text':
        lines.push(`${pad}text ${JSON.stringify(b.text)}`);
        break;
      case 'line-break':
        lines.push(`${pad}br`);
        break;
      case 'replaced':
        lines.push(`${pad}replaced ${b.tag} ${b.src} ${b.intrinsicWidth}x${b.intrinsicHeight}`);
        break;
      case 'counter':
        lines.push(`${pad}counter ${b.counter}`);
        break;
      case 'atomic':
        lines.push(`${pad}atomic`);
        kids = [b.box];
        break;
      case 'lines':
        lines.push(`${pad}lines`);
        kids = b.children;
        break;
      case 'marker':
        lines.push(`${pad}marker`);
        kids = b.children;
        break;
      case 'inline': {
        const parts =
          b.isFirstPart && b.isLastPart ? '' : ` (${b.isFirstPart ? 'first' : b.isLastPart ? 'last' : 'middle'} part)`;
        lines.push(`${pad}inline ${b.tag}${parts}`);
        kids = b.children;
        break;
      }
      default:
        lines.push(`${pad}${b.kind} ${b.tag}`);
        kids = b.marker ? [b.marker, ...b.children] : b.children;
    }
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ b: kids[i]!, depth: depth + 1 });
  }
  return lines.join('\n');
}
