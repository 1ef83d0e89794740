// The names used on Electron's IPC wire for the contract's channels and push events. Prefixed so
// that a contract channel and a push event of the same name ('server:status') never meet.
import type { IpcChannel, IpcEvent } from '#shared/contract/ipc.js';

/** The ipcMain.handle / ipcRenderer.invoke name of a contract channel. */
export function invokeWireName(channel: IpcChannel): string {
  return `foldergate:invoke:${channel}`;
}

/** The webContents.send / ipcRenderer.on name of a push event. */
export function eventWireName(event: IpcEvent): string {
  return `foldergate:event:${event}`;
}
