import { describe, expect, it } from 'vitest';
import { buildTree } from './logic-tree.js';

describe('buildTree', () => {
  it('groups names by / with folders first, each level sorted', () => {
    const tree = buildTree([
      'purchase_item',
      'admin/users',
      'reports/daily/sales',
      'admin/audit',
      'a_first',
    ]);
    const shape = (nodes: ReturnType<typeof buildTree>): unknown =>
      nodes.map((n) => (n.name === null ? { [n.segment]: shape(n.children) } : n.name));
    expect(shape(tree)).toEqual([
      { admin: ['admin/audit', 'admin/users'] },
      { reports: [{ daily: ['reports/daily/sales'] }] },
      'a_first',
      'purchase_item',
    ]);
  });

  it('keeps a logic and a folder of the same name apart', () => {
    const tree = buildTree(['admin', 'admin/users']);
    expect(tree.map((n) => [n.segment, n.name])).toEqual([
      ['admin', null],
      ['admin', 'admin'],
    ]);
  });
});
