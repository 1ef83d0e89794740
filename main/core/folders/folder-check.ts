// Looks at a folder on disk: its state (ok, missing, unreadable, not a folder, moved or
// replaced), its identity (device, inode, realpath) and, for a path typed or picked by the user,
// the normalized realpath that would be stored.
import fs from 'node:fs/promises';
import { constants } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RootView } from '#shared/contract/ipc.js';
import { isSameFolder, type AllowedRoot, type RootIdentity } from '#shared/settings/settings.js';
import { t } from '#shared/i18n/i18n.js';

/** How a folder looks on disk right now. */
export type FolderState = RootView['state'];

/** The state of `folder`: follows symlinks, and checks it can be listed. */
export async function folderState(folder: string): Promise<Exclude<FolderState, 'replaced'>> {
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

/**
 * The identity of the folder `folder` leads to now: its realpath, and the device and inode numbers
 * as decimal strings (64-bit: a Windows file ID does not fit a double). Throws fs errors.
 */
export async function folderIdentity(folder: string): Promise<RootIdentity> {
  const real = await fs.realpath(folder);
  const st = await fs.stat(real, { bigint: true });
  return { dev: st.dev.toString(), ino: st.ino.toString(), real };
}

/**
 * The state of an allowed folder: folderState(), and 'replaced' (with where its path leads now)
 * when its identity was recorded and the path no longer leads to that folder. A folder swapped
 * again right after this look is still refused by every server, which checks what it opens.
 */
export async function rootState(
  root: AllowedRoot,
): Promise<{ state: FolderState; nowAt: string | null }> {
  const state = await folderState(root.path);
  if (state !== 'ok' || root.identity === undefined) return { state, nowAt: null };
  let now: RootIdentity;
  try {
    now = await folderIdentity(root.path);
  } catch {
    return { state: 'missing', nowAt: null };
  }
  return isSameFolder(root.identity, now, path)
    ? { state, nowAt: null }
    : { state: 'replaced', nowAt: now.real };
}

/** The result of resolving a user-given path: the realpath, or why it cannot be used. */
export type ResolvedFolder =
  { ok: true; path: string } | { ok: false; path: string; error: string };

/** The sentence for a bad state, shared by roots:check, roots:add and logic:setCatalog. */
export function stateError(state: Exclude<FolderState, 'ok' | 'replaced'>): string {
  return t(`folderCheck.${state}`);
}

/**
 * Normalizes a user-given path (trims it, expands a leading '~', requires it to be absolute),
 * then resolves it to its realpath and checks that it is a readable folder.
 */
export async function resolveFolder(
  input: string,
  home: string = os.homedir(),
): Promise<ResolvedFolder> {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, path: '', error: t('folderCheck.empty') };
  if (trimmed.includes('\0')) return { ok: false, path: '', error: t('folderCheck.nul') };
  const expanded =
    trimmed === '~' || /^~[\\/]/.test(trimmed) ? path.join(home, trimmed.slice(1)) : trimmed;
  if (!path.isAbsolute(expanded)) {
    return {
      ok: false,
      path: expanded,
      error: t('folderCheck.notAbsolute', {
        start: t(
          process.platform === 'win32' ? 'folderCheck.driveStart' : 'folderCheck.slashStart',
        ),
      }),
    };
  }
  const normalized = path.resolve(expanded);
  const state = await folderState(normalized);
  if (state !== 'ok') return { ok: false, path: normalized, error: stateError(state) };
  try {
    return { ok: true, path: await fs.realpath(normalized) };
  } catch {
    return { ok: false, path: normalized, error: stateError('unreadable') };
  }
}
