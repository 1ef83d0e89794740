// Issue 40's second tree: 1,000,000 empty files in a deep tree of ~20,000 folders whose times are
// scattered uniformly across folders (as after restoring a backup, a sync, a `git checkout` or a
// photo import), so that no folder's newest file says much about its neighbours'. Folders nest
// `levels` deep, `fanout` to a folder; the deepest hold `files` files each, named with a mix of
// extensions (so kinds have something to find). File g (0 ≤ g < N, in path order) gets the rank
// k = (g·mult + add) mod N (a permutation: mult is prime to N) and the mtime
// base + k·step + offset seconds, as tree.mjs does; mult is large, so neighbours are far apart.
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuilt } from './tree.mjs';

export const TREE_DEEP = {
  version: 1,
  fanout: 5,
  levels: 6,
  files: 64,
  empty: true,
  baseSec: Date.UTC(2024, 6, 1) / 1000,
  stepSec: 31,
  offsetSec: 30,
  mult: 938_297,
  add: 54_321,
};

/** The same shape at 200,000 files in 11,111 folders: for the walking path, which reads it all. */
export const TREE_DEEP_200K = {
  ...TREE_DEEP,
  fanout: 10,
  levels: 4,
  files: 20,
  mult: 138_297,
};

const EXTENSIONS = ['txt', 'pdf', 'jpg', 'md', 'ts', 'docx', 'png', 'csv'];

/** Number of files in the deep tree. */
export const deepFileCount = (p) => p.fanout ** p.levels * p.files;

/** Number of folders in the deep tree, its own included. */
export function deepFolderCount(p) {
  let n = 1;
  for (let level = 1; level <= p.levels; level++) n += p.fanout ** level;
  return n;
}

/** Path of file g relative to the tree, '/'-separated; path order is g order. */
export function deepRelPathOf(p, g) {
  const f = g % p.files;
  let leaf = Math.floor(g / p.files);
  const parts = [];
  for (let level = p.levels; level >= 1; level--) {
    parts.unshift(`${String.fromCharCode(96 + level)}${leaf % p.fanout}`);
    leaf = Math.floor(leaf / p.fanout);
  }
  return `${parts.join('/')}/n${String(f).padStart(3, '0')}.${EXTENSIONS[f % EXTENSIONS.length]}`;
}

/** Mtime of file g in epoch seconds. */
export function deepMtimeSecOf(p, g) {
  const k = (g * p.mult + p.add) % deepFileCount(p);
  return p.baseSec + k * p.stepSec + p.offsetSec;
}

/** A time on a step (epoch s) with exactly `N · share` files at or after it. */
export function deepFromSecForShare(p, share) {
  return p.baseSec + Math.round(deepFileCount(p) * (1 - share)) * p.stepSec;
}

/** Builds the deep tree under `dir` once, as tree.mjs's ensureBuilt keeps it. */
export function ensureDeepTree(p, dir, log = (line) => process.stderr.write(`${line}\n`)) {
  return ensureBuilt(p, dir, (treeDir) => {
    const n = deepFileCount(p);
    log(
      `bench: building ${n.toLocaleString('en-US')} files (deep, scattered times) in ${treeDir} …`,
    );
    let madeDir = '';
    for (let g = 0; g < n; g++) {
      const file = path.join(treeDir, deepRelPathOf(p, g));
      const dir = path.dirname(file);
      if (dir !== madeDir) {
        fs.mkdirSync(dir, { recursive: true });
        madeDir = dir;
      }
      const mtime = deepMtimeSecOf(p, g);
      const fd = fs.openSync(file, 'w');
      fs.futimesSync(fd, mtime, mtime);
      fs.closeSync(fd);
      if ((g + 1) % (n / 10) === 0) log(`bench: … ${Math.round(((g + 1) / n) * 100)}%`);
    }
  });
}
