// Looks at a folder on disk: its state (ok, missing, unreadable, not a folder) and, for a path
// typed or picked by the user, the normalized realpath that would be stored.
import fs from 'node:fs/promises';
import { constants } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RootView } from '../../shared/ipc.js';

/** How a folder looks on disk right now. */
export type FolderState = RootView['state'];

/** The state of `folder`: follows symlinks, and checks it can be listed. */
export async function folderState(folder: string): Promise<FolderState> {
  let stat;
  try {
    stat = await fs.stat(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'EACCES' || code === 'EPERM' ? 'unreadable' : 'missing';
  }
  if (!stat.isDirectory()) return 'not-a-folder';
  try {
    await fs.access(folder, constants.R_OK | constants.X_OK);
    const dir = await fs.opendir(folder);
    await dir.close();
    return 'ok';
  } catch {
    return 'unreadable';
  }
}

/** The result of resolving a user-given path: the realpath, or why it cannot be used. */
export type ResolvedFolder =
  { ok: true; path: string } | { ok: false; path: string; error: string };

/** Sentences for each bad state, shared by roots:check, roots:add and logic:setCatalog. */
export const STATE_ERRORS: Record<Exclude<FolderState, 'ok'>, string> = {
  missing: 'This folder does not exist.',
  unreadable: 'FolderGate cannot open this folder (permission denied).',
  'not-a-folder': 'This is a file, not a folder.',
};

/**
 * Normalizes a user-given path (trims it, expands a leading '~', requires it to be absolute),
 * then resolves it to its realpath and checks that it is a readable folder.
 */
export async function resolveFolder(
  input: string,
  home: string = os.homedir(),
): Promise<ResolvedFolder> {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, path: '', error: 'Type the full path of a folder.' };
  if (trimmed.includes('\0'))
    return { ok: false, path: '', error: 'The path contains a NUL character.' };
  const expanded =
    trimmed === '~' || /^~[\\/]/.test(trimmed) ? path.join(home, trimmed.slice(1)) : trimmed;
  if (!path.isAbsolute(expanded)) {
    return {
      ok: false,
      path: expanded,
      error: `Type the full path of the folder, starting with ${process.platform === 'win32' ? 'a drive such as C:\\' : "'/'"}.`,
    };
  }
  const normalized = path.resolve(expanded);
  const state = await folderState(normalized);
  if (state !== 'ok') return { ok: false, path: normalized, error: STATE_ERRORS[state] };
  try {
    return { ok: true, path: await fs.realpath(normalized) };
  } catch {
    return { ok: false, path: normalized, error: STATE_ERRORS.unreadable };
  }
}
