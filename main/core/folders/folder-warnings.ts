// Warnings for risky folder choices: a whole drive, the home folder (or a folder holding it), a
// system folder, or a folder nested in or containing another allowed folder. Pure: the caller
// passes realpaths, the home folder and the path API, so both platforms are unit-tested here.
import path from 'node:path';
import {
  isFilesystemRoot,
  isSamePath,
  isStrictlyInside,
  isWithin,
  type PathApi,
} from '#shared/text/path-compare.js';
import { t } from '#shared/i18n/i18n.js';

/** System folders AI should never search, per platform family. */
export const SYSTEM_FOLDERS = {
  posix: [
    '/etc',
    '/usr',
    '/bin',
    '/sbin',
    '/lib',
    '/boot',
    '/dev',
    '/proc',
    '/sys',
    '/var',
    '/System',
    '/Library',
    '/private/etc',
    '/private/var',
  ],
  win32: ['C:\\Windows', 'C:\\Program Files', 'C:\\Program Files (x86)', 'C:\\ProgramData'],
} as const;

/** What the warnings are computed against. */
export interface WarningContext {
  home: string;
  /** The other allowed folders (realpath when they exist). */
  others: Array<{ path: string; name: string }>;
  api?: PathApi;
}

/**
 * Why allowing `folder` (a realpath) is asked about before it is added: a whole drive, the home
 * folder or one holding it, or a system folder; null for an ordinary folder.
 */
export function folderRisk(
  folder: string,
  ctx: Pick<WarningContext, 'home' | 'api'>,
): 'drive' | 'home' | 'system' | null {
  const api = ctx.api ?? path;
  if (isFilesystemRoot(folder, api)) return 'drive';
  if (isWithin(ctx.home, folder, api)) return 'home';
  const system = api.sep === '\\' ? SYSTEM_FOLDERS.win32 : SYSTEM_FOLDERS.posix;
  return system.some((s) => isWithin(folder, s, api)) ? 'system' : null;
}

/** The allowed folder `folder` (a realpath) lies inside, if any: it is included already. */
export function includedIn<T extends { path: string }>(
  folder: string,
  others: T[],
  api: PathApi = path,
): T | null {
  return others.find((other) => isStrictlyInside(folder, other.path, api)) ?? null;
}

/** The warnings to show for allowing `folder` (already a realpath). */
export function folderWarnings(folder: string, ctx: WarningContext): string[] {
  const api = ctx.api ?? path;
  const warnings: string[] = [];
  if (isFilesystemRoot(folder, api)) {
    warnings.push(t('folderCheck.warnDrive'));
  } else if (isSamePath(folder, ctx.home, api)) {
    warnings.push(t('folderCheck.warnHome'));
  } else if (isStrictlyInside(ctx.home, folder, api)) {
    warnings.push(t('folderCheck.warnAboveHome'));
  }
  const system = api.sep === '\\' ? SYSTEM_FOLDERS.win32 : SYSTEM_FOLDERS.posix;
  if (!isFilesystemRoot(folder, api) && system.some((s) => isWithin(folder, s, api))) {
    warnings.push(t('folderCheck.warnSystem'));
  }
  for (const other of ctx.others) {
    if (isSamePath(folder, other.path, api)) continue;
    if (isStrictlyInside(folder, other.path, api)) {
      warnings.push(t('folderCheck.warnInside', { name: other.name }));
    } else if (isStrictlyInside(other.path, folder, api)) {
      warnings.push(t('folderCheck.warnContains', { name: other.name }));
    }
  }
  return warnings;
}
