// fs.search_by_time paging through the real built server: for every sort, following nextCursor to
// the end (with a limit that changes between pages) yields exactly the single big page.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchOutput } from '#shared/tools/search-by-time.js';
import {
  callTool,
  firstText,
  makeTempDir,
  removeTempDir,
  setDirTime,
  startServer,
  writeTree,
  type FileSpec,
  type ServerHandle,
} from '#testing/mcp-server.js';
import { searchOutput } from '#testing/search-output.js';

const TOOL = 'fs.search_by_time';
const SORTS = ['time_desc', 'time_asc', 'path_asc'] as const;
const PAGE_LIMITS = [1, 4, 2, 7, 3, 10, 5];
const BASE = Date.UTC(2025, 2, 1);
const MINUTE = 60_000;

interface Entry {
  rel: string;
  isDirectory: boolean;
  mtime: number;
}

// ~90 files in nested folders; mtimes repeat every 9 entries, so most of them tie with others.
const files: FileSpec[] = [];
const dirs = new Map<string, number>();
for (let i = 0; i < 84; i++) {
  const top = `d${i % 4}`;
  const sub = i % 3 === 0 ? '' : `/s${i % 3}`;
  files.push({
    path: `${top}${sub}/f${String(i).padStart(2, '0')}.txt`,
    mtime: BASE + (i % 9) * MINUTE,
  });
}
for (const name of ['d1-x.txt', 'd1.txt', '.dot', 'top-a.md', 'top-b.md', 'Z.txt']) {
  files.push({ path: name, mtime: BASE + 4 * MINUTE });
}
for (const f of files) {
  const parts = f.path.split('/');
  for (let n = 1; n < parts.length; n++)
    dirs.set(parts.slice(0, n).join('/'), BASE + ((n + parts[0]!.length) % 3) * MINUTE);
}

const ENTRIES: Entry[] = [
  ...files.map((f) => ({ rel: f.path, isDirectory: false, mtime: f.mtime as number })),
  ...[...dirs].map(([rel, mtime]) => ({ rel, isDirectory: true, mtime })),
];

/** Tree order: segment by segment in UTF-16 code units, a folder before its contents. */
function comparePath(a: string, b: string): number {
  const sa = a.split('/');
  const sb = b.split('/');
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    if (sa[i] !== sb[i]) return sa[i]! < sb[i]! ? -1 : 1;
  }
  return sa.length - sb.length;
}

function modelOrder(entries: Entry[], sort: (typeof SORTS)[number]): string[] {
  const sorted = [...entries].sort((a, b) => {
    if (sort === 'path_asc' || a.mtime === b.mtime) return comparePath(a.rel, b.rel);
    return sort === 'time_desc' ? b.mtime - a.mtime : a.mtime - b.mtime;
  });
  return sorted.map((e) => e.rel);
}

let root: string;
let server: ServerHandle;

beforeAll(async () => {
  root = makeTempDir('fg-page-');
  writeTree(root, files);
  for (const [rel, mtime] of dirs) setDirTime(path.join(root, rel), new Date(mtime).toISOString());
  server = await startServer(['--root', root]);
});

afterAll(async () => {
  await server?.close();
  if (root) removeTempDir(root);
});

async function search(handle: ServerHandle, args: Record<string, unknown>): Promise<SearchOutput> {
  const result = await callTool(handle, TOOL, args);
  if (result.isError) throw new Error(`unexpected tool error:\n${firstText(result)}`);
  return searchOutput(result);
}

function rels(out: SearchOutput): string[] {
  return out.matches.map((m) => path.relative(root, m.path).split(path.sep).join('/'));
}

/** Follows nextCursor to the end; returns every page's paths. */
async function pageThrough(
  handle: ServerHandle,
  args: Record<string, unknown>,
  limits: number[],
): Promise<{ pages: string[][]; requested: number[] }> {
  const pages: string[][] = [];
  const requested: number[] = [];
  let cursor: string | null = null;
  for (let i = 0; ; i++) {
    const limit = limits[i % limits.length]!;
    const out: SearchOutput = await search(handle, {
      ...args,
      limit,
      ...(cursor === null ? {} : { cursor }),
    });
    expect(out.stats.returned).toBe(out.matches.length);
    pages.push(rels(out));
    requested.push(limit);
    cursor = out.nextCursor;
    if (cursor === null) break;
    if (i > 500) throw new Error('paging does not end');
  }
  return { pages, requested };
}

describe('paging to the end', () => {
  const kinds = [
    { name: 'files', args: {}, entries: ENTRIES.filter((e) => !e.isDirectory) },
    { name: 'files and folders', args: { includeDirectories: true }, entries: ENTRIES },
  ];
  for (const sort of SORTS) {
    for (const kind of kinds) {
      it(`${sort}, ${kind.name}: pages concatenate to the single big page`, async () => {
        const args = { timeField: 'modified', sort, ...kind.args };
        const big = await search(server, { ...args, limit: 1000 });
        expect(big.nextCursor).toBeNull();
        const all = rels(big);
        expect(all).toEqual(modelOrder(kind.entries, sort));

        const { pages, requested } = await pageThrough(server, args, PAGE_LIMITS);
        const flat = pages.flat();
        expect(flat).toEqual(all);
        expect(new Set(flat).size).toBe(flat.length);
        expect(pages.length).toBeGreaterThan(10);
        // Every page but the last is full; none is longer than asked.
        pages.forEach((page, i) => {
          if (i < pages.length - 1) expect(page.length).toBe(requested[i]);
          else expect(page.length).toBeLessThanOrEqual(requested[i]!);
        });
      });
    }
  }

  it('pages through a filtered query (glob, range, start path) without skips or repeats', async () => {
    const args = {
      timeField: 'modified',
      path: 'd1',
      glob: '**/*.txt',
      from: new Date(BASE + 2 * MINUTE).toISOString(),
      to: new Date(BASE + 7 * MINUTE).toISOString(),
    };
    const expected = ENTRIES.filter(
      (e) =>
        !e.isDirectory &&
        e.rel.startsWith('d1/') &&
        e.mtime >= BASE + 2 * MINUTE &&
        e.mtime < BASE + 7 * MINUTE,
    );
    expect(expected.length).toBeGreaterThan(8);
    for (const sort of SORTS) {
      const big = rels(await search(server, { ...args, sort, limit: 1000 }));
      expect(big).toEqual(modelOrder(expected, sort));
      const { pages } = await pageThrough(server, { ...args, sort }, [3, 1, 5]);
      expect(pages.flat()).toEqual(big);
    }
  });

  it('gives the same page for the same cursor twice', async () => {
    const first = await search(server, { timeField: 'modified', limit: 5 });
    const again1 = await search(server, {
      timeField: 'modified',
      limit: 5,
      cursor: first.nextCursor,
    });
    const again2 = await search(server, {
      timeField: 'modified',
      limit: 5,
      cursor: first.nextCursor,
    });
    expect(rels(again1)).toEqual(rels(again2));
    expect(again1.nextCursor).toBe(again2.nextCursor);
  });
});

describe('paging across scan limits', () => {
  let limited: ServerHandle;

  beforeAll(async () => {
    limited = await startServer(['--root', root, '--max-files-scanned', '7']);
  });

  afterAll(async () => {
    await limited?.close();
  });

  for (const sort of SORTS) {
    it(`${sort}: partial pages resume the walk and cover every entry once`, async () => {
      const args = { timeField: 'modified', sort, includeDirectories: true };
      const all = rels(await search(server, { ...args, limit: 1000 }));
      const first = await callTool(limited, TOOL, { ...args, limit: 1000 });
      expect(firstText(first)).toMatch(/stopped early/);
      const { pages } = await pageThrough(limited, args, [1000, 3, 1000]);
      const flat = pages.flat();
      expect(new Set(flat).size).toBe(flat.length);
      expect([...flat].sort()).toEqual([...all].sort());
      if (sort === 'path_asc') expect(flat).toEqual(all);
      expect(pages.length).toBeGreaterThan(files.length / 7);
    });
  }
});
