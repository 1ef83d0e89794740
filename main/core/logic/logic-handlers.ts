// The logic catalog's channels: the catalog folder, its list and one logic, through the preview server.
import { IPC_ERROR_CODES, IpcError, type IpcHandlers } from '#shared/contract/ipc.js';
import type { HandlerDeps } from '../handler-deps.js';
import { resolveFolder } from '../folders/folder-check.js';
import { getLogic, listLogics } from './logic-browser.js';

/** The logic channels. */
export function register({
  store,
  supervisor,
}: HandlerDeps): Pick<IpcHandlers, 'logic:setCatalog' | 'logic:list' | 'logic:get'> {
  const call = (name: string, args: Record<string, unknown>) => supervisor.callTool(name, args);
  return {
    'logic:setCatalog': async ({ path }) => {
      if (path === null) return store.update((s) => ({ ...s, logicCatalog: null }));
      const folder = await resolveFolder(path);
      if (!folder.ok)
        throw new IpcError(
          IPC_ERROR_CODES.invalidFolder,
          folder.error,
          'Choose the folder that holds the logics/ folder.',
        );
      return store.update((s) => ({ ...s, logicCatalog: folder.path }));
    },
    'logic:list': () => listLogics(call, store.view().settings.logicCatalog),
    'logic:get': ({ name }) => getLogic(call, name),
  };
}
