// Snapshots through the real built server over stdio: pages after the first (and a repeated
// first page) come from the snapshot, say so, and are exactly what a server without snapshots
// answers; when the snapshot is gone (a folder changed, expired, settings changed) paging goes
// on by rescanning with no skip and no repeat.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_VERSION } from '#shared/settings/settings.js';
import type { SearchOutput } from '#shared/tools/search-by-time.js';
import {
  callTool,
  firstText,
  makeTempDir,
  removeTempDir,
  writeTree,
  type ServerHandle,
  useServers,
} from '#testing/mcp-server.js';
import { searchOutput } from '#testing/search-output.js';

const TOOL = 'fs.search_by_time';
const BASE = Date.UTC(2025, 5, 1);
const FROM_SNAPSHOT = /This page comes from a scan made .* ago; changes since then are not shown\./;

let root: string;

beforeAll(async () => {
  root = makeTempDir('fg-snap-srv-');
  // 60 files in 3×4 folders; times repeat every 7 files, so ties are broken by path.
  writeTree(
    root,
    Array.from({ length: 60 }, (_, i) => ({
      path: `d${i % 3}/s${i % 4}/f${String(i).padStart(2, '0')}.txt`,
      mtime: BASE + (i % 7) * 60_000,
    })),
  );
  // Folders made just now would count as changed after a scan that starts at once.
  await new Promise((resolve) => setTimeout(resolve, 120));
});

afterAll(() => removeTempDir(root));

const { start } = useServers();

async function search(h: ServerHandle, args: Record<string, unknown>) {
  const result: CallToolResult = await callTool(h, TOOL, { timeField: 'modified', ...args });
  expect(result.isError, firstText(result)).toBeFalsy();
  return { out: searchOutput(result), summary: firstText(result) };
}

/** Follows nextCursor to the end; every page's output and whether it came from a snapshot. */
async function pageAll(h: ServerHandle, args: Record<string, unknown>, limits: number[]) {
  const pages: { out: SearchOutput; snapshot: boolean }[] = [];
  let cursor: string | null = null;
  let i = 0;
  do {
    const { out, summary } = await search(h, {
      ...args,
      limit: limits[i++ % limits.length],
      ...(cursor ? { cursor } : {}),
    });
    pages.push({ out, snapshot: FROM_SNAPSHOT.test(summary) });
    cursor = out.nextCursor;
  } while (cursor !== null && pages.length < 100);
  return pages;
}

describe('snapshots of time-sorted scans', () => {
  for (const sort of ['time_desc', 'time_asc'] as const) {
    for (const maxFiles of [null, 17]) {
      it(`${sort}${maxFiles ? `, ${maxFiles} files per scan` : ''}: pages equal a server without snapshots`, async () => {
        const limitArgs = maxFiles ? ['--max-files-scanned', String(maxFiles)] : [];
        const cached = await start(['--root', root, ...limitArgs]);
        const plain = await start(['--root', root, ...limitArgs], {
          FOLDERGATE_SNAPSHOT_TTL_MS: '0',
        });
        const args = { sort, glob: '*.txt' };
        const limits = [4, 9, 1, 6];
        const withSnap = await pageAll(cached, args, limits);
        const without = await pageAll(plain, args, limits);
        expect(withSnap.map((p) => p.out)).toEqual(without.map((p) => p.out));
        expect(without.some((p) => p.snapshot)).toBe(false);
        expect(withSnap[0]!.snapshot).toBe(false);
        // Without a limit every later page comes from the first scan; with one, each region's
        // pages from the second rescan of that region on.
        if (maxFiles === null) expect(withSnap.slice(1).every((p) => p.snapshot)).toBe(true);
        else expect(withSnap.filter((p) => p.snapshot).length).toBeGreaterThan(2);
        const all = withSnap.flatMap((p) => p.out.matches.map((m) => m.path));
        expect(new Set(all).size).toBe(60);
        expect(all.length).toBe(60);
      });
    }
  }

  it('answers a repeated first page from the snapshot, but not one asked with progress', async () => {
    const h = await start(['--root', root]);
    const first = await search(h, { limit: 5 });
    expect(first.summary).not.toMatch(FROM_SNAPSHOT);
    const again = await search(h, { limit: 5 });
    expect(again.summary).toMatch(FROM_SNAPSHOT);
    expect(again.out).toEqual(first.out);
    const progress: unknown[] = [];
    const watched = await h.client.callTool(
      { name: TOOL, arguments: { timeField: 'modified', limit: 5 } },
      undefined,
      { onprogress: (p) => progress.push(p) },
    );
    expect(firstText(watched as CallToolResult)).not.toMatch(FROM_SNAPSHOT);
    expect(searchOutput(watched)).toEqual(first.out);
  });

  it('rescans when a folder changed, and the cursor continues with no skip and no repeat', async () => {
    const tree = makeTempDir('fg-snap-change-');
    try {
      writeTree(
        tree,
        Array.from({ length: 12 }, (_, i) => ({ path: `a/f${i}.txt`, mtime: BASE + i * 60_000 })),
      );
      await new Promise((resolve) => setTimeout(resolve, 120));
      const h = await start(['--root', tree]);
      const p1 = await search(h, { limit: 4 });
      const p2 = await search(h, { limit: 4, cursor: p1.out.nextCursor });
      expect(p2.summary).toMatch(FROM_SNAPSHOT);
      // A new, older file: it sorts after everything returned so far and must show up.
      writeTree(tree, [{ path: 'a/new.txt', mtime: BASE - 60_000 }]);
      const p3 = await search(h, { limit: 4, cursor: p2.out.nextCursor });
      expect(p3.summary).not.toMatch(FROM_SNAPSHOT);
      const p4 = await search(h, { limit: 4, cursor: p3.out.nextCursor });
      expect(p4.out.nextCursor).toBeNull();
      const names = [p1, p2, p3, p4].flatMap((p) =>
        p.out.matches.map((m) => path.basename(m.path)),
      );
      expect(names).toEqual([...Array.from({ length: 12 }, (_, i) => `f${11 - i}.txt`), 'new.txt']);
    } finally {
      removeTempDir(tree);
    }
  });

  it('rescans after the snapshot expired', async () => {
    const h = await start(['--root', root], { FOLDERGATE_SNAPSHOT_TTL_MS: '300' });
    const p1 = await search(h, { limit: 10 });
    const p2 = await search(h, { limit: 10, cursor: p1.out.nextCursor });
    expect(p2.summary).toMatch(FROM_SNAPSHOT);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const p3 = await search(h, { limit: 10, cursor: p2.out.nextCursor });
    expect(p3.summary).not.toMatch(FROM_SNAPSHOT);
    const plain = await start(['--root', root], { FOLDERGATE_SNAPSHOT_TTL_MS: '0' });
    const reference = await pageAll(plain, {}, [10]);
    expect([p1, p2, p3].map((p) => p.out)).toEqual(reference.slice(0, 3).map((p) => p.out));
  });

  it('drops snapshots when the settings change', async () => {
    const configDir = makeTempDir('fg-snap-cfg-');
    try {
      const write = (exclude: string[]) => {
        const file = path.join(configDir, 'settings.json');
        const text = JSON.stringify({
          version: SETTINGS_VERSION,
          roots: [{ path: root, name: 'tree' }],
          exclude,
        });
        fs.writeFileSync(`${file}.tmp`, text);
        fs.renameSync(`${file}.tmp`, file);
      };
      write([]);
      const h = await start(['--config-dir', configDir]);
      const p1 = await search(h, { limit: 10 });
      const p2 = await search(h, { limit: 10, cursor: p1.out.nextCursor });
      expect(p2.summary).toMatch(FROM_SNAPSHOT);
      write(['nothing-matches-this']);
      const p3 = await search(h, { limit: 10, cursor: p2.out.nextCursor });
      expect(p3.summary).not.toMatch(FROM_SNAPSHOT);
      const again = await search(h, { limit: 10, cursor: p2.out.nextCursor });
      expect(again.summary).toMatch(FROM_SNAPSHOT);
      expect(again.out).toEqual(p3.out);
    } finally {
      removeTempDir(configDir);
    }
  });
});
