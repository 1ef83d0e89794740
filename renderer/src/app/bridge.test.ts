import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { IpcChannel, PreloadBridge } from '#shared/contract/ipc.js';
import { IpcError } from '#shared/errors/ipc-error.js';
import {
  PAGE_ERROR_CODES,
  createBridge,
  createHttpBridge,
  takeToken,
  toIpcError,
} from './bridge.js';

interface Call {
  url: string;
  init: RequestInit;
}

function fakeFetch(answer: (call: Call) => Response | Promise<Response>): {
  fetch: typeof fetch;
  calls: Call[];
} {
  const calls: Call[] = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const call = { url: String(input), init: init ?? {} };
    calls.push(call);
    return answer(call);
  };
  return { fetch: fn as typeof fetch, calls };
}

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function rejection(promise: Promise<unknown>): Promise<IpcError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(IpcError);
    return error as IpcError;
  }
  throw new Error('expected a rejection');
}

describe('the headless HTTP bridge', () => {
  it('POSTs the payload to /api/invoke/<channel> with the bearer token and resolves with data', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json(200, {
        ok: true,
        data: { path: '/a', ok: true, error: null, warnings: [], suggestedName: 'a' },
      }),
    );
    const bridge = createHttpBridge('tok-123', fetch);
    const result = await bridge.invoke('roots:check', { path: '/a' });
    expect(result.suggestedName).toBe('a');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/invoke/roots%3Acheck');
    expect(calls[0]!.init.method).toBe('POST');
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ path: '/a' });
  });

  it('rejects with the host error as an IpcError', async () => {
    const { fetch } = fakeFetch(() =>
      json(200, {
        ok: false,
        error: { code: 'InvalidFolder', message: 'Nope.', fix: 'Pick another.' },
      }),
    );
    const error = await rejection(createHttpBridge('t', fetch).invoke('roots:add', { path: '/x' }));
    expect([error.code, error.message, error.fix]).toEqual([
      'InvalidFolder',
      'Nope.',
      'Pick another.',
    ]);
  });

  it('maps 401, 403, a network failure, a non-result body and a missing token to typed errors', async () => {
    const cases: Array<[() => Response | Promise<Response>, string]> = [
      [
        () => json(401, { ok: false, error: { code: 'x', message: 'y', fix: 'z' } }),
        PAGE_ERROR_CODES.unauthorized,
      ],
      [() => json(403, {}), PAGE_ERROR_CODES.forbidden],
      [() => Promise.reject(new TypeError('Failed to fetch')), PAGE_ERROR_CODES.unreachable],
      [() => new Response('<html>', { status: 404 }), PAGE_ERROR_CODES.badResponse],
    ];
    for (const [answer, code] of cases) {
      const { fetch } = fakeFetch(answer);
      expect((await rejection(createHttpBridge('t', fetch).invoke('app:info', {}))).code).toBe(
        code,
      );
    }
    const { fetch, calls } = fakeFetch(() => json(200, { ok: true, data: {} }));
    expect((await rejection(createHttpBridge(null, fetch).invoke('app:info', {}))).code).toBe(
      PAGE_ERROR_CODES.noToken,
    );
    expect(calls).toHaveLength(0);
  });
});

function fakeWindow(
  hash: string,
  stored: string | null = null,
): { win: Window; replaced: string[]; storage: Map<string, string> } {
  const storage = new Map<string, string>(stored ? [['foldergate.token', stored]] : []);
  const replaced: string[] = [];
  const win = {
    location: { hash, pathname: '/', search: '' },
    sessionStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    },
    history: {
      state: null,
      replaceState: (_s: unknown, _t: string, url: string) => void replaced.push(url),
    },
  } as unknown as Window;
  return { win, replaced, storage };
}

describe('the headless HTTP bridge listening to the host', () => {
  /** A stand-in for the browser's EventSource (Node has none): the test opens it by hand. */
  class FakeEventSource {
    static readonly OPEN = 1;
    static last: FakeEventSource | null = null;
    readyState = 0;
    private readonly handlers = new Map<string, Set<() => void>>();
    constructor(readonly url: string) {
      FakeEventSource.last = this;
    }
    addEventListener(type: string, handler: () => void): void {
      if (!this.handlers.has(type)) this.handlers.set(type, new Set());
      this.handlers.get(type)!.add(handler);
    }
    removeEventListener(type: string, handler: () => void): void {
      this.handlers.get(type)?.delete(handler);
    }
    open(): void {
      this.readyState = FakeEventSource.OPEN;
      for (const handler of this.handlers.get('open') ?? []) handler();
    }
  }

  it('tells when the event stream opens, again after each reconnect, and not once undone', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    try {
      const bridge = createHttpBridge(
        't0k',
        fakeFetch(() => json(200, { ok: true, data: null })).fetch,
      );
      let calls = 0;
      const off = bridge.onListening(() => (calls += 1));
      const source = FakeEventSource.last!;
      expect(source.url).toBe('/api/events?token=t0k');
      await Promise.resolve();
      expect(calls).toBe(0); // not open yet: events sent now would be lost, so not yet
      source.open();
      expect(calls).toBe(1);
      source.open(); // the browser reconnected after a drop
      expect(calls).toBe(2);
      // Registered while the stream is open: told right after.
      let late = 0;
      bridge.onListening(() => (late += 1));
      await Promise.resolve();
      expect(late).toBe(1);
      off();
      source.open();
      expect(calls).toBe(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('takeToken', () => {
  it('takes the token from #token=, hides it from the address bar and keeps it for reloads', () => {
    const { win, replaced, storage } = fakeWindow('#token=abc_DEF-123');
    expect(takeToken(win)).toBe('abc_DEF-123');
    expect(replaced).toEqual(['/']);
    expect(storage.get('foldergate.token')).toBe('abc_DEF-123');
  });

  it('falls back to sessionStorage, and answers null without either', () => {
    expect(takeToken(fakeWindow('', 'kept').win)).toBe('kept');
    const { win, replaced } = fakeWindow('#other=1');
    expect(takeToken(win)).toBeNull();
    expect(replaced).toEqual([]);
  });
});

describe('the Electron preload bridge', () => {
  it('is typed from the contract (checked when the project is type-checked)', () => {
    type Preload = NonNullable<Window['foldergate']>;
    expectTypeOf<Preload>().toEqualTypeOf<PreloadBridge<File>>();
    expectTypeOf<Parameters<Preload['invoke']>[0]>().toEqualTypeOf<IpcChannel>();
    const call = (preload: Preload) =>
      // @ts-expect-error: a name outside the contract does not type-check
      preload.invoke('fs:readFile', {});
    expect(typeof call).toBe('function');
  });

  it('is used when window.foldergate exists, and its plain-object rejections become IpcErrors', async () => {
    const { win } = fakeWindow('');
    (win as { foldergate?: unknown }).foldergate = {
      invoke: () =>
        Promise.reject({
          name: 'IpcError',
          code: 'Unsupported',
          message: 'No dialog here.',
          fix: 'Type the path.',
        }),
      on: () => () => undefined,
      pathForFile: (file: File) => `/dropped/${file.name}`,
    };
    const bridge = createBridge(win);
    expect(bridge.kind).toBe('electron');
    expect(bridge.pathForFile?.(new File([], 'Docs'))).toBe('/dropped/Docs');
    const error = await rejection(bridge.invoke('roots:pickFolder', {}));
    expect([error.code, error.fix]).toEqual(['Unsupported', 'Type the path.']);
  });

  it('toIpcError keeps IpcErrors and wraps anything else as Internal', () => {
    const original = new IpcError('A', 'b', 'c');
    expect(toIpcError(original)).toBe(original);
    expect(toIpcError(new Error('boom'))).toMatchObject({ code: 'Internal', message: 'boom' });
    expect(toIpcError('text')).toMatchObject({ code: 'Internal', message: 'text' });
  });
});
