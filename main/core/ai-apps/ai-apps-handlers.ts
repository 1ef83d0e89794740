// The AI apps' channels: their state, connect, disconnect, repair, undo, and showing a config file.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { IPC_ERROR_CODES, IpcError, type IpcHandlers } from '#shared/contract/ipc.js';
import { unsupported, type HandlerDeps } from '../handler-deps.js';

type ClientsChannel = Extract<keyof IpcHandlers, `clients:${string}`>;

/** The AI apps channels. */
export function register({ clients, platform }: HandlerDeps): Pick<IpcHandlers, ClientsChannel> {
  return {
    'clients:list': async () => ({ clients: await clients.list() }),
    'clients:connect': ({ id }) => clients.connect(id),
    'clients:disconnect': ({ id }) => clients.disconnect(id),
    'clients:repair': ({ id }) => clients.repair(id),
    'clients:rebuild': ({ id }) => clients.rebuild(id),
    'clients:undo': ({ id }) => clients.undo(id),
    'clients:reveal': async ({ id }) => {
      if (!platform.reveal)
        throw unsupported(
          'Showing files in the file manager',
          'Copy the path of the settings file and open it in your file manager or a text editor.',
        );
      // The path comes from the client table, never from the request; a file not written yet is
      // shown through its folder.
      const { configPath, name } = await clients.get(id);
      const target = [configPath, path.dirname(configPath)].find((p) => existsSync(p));
      if (!target)
        throw new IpcError(
          IPC_ERROR_CODES.notFound,
          `${name} has no settings file yet (${configPath}).`,
          `Open ${name} once, or use Connect: FolderGate creates the file.`,
        );
      await platform.reveal(target);
      return {};
    },
  };
}
