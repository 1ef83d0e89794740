import path from 'node:path';
import { type OpenFolder } from '#search/folder-access.js';
import { platformFolderAccess } from '#search/platform-access.js';
import { dropInvalidNames } from '#search/utf8-names.js';
import { comparePaths } from '#search/walker.js';
import { compileExcludes } from '#search/matcher.js';
import { type ScanQuery } from './region-scan.js';

/** Deepest level whose folders may become region boundaries (1 = the start folder's children). */
const MAX_LEVEL = 3;
/** At most this many folders are listed to find the boundaries. */
const MAX_LISTINGS = 64;

/**
 * Boundaries that cut the tree order (after, until] into contiguous regions: folders near the
 * top, in tree order. A boundary at folder X ends one region with X itself and starts the next
 * with X's contents (the walker's `until`/`after`). Folders are taken level by level (the start
 * folder's children, then theirs, …) until there are at least `wanted`, so that regions are many
 * and small enough to balance the children. Only folders the walk would enter are used: real
 * folders (not links), not excluded, above maxDepth. Listed through the same folder access as
 * the walk (descriptors, no link followed), the root checked to be the folder the person chose;
 * an error here means no split (and a replaced root is then refused by the walk itself).
 */
export function findBoundaries(
  query: ScanQuery,
  after: string | null,
  until: string | null,
  wanted: number,
): string[] {
  const access = platformFolderAccess();
  const isExcluded = compileExcludes(query.exclude, query.startRel);
  const startSegments = path.relative(query.rootReal, query.startReal);
  const found: string[] = [];
  let listings = 0;
  let level: { rel: string; folder: OpenFolder }[] = [];
  const start = access.openStart(
    query.rootReal,
    startSegments === '' ? [] : startSegments.split(path.sep),
    query.rootId,
  );
  level.push({ rel: '', folder: start });
  try {
    for (let depth = 1; depth <= MAX_LEVEL && depth - 1 <= query.maxDepth; depth++) {
      const next: { rel: string; folder: OpenFolder }[] = [];
      for (const { rel, folder } of level) {
        if (listings++ >= MAX_LISTINGS) break;
        let names: string[];
        try {
          const listed = dropInvalidNames(access.list(folder), () => access.listRaw(folder));
          names = listed.entries.filter((e) => e.isDirectory()).map((e) => e.name);
        } catch {
          continue;
        }
        for (const name of names) {
          const child = rel === '' ? name : `${rel}/${name}`;
          if (isExcluded?.(child)) continue;
          // Entered by the walk only when its level is above maxDepth (depth 0 = direct children).
          if (depth - 1 >= query.maxDepth) continue;
          found.push(child);
          if (depth < MAX_LEVEL && found.length < wanted) {
            try {
              next.push({ rel: child, folder: access.openChild(folder, name) });
            } catch {
              // unreadable: no boundary below it
            }
          }
        }
      }
      for (const { folder } of level) access.close(folder);
      level = next;
      if (found.length >= wanted) break;
    }
  } finally {
    for (const { folder } of level) access.close(folder);
    access.leave();
  }
  const inRange = found
    .filter(
      (b) =>
        (after === null || comparePaths(b, after) > 0) &&
        (until === null || comparePaths(b, until) < 0),
    )
    .sort(comparePaths);
  // A level may hold far more folders than wanted (20 folders of 100 each: 2,000): every region
  // costs a round trip and a walk down to its start, so keep about `wanted`, evenly spread (any
  // subset of boundaries still cuts the tree order into contiguous regions).
  if (inRange.length <= wanted * 2) return inRange;
  const step = inRange.length / wanted;
  const thinned: string[] = [];
  for (let i = 0; i < wanted; i++) thinned.push(inRange[Math.floor(i * step)]!);
  return thinned;
}
