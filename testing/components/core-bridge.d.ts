import { type Core, type CoreOptions } from '#core/core.js';
import type { FolderGateBridge } from '#shared/contract/ipc.js';
/** The bridge as the renderer's RendererBridge has it (kind and drag-and-drop included). */
export type TestBridge = FolderGateBridge & {
  kind: 'http';
  pathForFile: null;
  downloadUrl(path: string): string | null;
  onListening(listener: () => void): () => void;
};
export interface CoreBridge {
  bridge: TestBridge;
  core: Core;
  appData: string;
  home: string;
  /** Calls a channel as the page would, answering its data or throwing its IpcError. */
  invoke: TestBridge['invoke'];
  stop(): Promise<void>;
}
/** Starts a core over temp folders; `firstRunDone` (default true) skips the guided start. */
export declare function startCoreBridge(options?: {
  firstRunDone?: boolean;
  updates?: CoreOptions['updates'];
  rootWatch?: CoreOptions['rootWatch'];
}): Promise<CoreBridge>;
