// Undo for "Remove folder": the allowed folders removed in this run of the app, kept in memory
// (never on disk) with where they stood in the list and whether they were the default, so that
// roots:restore puts one back exactly as it was: its name, identity, file types, apps, until,
// what it leaves out and any field a newer version wrote (settings entries are loose).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { IPC_ERROR_CODES, IpcError } from '#shared/contract/ipc.js';
import type { AllowedRoot, Settings } from '#shared/settings/settings.js';
import { isSamePath } from '#shared/text/path-compare.js';

/** How many removals can be undone (the oldest is forgotten first). */
export const UNDO_KEPT = 20;

interface Removed {
  root: AllowedRoot;
  index: number;
  wasDefault: boolean;
}

/** The removals that can be undone, by the id roots:remove answered with. */
export function createRemovedFolders() {
  const removed = new Map<string, Removed>();
  return {
    /** Keeps what `settings` is about to lose; answers the id that puts it back. */
    keep(settings: Settings, root: AllowedRoot): string {
      const id = randomUUID();
      const wasDefault =
        settings.defaultRoot !== null && isSamePath(settings.defaultRoot, root.path, path);
      removed.set(id, {
        root: structuredClone(root),
        index: settings.roots.indexOf(root),
        wasDefault,
      });
      while (removed.size > UNDO_KEPT) removed.delete(removed.keys().next().value!);
      return id;
    },
    /** `settings` with the removed folder back where it was; the id is used up. */
    restore(settings: Settings, id: string): Settings {
      const entry = removed.get(id);
      if (!entry)
        throw new IpcError(
          IPC_ERROR_CODES.notFound,
          'This folder can no longer be put back.',
          'Add the folder again with Add folder.',
        );
      const { root, index, wasDefault } = entry;
      if (settings.roots.some((r) => isSamePath(r.path, root.path, path))) {
        removed.delete(id);
        return settings; // added again meanwhile: it is there already
      }
      const names = new Set(settings.roots.map((r) => r.name.toLowerCase()));
      if (names.has(root.name.toLowerCase()))
        throw new IpcError(
          IPC_ERROR_CODES.invalidPayload,
          `Another allowed folder is named '${root.name}' now.`,
          'Rename that folder, then undo again.',
          { about: 'folder-name', name: root.name },
        );
      removed.delete(id);
      const roots = [...settings.roots];
      roots.splice(Math.min(index, roots.length), 0, root);
      return {
        ...settings,
        roots,
        defaultRoot: wasDefault && settings.defaultRoot === null ? root.path : settings.defaultRoot,
      };
    },
  };
}
