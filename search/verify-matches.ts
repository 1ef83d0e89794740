// The last check of an answer from the search engine: every match is looked at on disk (lstat,
// through folders opened the walk's safe way from the root) just before the page is returned, so
// a file deleted, replaced or changed a moment ago is never shown as the index last saw it.
import type { Candidate } from './candidates.js';
import type { FolderId, OpenFolder } from './folder-access.js';
import { platformFolderAccess } from './platform-access.js';

/**
 * The matches (paths relative to the start folder `startSegments` below `rootReal`) that are not
 * on disk as listed: gone, another kind, or other times or size. Empty when all are as listed.
 */
export function changedMatches(
  rootReal: string,
  rootId: FolderId | null,
  startSegments: readonly string[],
  matches: readonly Candidate[],
): string[] {
  const access = platformFolderAccess();
  const changed: string[] = [];
  const open = new Map<string, OpenFolder | null>();
  try {
    for (const c of matches) {
      const parts = c.rel.split('/');
      const name = parts.pop()!;
      const folderKey = parts.join('/');
      let folder = open.get(folderKey);
      if (folder === undefined) {
        try {
          folder = access.openStart(rootReal, [...startSegments, ...parts], rootId);
        } catch {
          folder = null;
        }
        open.set(folderKey, folder);
      }
      let same = false;
      if (folder !== null) {
        try {
          const st = access.lstat(folder, name);
          same =
            st !== undefined &&
            (c.isDirectory ? st.isDirectory() : st.isFile()) &&
            st.mtimeMs === c.mtimeMs &&
            st.birthtimeMs === c.birthtimeMs &&
            (c.isDirectory || st.size === c.size);
        } catch {
          same = false;
        }
      }
      if (!same) changed.push(c.rel);
    }
  } finally {
    for (const folder of open.values()) if (folder !== null) access.close(folder);
    access.leave();
  }
  return changed;
}
