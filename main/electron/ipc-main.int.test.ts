// The Electron IPC path without Electron (its binary cannot run here): ipcMain and ipcRenderer
// are stood in by a tiny in-memory pair that passes the event object Electron would pass. The
// wrapper, the preload bridge and the real core's handlers are the code under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IPC_CHANNELS, IPC_EVENT_NAMES } from '#shared/contract/ipc.js';
import type { IpcEvent, IpcEventPayload, SettingsView } from '#shared/contract/ipc.js';
import { defaultSettings } from '#shared/settings/settings.js';
import { createCore } from '#core/core.js';
import type { Core } from '#core/core.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { APP_START_URL } from './app-url.js';
import { createPreloadBridge } from './bridge.js';
import { forwardEvents, registerIpcHandlers } from './ipc-main.js';
import type { TrustedContents } from './ipc-main.js';
import { eventWireName, invokeWireName } from './ipc-wire.js';

interface FakeFrame {
  url: string;
  parent: FakeFrame | null;
}

type Handler = (event: unknown, payload: unknown) => unknown;

function createFakeIpc() {
  const handlers = new Map<string, Handler>();
  const rendererListeners = new Map<string, Set<(event: unknown, payload: unknown) => void>>();
  const mainFrame: FakeFrame = { url: APP_START_URL, parent: null };
  const sent: Array<[string, unknown]> = [];
  const contents = {
    mainFrame,
    isDestroyed: () => false,
    send: (wire: string, payload: unknown) => {
      sent.push([wire, payload]);
      for (const listener of rendererListeners.get(wire) ?? [])
        listener({ sender: 'hidden' }, payload);
    },
  };
  let sender: { contents: unknown; frame: FakeFrame | null } = { contents, frame: mainFrame };
  const ipcMain = {
    handle: (wire: string, handler: Handler) => {
      if (handlers.has(wire)) throw new Error(`second handler for ${wire}`);
      handlers.set(wire, handler);
    },
    removeHandler: (wire: string) => handlers.delete(wire),
  };
  const ipcRenderer = {
    invoke: async (wire: string, payload: unknown) => {
      const handler = handlers.get(wire);
      if (!handler) throw new Error(`No handler registered for '${wire}'`);
      return handler({ sender: sender.contents, senderFrame: sender.frame }, payload);
    },
    on: (wire: string, listener: (event: unknown, payload: unknown) => void) => {
      const set = rendererListeners.get(wire) ?? new Set();
      rendererListeners.set(wire, set);
      set.add(listener);
      return ipcRenderer;
    },
    removeListener: (wire: string, listener: (event: unknown, payload: unknown) => void) => {
      rendererListeners.get(wire)?.delete(listener);
      return ipcRenderer;
    },
  };
  return {
    handlers,
    rendererListeners,
    sent,
    contents,
    mainFrame,
    ipcMain,
    ipcRenderer,
    trusted: (() => [contents]) as unknown as TrustedContents,
    sendFrom(next: { contents: unknown; frame: FakeFrame | null }) {
      sender = next;
    },
  };
}

let dir: string;
let core: Core;
beforeAll(() => {
  dir = makeTempDir('fg-ipc-');
  core = createCore({
    appDataDir: dir,
    host: 'electron',
    serverCommand: { command: process.execPath, args: ['-e', ''], env: {} },
  });
});
afterAll(() => removeTempDir(dir));

/** The bridge as the page's script may call it: any name, any payload (no types reach there). */
interface PageView {
  invoke(channel: string, request?: unknown): Promise<unknown>;
  on(event: string, listener: (...args: unknown[]) => void): () => void;
}

function setup() {
  const fake = createFakeIpc();
  const unregister = registerIpcHandlers(fake.ipcMain as never, core.handlers, fake.trusted);
  const bridge = createPreloadBridge(fake.ipcRenderer as never, () => '/dropped/folder');
  return { fake, unregister, bridge, page: bridge as unknown as PageView };
}

describe('Electron IPC: registration', () => {
  it('registers one handler per contract channel, and removes them all', () => {
    const { fake, unregister } = setup();
    expect([...fake.handlers.keys()].sort()).toEqual(IPC_CHANNELS.map(invokeWireName).sort());
    unregister();
    expect(fake.handlers.size).toBe(0);
  });
});

describe('Electron IPC: invoke through the preload bridge', () => {
  it('resolves with the data of the real handler', async () => {
    const { bridge } = setup();
    const info = await bridge.invoke('app:info', {});
    expect(info.host).toBe('electron');
    expect(info.appDataDir).toBe(dir);
  });

  it('rejects with code, message and fix for a bad payload (validated in main)', async () => {
    const { page } = setup();
    const error = await page.invoke('roots:check', { path: 42 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'IpcError', code: 'InvalidPayload' });
    expect((error as { fix: string }).fix).not.toBe('');
    expect(
      await page.invoke('roots:add', { path: '/x', extra: 1 }).catch((e: unknown) => e),
    ).toMatchObject({ code: 'InvalidPayload' });
  });

  it('rejects a handler failure with its own code', async () => {
    const { bridge } = setup();
    const error = await bridge
      .invoke('roots:remove', { path: '/not/allowed' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NotFound' });
  });

  it('refuses names outside the contract before they reach ipcRenderer', async () => {
    const { page, fake } = setup();
    let reached = false;
    const original = fake.ipcRenderer.invoke;
    fake.ipcRenderer.invoke = async (wire, payload) => {
      reached = true;
      return original(wire, payload);
    };
    for (const name of ['fs:readFile', '__proto__', 'constructor', '', 'app:info ']) {
      expect(await page.invoke(name, {}).catch((e: unknown) => e), name).toMatchObject({
        code: 'UnknownChannel',
      });
    }
    expect(reached).toBe(false);
  });

  it('passes pathForFile through to webUtils', () => {
    const { bridge } = setup();
    expect(bridge.pathForFile({} as File)).toBe('/dropped/folder');
  });
});

describe('Electron IPC: sender checks', () => {
  const cases: Array<
    [
      string,
      (f: ReturnType<typeof createFakeIpc>) => { contents: unknown; frame: FakeFrame | null },
    ]
  > = [
    [
      'a subframe of the window',
      (f) => ({ contents: f.contents, frame: { url: APP_START_URL, parent: f.mainFrame } }),
    ],
    [
      'the window after navigating to another page',
      (f) => ({ contents: f.contents, frame: { url: 'https://evil.example/', parent: null } }),
    ],
    [
      'a file:// page',
      (f) => ({ contents: f.contents, frame: { url: 'file:///tmp/index.html', parent: null } }),
    ],
    ['another webContents', (f) => ({ contents: { ...f.contents }, frame: f.mainFrame })],
    ['a frame that is gone', (f) => ({ contents: f.contents, frame: null })],
  ];
  it.each(cases)('refuses %s with ForbiddenSender', async (_label, sender) => {
    const { fake, bridge } = setup();
    fake.sendFrom(sender(fake));
    expect(await bridge.invoke('app:info', {}).catch((e: unknown) => e)).toMatchObject({
      code: 'ForbiddenSender',
    });
  });

  it('answers the prompt window too, and sends it the events, while it is trusted', async () => {
    const fake = createFakeIpc();
    const promptFrame = { url: 'app://foldergate/index.html?view=prompt', parent: null };
    const sent: unknown[] = [];
    const prompt = {
      mainFrame: promptFrame,
      isDestroyed: () => false,
      send: (...args: unknown[]) => sent.push(args),
    };
    let windows = [fake.contents, prompt];
    const trusted = (() => windows) as unknown as TrustedContents;
    registerIpcHandlers(fake.ipcMain as never, core.handlers, trusted);
    const bridge = createPreloadBridge(fake.ipcRenderer as never, () => '');
    fake.sendFrom({ contents: prompt, frame: promptFrame as never });
    expect(await bridge.invoke('approval:state', {})).toMatchObject({ pending: [] });
    const listeners = new Map<string, (payload: unknown) => void>();
    forwardEvents(
      ((name: string, l: (payload: unknown) => void) => {
        listeners.set(name, l);
        return () => undefined;
      }) as never,
      trusted,
    );
    listeners.get('approval:changed')?.({ pending: [], current: null });
    expect(sent).toHaveLength(1);
    windows = [fake.contents]; // the prompt closed
    expect(await bridge.invoke('approval:state', {}).catch((e: unknown) => e)).toMatchObject({
      code: 'ForbiddenSender',
    });
  });

  it('refuses everything while there is no window', async () => {
    const fake = createFakeIpc();
    registerIpcHandlers(fake.ipcMain as never, core.handlers, () => []);
    const bridge = createPreloadBridge(fake.ipcRenderer as never, () => '');
    expect(await bridge.invoke('app:info', {}).catch((e: unknown) => e)).toMatchObject({
      code: 'ForbiddenSender',
    });
  });
});

describe('Electron IPC: push events', () => {
  function eventSource() {
    const listeners = new Map<IpcEvent, Set<(payload: unknown) => void>>();
    const on = <E extends IpcEvent>(event: E, listener: (payload: IpcEventPayload<E>) => void) => {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener as (payload: unknown) => void);
      return () => set.delete(listener as (payload: unknown) => void);
    };
    const emit = (event: IpcEvent, payload: unknown) =>
      listeners.get(event)?.forEach((l) => l(payload));
    return { on, emit, listeners };
  }
  const view: SettingsView = {
    settings: defaultSettings(),
    problem: null,
    canStartOver: false,
    file: '/x/settings.json',
  };

  it('forwards every event to the window and the bridge delivers it, without the IPC event', () => {
    const { fake, bridge } = setup();
    const source = eventSource();
    const stop = forwardEvents(source.on, fake.trusted);
    expect([...source.listeners.keys()].sort()).toEqual([...IPC_EVENT_NAMES].sort());
    const received: unknown[][] = [];
    const off = bridge.on('settings:changed', (...args: unknown[]) => received.push(args));
    source.emit('settings:changed', view);
    expect(fake.sent).toEqual([[eventWireName('settings:changed'), view]]);
    expect(received).toEqual([[view]]);
    off();
    source.emit('settings:changed', view);
    expect(received).toHaveLength(1);
    stop();
    expect([...source.listeners.values()].every((set) => set.size === 0)).toBe(true);
  });

  it('does not send to a window that left the app page', () => {
    const { fake } = setup();
    const source = eventSource();
    forwardEvents(source.on, fake.trusted);
    fake.mainFrame.url = 'https://evil.example/';
    source.emit('settings:changed', view);
    expect(fake.sent).toEqual([]);
  });

  it('refuses to subscribe to names outside the contract', () => {
    const { page } = setup();
    expect(() => page.on('ipc:everything', () => undefined)).toThrow(/Unknown event/);
  });
});
