// Registers every channel of the contract on ipcMain through one wrapper: the sender must be the
// top frame of one of the app's own windows (the main window, the approval prompt) showing the
// app's own page; then dispatchIpc validates the payload and runs the core's handler. Push events
// go to those windows only.
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import {
  dispatchIpc,
  IPC_CHANNELS,
  IPC_ERROR_CODES,
  IPC_EVENT_NAMES,
} from '#shared/contract/ipc.js';
import type { EventSubscribe, IpcChannel, IpcHandlers, IpcResult } from '#shared/contract/ipc.js';
import { isAppUrl } from './app-url.js';
import { eventWireName, invokeWireName } from './ipc-wire.js';

/** The windows IPC may come from (none while there is none). */
export type TrustedContents = () => ReadonlyArray<
  Pick<WebContents, 'mainFrame' | 'send' | 'isDestroyed'>
>;

/** True when the IPC call comes from a trusted window's top frame, on the app's URL. */
export function isTrustedSender(
  event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>,
  trusted: TrustedContents,
): boolean {
  const frame = event.senderFrame;
  const contents = trusted().find((c) => event.sender === c);
  if (!contents || !frame) return false;
  return frame === contents.mainFrame && frame.parent === null && isAppUrl(frame.url);
}

/** Registers the handlers of every channel; returns a function that removes them. */
export function registerIpcHandlers(
  ipc: Pick<IpcMain, 'handle' | 'removeHandler'>,
  handlers: IpcHandlers,
  trusted: TrustedContents,
): () => void {
  for (const channel of IPC_CHANNELS) {
    ipc.handle(
      invokeWireName(channel),
      async (event, payload: unknown): Promise<IpcResult<IpcChannel>> => {
        if (!isTrustedSender(event, trusted)) {
          return {
            ok: false,
            error: {
              code: IPC_ERROR_CODES.forbiddenSender,
              message: 'This request did not come from the FolderGate window.',
              fix: 'Use the FolderGate window.',
            },
          };
        }
        return dispatchIpc(handlers, channel, payload);
      },
    );
  }
  return () => {
    for (const channel of IPC_CHANNELS) ipc.removeHandler(invokeWireName(channel));
  };
}

/** Forwards every push event to the trusted windows; returns a function that stops it. */
export function forwardEvents(on: EventSubscribe, trusted: TrustedContents): () => void {
  const unsubscribes = IPC_EVENT_NAMES.map((name) =>
    on(name, (payload) => {
      for (const contents of trusted())
        if (!contents.isDestroyed() && isAppUrl(contents.mainFrame.url))
          contents.send(eventWireName(name), payload);
    }),
  );
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}
