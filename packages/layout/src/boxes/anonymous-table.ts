import type { AtomicInlineBox, BlockLevelBox, ContainerBox, Item, TableBox } from './box.js';
import { anonymousStyle } from './anonymous-style.js';
import { collapsesSpaces } from './whitespace.js';
import type { ComputedStyle } from '../style.js';

const tableStyles = {
  table: new WeakMap<ComputedStyle, ComputedStyle>(),
  'inline-table': new WeakMap<ComputedStyle, ComputedStyle>(),
};

/** The anonymous table's style, inheriting from `parent`; one object per parent style and display. */
function anonymousTableStyle(parent: ComputedStyle, display: 'table' | 'inline-table'): ComputedStyle {
  const cache = tableStyles[display];
  let style = cache.get(parent);
  if (!style)
    cache.set(parent, (style = { ...anonymousStyle(parent), display, tableLayout: 'auto', verticalAlign: 'baseline' }));
  return style;
}

/** A row group, row, cell or caption: a proper table child (CSS 2.1 §17.2.1). */
export function isTablePart(b: Item): b is ContainerBox {
  return (
    b.kind === 'table-row-group' || b.kind === 'table-row' || b.kind === 'table-cell' || b.kind === 'table-caption'
  );
}

function anonymousTable(style: ComputedStyle, children: BlockLevelBox[]): TableBox {
  return { kind: 'table', style, tag: '', attrs: {}, children, marker: null, columns: [] };
}

/** Collapsible white space alone, which generates no box between table parts (CSS 2.1 §17.2.1 rule 1.3). */
const isCollapsibleSpace = (b: Item): boolean =>
  b.kind === 'text' && collapsesSpaces(b.style.whiteSpace) && /^[ ]*$/.test(b.text);

/**
 * CSS 2.1 §17.2.1 rule 3 when the parent is an inline box: each run of table parts among its
 * children, with the collapsible white space between them, gets an anonymous inline-table
 * around it, an atomic inline on the parent's line (Chromium: `a <span style="display:
 * table-cell">b</span> c` in a span prints "a b c" on one line).
 */
export function wrapInlineTableParts(children: readonly Item[], parent: ComputedStyle): readonly Item[] {
  if (!children.some(isTablePart)) return children;
  const style = anonymousTableStyle(parent, 'inline-table');
  const out: Item[] = [];
  let run: BlockLevelBox[] = [];
  // White space after a table part, kept only if no table part follows it.
  let spaces: Item[] = [];
  const flush = (): void => {
    if (run.length) {
      const atomic: AtomicInlineBox = { kind: 'atomic', style: style, box: anonymousTable(style, run) };
      out.push(atomic);
    }
    out.push(...spaces);
    run = [];
    spaces = [];
  };
  for (const c of children) {
    if (isTablePart(c)) {
      spaces = [];
      run.push(c);
    } else if (run.length && isCollapsibleSpace(c)) spaces.push(c);
    else {
      flush();
      out.push(c);
    }
  }
  flush();
  return out;
}

/**
 * CSS 2.1 §17.2.1 rule 3: each run of consecutive row groups, rows, cells and captions whose
 * parent is not a table part gets an anonymous table around it (the table then wraps cells
 * into rows and rows into a row group, see table-structure.ts). Inside tables, row groups and
 * rows the table structure does that normalisation itself.
 */
export function wrapStrayTableParts(
  children: readonly BlockLevelBox[],
  parentKind: ContainerBox['kind'],
  parent: ComputedStyle,
): readonly BlockLevelBox[] {
  // Flex and grid items are blockified instead (CSS Display 3 §2.7): they lay out as blocks.
  if (
    parentKind === 'table' ||
    parentKind === 'table-row-group' ||
    parentKind === 'table-row' ||
    parentKind === 'flex' ||
    parentKind === 'grid'
  )
    return children;
  if (!children.some(isTablePart)) return children;
  const style = anonymousTableStyle(parent, 'table');
  const out: BlockLevelBox[] = [];
  let run: BlockLevelBox[] = [];
  const flush = (): void => {
    if (run.length) out.push(anonymousTable(style, run));
    run = [];
  };
  for (const c of children) {
    if (isTablePart(c)) run.push(c);
    else {
      flush();
      out.push(c);
    }
  }
  flush();
  return out;
}
