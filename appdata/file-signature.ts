import fs from 'node:fs';

/**
 * What changes whenever a file may have (its modified and changed times, size and inode), or
 * 'missing' when it cannot be seen: one stat, so a file read on every call is re-read only when
 * this differs (settings/server-config.ts; the server front desk's watch of settings.json).
 */
export function fileSignature(file: string): string {
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(file, { throwIfNoEntry: false });
  } catch {
    stat = undefined;
  }
  return stat ? `${stat.mtimeMs}:${stat.ctimeMs}:${stat.size}:${stat.ino}` : 'missing';
}
