import type { BoxFragment, Fragment } from '../fragment.js';
import { changedFragment } from './fragments.js';

/**
 * Changes to a fragment tree made after it was laid out (out-of-flow boxes put in the place of
 * their placeholders, positioned/containing-block.ts), as a new tree: the fragments on the path
 * from the root down to each change are copied, everything else is shared. A subtree may be
 * shared by several places in the tree, or by several trees (a table's measured cells are, in
 * every repetition of a header), so no fragment's children are ever written to.
 */

/** Where a fragment sits in a tree: the index of each fragment on the way down from the root. */
export type FragmentPath = readonly number[];

export type FragmentEdit =
  /** The fragment at `path` is replaced by `by` (null: taken out). */
  | { readonly kind: 'replace'; readonly path: FragmentPath; readonly by: Fragment | null }
  /** `child` is added after the children of the box at `path`. */
  | { readonly kind: 'append'; readonly path: FragmentPath; readonly child: Fragment };

/** The edits of one box's children, and those of its descendants by child index. */
interface EditNode {
  readonly below: Map<number, EditNode>;
  readonly replaced: Map<number, Fragment | null>;
  readonly appended: Fragment[];
}

const newNode = (): EditNode => ({ below: new Map(), replaced: new Map(), appended: [] });

/**
 * The tree with the edits made (the root itself when there are none). Indices in paths are
 * those of the tree as given; in each box, replacements come first, then the children taken out
 * go, then the appended ones are added in the order of the edits.
 */
export function editedFragment(root: BoxFragment, edits: readonly FragmentEdit[]): BoxFragment {
  if (!edits.length) return root;
  const top = newNode();
  for (const edit of edits) {
    const parentPath = edit.kind === 'replace' ? edit.path.slice(0, -1) : edit.path;
    let node = top;
    for (const i of parentPath) {
      let next = node.below.get(i);
      if (!next) node.below.set(i, (next = newNode()));
      node = next;
    }
    if (edit.kind === 'replace') node.replaced.set(edit.path[edit.path.length - 1]!, edit.by);
    else node.appended.push(edit.child);
  }
  return rebuilt(root, top);
}

/** A copy of `f` with the edits of `node` made in its subtree. */
function rebuilt(f: BoxFragment, node: EditNode): BoxFragment {
  const edited: (Fragment | null)[] = f.children.slice();
  for (const [i, below] of node.below) {
    const child = edited[i];
    if (child?.kind === 'box') edited[i] = rebuilt(child, below);
  }
  for (const [i, by] of node.replaced) edited[i] = by;
  const children: Fragment[] = [];
  for (const child of edited) if (child) children.push(child);
  for (const child of node.appended) children.push(child);
  return changedFragment(f, { children });
}

/** Whether path `a` comes before path `b` in tree order (depth first, children in order). */
export function beforeInTree(a: FragmentPath, b: FragmentPath): boolean {
  const n = Math.min(a.length, b.length);
  for (let k = 0; k < n; k++) if (a[k] !== b[k]) return a[k]! < b[k]!;
  return a.length < b.length;
}
