// The crawl helper's side of a shared first crawl: it reads the top-level folders the engine hands
// out, one at a time, asking for the next while it reads one, until the engine has none left.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { crawlClaimed, type HelperBatch, type HelperMessage } from './crawl-helper.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tree(): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fg-helper-')));
  dirs.push(root);
  for (const top of ['a', 'b', 'c', 'd']) {
    fs.mkdirSync(path.join(root, top, 'inner'), { recursive: true });
    fs.writeFileSync(path.join(root, top, `${top}1.txt`), top);
    fs.writeFileSync(path.join(root, top, 'inner', `${top}2.txt`), top);
  }
  fs.writeFileSync(path.join(root, 'top-level.txt'), 'x');
  return root;
}

/** Runs the helper's side with the engine handing out `handed` in turn (then nothing). */
async function run(root: string, handed: string[], exclude: string[] = []) {
  let asked = 0;
  const messages: HelperMessage[] = [];
  const watchers: fs.FSWatcher[] = [];
  await crawlClaimed(
    { rootReal: root, rootId: null, exclude },
    async () => handed[asked++] ?? null,
    (m) => messages.push(m),
    watchers,
  );
  for (const w of watchers) w.close();
  const batches = messages.filter((m): m is HelperBatch => m.type === 'batch');
  const rels = batches.flatMap((b) => (b.rels === '' ? [] : b.rels.split('\0')));
  const events = messages.flatMap((m) => (m.type === 'event' ? [m.rel] : []));
  return { asked, rels, watched: watchers.length, events };
}

describe('crawlClaimed', () => {
  it('reads the folders handed out, in that order, and stops when none is left', async () => {
    const root = tree();
    const { asked, rels, watched } = await run(root, ['d', 'c']);
    // The third question was asked while 'c' was read (one ahead) and answered "none".
    expect(asked).toBe(3);
    expect(rels).toEqual([
      'd/d1.txt',
      'd/inner',
      'd/inner/d2.txt',
      'c/c1.txt',
      'c/inner',
      'c/inner/c2.txt',
    ]);
    // Each folder it read is watched from before it was listed: d, d/inner, c, c/inner.
    expect(watched).toBe(4);
  });

  it('reads nothing when the engine has reached every folder itself', async () => {
    const { asked, rels } = await run(tree(), []);
    expect(asked).toBe(1);
    expect(rels).toEqual([]);
  });

  it('reads every folder it is handed, with the excludes', async () => {
    const { asked, rels } = await run(tree(), ['d', 'c', 'b', 'a'], ['inner']);
    expect(asked).toBe(5);
    expect(rels).toEqual(['d/d1.txt', 'c/c1.txt', 'b/b1.txt', 'a/a1.txt']);
  });

  it('goes on past a folder that is gone since it was listed, and tells the engine', async () => {
    const root = tree();
    fs.rmSync(path.join(root, 'c'), { recursive: true });
    const { rels, events } = await run(root, ['d', 'c', 'b']);
    expect(rels).toEqual([
      'd/d1.txt',
      'd/inner',
      'd/inner/d2.txt',
      'b/b1.txt',
      'b/inner',
      'b/inner/b2.txt',
    ]);
    expect(events).toContain('c');
  });
});
