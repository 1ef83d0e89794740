import fs from 'node:fs';
import path from 'node:path';
import { ToolError } from '#shared/errors/errors.js';
import type { ServerConfig } from '#appdata/settings/server-config.js';
import { isSamePath } from '#shared/text/path-compare.js';
import { isSameFolder } from '#shared/settings/settings.js';
import type { LeaveOut } from '#shared/settings/leave-out.js';
import type { FolderId } from './folder-access.js';
import { fsError } from './path-guard.js';

/** The root one call searches: its display name, its path as configured, and its realpath. */
export interface ResolvedRoot {
  name: string;
  path: string;
  real: string;
  /** The folder's allowed file types (lowercase extensions); null = every type. */
  fileTypes: readonly string[] | null;
  /** The subfolders and names the person leaves out here (leave-out.ts); undefined: none. */
  leaveOut: LeaveOut | undefined;
  /** The folder the person chose, which every open of the root is checked against; null: not recorded. */
  id: FolderId | null;
}

/** The refusal of a root whose path no longer leads to the folder the person chose. */
export function rootReplacedError(name: string): ToolError {
  return new ToolError(
    'RootReplaced',
    `The allowed folder '${name}' was moved or replaced since the person chose it.`,
    'Ask the user to check the folder in FolderGate (Folders): they can allow the folder that is there now, or remove it. Do not retry before they have.',
    { about: 'allowed-folder', name },
  );
}

/**
 * Picks the root for a call: the default when `requested` is empty, otherwise the allowed root
 * whose name or path (compared after normalization and realpath) matches. A root whose identity
 * was recorded must still be that folder (same device, inode and realpath), else RootReplaced;
 * the walk checks the folder it opens again, so a swap after this check is caught there. Never
 * puts the absolute paths of allowed roots in an error.
 */
export function resolveRoot(requested: string | undefined, config: ServerConfig): ResolvedRoot {
  const { roots } = config;
  if (roots.length === 0) {
    throw new ToolError(
      'NoAllowedRoots',
      config.rootsProblem ?? 'No folder has been allowed yet.',
      'Ask the user to open FolderGate and add a folder AI may search; then call again.',
    );
  }
  let chosen: (typeof roots)[number] | undefined;
  if (requested === undefined || requested === '') {
    chosen =
      roots.find(
        (r) => config.defaultRoot !== null && isSamePath(r.path, config.defaultRoot, path),
      ) ?? roots[0];
  } else {
    chosen = roots.find((r) => r.name === requested) ?? findByPath(requested, roots);
    if (!chosen) {
      throw new ToolError(
        'RootNotAllowed',
        "'root' is not one of the folders the user allowed.",
        `Omit 'root' to search the default folder, or use one of these folder names: ${roots.map((r) => JSON.stringify(r.name)).join(', ')}. To search a subfolder, use 'path'.`,
      );
    }
  }
  if (!chosen)
    throw new ToolError(
      'NoAllowedRoots',
      'No folder has been allowed yet.',
      'Ask the user to add a folder in FolderGate.',
    );
  let real: string;
  let now: fs.BigIntStats | null = null;
  const identity = chosen.identity ?? null;
  try {
    real = fs.realpathSync.native(chosen.path);
    if (identity !== null) now = fs.statSync(real, { bigint: true });
  } catch (error) {
    const problem = fsError(error, chosen.name, 'allowed-folder');
    if (problem.code === 'PathNotFound') {
      throw new ToolError(
        'PathNotFound',
        `The allowed folder '${chosen.name}' does not exist anymore.`,
        'Ask the user to reconnect or re-add the folder in FolderGate, or use another root.',
        { about: 'allowed-folder', name: chosen.name },
      );
    }
    throw problem;
  }
  if (
    identity !== null &&
    (now === null ||
      !isSameFolder(identity, { dev: now.dev.toString(), ino: now.ino.toString(), real }, path))
  ) {
    throw rootReplacedError(chosen.name);
  }
  return {
    name: chosen.name,
    path: path.resolve(chosen.path),
    real,
    fileTypes: chosen.fileTypes ?? null,
    leaveOut: chosen.leaveOut,
    id: identity === null ? null : { dev: identity.dev, ino: identity.ino },
  };
}

/**
 * Throws RootReplaced when `root` (resolved with its identity) no longer leads to that folder: for
 * a check of the start folder that failed because the root itself was swapped meanwhile, so the
 * caller is told what happened rather than that some link points outside.
 */
export function assertRootStillThere(root: ResolvedRoot): void {
  if (root.id === null) return;
  let real: string;
  let now: fs.BigIntStats;
  try {
    real = fs.realpathSync.native(root.path);
    now = fs.statSync(real, { bigint: true });
  } catch {
    return; // gone for a moment: the caller's own error says so
  }
  const id = { dev: now.dev.toString(), ino: now.ino.toString() };
  if (id.dev !== root.id.dev || id.ino !== root.id.ino || !isSamePath(real, root.real, path))
    throw rootReplacedError(root.name);
}

function findByPath<T extends { path: string }>(requested: string, roots: T[]): T | undefined {
  if (!path.isAbsolute(requested)) return undefined;
  const wanted = realpathOrNull(path.resolve(requested));
  if (wanted === null) return undefined;
  return roots.find((r) => {
    const real = realpathOrNull(r.path);
    return real !== null && isSamePath(real, wanted, path);
  });
}

function realpathOrNull(p: string): string | null {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return null;
  }
}
