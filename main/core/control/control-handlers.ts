// The person's controls over AI apps, as IPC handlers over the settings store: per-tool switches,
// a folder's allowed file types and the "ask me first" settings. Every change is one locked
// read-modify-write of settings.json, which every running server re-reads at its next call.
import path from 'node:path';
import { withApprovalAppRule } from '#shared/approval/approval.js';
import { IPC_ERROR_CODES, IpcError, type IpcHandlers } from '#shared/contract/ipc.js';
import { isSamePath } from '#shared/text/path-compare.js';
import type { SettingsStore } from '#appdata/settings/settings-store.js';
import type { Settings } from '#shared/settings/settings.js';

/** The control channels of the IPC contract that only change settings. */
export type ControlSettingsHandlers = Pick<
  IpcHandlers,
  'control:setTool' | 'roots:setFileTypes' | 'roots:setAccess' | 'approval:setSettings'
>;

type Root = Settings['roots'][number];

/** `settings` with the allowed folder at `folder` changed by `change` (its other keys kept). */
function withRoot(settings: Settings, folder: string, change: (root: Root) => Root): Settings {
  const index = settings.roots.findIndex((r) => isSamePath(r.path, folder, path));
  const root = settings.roots[index];
  if (!root)
    throw new IpcError(
      IPC_ERROR_CODES.notFound,
      'This folder is not in the list of allowed folders any more.',
      'Reload the Folders screen and choose the folder again.',
    );
  return { ...settings, roots: settings.roots.map((r, i) => (i === index ? change(r) : r)) };
}

/** Creates the handlers over `store`. */
export function createControlHandlers(store: SettingsStore): ControlSettingsHandlers {
  return {
    'control:setTool': ({ tool, enabled }) =>
      store.update((s) => ({ ...s, tools: { ...s.tools, [tool]: enabled } })),
    'roots:setFileTypes': ({ path: folder, fileTypes }) =>
      store.update((s) =>
        withRoot(s, folder, (root) => {
          // null removes the key: a folder without `fileTypes` allows every type. Every other
          // key of the entry (its identity, keys of a newer version) is kept as it is.
          const next = { ...root, fileTypes: fileTypes ?? undefined };
          if (!fileTypes) delete next.fileTypes;
          return next;
        }),
      ),
    // null removes the key: every connected app, and no end (folder-access-rules.ts).
    'roots:setAccess': ({ path: folder, apps, until }) =>
      store.update((s) =>
        withRoot(s, folder, (root) => {
          const next = { ...root, apps: apps ?? undefined, until: until ?? undefined };
          if (!apps) delete next.apps;
          if (!until) delete next.until;
          return next;
        }),
      ),
    'approval:setSettings': ({ mode, app }) =>
      store.update((s) => {
        let approval = mode === undefined ? s.approval : { ...s.approval, mode };
        if (app) approval = withApprovalAppRule(approval, app.name, app.rule);
        return { ...s, approval };
      }),
  };
}
