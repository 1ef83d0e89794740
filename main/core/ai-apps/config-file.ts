// Reading and replacing a client's config file safely: a cross-process lock (the app and the CLI
// never interleave) and an atomic write (temp file + rename in the same folder, mode kept) that is
// abandoned when the client rewrote the file meanwhile. Backups: client-state.ts.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, renameSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { IpcError } from '#shared/contract/ipc.js';
import { FileLockError, withFileLock as withLock } from '#appdata/file-lock.js';
import {
  CLIENT_ERROR_CODES,
  danglingLinkError,
  isPermissionError,
  readOnlyError,
} from './client-errors.js';

/** The SHA-256 of some bytes, hex. */
export function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** A short, stable name for a config path (locks and state files). */
export function fileKey(file: string): string {
  return sha256(path.resolve(file)).slice(0, 24);
}

/**
 * Runs `fn` holding the lock of `file` (the one file lock, appdata/file-lock.ts; its folder under
 * <appData>/locks, not beside the app's file). A lock that cannot be had is ClientConfigBusy.
 */
export async function withFileLock<T>(
  appDataDir: string,
  file: string,
  fn: () => Promise<T>,
): Promise<T> {
  const dir = path.join(appDataDir, 'locks');
  await fs.mkdir(dir, { recursive: true });
  try {
    return await withLock(file, fn, { lockPath: path.join(dir, `${fileKey(file)}.lock`) });
  } catch (error) {
    if (!(error instanceof FileLockError)) throw error;
    if (error.reason === 'failed') throw readOnlyError(dir, error.cause);
    throw new IpcError(
      CLIENT_ERROR_CODES.configBusy,
      `Another FolderGate process kept ${file} busy.`,
      'Try again in a moment.',
    );
  }
}

/**
 * Throws ClientConfigDanglingLink when `file` is a symbolic link to something that does not exist
 * (a dotfiles checkout not there, a drive not connected): reading it finds nothing, and writing
 * it would replace the person's link with a plain file.
 */
export async function assertNotDanglingLink(file: string): Promise<void> {
  const st = await fs.lstat(file).catch(() => null);
  if (!st?.isSymbolicLink()) return;
  try {
    await fs.stat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return;
    const target = await fs.readlink(file).catch(() => '(unknown)');
    throw danglingLinkError(file, path.resolve(path.dirname(file), target));
  }
}

/** The file's bytes; null when it (or its folder) does not exist. Other errors are thrown. */
export async function readBytes(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}

function readBytesSync(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Throws ClientConfigReadOnly when `file` may not be changed: no write permission for this user,
 * or no write bit at all (honoured even for root, who could write anyway: a person who marked a
 * file read-only meant it).
 */
export async function assertWritable(file: string): Promise<void> {
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile() || (stat.mode & 0o222) === 0) {
      const error = new Error('read-only') as NodeJS.ErrnoException;
      error.code = stat.isFile() ? 'EACCES' : 'EISDIR';
      throw error;
    }
    await fs.access(file, fs.constants.W_OK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw readOnlyError(file, error);
  }
}

/** The file changed between our read and our rename: the edit must be redone. */
export class ConcurrentChange extends Error {
  override name = 'ConcurrentChange';
}

/**
 * Atomically replaces `file` with `text` if it still holds `expected` (null: still absent). The
 * new content is first written in full (write-file-atomic: temp file, fsync, the file's mode and
 * owner) to a staging file beside it; the content check then runs right before the one rename
 * that publishes it, so a client that rewrote its file meanwhile is never overwritten: that
 * throws ConcurrentChange and leaves the file alone.
 */
export async function replaceIfUnchanged(
  file: string,
  text: string | Buffer,
  expected: Buffer | null,
): Promise<void> {
  // Rename onto the real file, so a symlinked config (dotfile managers) stays a symlink.
  await assertNotDanglingLink(file);
  const target = await fs.realpath(file).catch(() => file);
  const staging = `${target}.foldergate-${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await fs.mkdir(path.dirname(target), { recursive: true });
    const stat = await fs.stat(target).catch(() => null);
    await writeFileAtomic(staging, text, {
      mode: stat ? stat.mode & 0o7777 : 0o644,
      ...(stat ? { chown: { uid: stat.uid, gid: stat.gid } } : {}),
    });
    // Synchronous on purpose: no event-loop turn or thread-pool hop between the check and the
    // rename, which is the only window in which a client's own write could still be lost.
    const now = readBytesSync(target);
    const same = now === null ? expected === null : expected !== null && now.equals(expected);
    if (!same) throw new ConcurrentChange(`${file} changed while FolderGate was editing it.`);
    renameSync(staging, target);
  } catch (error) {
    await fs.rm(staging, { force: true }).catch(() => undefined);
    if (error instanceof ConcurrentChange) throw error;
    if (isPermissionError(error)) throw readOnlyError(file, error);
    throw error;
  }
}
