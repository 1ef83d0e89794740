// The Folders channels: the allowed folders, checked, added, renamed, removed and confirmed, and
// what each leaves out.
import type { IpcHandlers } from '#shared/contract/ipc.js';
import { unsupported, type HandlerDeps } from '../handler-deps.js';
import { olderServers } from './older-servers.js';
import { createLeaveOutService } from './leave-out-service.js';

type FoldersChannel = Exclude<
  Extract<keyof IpcHandlers, `roots:${string}`>,
  'roots:setFileTypes' | 'roots:setAccess'
>;

/** The folders channels. */
export function register({
  appDataDir,
  store,
  roots,
  platform,
}: HandlerDeps): Pick<IpcHandlers, FoldersChannel> {
  const leaveOut = createLeaveOutService(store);
  return {
    'roots:list': async () => {
      await store.refresh(); // the CLI may have changed the folders
      return { roots: await roots.list() };
    },
    'roots:check': ({ path }) => roots.check(path),
    'roots:suggest': async () => ({ suggestions: await roots.suggest() }),
    'roots:complete': async ({ path }) => ({ folders: await roots.complete(path) }),
    'roots:add': async ({ path, name }) => ({ roots: await roots.add(path, name) }),
    'roots:rename': async ({ path, name }) => ({ roots: await roots.rename(path, name) }),
    'roots:remove': ({ path }) => roots.removeUndoable(path),
    'roots:restore': async ({ undo }) => ({ roots: await roots.restore(undo) }),
    'roots:setDefault': async ({ path }) => ({ roots: await roots.setDefault(path) }),
    'roots:confirm': async ({ path, nowAt }) => ({ roots: await roots.confirm(path, nowAt) }),
    'roots:olderServers': () => olderServers(appDataDir, store.view().settings.roots),
    'roots:setLeaveOut': async ({ path, change }) => ({
      leaveOut: await leaveOut.change(path, change),
    }),
    'roots:leaveOutSuggestions': async ({ path }) => ({
      suggestions: await leaveOut.suggestions(path),
    }),
    'roots:pickFolder': async ({ within }) => {
      if (!platform.pickFolder)
        throw unsupported('The folder dialog', 'Type the full path of the folder instead.');
      return { path: await platform.pickFolder(within) };
    },
  };
}
