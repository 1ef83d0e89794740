// The crawl helper's side of a shared first crawl: it reads the root's folders from the last one
// down, each only once the engine granted it, and stops at the first one refused.
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

async function run(root: string, grant: (name: string) => boolean, exclude: string[] = []) {
  const asked: string[] = [];
  const messages: HelperMessage[] = [];
  const watchers: fs.FSWatcher[] = [];
  await crawlClaimed(
    { rootReal: root, rootId: null, exclude, tops: ['a', 'b', 'c', 'd'] },
    async (name) => {
      asked.push(name);
      return grant(name);
    },
    (m) => messages.push(m),
    watchers,
  );
  for (const w of watchers) w.close();
  const batches = messages.filter((m): m is HelperBatch => m.type === 'batch');
  const rels = batches.flatMap((b) => (b.rels === '' ? [] : b.rels.split('\0')));
  return { asked, rels, watched: watchers.length };
}

describe('crawlClaimed', () => {
  it('reads granted folders from the last one down and stops at the first refusal', async () => {
    const root = tree();
    const { asked, rels, watched } = await run(root, (name) => name === 'd' || name === 'c');
    // 'b' was asked while 'c' was read (one claim ahead), refused, and nothing after it asked.
    expect(asked).toEqual(['d', 'c', 'b']);
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

  it('reads nothing when the engine has started every folder itself', async () => {
    const { asked, rels } = await run(tree(), () => false);
    expect(asked).toEqual(['d']);
    expect(rels).toEqual([]);
  });

  it('reads every folder down to the first when all are granted, with the excludes', async () => {
    const { asked, rels } = await run(tree(), () => true, ['inner']);
    expect(asked).toEqual(['d', 'c', 'b', 'a']);
    expect(rels).toEqual(['d/d1.txt', 'c/c1.txt', 'b/b1.txt', 'a/a1.txt']);
  });
});
