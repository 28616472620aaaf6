import type { TableColumn } from './box.js';
import type { StyledElement } from '../styled-node.js';

/**
 * `col` / `colgroup` children of a table (CSS 2.1 §17.2): they generate no boxes that lay
 * out, but their widths, borders and backgrounds take part in table layout. Called by box
 * building for `display: table | inline-table` elements.
 */
export function collectTableColumns(table: StyledElement): TableColumn[] {
  const out: TableColumn[] = [];
  for (const child of table.children) {
    if (child.kind !== 'element') continue;
    const d = child.style.display;
    if (d === 'table-column-group') out.push(columnOf(child, true));
    else if (d === 'table-column') out.push(columnOf(child, false));
  }
  return out;
}

function columnOf(el: StyledElement, group: boolean): TableColumn {
  const children: TableColumn[] = [];
  if (group) {
    for (const c of el.children)
      if (c.kind === 'element' && c.style.display === 'table-column') children.push(columnOf(c, false));
  }
  return { style: el.style, tag: el.tag, attrs: el.attrs, group, children };
}
