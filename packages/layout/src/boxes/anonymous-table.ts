import type { BlockLevelBox, ContainerBox, TableBox } from './box.js';
import { anonymousStyle } from './anonymous-style.js';
import type { ComputedStyle } from '../style.js';

const tableStyles = new WeakMap<ComputedStyle, ComputedStyle>();

function isTablePart(b: BlockLevelBox): boolean {
  return (
    b.kind === 'table-row-group' || b.kind === 'table-row' || b.kind === 'table-cell' || b.kind === 'table-caption'
  );
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
  let style = tableStyles.get(parent);
  if (!style)
    tableStyles.set(
      parent,
      (style = { ...anonymousStyle(parent), display: 'table', tableLayout: 'auto', verticalAlign: 'baseline' }),
    );
  const out: BlockLevelBox[] = [];
  let run: BlockLevelBox[] = [];
  const flush = (): void => {
    if (run.length) {
      const table: TableBox = {
        kind: 'table',
        style: style!,
        tag: '',
        attrs: {},
        children: run,
        marker: null,
        columns: [],
      };
      out.push(table);
    }
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
