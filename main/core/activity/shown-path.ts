// Where a file an AI app was shown is now: an Activity record's folder name and relative path,
// resolved against the allowed folders (used by Activity's details and by What AI saw).
import path from 'node:path';
import { isWithin } from '#shared/text/path-compare.js';

/**
 * `<root's path>/<rel>` for an allowed folder named `rootName`, or null when no allowed folder
 * has that name now or `rel` is absolute or climbs out of it (the log is written by other
 * processes, so its paths are checked like any input).
 */
export function resolveShownPath(
  roots: ReadonlyArray<{ path: string; name: string }>,
  rootName: string,
  rel: string,
): string | null {
  const root = roots.find((r) => r.name === rootName);
  if (!root || rel === '' || path.isAbsolute(rel) || /^[a-zA-Z]:|^[\\/]/.test(rel)) return null;
  const segments = rel.split(/[\\/]+/).filter((s) => s !== '' && s !== '.');
  if (segments.some((s) => s === '..')) return null;
  const full = path.join(root.path, ...segments);
  return isWithin(full, root.path, path) ? full : null;
}
