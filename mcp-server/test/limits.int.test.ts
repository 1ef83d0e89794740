// Scan limits through the real built server: a limit stops the walk with partial results and a
// nextCursor that resumes it; following the cursors visits every match exactly once, for every
// sort and for page limits below and above the scan's page size; a tree of exactly the limit
// completes in one page.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchOutput } from '#shared/tools/search-by-time.js';
import {
  callTool,
  firstText,
  makeTempDir,
  removeTempDir,
  startServer,
  writeTree,
  type FileSpec,
  type ServerHandle,
} from '#testing/mcp-server.js';
import { searchOutput } from '#testing/search-output.js';

const TOOL = 'fs.search_by_time';
const SORTS = ['time_desc', 'time_asc', 'path_asc'] as const;
const T0 = Date.parse('2025-03-01T00:00:00Z');
const MINUTE = 60_000;

interface Page {
  output: SearchOutput;
  summary: string;
}

async function search(handle: ServerHandle, args: Record<string, unknown>): Promise<Page> {
  const result: CallToolResult = await callTool(handle, TOOL, { timeField: 'modified', ...args });
  expect(result.isError, result.isError ? firstText(result) : '').toBeFalsy();
  return {
    output: searchOutput(result),
    summary: firstText(result),
  };
}

/** Follows nextCursor to the end; returns every page. */
async function allPages(handle: ServerHandle, args: Record<string, unknown>): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const page = await search(handle, cursor === null ? args : { ...args, cursor });
    pages.push(page);
    cursor = page.output.nextCursor;
    if (pages.length > 300) throw new Error('paging does not end');
  } while (cursor !== null);
  return pages;
}

/** Asserts each page is in `sort` order (time sorts: by time, then by path). */
function expectPageOrder(pages: Page[], sort: (typeof SORTS)[number], root: string): void {
  for (const { output } of pages) {
    const keys = output.matches.map((m) => ({
      t: Date.parse(m.modifiedAt),
      p: path.relative(root, m.path),
    }));
    const sorted = [...keys].sort((a, b) => {
      if (sort !== 'path_asc' && a.t !== b.t) return sort === 'time_desc' ? b.t - a.t : a.t - b.t;
      return a.p < b.p ? -1 : a.p > b.p ? 1 : 0;
    });
    expect(keys).toEqual(sorted);
  }
}

function pathsOf(pages: Page[], root: string): string[] {
  return pages.flatMap((p) =>
    p.output.matches.map((m) => path.relative(root, m.path).split(path.sep).join('/')),
  );
}

/** Tree order: segment by segment, a folder before its contents. */
function treeOrder(paths: string[]): string[] {
  return [...paths].sort((a, b) => {
    const x = a.split('/');
    const y = b.split('/');
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
    }
    return x.length - y.length;
  });
}

describe('--max-files-scanned 5 on a tree of 23 files', () => {
  let root: string;
  let handle: ServerHandle;
  const files: FileSpec[] = [];
  const folders = ['', 'a', 'a/x', 'b', 'c/d/e', 'f'];

  beforeAll(async () => {
    root = makeTempDir('fg-limits-files-');
    for (let i = 0; i < 23; i++) {
      const dir = folders[i % folders.length]!;
      // Pairs of equal times exercise the tie-break by path across page borders.
      const mtime = T0 + Math.floor(i / 2) * MINUTE;
      files.push({ path: path.posix.join(dir, `file-${String(i).padStart(2, '0')}.txt`), mtime });
    }
    writeTree(root, files);
    handle = await startServer(['--root', root, '--max-files-scanned', '5']);
  });

  afterAll(async () => {
    await handle?.close();
    if (root) removeTempDir(root);
  });

  it('returns partial results with nextCursor and says the scan stopped early', async () => {
    const { output, summary } = await search(handle, { limit: 100 });
    expect(output.matches.length).toBeGreaterThan(0);
    expect(output.matches.length).toBeLessThanOrEqual(5);
    expect(output.stats.scannedFiles).toBeLessThanOrEqual(5);
    expect(output.nextCursor).not.toBeNull();
    expect(summary).toMatch(/scan stopped early/);
    expect(summary).toMatch(/limit of 5 files/);
    expect(summary).toMatch(/nextCursor/);
  });

  for (const sort of SORTS) {
    for (const limit of [2, 5, 50]) {
      it(`visits all 23 files exactly once (${sort}, limit ${limit})`, async () => {
        const pages = await allPages(handle, { sort, limit });
        const paths = pathsOf(pages, root);
        expect(paths).toHaveLength(23);
        expect(new Set(paths).size).toBe(23);
        expect([...paths].sort()).toEqual(files.map((f) => f.path).sort());
        expectPageOrder(pages, sort, root);
        if (sort === 'path_asc') expect(paths).toEqual(treeOrder(paths));
        for (const page of pages) expect(page.output.stats.scannedFiles).toBeLessThanOrEqual(5);
        expect(pages.at(-1)!.output.nextCursor).toBeNull();
      });
    }
  }

  it('visits every match of a time range exactly once, for every sort', async () => {
    const from = new Date(T0 + 3 * MINUTE).toISOString();
    const to = new Date(T0 + 9 * MINUTE).toISOString();
    const expected = files
      .filter(
        (f) => (f.mtime as number) >= T0 + 3 * MINUTE && (f.mtime as number) < T0 + 9 * MINUTE,
      )
      .map((f) => f.path)
      .sort();
    expect(expected).toHaveLength(12);
    for (const sort of SORTS) {
      for (const limit of [3, 50]) {
        const pages = await allPages(handle, { sort, limit, from, to });
        const paths = pathsOf(pages, root);
        expect([...paths].sort(), `${sort} ${limit}`).toEqual(expected);
        expectPageOrder(pages, sort, root);
      }
    }
  });
});

describe('--max-directories-scanned 2 on a tree of many folders', () => {
  let root: string;
  let handle: ServerHandle;
  const files: FileSpec[] = [];
  const folders = [
    'd0',
    'd0/s0',
    'd0/s1',
    'd1',
    'd2/s/t/u',
    'd3',
    'd3/empty-sibling/x',
    'd4',
    'd5/s',
  ];
  let allDirs: string[] = [];

  beforeAll(async () => {
    root = makeTempDir('fg-limits-dirs-');
    let i = 0;
    for (const dir of folders) {
      for (let k = 0; k < 2; k++, i++) {
        files.push({ path: `${dir}/f${k}.txt`, mtime: T0 + ((i * 7) % 11) * MINUTE });
      }
    }
    files.push({ path: 'top.txt', mtime: T0 });
    writeTree(root, files);
    const dirs = new Set<string>();
    for (const f of files) {
      const parts = f.path.split('/').slice(0, -1);
      for (let n = 1; n <= parts.length; n++) dirs.add(parts.slice(0, n).join('/'));
    }
    allDirs = [...dirs];
    handle = await startServer(['--root', root, '--max-directories-scanned', '2']);
  });

  afterAll(async () => {
    await handle?.close();
    if (root) removeTempDir(root);
  });

  it('returns partial results with nextCursor and says the scan stopped early', async () => {
    const { output, summary } = await search(handle, { limit: 100 });
    expect(output.stats.scannedDirectories).toBeLessThanOrEqual(2);
    expect(output.nextCursor).not.toBeNull();
    expect(summary).toMatch(/scan stopped early at the limit of 2 folders/);
  });

  for (const sort of SORTS) {
    for (const limit of [1, 4, 100]) {
      it(`visits every file exactly once (${sort}, limit ${limit})`, async () => {
        const pages = await allPages(handle, { sort, limit });
        const paths = pathsOf(pages, root);
        expect(paths).toHaveLength(files.length);
        expect([...paths].sort()).toEqual(files.map((f) => f.path).sort());
        expectPageOrder(pages, sort, root);
        if (sort === 'path_asc') expect(paths).toEqual(treeOrder(paths));
        expect(pages.length).toBeGreaterThan(1);
      });
    }
  }

  it('visits every file and folder exactly once with includeDirectories', async () => {
    for (const sort of SORTS) {
      const pages = await allPages(handle, { sort, limit: 3, includeDirectories: true });
      const paths = pathsOf(pages, root);
      const expected = [...files.map((f) => f.path), ...allDirs].sort();
      expect([...paths].sort(), sort).toEqual(expected);
      if (sort === 'path_asc') expect(paths).toEqual(treeOrder(paths));
    }
  });
});

describe('a tree of exactly the limit', () => {
  let root: string;
  let handle: ServerHandle;

  beforeAll(async () => {
    root = makeTempDir('fg-limits-exact-');
    // 5 files in 3 folders (the start folder counts as one).
    writeTree(root, [
      { path: 'a/1.txt', mtime: T0 },
      { path: 'a/2.txt', mtime: T0 + MINUTE },
      { path: 'b/3.txt', mtime: T0 + 2 * MINUTE },
      { path: 'b/4.txt', mtime: T0 + 3 * MINUTE },
      { path: '5.txt', mtime: T0 + 4 * MINUTE },
    ]);
    handle = await startServer([
      '--root',
      root,
      '--max-files-scanned',
      '5',
      '--max-directories-scanned',
      '3',
    ]);
  });

  afterAll(async () => {
    await handle?.close();
    if (root) removeTempDir(root);
  });

  it('completes in one page without nextCursor, for every sort', async () => {
    for (const sort of SORTS) {
      const { output, summary } = await search(handle, { sort, includeDirectories: true });
      expect(output.matches, sort).toHaveLength(7);
      expect(output.nextCursor).toBeNull();
      expect(output.stats).toEqual({ scannedFiles: 5, scannedDirectories: 3, returned: 7 });
      expect(summary).not.toMatch(/stopped early/);
    }
  });
});
