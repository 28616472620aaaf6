import { Text, type ChildNode, type ParentNode } from 'domhandler';

export function isBlankText(node: ChildNode): boolean {
  return node instanceof Text && node.data.trim() === '';
}

export function setChildren(parent: ParentNode, children: ChildNode[]): void {
  parent.children = children;
  children.forEach((child, i) => {
    child.parent = parent;
    child.prev = children[i - 1] ?? null;
    child.next = children[i + 1] ?? null;
  });
}
