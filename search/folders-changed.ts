// Whether the folders a kept scan went through changed since it started: a server answers a page
// from a kept scan (mcp-server/src/scan/snapshot-cache.ts) only while none did. One stat per
// folder, in one native call where the native listing is on (fast-list.c's firstChanged: the
// deep 200k tree's 11,111 folders in ~15 ms instead of ~27 ms), else from JavaScript; both give
// the same answer (folders-changed.test.ts holds them equal, to the millisecond's last bit).
import fs from 'node:fs';
import path from 'node:path';
import { nativeFirstChanged } from './native-list.js';

/**
 * The index in `rels` of the first folder (`base` joined with it; '' is `base` itself) that is
 * gone, cannot be stat'ed, or whose modified or changed time is at or after `sinceMs`; -1 when
 * none is. Metadata only, to decide whether to walk again: nothing is listed or shown through it.
 */
export function firstChangedFolder(base: string, rels: readonly string[], sinceMs: number): number {
  const native = nativeFirstChanged();
  if (native) {
    try {
      return native(base, rels as string[], sinceMs);
    } catch {
      // Out of memory in the module: the slower way below.
    }
  }
  return firstChangedInJs(base, rels, sinceMs);
}

/** {@link firstChangedFolder} from JavaScript, one fs.statSync per folder. */
export function firstChangedInJs(base: string, rels: readonly string[], sinceMs: number): number {
  for (let i = 0; i < rels.length; i++) {
    const rel = rels[i]!;
    let st: fs.Stats | undefined;
    try {
      st = fs.statSync(rel === '' ? base : path.join(base, rel), { throwIfNoEntry: false });
    } catch {
      return i; // cannot be stat'ed now (say, no longer readable): walk again, which says so
    }
    if (st === undefined || st.ctimeMs >= sinceMs || st.mtimeMs >= sinceMs) return i;
  }
  return -1;
}
