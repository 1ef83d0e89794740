// The search answers a connection may read again (`foldergate://results/<id>`): kept in this
// process (one per AI app's connection), within a budget (RESULT_STORE_MAX_RESULTS results and
// RESULT_STORE_MAX_BYTES of their matches' JSON; the least recently used goes first). A dropped or
// unknown result is not found; the fix is to run the search again.
import { randomBytes } from 'node:crypto';
import {
  RESULTS_URI_PREFIX,
  RESULT_STORE_MAX_BYTES,
  RESULT_STORE_MAX_RESULTS,
} from '#shared/tools/resource-names.js';
import type { SearchMatch, SearchOutput } from '#shared/tools/search-by-time.js';

/** One saved answer: what was asked, in which folder, and the matches it gave. */
export interface SavedResult {
  id: string;
  uri: string;
  /** Epoch ms when it was saved (or last refreshed by the live index). */
  savedAt: number;
  /** The search's arguments (without a cursor): a live result runs them again. */
  args: Record<string, unknown>;
  /** The allowed folder it searched, as the settings named it then. */
  root: { name: string; path: string };
  timeField: SearchOutput['timeField'];
  range: SearchOutput['range'];
  matches: SearchMatch[];
  /** Whether the search had more pages than this answer holds. */
  more: boolean;
  bytes: number;
}

/** What a search hands the store. */
export type NewResult = Omit<SavedResult, 'id' | 'uri' | 'savedAt' | 'bytes'>;

/** The results of one connection. */
export interface ResultStore {
  /** Keeps `result` (dropping the least recently used beyond the budget); returns its URI. */
  save(result: NewResult): SavedResult;
  /** The result `id`, marked as used; null when unknown or dropped. */
  get(id: string): SavedResult | null;
  /** Replaces a result's matches (the live index saw a change). */
  refresh(id: string, matches: SearchMatch[], more: boolean): void;
  /** Every result kept, newest first. */
  list(): SavedResult[];
  /** Told when a result is added or dropped (the resource list changed). */
  onListChanged?: (() => void) | undefined;
}

/** Creates an empty store with the given budget (default: the contract's). */
export function createResultStore(
  budget: { maxResults?: number; maxBytes?: number } = {},
  now: () => number = Date.now,
): ResultStore {
  const maxResults = budget.maxResults ?? RESULT_STORE_MAX_RESULTS;
  const maxBytes = budget.maxBytes ?? RESULT_STORE_MAX_BYTES;
  // Insertion order is use order: a use moves a result to the end.
  const kept = new Map<string, SavedResult>();
  let total = 0;
  const store: ResultStore = {
    save(result) {
      const id = randomBytes(12).toString('hex');
      const bytes = Buffer.byteLength(JSON.stringify(result.matches));
      const saved: SavedResult = {
        ...result,
        id,
        uri: RESULTS_URI_PREFIX + id,
        savedAt: now(),
        bytes,
      };
      kept.set(id, saved);
      total += bytes;
      trim(id);
      store.onListChanged?.();
      return saved;
    },
    get(id) {
      const saved = kept.get(id);
      if (!saved) return null;
      kept.delete(id);
      kept.set(id, saved);
      return saved;
    },
    refresh(id, matches, more) {
      const saved = kept.get(id);
      if (!saved) return;
      const bytes = Buffer.byteLength(JSON.stringify(matches));
      total += bytes - saved.bytes;
      Object.assign(saved, { matches, more, bytes, savedAt: now() });
      trim(id);
    },
    list: () => [...kept.values()].sort((a, b) => b.savedAt - a.savedAt),
  };
  /** Drops the least recently used until within budget (never `keep`, the one just used). */
  function trim(keep: string): void {
    let dropped = false;
    for (const [id, saved] of kept) {
      if (kept.size <= maxResults && total <= maxBytes) break;
      if (id === keep) continue;
      kept.delete(id);
      total -= saved.bytes;
      dropped = true;
    }
    if (dropped && kept.has(keep)) store.onListChanged?.();
  }
  return store;
}
