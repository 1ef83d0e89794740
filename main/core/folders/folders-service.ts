// The allowed folders: list with live state and warnings, check a typed path, add, rename,
// remove, make default, and confirm a folder that was moved or replaced. Every change goes
// through the settings store (the only writer) and records the identity (device, inode, realpath)
// of each folder that has none yet: a new one as it is when added, and one from an older version
// as it is then (trust on first use; core.ts also does so when the app starts).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type * as z from 'zod';
import {
  IPC_ERROR_CODES,
  IpcError,
  type RootView,
  type folderCheckSchema,
} from '#shared/contract/ipc.js';
import type { AllowedRoot, Settings } from '#shared/settings/settings.js';
import { isSamePath } from '#shared/text/path-compare.js';
import {
  stateError,
  folderIdentity,
  folderState,
  resolveFolder,
  rootState,
} from './folder-check.js';
import { folderRisk, folderWarnings, includedIn } from './folder-warnings.js';
import {
  completeFolder,
  didYouMean,
  suggestFolders,
  type FolderSuggestion,
} from './folder-suggest.js';
import { baseName, uniqueName } from '#shared/settings/settings-migrations.js';
import type { SettingsStore } from '#appdata/settings/settings-store.js';
import { t } from '#shared/i18n/i18n.js';
import { createRemovedFolders } from './removed-folders.js';

/** The answer of roots:check. */
export type FolderCheck = z.output<typeof folderCheckSchema>;

/** Operations on the allowed folders; each returns the new list. */
export interface RootsService {
  list(): Promise<RootView[]>;
  check(input: string): Promise<FolderCheck>;
  /** The person's usual folders that exist and are not allowed (or included) yet. */
  suggest(): Promise<FolderSuggestion[]>;
  /** Folders completing a typed path. */
  complete(input: string): Promise<string[]>;
  add(input: string, name?: string): Promise<RootView[]>;
  rename(path: string, name: string): Promise<RootView[]>;
  remove(path: string): Promise<RootView[]>;
  /** remove, answering also the id that `restore` takes to put the folder back as it was. */
  removeUndoable(path: string): Promise<{ roots: RootView[]; undo: string }>;
  /** Puts a folder removed in this run back exactly as it was (Undo); the id is used up. */
  restore(undo: string): Promise<RootView[]>;
  setDefault(path: string): Promise<RootView[]>;
  /**
   * Allows the folder now at a moved or replaced folder's path (the person checked it): records
   * its identity. `nowAt`, when given, is where the person saw the path lead: refused if it
   * leads elsewhere by now.
   */
  confirm(path: string, nowAt?: string): Promise<RootView[]>;
  /** Records the identity of every folder that has none (trust on first use); never throws. */
  recordIdentities(): Promise<void>;
}

/** Creates the service over `store`; `home` is the user's home folder (for warnings). */
export function createRootsService(
  store: SettingsStore,
  options: { home?: string } = {},
): RootsService {
  const home = options.home ?? os.homedir();
  let homeReal: string | null = null;
  const realHome = async () => (homeReal ??= await realOrSelf(home));
  const removed = createRemovedFolders();

  async function others(roots: AllowedRoot[], except?: string) {
    const list = roots.filter((r) => except === undefined || r.path !== except);
    return Promise.all(list.map(async (r) => ({ name: r.name, path: await realOrSelf(r.path) })));
  }

  async function check(input: string, settings: Settings): Promise<FolderCheck> {
    const resolved = await resolveFolder(input, home);
    const names = settings.roots.map((r) => r.name);
    const suggestedName = resolved.path ? uniqueName(baseName(resolved.path), names) : '';
    const base = { warnings: [], suggestedName, didYouMean: null, risk: null };
    if (!resolved.ok) {
      const meant = await didYouMean(input, home);
      return { ...base, ok: false, path: resolved.path, error: resolved.error, didYouMean: meant };
    }
    const existing = await others(settings.roots);
    const duplicate = existing.find((r) => isSamePath(r.path, resolved.path, path));
    if (duplicate) {
      return {
        ...base,
        ok: false,
        path: resolved.path,
        error: t('folderCheck.duplicate', { name: duplicate.name }),
      };
    }
    // A folder inside an allowed one is searched already: adding it again would only confuse.
    const container = includedIn(resolved.path, existing);
    if (container) {
      return {
        ...base,
        ok: false,
        path: resolved.path,
        error: t('folderCheck.included', { name: container.name }),
      };
    }
    const homeNow = await realHome();
    const warnings = folderWarnings(resolved.path, { home: homeNow, others: existing });
    const risk = folderRisk(resolved.path, { home: homeNow });
    return { ...base, ok: true, path: resolved.path, error: null, warnings, risk };
  }

  async function list(settings: Settings = store.view().settings): Promise<RootView[]> {
    const home = await realHome();
    const fallbackDefault = settings.roots[0]?.path;
    return Promise.all(
      settings.roots.map(async (root) => {
        const { state, nowAt } = await rootState(root);
        return {
          path: root.path,
          name: root.name,
          isDefault:
            settings.defaultRoot === null
              ? root.path === fallbackDefault
              : isSamePath(root.path, settings.defaultRoot, path),
          state,
          nowAt,
          warnings: folderWarnings(await realOrSelf(root.path), {
            home,
            others: await others(settings.roots, root.path),
          }),
        };
      }),
    );
  }

  async function change(
    mutate: (settings: Settings) => Settings | Promise<Settings>,
  ): Promise<RootView[]> {
    const view = await store.update(async (settings) => withIdentities(await mutate(settings)));
    return list(view.settings);
  }

  async function removeUndoable(target: string): Promise<{ roots: RootView[]; undo: string }> {
    let undo = '';
    const roots = await change((settings) => {
      const root = findRoot(settings.roots, target);
      const wasDefault =
        settings.defaultRoot !== null && isSamePath(settings.defaultRoot, root.path, path);
      undo = removed.keep(settings, root);
      return {
        ...settings,
        roots: settings.roots.filter((r) => r !== root),
        defaultRoot: wasDefault ? null : settings.defaultRoot,
      };
    });
    return { roots, undo };
  }

  return {
    list: () => list(),
    check: (input) => check(input, store.view().settings),
    suggest: async () =>
      suggestFolders(
        await realHome(),
        (await others(store.view().settings.roots)).map((r) => r.path),
      ),
    complete: (input) => completeFolder(input, home),
    add: (input, name) =>
      change(async (settings) => {
        const result = await check(input, settings);
        if (!result.ok)
          throw new IpcError(
            IPC_ERROR_CODES.invalidFolder,
            result.error ?? 'This folder cannot be added.',
            'Choose an existing folder that is not already allowed.',
          );
        const chosen = name === undefined ? result.suggestedName : validName(name, settings.roots);
        // What the person chose, taken now: servers refuse the path once it leads elsewhere.
        const identity = await folderIdentity(result.path);
        return {
          ...settings,
          roots: [...settings.roots, { path: result.path, name: chosen, identity }],
        };
      }),
    rename: (path, name) =>
      change((settings) => {
        const root = findRoot(settings.roots, path);
        const chosen = validName(
          name,
          settings.roots.filter((r) => r !== root),
        );
        return {
          ...settings,
          roots: settings.roots.map((r) => (r === root ? { ...r, name: chosen } : r)),
        };
      }),
    remove: async (target) => (await removeUndoable(target)).roots,
    removeUndoable,
    restore: (undo) => change((settings) => removed.restore(settings, undo)),
    setDefault: (path) =>
      change((settings) => {
        const root = findRoot(settings.roots, path);
        return { ...settings, defaultRoot: root.path };
      }),
    confirm: (target, nowAt) =>
      change(async (settings) => {
        const root = findRoot(settings.roots, target);
        const state = await folderState(root.path);
        if (state !== 'ok')
          throw new IpcError(
            IPC_ERROR_CODES.invalidFolder,
            stateError(state),
            'Reconnect the drive the folder is on, or remove the folder and add the right one.',
          );
        const identity = await folderIdentity(root.path);
        if (nowAt !== undefined && !isSamePath(identity.real, nowAt, path))
          throw new IpcError(
            IPC_ERROR_CODES.invalidFolder,
            `This folder changed again: it now leads to ${identity.real}.`,
            'Check the folder again before you choose to use it.',
          );
        return {
          ...settings,
          roots: settings.roots.map((r) => (r === root ? { ...r, identity } : r)),
        };
      }),
    recordIdentities: async () => {
      if (store.readOnly || store.view().canStartOver) return;
      // Nothing to write while the only folders without one are not there (a drive unplugged).
      const unrecorded = store.view().settings.roots.filter((r) => r.identity === undefined);
      const states = await Promise.all(unrecorded.map((r) => folderState(r.path)));
      if (!states.includes('ok')) return;
      try {
        await store.update(withIdentities);
      } catch {
        // Not writable now: the next change records them.
      }
    },
  };
}

// Each folder without a recorded identity gets the one it has now, when it is there to be seen.
async function withIdentities(settings: Settings): Promise<Settings> {
  if (settings.roots.every((r) => r.identity !== undefined)) return settings;
  const roots = await Promise.all(
    settings.roots.map(async (root) => {
      if (root.identity !== undefined || (await folderState(root.path)) !== 'ok') return root;
      try {
        return { ...root, identity: await folderIdentity(root.path) };
      } catch {
        return root;
      }
    }),
  );
  return { ...settings, roots };
}

function findRoot(roots: AllowedRoot[], wanted: string): AllowedRoot {
  const root =
    roots.find((r) => r.path === wanted) ?? roots.find((r) => isSamePath(r.path, wanted, path));
  if (!root)
    throw new IpcError(
      IPC_ERROR_CODES.notFound,
      'This folder is not in the list of allowed folders.',
      'Refresh the list of folders and try again.',
    );
  return root;
}

function validName(name: string, roots: AllowedRoot[]): string {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > 200) {
    throw new IpcError(
      IPC_ERROR_CODES.invalidPayload,
      'A folder name must have 1 to 200 characters.',
      'Type a short name for the folder.',
      { about: 'folder-name' },
    );
  }
  if (roots.some((r) => r.name.toLowerCase() === trimmed.toLowerCase())) {
    throw new IpcError(
      IPC_ERROR_CODES.invalidPayload,
      `Another allowed folder is already named '${trimmed}'.`,
      'Choose a different name.',
      { about: 'folder-name', name: trimmed },
    );
  }
  return trimmed;
}

async function realOrSelf(p: string): Promise<string> {
  try {
    return await fs.realpath(p);
  } catch {
    return p;
  }
}
