// One query a server asks, answered from a folder's index or declined (the server then walks).
// The search runs in slices (slicer.ts) under the folder's gate (index-gate.ts): it never holds
// the event loop for long, so the engine keeps reading its event queue while it answers, and it
// stops when the folder is read again meanwhile, when nobody waits for the answer any more, or
// when the asking server would have given up on it.
import {
  ENGINE_ASK_TIMEOUT_MS,
  type EngineAnswer,
  type EngineDecline,
  type EngineQuery,
} from '#shared/engine/engine.js';
import type { FolderId } from '#search/folder-access.js';
import { collectWhenQuiet } from '#search/idle-gc.js';
import type { FolderIndex } from './folder-index.js';
import type { IndexGate } from './index-gate.js';
import { searchPathOrder, searchTimeOrder, type IndexQuery } from './index-walk.js';
import { searchTimeBestFirst } from './index-best-first.js';
import { searchTimeGlobal } from './index-time-order.js';
import { createSlicer, Superseded } from './slicer.js';
import { countMatches } from './index-count.js';

/** What answering needs of a held folder (search-engine.ts's Folder). */
export interface AnsweringFolder {
  readonly spec: { rootId: FolderId | null; exclude: string[] };
  readonly index: FolderIndex;
  readonly gate: IndexGate;
  readonly state: 'preparing' | 'ready' | 'walking';
  readonly crawling: boolean;
  readonly closed: boolean;
}

/** Answers `query` from `folder`'s index (null folder: not held). */
export async function answerQuery(
  folder: AnsweringFolder | null,
  query: EngineQuery,
  signal?: AbortSignal,
): Promise<EngineAnswer> {
  const early = declineWhy(folder, query);
  if (early !== null) return decline(early);
  const held = folder!;
  const started = performance.now();
  return held.gate.read(async () => {
    const ix = held.index;
    // Why the search may not go on (checked after each slice, and once the gate let it in).
    const stop = (): string | null => {
      if (signal?.aborted) return 'nobody waits for the answer';
      if (held.closed || held.index !== ix || held.state !== 'ready' || held.crawling)
        return 'the folder is being read again';
      if (performance.now() - started > ENGINE_ASK_TIMEOUT_MS) return 'the server gave up';
      return null;
    };
    if (stop() !== null) return decline('preparing');
    collectWhenQuiet();
    try {
      const slicer = createSlicer(stop);
      const answer = await search(ix, query, slicer);
      return query.total === true ? await withTotal(ix, query, answer, slicer) : answer;
    } catch (error) {
      if (error instanceof Superseded) return decline('preparing');
      throw error;
    }
  });
}

/**
 * The answer with how many entries match the whole query (the Search preview asks on a first
 * page): the page's own count when it holds them all, else counted (index-count.ts; none when
 * that takes too long).
 */
async function withTotal(
  ix: FolderIndex,
  query: EngineQuery,
  answer: EngineAnswer,
  slicer: ReturnType<typeof createSlicer>,
): Promise<EngineAnswer> {
  if (answer.type !== 'answer' || query.after !== null || query.afterKey !== null) return answer;
  const all = query.sort === 'path_asc' ? !answer.more : answer.matches.length < query.count;
  if (all) return { ...answer, total: answer.matches.length };
  const total = await countMatches(ix, indexQueryOf(query), slicer);
  return total === null ? answer : { ...answer, total };
}

async function search(
  ix: FolderIndex,
  query: EngineQuery,
  slicer: ReturnType<typeof createSlicer>,
): Promise<EngineAnswer> {
  const q = indexQueryOf(query);
  if (query.sort === 'path_asc') {
    const found = await searchPathOrder(ix, q, query.count, slicer);
    if (!found) return decline('not-indexed');
    return {
      type: 'answer',
      walk: found.walk,
      skippedUnreadable: found.skippedUnreadable,
      matches: found.page,
      more: found.more,
    };
  }
  const found =
    (await searchTimeGlobal(ix, q, query.sort, query.afterKey, query.count, slicer)) ??
    (await searchTimeBestFirst(ix, q, query.sort, query.afterKey, query.count, slicer)) ??
    (await searchTimeOrder(ix, q, query.sort, query.afterKey, query.count, slicer));
  if (!found) return decline('not-indexed');
  return {
    type: 'answer',
    walk: found.walk,
    skippedUnreadable: found.skippedUnreadable,
    matches: found.part,
    more: false,
  };
}

/** The index's query of an engine query. */
function indexQueryOf(query: EngineQuery): IndexQuery {
  return {
    startRel: query.startRel,
    maxDepth: query.maxDepth,
    after: query.after,
    until: query.until,
    timeField: query.timeField,
    fromMs: query.fromMs,
    toMs: query.toMs,
    glob: query.glob,
    includeFiles: query.includeFiles,
    includeDirectories: query.includeDirectories,
    includeUnknownTime: query.includeUnknownTime,
    fileTypes: query.fileTypes,
    kinds: query.kinds,
    minSize: query.minSize,
    maxSize: query.maxSize,
  };
}

/** Why the folder cannot answer at all, or null. */
function declineWhy(folder: AnsweringFolder | null, query: EngineQuery): EngineDecline | null {
  if (!folder || folder.closed) return 'no-folder';
  if (folder.state === 'walking') return 'walking';
  if (folder.state !== 'ready' || folder.crawling) return 'preparing';
  if (
    query.followSymlinks ||
    JSON.stringify(query.exclude) !== JSON.stringify(folder.spec.exclude) ||
    !sameId(query.rootId, folder.spec.rootId)
  )
    return 'settings-differ';
  return null;
}

function decline(why: EngineDecline): EngineAnswer {
  return { type: 'decline', why };
}

function sameId(a: FolderId | null, b: FolderId | null): boolean {
  if (a === null || b === null) return true;
  return a.dev === b.dev && a.ino === b.ino;
}
