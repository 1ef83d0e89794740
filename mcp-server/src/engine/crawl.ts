// Fills the index with a folder's tree by running the search's own walker over it: the same rules
// (no link followed, the settings' excludes, the depth ceiling, names that are not UTF-8 counted,
// every folder opened through its parent's handle), so the index holds what a walk would visit.
import { SEARCH_LIMITS } from '#shared/tools/search-by-time.js';
import type { FolderId } from '../search/folder-access.js';
import { compileExcludes } from '../search/scan/region-scan.js';
import { walkTree, type WalkResult } from '../search/walker.js';
import {
  FLAG_NOT_ENTERED,
  FLAG_UNREADABLE,
  KIND_DIR,
  ROOT_ID,
  type FolderIndex,
} from './folder-index.js';

/** Where and how to crawl. */
export interface CrawlSpec {
  rootReal: string;
  rootId: FolderId | null;
  /** The folder to crawl, relative to the root ('' for the root); it must be in the index. */
  rel: string;
  exclude: string[];
  signal?: AbortSignal | undefined;
  /** Entries indexed so far by this crawl. */
  onProgress?: ((entries: number) => void) | undefined;
}

/** Crawls the folder at `spec.rel` (emptied first) into the index. Throws what the walk throws. */
export async function crawlInto(ix: FolderIndex, spec: CrawlSpec): Promise<WalkResult> {
  const dirId = ix.find(spec.rel);
  if (dirId === -1 || ix.kind[dirId] !== KIND_DIR) throw new Error(`not indexed: ${spec.rel}`);
  ix.clear(dirId);
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
    until: null,
    limits: null,
    deadline: Infinity,
    signal: spec.signal,
    isExcluded: compileExcludes(spec.exclude, spec.rel),
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
