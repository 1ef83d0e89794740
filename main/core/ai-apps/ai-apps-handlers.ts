// The AI apps' channels: their state, connect, disconnect, repair, undo, showing a config file,
// Gemini CLI's lists and Claude Desktop's extension.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { IPC_ERROR_CODES, IpcError, type IpcHandlers } from '#shared/contract/ipc.js';
import { unsupported, type HandlerDeps } from '../handler-deps.js';
import { EXTENSION_DOWNLOAD_PATH } from '#shared/clients/client-channels.js';

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
    'clients:allow': ({ id }) => clients.allow(id),
    'clients:extension': async ({ id }) => {
      const { path: file, client } = await clients.extension(id);
      // The desktop app opens it with Claude (one click installs it), else shows it; the web
      // page downloads it from its own host (main/web-host/http-host.ts).
      let opened = false;
      if (platform.openFile)
        opened = await platform.openFile(file).then(
          () => true,
          () => false,
        );
      if (!opened && platform.reveal) await platform.reveal(file).catch(() => undefined);
      const downloadPath = platform.openFile ? null : EXTENSION_DOWNLOAD_PATH;
      return { client, path: file, opened, downloadPath };
    },
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
