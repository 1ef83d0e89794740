// Merging each folder's pages into one list in the tool's order.
import { describe, expect, it } from 'vitest';
import {
  compareRows,
  exhausted,
  needFetch,
  takeNext,
  totalOf,
  type FolderStream,
  type FoundRow,
} from './search-merge.js';
import { answerHeading, whenText, whereText } from './search-answer.js';

function row(
  root: string,
  name: string,
  modified: string,
  created: string | null = null,
): FoundRow {
  return {
    path: `/${root}/${name}`,
    isDirectory: false,
    sizeBytes: 1,
    modifiedAt: modified,
    createdAt: created,
    rootName: root,
    rootPath: `/${root}`,
  };
}

function stream(root: string, rows: FoundRow[], done: boolean): FolderStream {
  return { rootName: root, rootPath: `/${root}`, cursor: null, fetched: true, done, buffer: rows };
}

describe('takeNext', () => {
  it('merges folders newest first, ties by path, and waits for a folder that must fetch', () => {
    const a = stream(
      'a',
      [row('a', 'x', '2025-03-03T00:00:00Z'), row('a', 'y', '2025-03-01T00:00:00Z')],
      false,
    );
    const b = stream(
      'b',
      [row('b', 'z', '2025-03-02T00:00:00Z'), row('b', 'w', '2025-03-01T00:00:00Z')],
      true,
    );
    const compare = compareRows('time_desc', 'modified');
    const taken: string[] = [];
    let next: FoundRow | null;
    while ((next = takeNext([a, b], compare))) taken.push(next.path);
    // a's buffer ran dry before it is done: nothing more can be known until it fetches.
    expect(taken).toEqual(['/a/x', '/b/z', '/a/y']);
    expect(needFetch([a, b])).toEqual([a]);
    a.done = true;
    expect(takeNext([a, b], compare)?.path).toBe('/b/w');
    expect(exhausted([a, b])).toBe(true);
  });

  it('oldest first, by path, and created time with unknown times last', () => {
    const rows = [
      row('a', 'b', '2025-03-02T00:00:00Z', null),
      row('a', 'a', '2025-03-02T00:00:00Z', '2025-01-01T00:00:00Z'),
      row('a', 'c', '2025-03-01T00:00:00Z', '2025-02-01T00:00:00Z'),
    ];
    const sorted = (sort: 'time_asc' | 'time_desc' | 'path_asc', field: 'modified' | 'created') =>
      [...rows].sort(compareRows(sort, field)).map((r) => r.path);
    expect(sorted('time_asc', 'modified')).toEqual(['/a/c', '/a/a', '/a/b']);
    expect(sorted('path_asc', 'modified')).toEqual(['/a/a', '/a/b', '/a/c']);
    expect(sorted('time_desc', 'created')).toEqual(['/a/c', '/a/a', '/a/b']);
  });
});

describe('totalOf', () => {
  it("adds the folders' counts once every folder has one", () => {
    const a = { ...stream('a', [], false), total: 20_000 };
    const b = { ...stream('b', [], true), total: 92 };
    expect(totalOf([a, b])).toBe(20_092);
    expect(totalOf([a, { ...b, total: null }])).toBeNull(); // walked: not counted
    expect(totalOf([a, stream('c', [], false)])).toBeNull(); // no first page yet
  });
});

describe('answerHeading', () => {
  it('says how many of what, when and where', () => {
    const pdf = { timeField: 'modified', glob: '*.[pP][dD][fF]' };
    expect(
      answerHeading({
        args: pdf,
        preset: 'last7',
        folders: ['Documents'],
        count: 6,
        complete: true,
      }),
    ).toBe('6 PDF files changed in the last 7 days, in Documents');
    expect(
      answerHeading({
        args: pdf,
        preset: 'last7',
        folders: ['Documents'],
        count: 1,
        complete: true,
      }),
    ).toBe('1 PDF file changed in the last 7 days, in Documents');
    expect(
      answerHeading({
        args: { timeField: 'created' },
        preset: 'today',
        folders: ['A', 'B', 'C'],
        count: 25,
        complete: false,
      }),
    ).toBe('At least 25 files created today, in your 3 folders');
    // The app's index counted them all while the first 25 show: the count, not "at least".
    expect(
      answerHeading({
        args: { timeField: 'created' },
        preset: 'today',
        folders: ['A', 'B', 'C'],
        count: 25,
        complete: false,
        total: 20_092,
      }),
    ).toBe('20,092 files created today, in your 3 folders');
    expect(
      answerHeading({ args: pdf, preset: 'any', folders: ['A', 'B'], count: 0, complete: true }),
    ).toBe('No PDF files in A and B');
    expect(whereText(['Documents'])).toBe('Documents');
    expect(whenText({ timeField: 'modified' }, 'any')).toBe('');
  });
});
