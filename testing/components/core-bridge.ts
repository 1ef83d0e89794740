// The renderer's component tests talk to the real app core, in the test's own process: every
// invoke goes through dispatchIpc (the contract's validation, the handlers, the settings file in
// a temp folder) and comes back as JSON, as it would over the headless host's HTTP. Only the
// preview engine (a process) is left out; the AI apps' settings files live in a temp home.
import { createCore, type Core, type CoreOptions } from '#core/core.js';
import { dispatchIpc } from '#shared/contract/ipc.js';
import type { FolderGateBridge } from '#shared/contract/ipc.js';
import { IpcError } from '#shared/errors/ipc-error.js';
import fs from 'node:fs';
import path from 'node:path';
import { makeTempDir, removeTempDir } from '../temp-dirs.js';

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
export async function startCoreBridge(
  options: {
    firstRunDone?: boolean;
    updates?: CoreOptions['updates'];
    rootWatch?: CoreOptions['rootWatch'];
  } = {},
): Promise<CoreBridge> {
  const appData = makeTempDir('fg-components-data-');
  const home = makeTempDir('fg-components-home-');
  // A stand-in for the server bundle AI apps' entries point at: connecting copies it, nothing
  // here starts it.
  const serverBundle = path.join(appData, 'test-server-bundle.js');
  fs.writeFileSync(serverBundle, '// a component test does not start the server\n');
  const core = createCore({
    appDataDir: appData,
    host: 'headless',
    home,
    serverCommand: { command: process.execPath, args: ['--version'], env: {} },
    previewEngine: false,
    clients: {
      serverBundle,
      platform: 'linux',
      env: { HOME: home, PATH: process.env.PATH ?? '' },
    },
    version: '0.0.0-test',
    ...(options.updates ? { updates: options.updates } : {}),
    ...(options.rootWatch ? { rootWatch: options.rootWatch } : {}),
  });
  await core.start();
  // Calls still on their way when the test ends: stop() lets them land while the page's
  // environment still exists (an answer arriving after the test file's teardown would update
  // React with no window left).
  const inFlight = new Set<Promise<unknown>>();
  const invoke = (async (channel: string, payload: unknown) => {
    const call = dispatchIpc(core.handlers, channel, payload);
    inFlight.add(call);
    call.finally(() => inFlight.delete(call)).catch(() => undefined);
    const result = await call;
    if (!result.ok) {
      const { code, message, fix, params } = result.error;
      throw new IpcError(code, message, fix, params ?? {});
    }
    // What crosses the boundary is JSON, as over HTTP.
    return JSON.parse(JSON.stringify(result.data ?? null)) as unknown;
  }) as TestBridge['invoke'];
  const bridge: TestBridge = {
    kind: 'http',
    pathForFile: null,
    // The page's address of a host file; the components' tests have no HTTP host or token.
    downloadUrl: (path) => `${path}?token=test`,
    invoke,
    on: (event, listener) =>
      core.on(event, (payload) => listener(JSON.parse(JSON.stringify(payload)) as never)),
    // In the test's process, events arrive from the moment a listener is registered.
    onListening: (listener) => {
      let live = true;
      queueMicrotask(() => {
        if (live) listener();
      });
      return () => {
        live = false;
      };
    },
  };
  if (options.firstRunDone !== false) await invoke('settings:completeFirstRun', {});
  return {
    bridge,
    core,
    appData,
    home,
    invoke,
    async stop() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      await core.stop();
      removeTempDir(appData);
      removeTempDir(home);
    },
  };
}
