// The saved results' budget (docs/contracts/resources.md §3): at most so many results and bytes,
// the least recently used (saved or read) let go first, the one just saved always kept.
import { describe, expect, it } from 'vitest';
import { createResultStore, type NewResult } from './result-store.js';

const result = (n: number, name = 'Docs'): NewResult => ({
  args: { timeField: 'modified' },
  root: { name, path: `/tmp/${name}` },
  timeField: 'modified',
  range: { from: null, to: null },
  matches: Array.from({ length: n }, (_, i) => ({
    path: `/tmp/${name}/f${i}.txt`,
    isDirectory: false,
    sizeBytes: 1,
    modifiedAt: '2025-05-01T10:00:00.000Z',
    createdAt: null,
  })),
  more: false,
});

describe('the saved results', () => {
  it('keeps at most maxResults, letting go of the least recently used', () => {
    let clock = 0;
    const store = createResultStore({ maxResults: 2 }, () => ++clock);
    const a = store.save(result(1));
    const b = store.save(result(1));
    expect(store.get(a.id)).toBe(a); // a is now the most recently used
    const c = store.save(result(1));
    expect(store.get(b.id)).toBeNull();
    expect(store.list().map((r) => r.id)).toEqual([c.id, a.id]);
    expect(a.uri).toMatch(/^foldergate:\/\/results\/[0-9a-f]{24}$/);
  });

  it('keeps at most maxBytes of matches, but always the one just saved', () => {
    const store = createResultStore({ maxBytes: 1000 });
    const small = store.save(result(2));
    const big = store.save(result(50));
    expect(store.get(small.id)).toBeNull();
    expect(store.get(big.id)).toBe(big);
  });

  it('refreshes a result in place (the live index saw a change)', () => {
    const store = createResultStore();
    const saved = store.save(result(3));
    store.refresh(saved.id, result(1).matches, true);
    expect(store.get(saved.id)).toMatchObject({ matches: result(1).matches, more: true });
  });
});
