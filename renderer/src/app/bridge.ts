// The renderer's one way to talk to main: the Electron preload's `window.foldergate`, or an HTTP
// client for the headless host that follows the same contract (shared/ipc.ts). Both reject with
// an IpcError carrying a code, a message and a fix.
import { IpcError } from '#shared/errors/ipc-error.js';
import { PAGE_ERROR_CODES } from '#shared/errors/error-codes.js';
import type { ErrorParams } from '#shared/errors/errors.js';
import type {
  FolderGateBridge,
  IpcChannel,
  IpcEvent,
  IpcEventPayload,
  IpcRequest,
  IpcResponse,
  IpcResult,
  PreloadBridge,
} from '#shared/contract/ipc.js';

declare global {
  interface Window {
    /** The Electron preload's bridge (main/electron/bridge.ts); absent under the web host. */
    foldergate?: PreloadBridge<File>;
  }
}

/** The bridge as the UI uses it. */
export interface RendererBridge extends FolderGateBridge {
  kind: 'electron' | 'http';
  /** The absolute path of a dropped file or folder (Electron only); null when unsupported. */
  pathForFile: ((file: File) => string) | null;
  /** The address the page downloads a host file from (the web page's token added); null in Electron. */
  downloadUrl(path: string): string | null;
  /**
   * Calls `listener` once events registered with `on` reach this window (and again after the
   * headless host's event stream reconnects): what changed before that is read again then.
   */
  onListening(listener: () => void): () => void;
}

/** Codes the HTTP client itself produces: the one registry's. */
export { PAGE_ERROR_CODES } from '#shared/errors/error-codes.js';

const TOKEN_KEY = 'foldergate.token';

/** Picks the Electron preload bridge when present, else the headless host's HTTP client. */
export function createBridge(win: Window = window): RendererBridge {
  const preload = win.foldergate;
  if (preload && typeof preload.invoke === 'function') return wrapPreload(preload);
  return createHttpBridge(takeToken(win));
}

/**
 * Reads the access token from `#token=…` (then removes it from the address bar and keeps it in
 * sessionStorage for reloads), or from sessionStorage; null when there is none.
 */
export function takeToken(win: Window = window): string | null {
  const match = /(?:^#|[#&])token=([^&]+)/.exec(win.location.hash);
  const fromHash = match?.[1] ? safeDecode(match[1]) : null;
  if (fromHash) {
    try {
      win.sessionStorage.setItem(TOKEN_KEY, fromHash);
    } catch {
      // Storage may be disabled; the token still works for this page load.
    }
    win.history.replaceState(win.history.state, '', win.location.pathname + win.location.search);
    return fromHash;
  }
  try {
    return win.sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Turns whatever a bridge rejected with into an IpcError (contextBridge may strip classes). */
export function toIpcError(error: unknown): IpcError {
  if (error instanceof IpcError) return error;
  if (typeof error === 'object' && error !== null) {
    const { code, message, fix, params } = error as {
      code?: unknown;
      message?: unknown;
      fix?: unknown;
      params?: unknown;
    };
    if (typeof code === 'string' && typeof message === 'string') {
      return new IpcError(
        code,
        message,
        typeof fix === 'string' ? fix : '',
        typeof params === 'object' && params !== null ? (params as ErrorParams) : {},
      );
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return new IpcError('Internal', message, 'Try again; if it keeps happening, restart FolderGate.');
}

function wrapPreload(preload: PreloadBridge<File>): RendererBridge {
  return {
    kind: 'electron',
    pathForFile: (file) => preload.pathForFile(file),
    downloadUrl: () => null,
    async invoke<C extends IpcChannel>(
      channel: C,
      request: IpcRequest<C>,
    ): Promise<IpcResponse<C>> {
      try {
        return await preload.invoke(channel, request);
      } catch (error) {
        throw toIpcError(error);
      }
    },
    on: (event, listener) => preload.on(event, listener),
    // Electron delivers events from the moment a listener is registered.
    onListening: (listener) => afterThisTask(listener),
  };
}

/** Calls `listener` after the current task (unless undone first). */
function afterThisTask(listener: () => void): () => void {
  let live = true;
  queueMicrotask(() => {
    if (live) listener();
  });
  return () => {
    live = false;
  };
}

type AnyListener = (payload: unknown) => void;

/** The headless host's client: POST /api/invoke/<channel> with a Bearer token, SSE for events. */
export function createHttpBridge(
  token: string | null,
  fetchImpl: typeof fetch = fetch.bind(globalThis),
): RendererBridge {
  const listeners = new Map<IpcEvent, Set<AnyListener>>();
  let source: EventSource | null = null;

  const openSource = (): EventSource | null => {
    if (!token) return null;
    source ??= new EventSource(`/api/events?token=${encodeURIComponent(token)}`);
    return source;
  };
  const ensureSource = (event: IpcEvent): void => {
    const source = openSource();
    if (!source) return;
    if (listeners.has(event)) return;
    const set = new Set<AnyListener>();
    listeners.set(event, set);
    source.addEventListener(event, (message) => {
      let payload: unknown;
      try {
        payload = JSON.parse((message as MessageEvent<string>).data);
      } catch {
        return;
      }
      for (const listener of set) listener(payload);
    });
  };

  return {
    kind: 'http',
    pathForFile: null,
    downloadUrl: (path) => (token ? `${path}?token=${encodeURIComponent(token)}` : null),
    async invoke<C extends IpcChannel>(
      channel: C,
      request: IpcRequest<C>,
    ): Promise<IpcResponse<C>> {
      if (!token) {
        throw new IpcError(
          PAGE_ERROR_CODES.noToken,
          'This page was opened without its access key.',
          'Open the full link that FolderGate printed when it started (it ends with #token=…).',
        );
      }
      let response: Response;
      try {
        response = await fetchImpl(`/api/invoke/${encodeURIComponent(channel)}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify(request ?? {}),
          cache: 'no-store',
          credentials: 'omit',
        });
      } catch {
        throw new IpcError(
          PAGE_ERROR_CODES.unreachable,
          'FolderGate is not answering.',
          'Check that FolderGate is still running (npx foldergate web), then reload this page.',
        );
      }
      if (response.status === 401) {
        throw new IpcError(
          PAGE_ERROR_CODES.unauthorized,
          'The access key of this page is missing or out of date.',
          'Open the link FolderGate printed the last time it started.',
        );
      }
      if (response.status === 403) {
        throw new IpcError(
          PAGE_ERROR_CODES.forbidden,
          'FolderGate refused this request because of the address it came from.',
          'Open FolderGate through the exact link it printed (http://127.0.0.1:…).',
        );
      }
      let body: IpcResult<C> | null = null;
      try {
        const parsed = (await response.json()) as unknown;
        if (isIpcResult(parsed)) body = parsed as IpcResult<C>;
      } catch {
        // Not JSON: reported below.
      }
      if (!body) {
        throw new IpcError(
          PAGE_ERROR_CODES.badResponse,
          `FolderGate answered with HTTP ${response.status} and no usable result.`,
          'Try again; if it keeps happening, restart FolderGate.',
        );
      }
      if (body.ok) return body.data;
      throw new IpcError(body.error.code, body.error.message, body.error.fix);
    },
    on<E extends IpcEvent>(event: E, listener: (payload: IpcEventPayload<E>) => void): () => void {
      ensureSource(event);
      const set = listeners.get(event);
      const wrapped = listener as AnyListener;
      set?.add(wrapped);
      return () => {
        set?.delete(wrapped);
      };
    },
    onListening(listener) {
      const source = openSource();
      if (!source) return () => {};
      // The host sends events once the stream is open: at the first 'open' and at each reconnect.
      const onOpen = (): void => listener();
      source.addEventListener('open', onOpen);
      const now = source.readyState === EventSource.OPEN ? afterThisTask(listener) : () => {};
      return () => {
        source.removeEventListener('open', onOpen);
        now();
      };
    },
  };
}

function isIpcResult(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as { ok?: unknown; data?: unknown; error?: unknown };
  if (record.ok === true) return 'data' in record;
  return record.ok === false && typeof record.error === 'object' && record.error !== null;
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
