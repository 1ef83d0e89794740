// The last check of an answer from the search engine: every match is looked at on disk (lstat,
// through folders opened the walk's safe way from the root) just before the page is returned, so
// a file deleted, replaced or changed a moment ago is never shown as the index last saw it; and
// the query is applied to it again with what the disk says (its kind, name, type and times), so
// an engine's match the walk would not have listed is never shown either (the kinds and sizes
// asked for included: the matcher reads the size found on disk). The paths were checked
// first (engine-answer-check.ts): plain names below the start folder, none of them `..`.
import type { Candidate } from './candidates.js';
import type { FolderAccess, FolderId, OpenFolder } from './folder-access.js';
import { createMatcher, type MatchQuery } from './matcher.js';
import { lookingFolderAccess } from './platform-access.js';
import { compileExclusion, idKey, isLeftOutError } from './leave-out.js';
import { openStartChecked } from './walk-leave-out.js';
import type { EntryTimes } from './fast-lstat.js';
import type { BelowStat } from './stat-below.js';

/** What the disk says of an engine's matches. */
export interface MatchesOnDisk {
  /** Not on disk as listed: gone, unreadable, another kind, other times or size. */
  changed: string[];
  /** On disk as listed, but not what the query asks for (by kind, name, type or time). */
  unfit: string[];
}

/**
 * Looks at each match (a path relative to the start folder `startSegments` below `rootReal`) on
 * disk and applies `query` to it again with the times read there. Both lists are empty when every
 * match is on disk as listed and matches the query with the sort time it was listed with.
 */
export function checkMatchesOnDisk(
  rootReal: string,
  rootId: FolderId | null,
  startSegments: readonly string[],
  matches: readonly Candidate[],
  query: MatchQuery,
  exclude: readonly string[] = [],
): MatchesOnDisk {
  const access = lookingFolderAccess();
  // Left-out folders known by identity (a renamed one keeps its exclusion, which a path does not
  // show): every folder on a match's way is opened one at a time and compared, and so is a
  // matched folder itself; the engine's native listing records no identities, so its answer is
  // refused whole when one slips in, and the server walks.
  const exclusion = compileExclusion(exclude, startSegments.join('/'));
  const ids = exclusion?.leftOutIds ?? null;
  const matcher = createMatcher(query);
  const found: MatchesOnDisk = { changed: [], unfit: [] };
  // Where the native module can, every match is looked at in one call (stat-below.ts).
  if (ids === null && access.statBelow !== undefined) {
    const stats = lookAtAll(access, rootReal, rootId, startSegments, matches);
    if (stats !== null) {
      matches.forEach((c, i) => {
        const st = stats[i]!;
        judge(c, st.status === 'ok' ? st : undefined);
      });
      return found;
    }
  }
  const open = new Map<string, OpenFolder | null>();
  // Where the platform can, each match's folder is opened in one call below the root's
  // descriptor (FolderAccess.openBelow): the check's cost per match does not grow with depth.
  // Left-out identities need every folder on the way looked at, so they take the long way.
  let root: OpenFolder | null = null;
  const openFolder = (way: string[]): OpenFolder => {
    if (ids !== null || access.openBelow === undefined || way.length === 0)
      return openStartChecked(access, rootReal, way, rootId, exclusion);
    root ??= access.openStart(rootReal, [], rootId);
    return access.openBelow(root, way, rootReal);
  };
  try {
    for (const c of matches) {
      const parts = c.rel.split('/');
      const name = parts.pop()!;
      const folderKey = parts.join('/');
      let folder = open.get(folderKey);
      if (folder === undefined) {
        try {
          folder = openFolder([...startSegments, ...parts]);
        } catch (error) {
          if (isLeftOutError(error)) {
            found.unfit.push(c.rel);
            continue;
          }
          folder = null;
        }
        open.set(folderKey, folder);
      }
      let st: ReturnType<typeof access.lstat>;
      try {
        st = folder === null ? undefined : access.lstat(folder, name);
      } catch {
        st = undefined;
      }
      if (st !== undefined && c.isDirectory && ids?.has(idKey(st)) === true) {
        if (same(c, st)) found.unfit.push(c.rel);
        else found.changed.push(c.rel);
        continue;
      }
      judge(c, st);
    }
  } finally {
    for (const folder of open.values()) if (folder !== null) access.close(folder);
    if (root !== null) access.close(root);
    access.leave();
  }
  return found;

  /** A match judged by what the disk says of it (`st`: undefined when it cannot be read). */
  function judge(c: Candidate, st: DiskStat | undefined): void {
    if (st === undefined || !same(c, st)) {
      found.changed.push(c.rel);
      return;
    }
    // The walk's own matcher, given the times just read on disk.
    const onDisk = matcher.candidateOf({ rel: c.rel, isDirectory: c.isDirectory, stat: () => st });
    if (onDisk === null || onDisk.t !== c.t) found.unfit.push(c.rel);
  }
}

/**
 * Every match looked at in one native call below the root (opened, its identity checked, as a
 * walk opens it); null when that cannot be done here, or the root cannot be opened (the slower
 * way then says so for each match).
 */
function lookAtAll(
  access: FolderAccess,
  rootReal: string,
  rootId: FolderId | null,
  startSegments: readonly string[],
  matches: readonly Candidate[],
): BelowStat[] | null {
  let root: OpenFolder;
  try {
    root = access.openStart(rootReal, [], rootId);
  } catch {
    return null;
  }
  try {
    const prefix = startSegments.length === 0 ? '' : `${startSegments.join('/')}/`;
    return access.statBelow!(
      root,
      matches.map((c) => prefix + c.rel),
    );
  } finally {
    access.close(root);
    access.leave();
  }
}

/** What the check reads of an entry on disk. */
type DiskStat = EntryTimes & { isFile(): boolean; isDirectory(): boolean };

/** True when the entry on disk is the match as listed: its kind, times and (a file's) size. */
function same(c: Candidate, st: DiskStat): boolean {
  return (
    (c.isDirectory ? st.isDirectory() : st.isFile()) &&
    st.mtimeMs === c.mtimeMs &&
    st.birthtimeMs === c.birthtimeMs &&
    (c.isDirectory || st.size === c.size)
  );
}
