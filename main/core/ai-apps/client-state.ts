// What FolderGate wrote into each client config, as a chain of its writes (each: the file's bytes
// before it, kept as a backup in FolderGate's own data folder, and the hash of what it wrote), so
// Undo takes the file back to how it was before FolderGate in one step, and only while nobody else
// changed it since. One small JSON file per config under <appData>/clients/, its backups under
// <appData>/clients/backups/ (never beside the person's config), written atomically while the
// config's lock is held.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { fileKey } from './config-file.js';

/** One write of FolderGate to a config file. */
export interface ConfigWrite {
  /** The backup of the file before this write (null: there was no file). */
  backupPath: string | null;
  /** SHA-256 of the bytes before this write (null: no file; undefined: not known, older record). */
  beforeSha256?: string | null;
  /** SHA-256 of the bytes FolderGate wrote. */
  writtenSha256: string;
  at: string;
  /** What the write did (absent in records of older versions). */
  what?: 'connect' | 'disconnect' | 'repair' | 'allow';
  /**
   * FolderGate's part of its entry as this write left it (the keys it writes: connect and
   * repair; absent in older records): whose entry the file holds later is decided by it.
   */
  entry?: Record<string, unknown>;
  /**
   * Set when FolderGate rewrote its own entry at its start for a new version (version-update.ts):
   * the program (or server script) the entry started before.
   */
  updatedFrom?: string;
}

/** FolderGate's writes to one config file, oldest first. */
export interface WriteRecord {
  file: string;
  writes: ConfigWrite[];
}

/** Writes kept per file: older ones are merged into the first (see {@link appendWrite}). */
export const WRITES_KEPT = 20;

function recordPath(appDataDir: string, file: string): string {
  return path.join(appDataDir, 'clients', `${fileKey(file)}.json`);
}

/** Where the backups of every config file are kept. */
export function backupsDir(appDataDir: string): string {
  return path.join(appDataDir, 'clients', 'backups');
}

/** The write record of `file`, or null (an older one-write record is read as a chain of one). */
export async function loadRecord(appDataDir: string, file: string): Promise<WriteRecord | null> {
  try {
    const data = JSON.parse(await fs.readFile(recordPath(appDataDir, file), 'utf8')) as Record<
      string,
      unknown
    >;
    if (data.file !== path.resolve(file)) return null;
    if (Array.isArray(data.writes) && data.writes.length > 0)
      return { file: data.file, writes: data.writes as ConfigWrite[] };
    if (typeof data.writtenSha256 === 'string') {
      const backupPath = typeof data.backupPath === 'string' ? data.backupPath : null;
      const at = typeof data.at === 'string' ? data.at : new Date(0).toISOString();
      return { file: data.file, writes: [{ backupPath, writtenSha256: data.writtenSha256, at }] };
    }
    return null;
  } catch {
    return null;
  }
}

/** Saves (or, with null, forgets) the write record of `file`. */
export async function saveRecord(
  appDataDir: string,
  file: string,
  record: WriteRecord | null,
): Promise<void> {
  const target = recordPath(appDataDir, file);
  if (record === null) {
    await fs.rm(target, { force: true });
    return;
  }
  await fs.mkdir(path.dirname(target), { recursive: true });
  await writeFileAtomic(target, `${JSON.stringify(record, null, 2)}\n`);
}

/** Keeps `bytes` (the config before a write) in FolderGate's backups folder; returns its path. */
export async function writeBackup(
  appDataDir: string,
  file: string,
  bytes: Buffer,
): Promise<string> {
  const dir = backupsDir(appDataDir);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const backup = path.join(dir, `${fileKey(file)}-${stamp}-${randomBytes(3).toString('hex')}`);
  await fs.writeFile(backup, bytes, { flag: 'wx', mode: 0o600 });
  return backup;
}

/** True when write `i` was made on exactly what write `i - 1` left (nobody changed it between). */
function linked(writes: readonly ConfigWrite[], i: number): boolean {
  return writes[i]!.beforeSha256 === writes[i - 1]!.writtenSha256;
}

/**
 * `writes` with `next` appended, at most {@link WRITES_KEPT} long: when longer, the two oldest
 * become one (the first's "before", the second's "written") if they are linked, else the oldest
 * goes (nothing before a change by someone else can be restored anyway). Returns the chain and the
 * backups no longer referenced.
 */
export function appendWrite(
  writes: readonly ConfigWrite[],
  next: ConfigWrite,
): { writes: ConfigWrite[]; unused: string[] } {
  const chain = [...writes, next];
  const unused: string[] = [];
  while (chain.length > WRITES_KEPT) {
    const [first, second] = chain as [ConfigWrite, ConfigWrite];
    if (linked(chain, 1)) {
      if (second.backupPath) unused.push(second.backupPath);
      // What the pair left is the second's: its entry too (an `allow` leaves the first's).
      const merged: ConfigWrite = { ...first, writtenSha256: second.writtenSha256, at: second.at };
      const left = second.what === 'allow' ? first.entry : second.entry;
      delete merged.updatedFrom;
      if (left) merged.entry = left;
      else delete merged.entry;
      chain.splice(0, 2, merged);
    } else {
      if (first.backupPath) unused.push(first.backupPath);
      chain.shift();
    }
  }
  return { writes: chain, unused };
}

/**
 * Which write Undo goes back before: the oldest one from which every later write was made on what
 * the one before it left. 0 means "how it was before FolderGate"; more means someone else changed
 * the file between FolderGate's writes, and going further back would lose that change.
 */
export function undoTarget(writes: readonly ConfigWrite[]): number {
  let k = writes.length - 1;
  while (k > 0 && linked(writes, k)) k--;
  return k;
}

/** Deletes backups (missing ones are fine). */
export async function removeBackups(paths: readonly (string | null)[]): Promise<void> {
  for (const p of paths) if (p) await fs.rm(p, { force: true });
}
