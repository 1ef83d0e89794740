// The benchmark's trees: tops × subs folders of `files` files each, built once and reused while
// the marker next to them holds the same parameters. File g (0 ≤ g < N, in path order) gets the
// permuted rank k = (g·mult + add) mod N and the mtime base + k·step + offset seconds: all
// distinct and 30 s past a step, so a `from` on a step (fromSecForShare), or up to 29 s later,
// splits the tree exactly (step > 30 s).
import fs from 'node:fs';
import path from 'node:path';

/** The 200,000-file tree (its parameters are those of the cache earlier runs built). */
export const TREE_200K = {
  version: 1,
  tops: 20,
  subs: 100,
  files: 100,
  baseSec: Date.UTC(2024, 0, 1) / 1000,
  stepSec: 157,
  offsetSec: 30,
  mult: 7919,
  add: 12_345,
};

/** The 1,000,000-file tree: empty files (only names and times matter), ~1 year of mtimes. */
export const TREE_1M = {
  version: 1,
  tops: 50,
  subs: 200,
  files: 100,
  empty: true,
  baseSec: Date.UTC(2025, 0, 1) / 1000,
  stepSec: 31,
  offsetSec: 30,
  mult: 7919,
  add: 12_345,
};

const pad = (n, width) => String(n).padStart(width, '0');

/** Number of files in a tree. */
export const fileCount = (p) => p.tops * p.subs * p.files;

/** Number of folders in a tree, its own included. */
export const folderCount = (p) => 1 + p.tops + p.tops * p.subs;

/** Path of file g relative to the tree, '/'-separated; path order is g order. */
export function relPathOf(p, g) {
  const f = g % p.files;
  const s = Math.floor(g / p.files) % p.subs;
  const t = Math.floor(g / (p.files * p.subs));
  return `d${pad(t, 2)}/s${pad(s, 3)}/f${pad(f, 3)}.txt`;
}

/** Index g of a file from its path relative to the tree. */
export function indexOfRelPath(p, rel) {
  const m = /^d(\d+)\/s(\d+)\/f(\d+)\.txt$/.exec(rel);
  if (!m) return null;
  return (Number(m[1]) * p.subs + Number(m[2])) * p.files + Number(m[3]);
}

/** Mtime of file g in epoch seconds. */
export function mtimeSecOf(p, g) {
  const k = (g * p.mult + p.add) % fileCount(p);
  return p.baseSec + k * p.stepSec + p.offsetSec;
}

/** A time on a step (epoch s) with exactly `fileCount · (1 − share)` files at or after it. */
export function fromSecForShare(p, share) {
  return p.baseSec + Math.round(fileCount(p) * (1 - share)) * p.stepSec;
}

/**
 * Builds the tree under `dir` (`dir`/tree, marker `dir`/complete.json) unless a complete one with
 * the same parameters is there. Returns its real path and whether and how long it was built.
 */
export function ensureTree(p, dir, log = (line) => process.stderr.write(`${line}\n`)) {
  return ensureBuilt(p, dir, (treeDir) => buildTree(p, treeDir, log));
}

/**
 * `dir`/tree as `build(treeDir)` makes it, built once: reused while the marker `dir`/complete.json
 * holds the same parameters `p`, else removed and built again (the marker written last, so a
 * build cut short is never reused). Returns its real path and whether and how long it was built.
 */
export function ensureBuilt(p, dir, build) {
  const treeDir = path.join(dir, 'tree');
  const marker = path.join(dir, 'complete.json');
  try {
    if (fs.readFileSync(marker, 'utf8') === JSON.stringify(p))
      return { path: fs.realpathSync(treeDir), built: false, ms: 0 };
  } catch {
    // no marker or unreadable: rebuild
  }
  const started = performance.now();
  fs.rmSync(marker, { force: true });
  fs.rmSync(treeDir, { recursive: true, force: true });
  fs.mkdirSync(treeDir, { recursive: true });
  build(treeDir);
  fs.writeFileSync(marker, JSON.stringify(p));
  return { path: fs.realpathSync(treeDir), built: true, ms: performance.now() - started };
}

function buildTree(p, treeDir, log) {
  const n = fileCount(p);
  log(`bench: building ${n.toLocaleString('en-US')} files in ${treeDir} …`);
  let g = 0;
  for (let t = 0; t < p.tops; t++) {
    const top = path.join(treeDir, `d${pad(t, 2)}`);
    fs.mkdirSync(top);
    for (let s = 0; s < p.subs; s++) {
      const sub = path.join(top, `s${pad(s, 3)}`);
      fs.mkdirSync(sub);
      for (let f = 0; f < p.files; f++, g++) {
        const mtime = mtimeSecOf(p, g);
        const fd = fs.openSync(path.join(sub, `f${pad(f, 3)}.txt`), 'w');
        if (!p.empty) fs.writeSync(fd, `${g}\n`);
        fs.futimesSync(fd, mtime, mtime);
        fs.closeSync(fd);
      }
    }
    if (n >= 500_000 && (t + 1) % Math.ceil(p.tops / 10) === 0)
      log(`bench: … ${(((t + 1) / p.tops) * 100).toFixed(0)}%`);
  }
}
