// What a search of the index asks and answers (index-walk.ts and index-best-first.ts), and the
// index's entries as the search's matcher reads them.
import type { Candidate } from '#search/candidates.js';
import type { EntryTimes } from '#search/fast-lstat.js';
import type { MatchEntry, MatchQuery } from '#search/matcher.js';
import type { WalkResult } from '#search/walker.js';
import { FLAG_STAT_FAILED, type FolderIndex } from './folder-index.js';

/** One search of the index, in plain data (it crosses the engine channel as JSON). */
export interface IndexQuery extends MatchQuery {
  /** The start folder relative to the root ('/'-separated, '' for the root). */
  startRel: string;
  maxDepth: number;
  /** Positions of the region, relative to the start (a cursor's `ws` and `we`). */
  after: string | null;
  until: string | null;
}

/** What a path-ordered page found. */
export interface PathAnswer {
  walk: WalkResult;
  skippedUnreadable: number;
  page: Candidate[];
  /** A match beyond the page exists. */
  more: boolean;
}

/** What a time-ordered page found: the best `keep` after the cursor's key, in the query's order. */
export interface TimeAnswer {
  walk: WalkResult;
  skippedUnreadable: number;
  part: Candidate[];
}

/** An entry of the index as the matcher reads it (one object, reused for every entry). */
export class IndexEntry implements MatchEntry {
  rel = '';
  isDirectory = false;
  id = 0;
  constructor(private readonly ix: FolderIndex) {}
  stat(): EntryTimes {
    const ix = this.ix;
    if ((ix.flags[this.id]! & FLAG_STAT_FAILED) !== 0) throw new Error('unreadable');
    return {
      size: ix.sizeOf(this.id),
      mtimeMs: ix.mtime[this.id]!,
      birthtimeMs: ix.btime[this.id]!,
    };
  }
}
