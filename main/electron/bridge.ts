// The bridge the preload exposes as `window.foldergate` (its type, PreloadBridge, is the
// contract's): invoke and on, for the contract's names only, plus pathForFile for drag-and-drop. Written against the shape of ipcRenderer (types only)
// so it is tested without Electron; preload.ts hands it the real one.
import type { IpcRenderer, IpcRendererEvent } from 'electron';
import { IPC_CHANNELS, IPC_EVENT_NAMES } from '#shared/contract/ipc-names.js';
import { IPC_ERROR_CODES } from '#shared/errors/error-codes.js';
import type {
  IpcChannel,
  IpcErrorPayload,
  IpcEventPayload,
  IpcRequest,
  IpcResponse,
  IpcResult,
  PreloadBridge,
} from '#shared/contract/ipc.js';
import { eventWireName, invokeWireName } from './ipc-wire.js';

/**
 * What invoke rejects with: a plain object, because contextBridge copies an Error's message but
 * drops custom properties such as `code` and `fix` (the renderer turns it into an IpcError).
 */
export interface BridgeRejection extends IpcErrorPayload {
  name: 'IpcError';
}

const channels = new Set<string>(IPC_CHANNELS);
const events = new Set<string>(IPC_EVENT_NAMES);

/**
 * Builds the bridge over an ipcRenderer. Its types are the contract's, but the page's script is
 * not held to them: names are checked here, requests in main.
 */
export function createPreloadBridge(
  ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>,
  getPathForFile: (file: File) => string,
): PreloadBridge<File> {
  return {
    async invoke<C extends IpcChannel>(
      channel: C,
      request: IpcRequest<C>,
    ): Promise<IpcResponse<C>> {
      if (typeof channel !== 'string' || !channels.has(channel)) {
        throw rejection({
          code: IPC_ERROR_CODES.unknownChannel,
          message: `Unknown channel '${String(channel).slice(0, 64)}'.`,
          fix: 'Use a channel of the IPC contract.',
        });
      }
      const result = (await ipc.invoke(invokeWireName(channel), request ?? {})) as IpcResult<C>;
      if (result && result.ok === true) return result.data;
      throw rejection(
        result && result.ok === false
          ? result.error
          : {
              code: IPC_ERROR_CODES.internal,
              message: 'FolderGate answered with something unexpected.',
              fix: 'Restart FolderGate.',
            },
      );
    },
    on(event, listener) {
      if (typeof event !== 'string' || !events.has(event))
        throw new Error(`Unknown event '${String(event).slice(0, 64)}'.`);
      if (typeof listener !== 'function') throw new Error('The listener must be a function.');
      const wire = eventWireName(event);
      // The renderer never sees the IpcRendererEvent (it would expose `sender`).
      const wrapped = (_event: IpcRendererEvent, payload: unknown): void =>
        listener(payload as IpcEventPayload<typeof event>);
      ipc.on(wire, wrapped);
      return () => {
        ipc.removeListener(wire, wrapped);
      };
    },
    pathForFile(file) {
      return getPathForFile(file);
    },
  };
}

function rejection(error: IpcErrorPayload): BridgeRejection {
  return { name: 'IpcError', code: error.code, message: error.message, fix: error.fix };
}
