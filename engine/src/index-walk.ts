// Searching the index as the walker searches the disk: walkIndex is walker.ts's walkFrames with
// the index as its source — the same tree order, the same `after`/`until` positions, the same
// counters — and the two searches below run the search's own matcher (search/matcher.ts) over it, so
// an answer from the index is the answer a complete walk of the same tree gives. No scan limit
// applies: the index answers for the whole folder. Null means the index cannot answer exactly
// (the start folder is not in it, or the search would enter a folder the crawl did not).
import { SEARCH_LIMITS } from '#shared/tools/search-by-time.js';
import { type Candidate, type SortKey, sortTreeOrdered } from '#search/candidates.js';
import {
  compareOf,
  compileGlob,
  createMatcher,
  createTypeFilter,
  filesOnly,
  sizeRefused,
} from '#search/matcher.js';
import { comparePaths, type StopReason, type WalkResult, type WalkStats } from '#search/walker.js';
import {
  FLAG_NOT_ENTERED,
  FLAG_STAT_FAILED,
  FLAG_UNREADABLE,
  KIND_DIR,
  KIND_FILE,
  type FolderIndex,
} from './folder-index.js';
import { IndexEntry, type IndexQuery, type PathAnswer, type TimeAnswer } from './index-query.js';
import { SLICE_CHECK_EVERY, type Slicer } from './slicer.js';
import { createKindRefusal, createSubtreeTest } from './subtree-kinds.js';

export { IndexEntry, type IndexQuery, type PathAnswer, type TimeAnswer } from './index-query.js';

/** What to walk in the index: positions are '/'-separated paths relative to the start. */
export interface IndexWalkSpec {
  /** The start folder's id. */
  start: number;
  maxDepth: number;
  after: string | null;
  until: string | null;
  /** Called in tree order with the entry's id and its folder's path; false ends the walk. */
  visit(id: number, folderRel: string): boolean;
  /**
   * Asked before a folder is entered: true when nothing below it can be visited usefully. Its
   * subtree is then counted from the index's totals instead of visited (only where the totals
   * are what the visit would count: no region boundary, depth limit or unreadable entry in it).
   */
  skip?: ((dir: number) => boolean) | undefined;
  /** Gives the event loop back now and then (slicer.ts); absent: the walk runs in one go. */
  slicer?: Slicer | undefined;
}

interface Frame {
  id: number;
  rel: string;
  depth: number;
  list: number[];
  index: number;
  seek: string[] | null;
  bound: string[] | null;
}

/** Walks the index like walkFrames walks the disk; null when it cannot answer exactly. */
export async function walkIndex(ix: FolderIndex, spec: IndexWalkSpec): Promise<WalkResult | null> {
  const start = spec.start;
  if (ix.kind[start] !== KIND_DIR) return null;
  if ((ix.flags[start]! & (FLAG_UNREADABLE | FLAG_NOT_ENTERED)) !== 0) return null;
  const stats: WalkStats = {
    scannedFiles: 0,
    scannedDirectories: 1,
    skippedUnreadable: 0,
    notEnteredAtMaxDepth: 0,
    invalidNames: 0,
  };
  const afterSegments = spec.after === null ? null : spec.after.split('/');
  const untilSegments = spec.until === null ? null : spec.until.split('/');
  if (afterSegments === null) stats.invalidNames += ix.invalidNames.get(start) ?? 0;
  const stack: Frame[] = [frame(ix, start, '', 0, afterSegments, untilSegments)];
  let lastId = -1;
  let lastRel = '';
  const stop = (stopReason: StopReason): WalkResult => ({
    ...stats,
    stopReason,
    stoppedAt: lastId === -1 ? null : join(lastRel, ix.nameOf(lastId)),
  });
  const { kind, flags } = ix;
  const slicer = spec.slicer;
  let countdown = SLICE_CHECK_EVERY;

  while (stack.length > 0) {
    if (slicer && --countdown === 0) {
      countdown = SLICE_CHECK_EVERY;
      await slicer.check();
    }
    const f = stack[stack.length - 1]!;
    if (f.index >= f.list.length) {
      stack.pop();
      continue;
    }
    const id = f.list[f.index++]!;
    // Read only where needed: a region's edges, and the path of a folder entered.
    const name = f.seek !== null || f.bound !== null ? ix.nameOf(id) : '';
    let skipSelf = false;
    let childSeek: string[] | null = null;
    if (f.seek !== null) {
      const target = f.seek[0]!;
      if (name < target) continue;
      if (name === target) {
        skipSelf = true;
        childSeek = f.seek.length > 1 ? f.seek.slice(1) : null;
      }
      f.seek = null;
    }
    let childBound: string[] | null = null;
    let lastInRegion = false;
    if (f.bound !== null) {
      const target = f.bound[0]!;
      if (name > target) return stop('done');
      if (name === target) {
        if (f.bound.length === 1) lastInRegion = true;
        else childBound = f.bound.slice(1);
      }
    }
    const isDirectory = kind[id] === KIND_DIR;
    if (!skipSelf) {
      if (kind[id] === KIND_FILE) stats.scannedFiles++;
      lastId = id;
      lastRel = f.rel;
      if (!spec.visit(id, f.rel)) return stop('visitor');
    }
    if (lastInRegion) return stop('done');
    if (!isDirectory) continue;
    if (f.depth >= spec.maxDepth) {
      if (!skipSelf) stats.notEnteredAtMaxDepth++;
      continue;
    }
    stats.scannedDirectories++;
    const flag = flags[id]!;
    if ((flag & FLAG_UNREADABLE) !== 0) {
      stats.skippedUnreadable++;
      continue;
    }
    if ((flag & FLAG_NOT_ENTERED) !== 0) return null;
    const seek = skipSelf ? childSeek : null;
    if (seek === null) stats.invalidNames += ix.invalidNames.get(id) ?? 0;
    if (spec.skip && seek === null && childBound === null) {
      const slot = ix.slot[id]!;
      const sub = ix.sub;
      const height = sub.height[slot]!;
      if (
        sub.notEntered[slot] === 0 &&
        sub.statFailed[slot] === 0 &&
        (height === 0 || f.depth + height < spec.maxDepth) &&
        spec.skip(id)
      ) {
        stats.scannedFiles += sub.files[slot]!;
        stats.scannedDirectories += sub.dirs[slot]!;
        stats.skippedUnreadable += sub.unreadable[slot]!;
        stats.invalidNames += sub.invalid[slot]!;
        const last = ix.lastBelow(id);
        if (last !== id) {
          lastId = last;
          lastRel = relBetween(ix, id, last, join(f.rel, name || ix.nameOf(id)));
        }
        continue;
      }
    }
    stack.push(frame(ix, id, join(f.rel, name || ix.nameOf(id)), f.depth + 1, seek, childBound));
  }
  return stop('done');
}

function frame(
  ix: FolderIndex,
  id: number,
  rel: string,
  depth: number,
  seek: string[] | null,
  bound: string[] | null,
): Frame {
  const list = ix.childrenOf(id) ?? [];
  let index = 0;
  if (seek !== null) {
    const name = seek[0]!;
    let hi = list.length;
    while (index < hi) {
      const mid = (index + hi) >>> 1;
      if (ix.nameOf(list[mid]!) < name) index = mid + 1;
      else hi = mid;
    }
  }
  return { id, rel, depth, list, index, seek, bound };
}

/** The path of `id`'s folder, relative to the start, given `dir` (an ancestor) and its path. */
function relBetween(ix: FolderIndex, dir: number, id: number, dirRel: string): string {
  const parts: string[] = [];
  for (let at = ix.parent[id]!; at !== dir && at !== -1; at = ix.parent[at]!)
    parts.push(ix.nameOf(at));
  parts.push(dirRel);
  return parts.reverse().join('/');
}

const join = (folderRel: string, name: string) =>
  folderRel === '' ? name : `${folderRel}/${name}`;

function startOf(ix: FolderIndex, q: IndexQuery): number {
  return ix.find(q.startRel);
}

/** The first `limit` matches after `q.after` in tree order (path_asc), or null. */
export async function searchPathOrder(
  ix: FolderIndex,
  q: IndexQuery,
  limit: number,
  slicer?: Slicer,
): Promise<PathAnswer | null> {
  const start = startOf(ix, q);
  if (start === -1) return null;
  const matcher = createMatcher(q);
  const entry = new IndexEntry(ix);
  const page: Candidate[] = [];
  let more = false;
  // Subtrees whose files' kinds and sizes cannot match, and files of a kind not asked for, are
  // passed over before a path is built (subtree-kinds.ts).
  const cannotHold = createSubtreeTest(ix.sub, q);
  const refused = createKindRefusal(ix.fileKind, q);
  const walk = await walkIndex(ix, {
    start,
    maxDepth: Math.min(q.maxDepth, SEARCH_LIMITS.maxDepthCeiling),
    after: q.after,
    until: q.until,
    slicer,
    skip: cannotHold === null ? undefined : (dir) => cannotHold(ix.slot[dir]!),
    visit(id, folderRel) {
      entry.isDirectory = ix.kind[id] === KIND_DIR;
      if (refused !== null && !entry.isDirectory && refused(id)) return true;
      entry.id = id;
      entry.rel = join(folderRel, ix.nameOf(id));
      const c = matcher.candidateOf(entry);
      if (c === null) return true;
      if (page.length < limit) {
        page.push(c);
        return true;
      }
      more = true;
      return false;
    },
  });
  if (walk === null) return null;
  return { walk, skippedUnreadable: matcher.skippedUnreadable, page, more };
}

/**
 * The best `keep` matches after `after` in a time sort's order, over the region of `q`; null when
 * the index cannot answer. Cheap tests first (kind, time, the page's worst so far) on the typed
 * arrays; only entries that could be on the page meet the matcher (file types, glob).
 */
export async function searchTimeOrder(
  ix: FolderIndex,
  q: IndexQuery,
  sort: 'time_desc' | 'time_asc',
  after: SortKey | null,
  keep: number,
  slicer?: Slicer,
): Promise<TimeAnswer | null> {
  const start = startOf(ix, q);
  if (start === -1) return null;
  const matcher = createMatcher(q);
  const compare = compareOf(sort);
  const entry = new IndexEntry(ix);
  const modified = q.timeField === 'modified';
  // A pattern without '/' is matched against the name alone (picomatch's basename mode), and
  // file types are a name's ending: both are tested before a path is built for the entry.
  const byName = q.glob !== null && !q.glob.includes('/') ? compileGlob(q.glob) : null;
  const byType = createTypeFilter(q);
  const listDirs = q.includeDirectories && !filesOnly(q);
  const bySize = q.minSize !== null || q.maxSize !== null;
  const { kind, flags, mtime, btime } = ix;
  let buffer: Candidate[] = [];
  let worst: Candidate | null = null;
  const key: SortKey = { rel: '', t: null };
  // Compares by time only: 0 when the times are equal (the paths then decide).
  const byTime = (t: number | null, other: SortKey): number => {
    if (t === other.t) return 0;
    if (t === null) return 1;
    if (other.t === null) return -1;
    return sort === 'time_desc' ? other.t - t : t - other.t;
  };
  const { sub, slot } = ix;
  const descending = sort === 'time_desc';
  const cannotHold = createSubtreeTest(sub, q);
  const refused = createKindRefusal(ix.fileKind, q);
  // True when no entry below `dir` can be on the page: the range of its times lies outside the
  // query's, before the cursor, or after the worst of a full page.
  const skip = (dir: number): boolean => {
    const at = slot[dir]!;
    if (sub.files[at]! + sub.dirs[at]! === 0) return true;
    if (cannotHold !== null && cannotHold(at)) return true; // no file of the kinds and sizes
    const hi = modified ? sub.maxM[at]! : sub.maxB[at]!;
    const lo = modified ? sub.minM[at]! : sub.minB[at]!;
    const unknown = !modified && sub.unknownBirth[at]! > 0 && q.includeUnknownTime;
    if (unknown) return false; // listed last, after every known time: kept apart from ranges
    if (hi === -Infinity) return true; // no known time below, and unknown ones not wanted
    if ((q.fromMs !== null && hi < q.fromMs) || (q.toMs !== null && lo >= q.toMs)) return true;
    if (after !== null && after.t !== null && (descending ? lo > after.t : hi < after.t))
      return true;
    if (after !== null && after.t === null) return true; // past the known times already
    const full = worst !== null && buffer.length >= keep;
    if (full && worst!.t !== null && (descending ? hi <= worst!.t : lo >= worst!.t)) return true;
    return false;
  };
  const walk = await walkIndex(ix, {
    start,
    maxDepth: Math.min(q.maxDepth, SEARCH_LIMITS.maxDepthCeiling),
    after: q.after,
    until: q.until,
    slicer,
    skip,
    visit(id, folderRel) {
      const isDirectory = kind[id] === KIND_DIR;
      if (isDirectory ? !listDirs : !q.includeFiles) return true;
      if (refused !== null && !isDirectory && refused(id)) return true;
      let rel: string | null = null;
      if ((flags[id]! & FLAG_STAT_FAILED) === 0) {
        // What the matcher would refuse after its stat, refused before building a path.
        if (bySize && !isDirectory && sizeRefused(q, ix.sizeOf(id))) return true;
        const t = modified ? mtime[id]! : btime[id] !== 0 ? btime[id]! : null;
        if (t === null) {
          if (!q.includeUnknownTime) return true;
        } else if ((q.fromMs !== null && t < q.fromMs) || (q.toMs !== null && t >= q.toMs)) {
          return true;
        }
        if (after !== null) {
          const c = byTime(t, after);
          if (c < 0) return true;
          if (c === 0) {
            rel = join(folderRel, ix.nameOf(id));
            if (comparePaths(rel, after.rel) <= 0) return true;
          }
        }
        // Met in tree order: an equal time comes after the worst so far in path order too.
        if (worst !== null && byTime(t, worst) >= 0) return true;
        if (byName !== null || (byType !== null && !isDirectory)) {
          const name = ix.nameOf(id);
          if (byName !== null && !byName(name)) return true;
          if (byType !== null && !isDirectory && !byType(name)) return true;
        }
      }
      entry.id = id;
      entry.isDirectory = isDirectory;
      entry.rel = rel ?? join(folderRel, ix.nameOf(id));
      const c = matcher.candidateOf(entry);
      if (c === null) return true;
      key.rel = c.rel;
      key.t = c.t;
      if (after !== null && compare(key, after) <= 0) return true;
      if (worst !== null && compare(key, worst) > 0) return true;
      buffer.push(c);
      // Cut often: the worst kept so far is what lets whole folders be passed over.
      if (buffer.length >= keep * 2 + 64) {
        buffer = sortTreeOrdered(buffer, sort).slice(0, keep);
        worst = buffer[buffer.length - 1] ?? null;
      }
      return true;
    },
  });
  if (walk === null) return null;
  sortTreeOrdered(buffer, sort);
  return { walk, skippedUnreadable: matcher.skippedUnreadable, part: buffer.slice(0, keep) };
}
