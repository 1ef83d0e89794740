// The sandboxed preload (bundled to CommonJS): exposes the typed bridge as window.foldergate and
// nothing else; no ipcRenderer, no Node.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { createPreloadBridge } from './bridge.js';

contextBridge.exposeInMainWorld(
  'foldergate',
  createPreloadBridge(ipcRenderer, (file) => webUtils.getPathForFile(file)),
);
