// What FolderGate last wrote into each client config (its hash) and what the file was before
// (a backup, or absent), so Undo restores only a file nobody changed since. One small JSON file
// per config under <appData>/clients/, written atomically while the config's lock is held.
import fs from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { fileKey } from './config-file.js';

/** FolderGate's last write to one config file. */
export interface WriteRecord {
  file: string;
  /** SHA-256 of the bytes FolderGate wrote. */
  writtenSha256: string;
  /** The backup of the file before that write, or null when there was no file. */
  backupPath: string | null;
  at: string;
}

function recordPath(appDataDir: string, file: string): string {
  return path.join(appDataDir, 'clients', `${fileKey(file)}.json`);
}

/** The last write record of `file`, or null. */
export async function loadRecord(appDataDir: string, file: string): Promise<WriteRecord | null> {
  try {
    const data = JSON.parse(await fs.readFile(recordPath(appDataDir, file), 'utf8')) as WriteRecord;
    return typeof data.writtenSha256 === 'string' && data.file === path.resolve(file) ? data : null;
  } catch {
    return null;
  }
}

/** Saves (or, with null, forgets) the write record of `file`. */
export async function saveRecord(
  appDataDir: string,
  file: string,
  record: Omit<WriteRecord, 'file' | 'at'> | null,
): Promise<void> {
  const target = recordPath(appDataDir, file);
  if (record === null) {
    await fs.rm(target, { force: true });
    return;
  }
  await fs.mkdir(path.dirname(target), { recursive: true });
  const full: WriteRecord = { file: path.resolve(file), ...record, at: new Date().toISOString() };
  await writeFileAtomic(target, `${JSON.stringify(full, null, 2)}\n`);
}
