// Logic names ('admin/users') as a tree of folders and logics.

/** A folder or a logic in the name tree. */
export interface TreeNode {
  segment: string;
  /** Full logic name when this node is a logic. */
  name: string | null;
  children: TreeNode[];
}

/** Builds the '/'-separated names into a sorted tree (folders first, then logics). */
export function buildTree(names: readonly string[]): TreeNode[] {
  const root: TreeNode = { segment: '', name: null, children: [] };
  for (const name of names) {
    let node = root;
    const segments = name.split('/');
    segments.forEach((segment, index) => {
      const isLeaf = index === segments.length - 1;
      let child = node.children.find(
        (c) => c.segment === segment && (isLeaf ? c.name !== null : c.name === null),
      );
      if (!child) {
        child = { segment, name: isLeaf ? name : null, children: [] };
        node.children.push(child);
      }
      node = child;
    });
  }
  const sort = (nodes: TreeNode[]): TreeNode[] => {
    nodes.sort((a, b) =>
      (a.name === null) !== (b.name === null)
        ? a.name === null
          ? -1
          : 1
        : a.segment.localeCompare(b.segment),
    );
    nodes.forEach((n) => sort(n.children));
    return nodes;
  };
  return sort(root.children);
}
