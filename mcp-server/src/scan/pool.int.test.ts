// Scans split across the scan children and the server, through the real built server over
// stdio: the same pages, cursors, stats and summaries as the server scanning alone (limits hit
// inside regions included); snapshot pages served from what the children keep, and a rescan
// when a child that kept part of one is gone; a child killed mid-scan, cancellation, and no
// child left after the server exits.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { scaled, waitFor } from '#testing/time.js';
import { CANCELLED_SCAN_STOPPED } from './scan-stopped.js';
import { searchOutput } from '#testing/search-output.js';

const TOOL = 'fs.search_by_time';
const BASE = Date.UTC(2025, 0, 1);
// Snapshots off, so every page walks (and the pooled walk is compared on every page).
const NO_SNAPSHOTS = { FOLDERGATE_SNAPSHOT_TTL_MS: '0' };

let small: string;
let big: string;
const BIG_FOLDERS = 60;
const BIG_PER_FOLDER = 1000;

beforeAll(() => {
  small = makeTempDir('fg-pool-small-');
  // 5 top folders of uneven size, nested folders, files at every level, repeated times (ties).
  const files = [];
  for (let i = 0; i < 230; i++) {
    const top = `t${i % 5}`;
    const sub = i % 4 === 0 ? '' : `/s${i % 3}${i % 7 === 0 ? `/deep${i % 2}` : ''}`;
    files.push({
      path: `${top}${sub}/f${String(i).padStart(3, '0')}.txt`,
      mtime: BASE + (i % 13) * 60_000,
    });
  }
  files.push({ path: 'top-a.txt', mtime: BASE }, { path: 'u-last.txt', mtime: BASE + 1 });
  writeTree(small, files);

  big = makeTempDir('fg-pool-big-');
  // Hard links to one empty file per folder: quick to make, the same to scan.
  for (let d = 0; d < BIG_FOLDERS; d++) {
    const dir = path.join(big, `d${String(d).padStart(2, '0')}`);
    fs.mkdirSync(dir);
    const source = path.join(dir, 'f0.txt');
    fs.writeFileSync(source, '');
    for (let f = 1; f < BIG_PER_FOLDER; f++) fs.linkSync(source, path.join(dir, `f${f}.txt`));
  }
}, scaled(120_000));

afterAll(() => {
  removeTempDir(small);
  removeTempDir(big);
});

/** Process ids whose parent is `pid` (read from /proc). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === pid && fields[0] !== 'Z') out.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

const { start } = useServers({ FOLDERGATE_SCAN_DEBUG: '1' });

/** A server with its scan children running and ready. */
async function pooled(args: string[], env: Record<string, string> = {}) {
  const h = await start(args, { FOLDERGATE_SCAN_POOL: '2', ...env });
  const pid = h.transport.pid!;
  // The children start with the first search that walks.
  await callTool(h, TOOL, { timeField: 'modified', limit: 1, glob: '*.first-walk' });
  await waitFor('two scan processes', () => childrenOf(pid).length === 2);
  return { h, pid };
}

/** Searches until a scan was split (the children take a moment to load). */
async function warm(h: ServerHandle) {
  let i = 0;
  await waitFor('a scan split between the children', async () => {
    if (h.stderr().includes('scan split into')) return true;
    // A new query each time: a snapshot of the last one would answer without scanning.
    await callTool(h, TOOL, { timeField: 'modified', limit: 1, glob: `*.warm${i++}` });
    return false;
  });
}

async function pageAll(h: ServerHandle, args: Record<string, unknown>) {
  const pages: { out: SearchOutput; summary: string }[] = [];
  let cursor: string | null = null;
  do {
    const result: CallToolResult = await callTool(h, TOOL, {
      timeField: 'modified',
      ...args,
      ...(cursor ? { cursor } : {}),
    });
    expect(result.isError, firstText(result)).toBeFalsy();
    const out = searchOutput(result);
    pages.push({ out, summary: firstText(result) });
    cursor = out.nextCursor;
  } while (cursor !== null && pages.length < 200);
  return pages;
}

const FROM_SNAPSHOT = /This page comes from a scan made .* ago; changes since then are not shown\./;

/** Pages with varying limits; each page's output and whether it came from a snapshot. */
async function pageVarying(
  h: ServerHandle,
  args: Record<string, unknown>,
  limits: number[],
  between?: (page: number) => void,
) {
  const pages: { out: SearchOutput; snapshot: boolean }[] = [];
  let cursor: string | null = null;
  do {
    between?.(pages.length);
    const result: CallToolResult = await callTool(h, TOOL, {
      timeField: 'modified',
      ...args,
      limit: limits[pages.length % limits.length],
      ...(cursor ? { cursor } : {}),
    });
    expect(result.isError, firstText(result)).toBeFalsy();
    const out = searchOutput(result);
    pages.push({ out, snapshot: FROM_SNAPSHOT.test(firstText(result)) });
    cursor = out.nextCursor;
  } while (cursor !== null && pages.length < 200);
  return pages;
}

describe('snapshots kept by the scan children', () => {
  for (const sort of ['time_desc', 'time_asc'] as const) {
    it(`${sort}: later pages come from what the children and the server kept, and equal a plain server's`, async () => {
      const { h } = await pooled(['--root', small]);
      await warm(h);
      const plain = await start(['--root', small], { ...NO_SNAPSHOTS, FOLDERGATE_SCAN_POOL: '0' });
      const splits = h.stderr().split('scan split into').length;
      const args = { sort, includeDirectories: true };
      const limits = [7, 1, 13, 4];
      const pooledPages = await pageVarying(h, args, limits);
      const plainPages = await pageVarying(plain, args, limits);
      expect(pooledPages.map((p) => p.out)).toEqual(plainPages.map((p) => p.out));
      // One split scan (the first page); every later page from its snapshot.
      expect(h.stderr().split('scan split into').length).toBe(splits + 1);
      expect(pooledPages[0]!.snapshot).toBe(false);
      expect(pooledPages.length).toBeGreaterThan(10);
      expect(pooledPages.slice(1).every((p) => p.snapshot)).toBe(true);
      // Regions were scanned both in the children and in the server (marked S).
      const last = h
        .stderr()
        .split('\n')
        .filter((l) => l.includes('split scan ended'))
        .at(-1)!;
      expect(last).toMatch(/ \d+S:/);
      expect(last).toMatch(/ \d+:/);
    });
  }

  it('rescans, with no skip and no repeat, when a child that kept part of the snapshot is gone', async () => {
    const { h, pid } = await pooled(['--root', small]);
    await warm(h);
    const plain = await start(['--root', small], { ...NO_SNAPSHOTS, FOLDERGATE_SCAN_POOL: '0' });
    const limits = [9, 5];
    let killed: number[] = [];
    const pooledPages = await pageVarying(h, { sort: 'time_desc' }, limits, (page) => {
      if (page !== 3) return;
      killed = childrenOf(pid);
      for (const kid of killed) process.kill(kid, 'SIGKILL');
    });
    const plainPages = await pageVarying(plain, { sort: 'time_desc' }, limits);
    expect(killed.length).toBe(2);
    expect(pooledPages.map((p) => p.out)).toEqual(plainPages.map((p) => p.out));
    expect(pooledPages[1]!.snapshot && pooledPages[2]!.snapshot).toBe(true);
    // The page after the kill was scanned anew (and made a new snapshot for the rest).
    expect(pooledPages[3]!.snapshot).toBe(false);
    expect(pooledPages.length).toBeGreaterThan(5);
    expect(pooledPages.slice(4).every((p) => p.snapshot)).toBe(true);
  });
});

describe('scans split across scan children', () => {
  const cases: { name: string; args: string[]; query: Record<string, unknown> }[] = [
    { name: 'no limit', args: [], query: { limit: 17 } },
    {
      name: 'files limit inside regions',
      args: ['--max-files-scanned', '37'],
      query: { limit: 9 },
    },
    {
      name: 'files limit, ascending',
      args: ['--max-files-scanned', '50'],
      query: { limit: 11, sort: 'time_asc' },
    },
    { name: 'folders limit', args: ['--max-directories-scanned', '4'], query: { limit: 8 } },
    {
      name: 'folders and depth',
      args: ['--max-files-scanned', '23'],
      query: { limit: 6, includeDirectories: true, maxDepth: 1 },
    },
    {
      name: 'glob and range',
      args: ['--max-files-scanned', '61'],
      query: { limit: 5, glob: '*1?.txt', from: new Date(BASE + 3 * 60_000).toISOString() },
    },
  ];
  for (const c of cases) {
    it(`${c.name}: every page equals the server scanning alone`, async () => {
      const { h } = await pooled(['--root', small, ...c.args], NO_SNAPSHOTS);
      await warm(h);
      const alone = await start(['--root', small, ...c.args], {
        ...NO_SNAPSHOTS,
        FOLDERGATE_SCAN_POOL: '0',
      });
      const split = await pageAll(h, c.query);
      const reference = await pageAll(alone, c.query);
      expect(split.map((p) => p.out)).toEqual(reference.map((p) => p.out));
      expect(split.map((p) => p.summary)).toEqual(reference.map((p) => p.summary));
      expect(alone.stderr()).not.toContain('scan split into');
    });
  }

  it('finishes the call in the server when a child is killed mid-scan', async () => {
    const { h, pid } = await pooled(['--root', big]);
    // The kill must land while the split scan runs; a fast machine may finish first, so a few
    // tries (each one's answer must be complete and right either way).
    for (let attempt = 0; attempt < 6; attempt++) {
      await waitFor('two scan processes', () => childrenOf(pid).length === 2);
      await warm(h);
      let killed = 0;
      const result = await h.client.callTool(
        { name: TOOL, arguments: { timeField: 'modified', limit: 5 } },
        undefined,
        {
          onprogress: () => {
            if (killed !== 0) return;
            killed = childrenOf(pid)[0] ?? -1;
            if (killed > 0) process.kill(killed, 'SIGKILL');
          },
          timeout: scaled(60_000),
        },
      );
      expect(result.isError).toBeFalsy();
      const out = searchOutput(result);
      expect(out.stats.scannedFiles).toBe(BIG_FOLDERS * BIG_PER_FOLDER);
      expect(out.stats.scannedDirectories).toBe(BIG_FOLDERS + 1);
      if (/parallel scan failed \(the scan child exited/.test(h.stderr())) break;
      // A new child replaces a killed one for the next scan.
      await callTool(h, TOOL, { timeField: 'modified', limit: 1, glob: `*.none${attempt}` });
    }
    expect(h.stderr()).toMatch(/parallel scan failed \(the scan child exited/);
  });

  it('stops the children when the call is cancelled', async () => {
    const { h, pid } = await pooled(['--root', big], NO_SNAPSHOTS);
    await warm(h);
    const kids = childrenOf(pid);
    const controller = new AbortController();
    let progressed!: () => void;
    const first = new Promise<void>((resolve) => (progressed = resolve));
    const call = h.client.callTool(
      { name: TOOL, arguments: { timeField: 'modified', limit: 5 } },
      undefined,
      { signal: controller.signal, onprogress: () => progressed() },
    );
    await first;
    controller.abort('test cancels');
    await expect(call).rejects.toThrow(/test cancels/);
    // Every child said it stopped its region (the server logs it once all have).
    await waitFor('the cancelled scan to stop', () => h.stderr().includes(CANCELLED_SCAN_STOPPED));
    expect(kids.every(isRunning)).toBe(true); // stopped scanning, not exited
  });

  it('leaves no child behind when the server exits or is killed', async () => {
    const a = await pooled(['--root', small]);
    const kidsA = childrenOf(a.pid);
    expect(kidsA.length).toBe(2);
    await a.h.close();
    await waitFor('no child left', () => !kidsA.some(isRunning));

    const b = await pooled(['--root', small]);
    const kidsB = childrenOf(b.pid);
    process.kill(b.pid, 'SIGKILL');
    await waitFor('no child left', () => !kidsB.some(isRunning));
  });
});

describe('scan processes only while walking needs them', () => {
  it('none start before a search walks; they start with it and exit once idle', async () => {
    const h = await start(['--root', small], {
      FOLDERGATE_SCAN_POOL: '2',
      FOLDERGATE_SCAN_IDLE_MS: '1500',
    });
    const pid = h.transport.pid!;
    await h.client.listTools();
    // A connected AI app that lists the tools and waits: no scan process, however long (only a
    // search that walks starts them; no timer does), whatever else it asks meanwhile.
    await h.client.ping();
    await h.client.listTools();
    expect(childrenOf(pid)).toEqual([]);
    await callTool(h, TOOL, { timeField: 'modified', limit: 1 });
    await waitFor('two scan processes', () => childrenOf(pid).length === 2);
    await waitFor('the scan processes to exit once idle', () => childrenOf(pid).length === 0);
  });
});
