// Random trees for the property tests of fs.search_by_time (search-property*.test.ts): a seeded
// PRNG, trees with tricky names and tied whole-second times in real temp folders, random changes
// between pages, and a plain recursive read of a tree (readdirSync + lstatSync) that the
// reference in search-property-model.ts filters. Test support only: never bundled.
import fs from 'node:fs';
import path from 'node:path';

/** A seeded pseudo-random source (mulberry32), so that one seed replays one run exactly. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [lo, hi], both inclusive. */
  int(lo: number, hi: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

/** mulberry32: tiny, fast and good enough to shuffle test cases. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  };
}

/**
 * The seeds to run: `FOLDERGATE_PROPERTY_SEED=<n>` reruns one seed (the one a failure printed),
 * otherwise the fixed list.
 */
export function propertySeeds(fixed: readonly number[]): number[] {
  const raw = process.env.FOLDERGATE_PROPERTY_SEED;
  if (raw === undefined || raw.trim() === '') return [...fixed];
  const seed = Number(raw);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new Error(
      `FOLDERGATE_PROPERTY_SEED must be an integer from 0 to 4294967295, not '${raw}'.`,
    );
  }
  return [seed];
}

// ---------------------------------------------------------------------------------------------
// Random trees

/** Modified times are whole seconds from a small pool, so that many entries tie exactly. */
export const TIME_BASE_S = Date.UTC(2025, 0, 1) / 1000;
const TIME_SLOTS = 40;

function poolTimeS(rng: Rng): number {
  return TIME_BASE_S + rng.int(0, TIME_SLOTS) * 3600;
}

/** Names that sort trickily (UTF-16 code units, '/' vs ' ', '-', '.'), case pairs, unicode. */
const FOLDER_NAMES = [
  'a',
  'a b',
  'a-b',
  'a.b',
  'A',
  'b',
  'B',
  'sub',
  'Sub',
  'docs',
  '.hidden',
  'node_modules',
  'é',
  'e\u0301',
  'Ω',
  '日本',
  '😀',
  '\uFF21',
  'z z',
  'a~',
  '_',
  'skip me',
  '1',
  '10',
  '2',
] as const;

const FILE_NAMES = [
  'a',
  'a.txt',
  'a b.txt',
  'a-b.md',
  'A.TXT',
  'a.b.c',
  '.dot',
  '.env.local',
  'b.md',
  'readme.md',
  'README.MD',
  'x.pdf',
  'résumé.pdf',
  '😀.txt',
  '\uFF21.txt',
  'ünï.md',
  'note 1.txt',
  'note10.txt',
  'note2.txt',
  'z',
  'tmp.tmp',
  'a.txt~',
  'data.json',
  '[x].txt',
  '{a}.md',
  '!bang',
  '#hash',
  "it's.txt",
  'a+b.txt',
  'trailing.',
  ' lead.txt',
  'skip.log',
  'photo.JPG',
  'song.mp3',
  'clip.mp4',
  'deck.pptx',
  'sheet.xlsx',
  'pack.tar.gz',
  'main.ts',
] as const;

const NAME_ALPHABET = [...'abcABCxyzXYZ0129.-_ ~éΩ日😀'];

function randomName(rng: Rng): string {
  let name = '';
  const length = rng.int(1, 8);
  for (let i = 0; i < length; i++) name += rng.pick(NAME_ALPHABET);
  if (name === '.' || name === '..') name += 'x';
  return name;
}

/** Picks a name not yet used in `taken` (case-sensitive, as Linux file systems are). */
function freshName(rng: Rng, pool: readonly string[], taken: Set<string>): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    const name = rng.chance(0.6) ? rng.pick(pool) : randomName(rng);
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
  let n = 0;
  while (taken.has(`n${n}`)) n++;
  taken.add(`n${n}`);
  return `n${n}`;
}

/** How big and deep a random tree is. */
export interface TreeShape {
  /** Deepest folder level (0 = only the root's children). */
  maxDepth: number;
  /** Upper bound on the entries created (files, folders and links). */
  maxEntries: number;
  /** Upper bound on the children of one folder. */
  maxChildren: number;
  /** Also create symbolic links (to files, to folders, dangling). */
  links: boolean;
}

/** The default shape: ~100–200 entries up to 6 levels deep. */
export const SMALL_TREE: TreeShape = { maxDepth: 6, maxEntries: 180, maxChildren: 9, links: true };

function writeFile(abs: string, rng: Rng): void {
  fs.writeFileSync(abs, 'x'.repeat(rng.int(0, 40)));
  const t = poolTimeS(rng);
  fs.utimesSync(abs, t, t);
}

/**
 * Creates a random tree under `root` (an existing empty folder): nested folders, empty ones,
 * files with tricky names, the 'a' folder / 'a.txt' / 'a b' siblings that sort differently by
 * path and by string, symbolic links, and whole-second modified times with many ties.
 */
export function buildRandomTree(root: string, rng: Rng, shape: TreeShape = SMALL_TREE): void {
  let budget = shape.maxEntries;
  const folders: string[] = [];
  const fill = (dir: string, depth: number): void => {
    const taken = new Set<string>();
    // The siblings whose tree order differs from plain string order ('a/…' before 'a b').
    if (depth === 0 || rng.chance(0.25)) {
      for (const name of ['a.txt', 'a b', 'a-b']) {
        taken.add(name);
        writeFile(path.join(dir, name), rng);
        budget--;
      }
      if (depth < shape.maxDepth) {
        taken.add('a');
        fs.mkdirSync(path.join(dir, 'a'));
        budget--;
        folders.push(path.join(dir, 'a'));
        fill(path.join(dir, 'a'), depth + 1);
      }
    }
    // The start folder always gets several, so that no seed makes a trivial tree.
    const children = rng.int(depth === 0 ? Math.ceil(shape.maxChildren / 2) : 0, shape.maxChildren);
    for (let i = 0; i < children && budget > 0; i++) {
      const asFolder = depth < shape.maxDepth && rng.chance(depth < 2 ? 0.4 : 0.25);
      const name = freshName(rng, asFolder ? FOLDER_NAMES : FILE_NAMES, taken);
      const abs = path.join(dir, name);
      budget--;
      if (asFolder) {
        fs.mkdirSync(abs);
        folders.push(abs);
        if (rng.chance(0.85)) fill(abs, depth + 1);
      } else if (shape.links && rng.chance(0.06)) {
        const target = rng.pick(['a.txt', '..', 'a', 'missing-target', '../a b']);
        fs.symlinkSync(target, abs);
      } else {
        writeFile(abs, rng);
      }
    }
  };
  fill(root, 0);
  // Folder times last: creating their contents moved them.
  for (const dir of folders.reverse()) {
    const t = poolTimeS(rng);
    fs.utimesSync(dir, t, t);
  }
}

// ---------------------------------------------------------------------------------------------
// Reading a tree

/** One entry as the reference sees it (lstat, links not followed). */
export interface EntryState {
  isDirectory: boolean;
  mtimeMs: number;
  birthtimeMs: number;
  /** Files only; 0 for folders (whose size is never shown). */
  size: number;
}

/** Every file and folder under a root, keyed by '/'-separated path relative to it. */
export type TreeState = Map<string, EntryState>;

/** A plain recursive walk: readdirSync + lstatSync; links, sockets and the like are left out. */
export function readTree(root: string): TreeState {
  const state: TreeState = new Map();
  const walk = (dir: string, rel: string): void => {
    for (const name of fs.readdirSync(dir)) {
      const abs = path.join(dir, name);
      const childRel = rel === '' ? name : `${rel}/${name}`;
      const st = fs.lstatSync(abs);
      if (st.isDirectory()) {
        state.set(childRel, {
          isDirectory: true,
          mtimeMs: st.mtimeMs,
          birthtimeMs: st.birthtimeMs,
          size: 0,
        });
        walk(abs, childRel);
      } else if (st.isFile()) {
        state.set(childRel, {
          isDirectory: false,
          mtimeMs: st.mtimeMs,
          birthtimeMs: st.birthtimeMs,
          size: st.size,
        });
      }
    }
  };
  walk(root, '');
  return state;
}

/** True when both describe the same entry version. */
export function sameState(a: EntryState | undefined, b: EntryState | undefined): boolean {
  return (
    a !== undefined &&
    b !== undefined &&
    a.isDirectory === b.isDirectory &&
    a.mtimeMs === b.mtimeMs &&
    a.birthtimeMs === b.birthtimeMs &&
    a.size === b.size
  );
}

// ---------------------------------------------------------------------------------------------
// Changes between pages

/**
 * Applies 1–4 random changes to the tree: add a file or folder, delete, rename (within a folder
 * or to another one), touch a file's time. Afterwards every folder keeps its old whole-second time
 * unless it is new or was touched on purpose, so that all times stay exact and ties stay common.
 * Returns a line per change, for failure messages.
 */
export function mutateTree(root: string, rng: Rng): string[] {
  const before = readTree(root);
  const done: string[] = [];
  // Candidates come from the state read once; a path an earlier change removed is passed over.
  const all = [...before.keys()];
  const files = all.filter((rel) => !before.get(rel)!.isDirectory);
  const folders = ['', ...all.filter((rel) => before.get(rel)!.isDirectory)];
  const abs = (rel: string): string => path.join(root, ...rel.split('/').filter(Boolean));
  const exists = (rel: string): boolean => fs.existsSync(abs(rel));
  const childName = (parent: string, pool: readonly string[]): string =>
    freshName(rng, pool, new Set(fs.readdirSync(abs(parent))));
  const join = (parent: string, name: string): string =>
    parent === '' ? name : `${parent}/${name}`;
  const ops = rng.int(1, 4);
  for (let i = 0; i < ops; i++) {
    const op = rng.next();
    if (op < 0.3) {
      const parent = rng.pick(folders);
      if (!exists(parent)) continue;
      const rel = join(parent, childName(parent, FILE_NAMES));
      writeFile(abs(rel), rng);
      done.push(`add file ${rel}`);
    } else if (op < 0.4) {
      const parent = rng.pick(folders);
      if (!exists(parent)) continue;
      const rel = join(parent, childName(parent, FOLDER_NAMES));
      fs.mkdirSync(abs(rel));
      if (rng.chance(0.7)) writeFile(abs(join(rel, childName(rel, FILE_NAMES))), rng);
      done.push(`add folder ${rel}`);
    } else if (op < 0.6 && all.length > 0) {
      const rel = rng.chance(0.85) && files.length > 0 ? rng.pick(files) : rng.pick(all);
      if (!exists(rel)) continue;
      fs.rmSync(abs(rel), { recursive: true, force: true });
      done.push(`delete ${rel}`);
    } else if (op < 0.8 && all.length > 0) {
      const rel = rng.chance(0.8) && files.length > 0 ? rng.pick(files) : rng.pick(all);
      const isDir = before.get(rel)!.isDirectory;
      const targets = folders.filter((f) => f !== rel && !f.startsWith(`${rel}/`));
      const parent = rng.chance(0.5) ? rel.split('/').slice(0, -1).join('/') : rng.pick(targets);
      if (!exists(rel) || !exists(parent)) continue;
      const to = join(parent, childName(parent, isDir ? FOLDER_NAMES : FILE_NAMES));
      fs.renameSync(abs(rel), abs(to));
      done.push(`rename ${rel} -> ${to}`);
    } else if (files.length > 0) {
      const rel = rng.pick(files);
      if (!exists(rel)) continue;
      const old = fs.statSync(abs(rel)).mtimeMs / 1000;
      let t = poolTimeS(rng);
      if (t === old) t += 3600;
      fs.utimesSync(abs(rel), t, t);
      done.push(`touch ${rel} ${new Date(t * 1000).toISOString()}`);
    }
  }
  for (const [rel, st] of readTree(root)) {
    if (!st.isDirectory) continue;
    const old = before.get(rel);
    const folder = abs(rel);
    if (old?.isDirectory && !rng.chance(0.1)) {
      if (old.mtimeMs !== st.mtimeMs) fs.utimesSync(folder, old.mtimeMs / 1000, old.mtimeMs / 1000);
    } else {
      const t = poolTimeS(rng);
      fs.utimesSync(folder, t, t);
      if (old?.isDirectory) done.push(`touch folder ${rel} ${new Date(t * 1000).toISOString()}`);
    }
  }
  return done;
}
