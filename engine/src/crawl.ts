// Fills the index with a folder's tree by running the search's own walker over it: the same rules
// (no link followed, the settings' excludes, the depth ceiling, names that are not UTF-8 counted,
// every folder opened through its parent's handle), so the index holds what a walk would visit.
import fs from 'node:fs';
import path from 'node:path';
import { SEARCH_LIMITS } from '#shared/tools/search-names.js';
import { startCrawlHelper, type HelperBatch } from './crawl-helper.js';
import { crawlNatively } from './native-crawl.js';
import type { CrawlSpec } from './crawl-spec.js';
import { compileExcludes } from '#search/matcher.js';
import { idKey } from '#search/leave-out.js';
import { isOutOfDescriptors } from '#search/out-of-descriptors.js';
import { walkTree, type WalkResult } from '#search/walker.js';
import {
  FLAG_NOT_ENTERED,
  FLAG_UNREADABLE,
  KIND_DIR,
  ROOT_ID,
  type FolderIndex,
} from './folder-index.js';

export type { CrawlSpec } from './crawl-spec.js';

/** Crawls the folder at `spec.rel` (emptied first) into the index. Throws what the walk throws. */
export async function crawlInto(ix: FolderIndex, spec: CrawlSpec): Promise<WalkResult> {
  const dirId = ix.find(spec.rel);
  if (dirId === -1 || ix.kind[dirId] !== KIND_DIR) throw new Error(`not indexed: ${spec.rel}`);
  if (!spec.keep) ix.clear(dirId);
  const depth = dirId === ROOT_ID ? 0 : ix.depthOf(dirId);
  const ceiling = SEARCH_LIMITS.maxDepthCeiling;
  if (depth > ceiling) {
    ix.setFlag(dirId, FLAG_NOT_ENTERED, true);
    return emptyWalk();
  }
  const startReal = spec.rel === '' ? spec.rootReal : `${spec.rootReal}/${spec.rel}`;
  // The folders on the way to the entry being visited: [rel below the crawl's folder, id].
  const stackRel: string[] = [''];
  const stackId: number[] = [dirId];
  const idOf = (rel: string): number => {
    while (stackRel.length > 1 && stackRel[stackRel.length - 1] !== rel) {
      stackRel.pop();
      stackId.pop();
    }
    return stackRel[stackRel.length - 1] === rel ? stackId[stackId.length - 1]! : -1;
  };
  let entries = 0;
  return walkTree({
    startReal,
    rootReal: spec.rootReal,
    rootId: spec.rootId,
    // The walker counts depth from its start: a crawl of a deep folder stops at the same
    // absolute depth as a crawl of the root.
    maxDepth: ceiling - depth,
    followSymlinks: false,
    after: null,
    until: spec.until ?? null,
    limits: null,
    deadline: Infinity,
    signal: spec.signal,
    isExcluded: compileExcludes(spec.exclude, spec.rel),
    enter: spec.enter,
    access: spec.access,
    // A folder that cannot be opened for want of descriptors ends the crawl (tried again later),
    // never left out of a ready index as unreadable.
    outOfDescriptors: 'throw',
    visit(entry) {
      const slash = entry.rel.lastIndexOf('/');
      const parent = idOf(slash === -1 ? '' : entry.rel.slice(0, slash));
      if (parent === -1) return true; // its folder vanished while read
      let times;
      try {
        times = entry.stat() ?? undefined;
      } catch {
        times = null;
      }
      if (times === undefined) return true; // gone since its folder was read
      const id = ix.put(parent, entry.name, entry.isDirectory, times);
      if (entry.isDirectory) {
        stackRel.push(entry.rel);
        stackId.push(id);
      }
      if (++entries % 4096 === 0) spec.onProgress?.(entries);
      return true;
    },
    onFolderNote(rel, note) {
      const id = rel === '' ? dirId : idOf(rel);
      if (id === -1) return;
      if (note.kind === 'unreadable') ix.setFlag(id, FLAG_UNREADABLE, true);
      else if (note.kind === 'not-entered') ix.setFlag(id, FLAG_NOT_ENTERED, true);
      else ix.setInvalidNames(id, note.count);
    },
  });
}

function emptyWalk(): WalkResult {
  return {
    scannedFiles: 0,
    scannedDirectories: 0,
    skippedUnreadable: 0,
    notEnteredAtMaxDepth: 0,
    invalidNames: 0,
    stopReason: 'done',
    stoppedAt: null,
  };
}

/** How a root is crawled on two cores (see crawl-helper.ts). */
export interface ParallelCrawl {
  /** The engine bundle (engine.js), run again as the helper. */
  helperEntry: string;
  /** Events the helper forwards from the folders it listed (see folder-watch.ts's WatchSink). */
  onEvent(rel: string | null, renamed: boolean): void;
}

/**
 * Crawls a root into an empty index, shared with a helper process when it has at least two
 * folders at the top (the engine reads them from the first, the helper from the last, each folder
 * read by one of them: crawl-helper.ts); alone otherwise, or when the helper fails.
 */
export async function crawlRoot(
  ix: FolderIndex,
  spec: CrawlSpec,
  parallel: ParallelCrawl | null,
): Promise<string> {
  // Listed natively on pool threads where this process has the native listing (native-crawl.ts);
  // with the walker, which holds a descriptor per level only, where that ran out of them.
  let why = '';
  try {
    if (await crawlNatively(ix, spec)) return 'natively';
  } catch (error) {
    if (!isOutOfDescriptors(error) || spec.signal?.aborted) throw error;
    ix.clear(ROOT_ID);
    why = ', out of descriptors for the native listing';
  }
  const tops = parallel ? topFolders(spec.rootReal, spec.exclude) : [];
  if (!parallel || tops.length < 2) {
    await crawlInto(ix, spec);
    return `alone${why}`;
  }
  // Each top-level folder is the engine's once its walk reaches it, the helper's once handed out:
  // the engine takes them from the front (in name order, as it walks), the helper from the back,
  // and they meet once. Nothing at or before the engine's place is handed out, so a folder that
  // vanished before the engine reached it is not handed to a helper either.
  const theirs = new Set<string>();
  let reached: string | null = null;
  let last = tops.length - 1;
  const handOut = (): string | null => {
    if (last < 0 || (reached !== null && tops[last]! <= reached)) return null;
    const name = tops[last--]!;
    theirs.add(name);
    return name;
  };
  let entries = 0;
  const helper = startCrawlHelper(
    { rootReal: spec.rootReal, rootId: spec.rootId, exclude: spec.exclude },
    (batch) => {
      entries += insertBatch(ix, spec.rootReal, batch);
      spec.onProgress?.(entries);
    },
    parallel.onEvent,
    handOut,
    parallel.helperEntry,
  );
  const enter = (rel: string): boolean => {
    if (rel.includes('/')) return true;
    if (theirs.has(rel)) return false;
    reached = rel;
    return true;
  };
  try {
    // The engine's part: every top-level entry, and below the folders the helper was not handed.
    await Promise.all([crawlInto(ix, { ...spec, keep: true, enter }), helper.done]);
  } catch (error) {
    helper.release();
    if (spec.signal?.aborted) throw error;
    // Whatever went wrong with the helper: the crawl is done again, alone.
    ix.clear(ROOT_ID);
    await crawlInto(ix, spec);
    return `alone, the helper failed${why}`;
  }
  // Every folder the helper read is in the index now, so watched by the engine: it can stop.
  helper.release();
  return `with a helper (it read ${theirs.size} of ${tops.length} top-level folders)${why}`;
}

/**
 * The root's top-level folders a crawl enters, in tree order: real folders (not links), not
 * excluded, with names that are valid UTF-8 (the walker leaves the others out).
 */
function topFolders(rootReal: string, exclude: string[]): string[] {
  const exclusion = compileExcludes(exclude, '');
  const isExcluded = exclusion ?? (() => false);
  // A left-out folder known by identity is not handed out: the engine's walk leaves it out.
  const ids = exclusion?.leftOutIds ?? null;
  const leftOut = (name: string) =>
    ids !== null && ids.has(idKey(fs.lstatSync(path.join(rootReal, name), { bigint: true })));
  try {
    return fs
      .readdirSync(rootReal, { withFileTypes: true })
      .filter((d) => d.isDirectory() && !d.name.includes('\uFFFD') && !isExcluded(d.name))
      .filter((d) => !leftOut(d.name))
      .map((d) => d.name)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  } catch {
    return [];
  }
}

/** Puts a helper's batch into the index; returns how many entries it held. */
function insertBatch(ix: FolderIndex, rootReal: string, batch: HelperBatch): number {
  if (batch.rels === '' && batch.notes.length === 0) return 0;
  const rels = batch.rels === '' ? [] : batch.rels.split('\0');
  const folderOf = (rel: string): number => {
    if (rel === '') return ROOT_ID;
    const known = ix.find(rel);
    // A folder the helper read that is a file now (replaced meanwhile): its events follow.
    if (known !== -1) return ix.kind[known] === KIND_DIR ? known : -1;
    // A folder handed to the helper, before the engine's own walk reached its entry: a name in
    // the root, looked at in the root itself (a folder further down came in an earlier batch,
    // and one that did not is not entered: nothing goes below a name that is no folder now).
    if (rel.includes('/')) return -1;
    let st: fs.Stats | undefined;
    try {
      st = fs.lstatSync(path.join(rootReal, rel), { throwIfNoEntry: false });
    } catch {
      st = undefined;
    }
    if (!st?.isDirectory()) return -1;
    return ix.put(ROOT_ID, rel, true, {
      size: st.size,
      mtimeMs: st.mtimeMs,
      birthtimeMs: st.birthtimeMs,
    });
  };
  // The times' bytes, copied into an aligned array.
  const bytes = Buffer.from(batch.times, 'base64');
  const times = new Float64Array(bytes.length / 8);
  new Uint8Array(times.buffer).set(bytes);
  let lastFolderRel: string | null = null;
  let lastFolder = -1;
  for (let i = 0; i < rels.length; i++) {
    const rel = rels[i]!;
    const slash = rel.lastIndexOf('/');
    const folderRel = slash === -1 ? '' : rel.slice(0, slash);
    if (folderRel !== lastFolderRel) {
      lastFolderRel = folderRel;
      lastFolder = folderOf(folderRel);
    }
    if (lastFolder === -1) continue;
    const size = times[i * 3]!;
    ix.put(
      lastFolder,
      rel.slice(slash + 1),
      batch.dirs.charCodeAt(i) === 49, // '1'
      Number.isNaN(size)
        ? null
        : { size, mtimeMs: times[i * 3 + 1]!, birthtimeMs: times[i * 3 + 2]! },
    );
  }
  for (const [rel, note] of batch.notes) {
    const id = ix.find(rel);
    if (id === -1) continue;
    if (note.kind === 'unreadable') ix.setFlag(id, FLAG_UNREADABLE, true);
    else if (note.kind === 'not-entered') ix.setFlag(id, FLAG_NOT_ENTERED, true);
    else ix.setInvalidNames(id, note.count);
  }
  return rels.length;
}
