// The page a time-ordered search of the index fills (index-best-first.ts and index-time-order.ts
// find entries in different orders; both hand them here): each entry is filtered as the walk's
// matcher would, the best `keep` after the cursor are kept, and the answer carries the start
// folder's totals, which are the walk's counters for a search of the whole start folder.
import { SEARCH_LIMITS } from '#shared/tools/search-by-time.js';
import type { Candidate, SortKey } from '#search/candidates.js';
import {
  compareOf,
  compileGlob,
  createMatcher,
  createTypeFilter,
  filesOnly,
  sizeRefused,
} from '#search/matcher.js';
import type { WalkResult } from '#search/walker.js';
import { FLAG_NOT_ENTERED, FLAG_UNREADABLE, KIND_DIR, type FolderIndex } from './folder-index.js';
import { IndexEntry, type IndexQuery, type TimeAnswer } from './index-query.js';
import { createKindRefusal } from './subtree-kinds.js';

/**
 * The start folder of a query both time-ordered searches can answer: the whole of a start folder,
 * no region, no depth limit reached, nothing unreadable by stat, no unknown creation times wanted
 * (then the walk's counters are the start folder's totals). -1 when they cannot.
 */
export function wholeStart(ix: FolderIndex, q: IndexQuery): number {
  if (q.after !== null || q.until !== null) return -1;
  const start = ix.find(q.startRel);
  if (start === -1 || ix.kind[start] !== KIND_DIR) return -1;
  if ((ix.flags[start]! & (FLAG_UNREADABLE | FLAG_NOT_ENTERED)) !== 0) return -1;
  const s0 = ix.slot[start]!;
  // Unknown creation times wanted come last, in tree order: only when there are none to list.
  if (q.timeField !== 'modified' && q.includeUnknownTime && ix.sub.unknownBirth[s0] !== 0)
    return -1;
  const maxDepth = Math.min(q.maxDepth, SEARCH_LIMITS.maxDepthCeiling);
  const { sub } = ix;
  if (sub.notEntered[s0] !== 0 || sub.statFailed[s0] !== 0 || sub.height[s0]! > maxDepth) return -1;
  return start;
}

/** The best `keep` entries after the cursor, as they are considered. */
export class TimePage {
  readonly descending: boolean;
  private readonly compare: ReturnType<typeof compareOf>;
  private buffer: Candidate[] = [];
  private worstSeen: Candidate | null = null;
  private cutSincePush = true;
  private readonly key: SortKey = { rel: '', t: null };
  /** Called for each entry found; returns nothing (it keeps the entry when it belongs). */
  readonly consider: (id: number) => void;

  constructor(
    private readonly ix: FolderIndex,
    private readonly q: IndexQuery,
    sort: 'time_desc' | 'time_asc',
    private readonly after: SortKey | null,
    private readonly keep: number,
  ) {
    this.descending = sort === 'time_desc';
    this.compare = compareOf(sort);
    this.consider = this.considerer();
  }

  /** The page's worst time once it is full (nothing worse can enter), else null. */
  worst(): number | null {
    if (this.buffer.length >= this.keep && !this.cutSincePush) this.cut();
    return this.worstSeen?.t ?? null;
  }

  /** The answer: the page in order, with the start folder's totals as the walk's counters. */
  answer(start: number): TimeAnswer {
    const { ix } = this;
    this.buffer.sort(this.compare);
    const s0 = ix.slot[start]!;
    const prefix = this.q.startRel === '' ? 0 : this.q.startRel.length + 1;
    const last = ix.lastBelow(start);
    const walk: WalkResult = {
      scannedFiles: ix.sub.files[s0]!,
      scannedDirectories: 1 + ix.sub.dirs[s0]!,
      skippedUnreadable: ix.sub.unreadable[s0]!,
      notEnteredAtMaxDepth: 0,
      invalidNames: (ix.invalidNames.get(start) ?? 0) + ix.sub.invalid[s0]!,
      stopReason: 'done',
      stoppedAt: last === start ? null : ix.relOf(last).slice(prefix),
    };
    return { walk, skippedUnreadable: 0, part: this.buffer.slice(0, this.keep) };
  }

  private cut(): void {
    this.cutSincePush = true;
    this.buffer.sort(this.compare);
    this.buffer = this.buffer.slice(0, this.keep);
    this.worstSeen = this.buffer.length >= this.keep ? this.buffer[this.buffer.length - 1]! : null;
  }

  private considerer(): (id: number) => void {
    const { ix, q, after, descending, compare, key } = this;
    const { kind, mtime, btime } = ix;
    const modified = q.timeField === 'modified';
    const matcher = createMatcher(q);
    const entry = new IndexEntry(ix);
    const byName = q.glob !== null && !q.glob.includes('/') ? compileGlob(q.glob) : null;
    const byType = createTypeFilter(q);
    const listDirs = q.includeDirectories && !filesOnly(q);
    const bySize = q.minSize !== null || q.maxSize !== null;
    const prefix = q.startRel === '' ? 0 : q.startRel.length + 1;
    const refused = createKindRefusal(ix.fileKind, q);
    return (id: number) => {
      const isDirectory = kind[id] === KIND_DIR;
      if (isDirectory ? !listDirs : !q.includeFiles) return;
      if (refused !== null && !isDirectory && refused(id)) return;
      if (bySize && !isDirectory && sizeRefused(q, ix.sizeOf(id))) return;
      const t = modified ? mtime[id]! : btime[id] !== 0 ? btime[id]! : null;
      if (t === null) return; // unknown times are not wanted here (see wholeStart)
      if ((q.fromMs !== null && t < q.fromMs) || (q.toMs !== null && t >= q.toMs)) return;
      if (after !== null && after.t !== null && (descending ? t > after.t : t < after.t)) return;
      const worst = this.worstSeen;
      if (worst !== null && worst.t !== null && (descending ? t < worst.t : t > worst.t)) return;
      if (byName !== null || (byType !== null && !isDirectory)) {
        const name = ix.nameOf(id);
        if (byName !== null && !byName(name)) return;
        if (byType !== null && !isDirectory && !byType(name)) return;
      }
      entry.id = id;
      entry.isDirectory = isDirectory;
      entry.rel = ix.relOf(id).slice(prefix);
      const c = matcher.candidateOf(entry);
      if (c === null) return;
      key.rel = c.rel;
      key.t = c.t;
      if (after !== null && compare(key, after) <= 0) return;
      if (worst !== null && compare(key, worst) >= 0) return;
      this.buffer.push(c);
      this.cutSincePush = false;
      if (this.buffer.length >= this.keep * 2 + 64) this.cut();
    };
  }
}
