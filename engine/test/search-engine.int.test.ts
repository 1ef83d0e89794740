// The engine's folders when events cannot be trusted (no watch left, a watcher error, a burst, a
// network drive), and a first crawl split with the crawl helper: each ends either answered from an
// index equal to the disk, or said to be searched by walking — never silently stale.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineQuery } from '#shared/engine/engine.js';
import { REPO_ROOT } from '#testing/repo.js';
import { waitUntilInSync } from '#testing/property/engine-sync.js';
import { watchFolder, type WatchSink } from '#engine/folder-watch.js';
import { createSearchEngine, type SearchEngine } from '#engine/search-engine.js';
import { engineQuery } from '#testing/engine-query.js';
import { disableNativeList, enableNativeList } from '#search/native-list.js';
import { nativeListModule } from '#engine/native-module.js';
import { waitFor } from '#testing/time.js';

const HELPER = path.join(REPO_ROOT, 'engine', 'dist', 'crawl-helper.js');
const engines: SearchEngine[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const e of engines.splice(0)) await e.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tree(tops: number, files: number): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fg-engine-')));
  dirs.push(root);
  for (let t = 0; t < tops; t++) {
    for (let s = 0; s < 3; s++) {
      const dir = path.join(root, `top${t}`, `sub${s}`);
      fs.mkdirSync(dir, { recursive: true });
      for (let f = 0; f < files; f++) fs.writeFileSync(path.join(dir, `f${f}.txt`), `${t}${s}${f}`);
    }
  }
  return root;
}

function queryOf(root: string): EngineQuery {
  return engineQuery(root, 5);
}

function start(root: string, options: Parameters<typeof createSearchEngine>[0] = {}) {
  const lines: string[] = [];
  const engine = createSearchEngine({
    driveKindOf: () => 'local',
    log: (line) => lines.push(line),
    ...options,
  });
  engines.push(engine);
  engine.setFolders([{ rootReal: root, rootId: null, exclude: [] }]);
  const state = () => engine.status()[0];
  return { engine, lines, state };
}

describe('the search engine', () => {
  it('searches a folder by walking when no watch is left, and says why', async () => {
    const root = tree(1, 2);
    const { engine, state } = start(root, {
      watch: () => {
        throw Object.assign(new Error('System limit for number of file watchers reached'), {
          code: 'ENOSPC',
        });
      },
    });
    await waitFor('walking', () => state()?.state === 'walking');
    expect(state()).toMatchObject({ state: 'walking', reason: 'too-many-folders' });
    expect(await engine.answer(queryOf(root))).toEqual({ type: 'decline', why: 'walking' });
  });

  it('leaves network drives to walking', async () => {
    const root = tree(1, 1);
    const { engine, state } = start(root, { driveKindOf: () => 'network' });
    await waitFor('walking', () => state()?.state === 'walking');
    expect(state()?.reason).toBe('network-drive');
    expect((await engine.answer(queryOf(root))).type).toBe('decline');
  });

  it('reads a folder again after a watcher error, and answers only once it holds the disk', async () => {
    const root = tree(2, 3);
    let fail: ((error: NodeJS.ErrnoException) => void) | null = null;
    const { engine, state, lines } = start(root, {
      watch: (dir, sink: WatchSink, onError) => {
        fail = onError;
        return watchFolder(dir, sink, onError);
      },
    });
    await waitUntilInSync(engine, root, []);
    fs.writeFileSync(path.join(root, 'top0', 'late.txt'), 'late');
    fail!(Object.assign(new Error('input/output error'), { code: 'EIO' }));
    expect(state()?.state).toBe('preparing');
    expect(await engine.answer(queryOf(root))).toEqual({ type: 'decline', why: 'preparing' });
    await waitUntilInSync(engine, root, []);
    expect(engine.indexOf(root)!.find('top0/late.txt')).not.toBe(-1);
    expect(lines.some((l) => /watcher error .*reading it again/.test(l))).toBe(true);
  });

  it('reads a folder again after a burst of events the system queue could have dropped', async () => {
    const root = tree(1, 2);
    let sink: WatchSink | null = null;
    const { engine, lines } = start(root, {
      watch: (dir, s, onError) => {
        sink = s;
        return watchFolder(dir, s, onError);
      },
    });
    await waitUntilInSync(engine, root, []);
    for (let i = 0; i < 20_000; i++) sink!(`top0/burst-${i}.txt`, true);
    await waitFor('a rescan', () => lines.some((l) => /event queue may have overflowed/.test(l)));
    await waitUntilInSync(engine, root, []);
  });

  it('crawls natively on pool threads, missing nothing changed meanwhile', async () => {
    expect(enableNativeList(nativeListModule()), 'the native listing did not load').toBe(true);
    try {
      const root = tree(8, 40);
      const { engine, lines } = start(root, { helperEntry: HELPER });
      // Changes everywhere while the first crawl runs: files added, removed, a folder made.
      for (let i = 0; i < 20; i++) {
        fs.writeFileSync(path.join(root, `top${i % 8}`, `sub${i % 3}`, `during-${i}.txt`), 'x');
        if (i % 5 === 0) fs.rmSync(path.join(root, `top${7 - (i % 8)}`, 'sub0', `f${i}.txt`));
        if (i === 10) fs.mkdirSync(path.join(root, 'top3', 'new', 'deeper'), { recursive: true });
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      // Compared with a fresh crawl through Node's own listing (engine-sync.ts).
      await waitUntilInSync(engine, root, []);
      // The native listing, not the helper, even with one at hand.
      expect(lines.some((l) => /entries read in \d+ ms, natively/.test(l))).toBe(true);
      const held = engine.indexOf(root)!;
      expect(held.find('top1/sub1/during-1.txt')).not.toBe(-1);
      expect(held.find('top3/new/deeper')).not.toBe(-1);
      expect(held.find('top7/sub0/f0.txt')).toBe(-1);
    } finally {
      disableNativeList();
    }
  });

  it('crawls with the helper on two cores, missing nothing changed meanwhile', async () => {
    const root = tree(8, 40);
    const { engine, lines } = start(root, { helperEntry: HELPER });
    // Changes in both halves while the first crawl runs.
    for (let i = 0; i < 20; i++) {
      fs.writeFileSync(path.join(root, `top${i % 8}`, `sub${i % 3}`, `during-${i}.txt`), 'x');
      if (i % 5 === 0) fs.rmSync(path.join(root, `top${7 - (i % 8)}`, 'sub0', `f${i}.txt`));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await waitUntilInSync(engine, root, []);
    expect(lines.some((l) => /entries read in \d+ ms, with a helper/.test(l))).toBe(true);
    // waitUntilInSync compared the index with a fresh crawl; both halves had changes.
    const held = engine.indexOf(root)!;
    expect(held.find('top1/sub1/during-1.txt')).not.toBe(-1); // the engine's half
    expect(held.find('top6/sub0/during-6.txt')).not.toBe(-1); // the helper's half
  });

  it('shares an uneven tree with the helper: each folder read once, excludes and top files kept', async () => {
    // One big folder first (the engine is still in it when the helper asks), small ones after,
    // files at the top, and a folder the settings exclude.
    const root = tree(6, 4);
    for (let s = 0; s < 4; s++)
      for (let f = 0; f < 300; f++)
        fs.writeFileSync(path.join(root, 'top0', `sub${s % 3}`, `big-${s}-${f}.txt`), 'x');
    fs.writeFileSync(path.join(root, 'a-top-file.txt'), 'x');
    fs.writeFileSync(path.join(root, 'z-top-file.txt'), 'x');
    fs.mkdirSync(path.join(root, 'skipped', 'deep'), { recursive: true });
    fs.writeFileSync(path.join(root, 'skipped', 'deep', 'hidden.txt'), 'x');
    const lines: string[] = [];
    const engine = createSearchEngine({
      driveKindOf: () => 'local',
      log: (line) => lines.push(line),
      helperEntry: HELPER,
    });
    engines.push(engine);
    engine.setFolders([{ rootReal: root, rootId: null, exclude: ['skipped'] }]);
    // Equal to a fresh crawl with the same excludes: nothing read twice, nothing missed.
    await waitUntilInSync(engine, root, ['skipped']);
    const read = lines.find((l) => /entries read in \d+ ms, with a helper/.test(l));
    expect(read).toMatch(/it read \d+ of 6 top-level folders/);
    const held = engine.indexOf(root)!;
    expect(held.find('skipped')).toBe(-1);
    expect(held.find('z-top-file.txt')).not.toBe(-1);
    expect(held.find('top5/sub2/f3.txt')).not.toBe(-1);
    expect(held.find('top0/sub0/big-3-299.txt')).not.toBe(-1);
  });
});
