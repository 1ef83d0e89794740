// "Leave out" on the Folders screen: what one allowed folder keeps from AI apps (settings' root
// `leaveOut`), changed one item at a time under the settings lock. A subfolder is recorded by its
// path below the folder and its identity (device and inode, taken when it is left out), so servers
// keep it out when it is renamed or moved inside the folder. Suggestions are found by a cheap look
// at the folder's top levels: private-looking subfolders and large or noisy names.
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { IPC_ERROR_CODES, IpcError } from '#shared/contract/ipc.js';
import type { LeaveOutChange } from '#shared/contract/leave-out-ipc.js';
import {
  isPlainRel,
  LEAVE_OUT_MAX,
  NOISY_NAMES,
  PRIVATE_LOOKING_NAMES,
  type LeaveOut,
  type LeaveOutSuggestion,
} from '#shared/settings/leave-out.js';
import type { AllowedRoot } from '#shared/settings/settings.js';
import { isSamePath } from '#shared/text/path-compare.js';
import { t } from '#shared/i18n/i18n.js';
import type { SettingsStore } from '#appdata/settings/settings-store.js';

/** How deep suggestions look (the folder's children are level 1), and how many folders they read. */
const SUGGEST_LEVELS = 3;
const SUGGEST_MAX_READS = 200;
const SUGGEST_MAX = 40;

/** The leave-out operations over the settings store. */
export interface LeaveOutService {
  change(rootPath: string, change: LeaveOutChange): Promise<LeaveOut>;
  suggestions(rootPath: string): Promise<LeaveOutSuggestion[]>;
}

const EMPTY: LeaveOut = { folders: [], names: [] };

/** Creates the service over `store`. */
export function createLeaveOutService(store: SettingsStore): LeaveOutService {
  return {
    async change(rootPath, change) {
      let result: LeaveOut = EMPTY;
      await store.update(async (s) => {
        const index = s.roots.findIndex((r) => isSamePath(r.path, rootPath, path));
        const root = s.roots[index];
        if (!root) throw notAllowed();
        result = await changed(root, root.leaveOut ?? EMPTY, change);
        const next = { ...root, leaveOut: result };
        return { ...s, roots: s.roots.map((r, i) => (i === index ? next : r)) };
      });
      return result;
    },
    async suggestions(rootPath) {
      const root = store.view().settings.roots.find((r) => isSamePath(r.path, rootPath, path));
      if (!root) throw notAllowed();
      return suggest(root.path, root.leaveOut ?? EMPTY);
    },
  };
}

async function changed(
  root: AllowedRoot,
  now: LeaveOut,
  change: LeaveOutChange,
): Promise<LeaveOut> {
  switch (change.op) {
    case 'addFolder': {
      const folder = await leftOutFolder(root, change.folder);
      const others = now.folders.filter((f) => f.rel !== folder.rel);
      if (others.length >= LEAVE_OUT_MAX) throw full();
      return { ...now, folders: [...others, folder] };
    }
    case 'removeFolder':
      return { ...now, folders: now.folders.filter((f) => f.rel !== change.rel) };
    case 'addName': {
      if (now.names.includes(change.name)) return now;
      if (now.names.length >= LEAVE_OUT_MAX) throw full();
      return { ...now, names: [...now.names, change.name] };
    }
    case 'removeName':
      return { ...now, names: now.names.filter((n) => n !== change.name) };
  }
}

/** The subfolder `input` (absolute, or a path below the root) as it is left out: path and identity. */
async function leftOutFolder(root: AllowedRoot, input: string) {
  const rootReal = await fs.realpath(root.path).catch(() => root.path);
  const relInput = input.replace(/\\/g, '/').replace(/\/+$/, '');
  if (!path.isAbsolute(input) && !isPlainRel(relInput)) throw outside(root);
  let real: string;
  try {
    real = await fs.realpath(path.isAbsolute(input) ? input : path.join(rootReal, relInput));
  } catch {
    throw new IpcError(
      IPC_ERROR_CODES.invalidFolder,
      t('folderCheck.leaveOutMissing', { name: root.name }),
      t('folderCheck.leaveOutFix'),
    );
  }
  const rel = path.relative(rootReal, real);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) throw outside(root);
  const st = await fs.stat(real, { bigint: true });
  if (!st.isDirectory()) throw outside(root);
  return {
    rel: rel.split(path.sep).join('/'),
    id: { dev: st.dev.toString(), ino: st.ino.toString() },
  };
}

/** Private-looking subfolders and noisy names in the folder's top levels, not left out yet. */
async function suggest(rootPath: string, now: LeaveOut): Promise<LeaveOutSuggestion[]> {
  const found: LeaveOutSuggestion[] = [];
  const names = new Set(now.names.map((n) => n.toLowerCase()));
  const folders = new Set(now.folders.map((f) => f.rel));
  let level = [''];
  let reads = 0;
  for (let depth = 1; depth <= SUGGEST_LEVELS && level.length > 0; depth++) {
    const next: string[] = [];
    for (const rel of level) {
      if (reads++ >= SUGGEST_MAX_READS) break;
      let entries: Dirent[];
      try {
        entries = await fs.readdir(path.join(rootPath, rel), { withFileTypes: true });
      } catch {
        continue;
      }
      for (const entry of entries.filter((e) => e.isDirectory())) {
        const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
        const lower = entry.name.toLowerCase();
        if (NOISY_NAMES.includes(lower)) {
          if (!names.has(lower)) found.push({ kind: 'name', value: entry.name, why: 'noisy' });
          names.add(lower); // once, and never looked into
          continue;
        }
        if (folders.has(child)) continue;
        if (PRIVATE_LOOKING_NAMES.includes(lower)) {
          found.push({ kind: 'folder', value: child, why: 'private' });
          continue;
        }
        next.push(child);
      }
    }
    level = next.sort();
  }
  return found.slice(0, SUGGEST_MAX);
}

function notAllowed(): IpcError {
  return new IpcError(
    IPC_ERROR_CODES.notFound,
    'This folder is not in the list of allowed folders any more.',
    'Reload the Folders screen and choose the folder again.',
  );
}

function outside(root: AllowedRoot): IpcError {
  return new IpcError(
    IPC_ERROR_CODES.invalidFolder,
    t('folderCheck.leaveOutOutside', { name: root.name }),
    t('folderCheck.leaveOutFix'),
  );
}

function full(): IpcError {
  return new IpcError(
    IPC_ERROR_CODES.invalidPayload,
    t('folderCheck.leaveOutFull', { count: LEAVE_OUT_MAX }),
    t('folderCheck.leaveOutFullFix'),
  );
}
