// A folder's pending changes (what its watches reported), applied to its index in slices under
// its gate (index-gate.ts) with a turn of the event loop between them: applying a storm of
// changes must keep the engine reading the events still coming (their queue would overflow
// otherwise, event-meter.ts) and answering queries meanwhile.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FolderId } from '#search/folder-access.js';
import { isOutOfDescriptors, waitForDescriptors } from '#search/out-of-descriptors.js';
import { applyChange, type ChangeTarget } from './apply-change.js';
import type { FolderIndex } from './folder-index.js';
import type { FolderWatch } from './folder-watch.js';
import type { IndexGate } from './index-gate.js';

/** How long changes are applied before the event loop turns, in ms. */
const APPLY_SLICE_MS = 10;

/** What applying needs of a held folder (search-engine.ts's Folder). */
export interface ChangingFolder {
  readonly spec: { rootReal: string; rootId: FolderId | null; exclude: string[] };
  readonly index: FolderIndex;
  readonly gate: IndexGate;
  readonly watch: FolderWatch | null;
  readonly abort: AbortController;
  readonly isExcluded: ((rel: string) => boolean) | undefined;
  /** Paths below the root that changed ('/'-separated); null (always last): reread everything. */
  pending: Array<string | null>;
  /** Those of them whose names were created, removed or moved (folder-watch.ts's WatchSink). */
  renamed: Set<string>;
  readonly closed: boolean;
  readonly crawling: boolean;
}

/** What the engine does for its folders beside applying. */
export interface ApplyHooks {
  /** Reads the folder again whole (once its crawl, if one runs, ends). */
  rescan(): void;
  log(line: string): void;
}

/** The folder's pending changes taken out of it, each path once. */
export interface Batch {
  rels: Array<string | null>;
  renamed: Set<string>;
}

/** Takes the pending changes: applying reads a path as it is now, so a repeat adds nothing. */
export function takePending(folder: ChangingFolder): Batch {
  const batch = { rels: [...new Set(folder.pending)], renamed: folder.renamed };
  folder.pending = [];
  folder.renamed = new Set();
  return batch;
}

/** Applies everything pending, and what comes meanwhile, until nothing is left. */
export async function applyPending(folder: ChangingFolder, hooks: ApplyHooks): Promise<void> {
  while (folder.pending.length > 0 && !folder.closed && !folder.crawling)
    await applyBatch(folder, hooks, takePending(folder));
}

/** Applies one batch; stops when the folder closes or is being crawled (which reads it all). */
export async function applyBatch(
  folder: ChangingFolder,
  hooks: ApplyHooks,
  { rels, renamed }: Batch,
): Promise<void> {
  let next = 0;
  let busy = 0;
  while (next < rels.length) {
    if (folder.closed || folder.crawling) return;
    let outOfDescriptors = false;
    next = await folder.gate.write(async () => {
      const sliceEnd = performance.now() + APPLY_SLICE_MS;
      for (let i = next; i < rels.length; i++) {
        const rel = rels[i]!;
        if (rel === null) {
          hooks.rescan();
          return rels.length;
        }
        if ((await apply(folder, hooks, rel, renamed.has(rel))) === 'out-of-descriptors') {
          outOfDescriptors = true;
          return i; // tried again after a wait, outside the gate
        }
        if (folder.closed || folder.crawling) return rels.length;
        if (performance.now() >= sliceEnd) return i + 1;
      }
      return rels.length;
    });
    if (!outOfDescriptors) busy = 0;
    else if (!(await waitForDescriptors(busy++))) {
      // Still none: the folder is read again whole, which waits longer between tries.
      hooks.rescan();
      return;
    }
    await nextTurn();
  }
}

/** Entries a server found changed on disk: read again now (a thousand at most). */
export function recheck(folder: ChangingFolder, hooks: ApplyHooks, rels: string[]): Promise<void> {
  return folder.gate.write(async () => {
    for (const rel of rels.slice(0, 1000)) await apply(folder, hooks, rel, false);
  });
}

/** Applies one change; says so when it could not for want of descriptors (to try again). */
async function apply(
  folder: ChangingFolder,
  hooks: ApplyHooks,
  rel: string,
  renamed: boolean,
): Promise<'done' | 'out-of-descriptors'> {
  try {
    await applyChange(changeTarget(folder, hooks), rel, renamed);
  } catch (error) {
    if (isOutOfDescriptors(error)) return 'out-of-descriptors';
    // What applyChange throws is about the allowed folder itself (gone, replaced, unreadable:
    // anything below it it handles): read again whole, which says what became of it.
    hooks.log(`engine: ${rel}: ${error instanceof Error ? error.message : String(error)}`);
    hooks.rescan();
  }
  return 'done';
}

function changeTarget(folder: ChangingFolder, hooks: ApplyHooks): ChangeTarget {
  return {
    rootReal: folder.spec.rootReal,
    rootId: folder.spec.rootId,
    exclude: folder.spec.exclude,
    index: folder.index,
    signal: folder.abort.signal,
    isExcluded: folder.isExcluded,
    rewatch: (id) => folder.watch?.rewatch(id),
    log: hooks.log,
  };
}
