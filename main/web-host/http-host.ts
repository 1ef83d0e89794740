// The headless host: the IPC contract over HTTP on 127.0.0.1, plus the built renderer.
// Protocol (the renderer's HTTP client follows it): POST /api/invoke/<channel> with a Bearer
// token answers the IpcResult JSON; GET /api/events?token=… streams push events (SSE); every
// other GET serves renderer/dist. Host and Origin must name this very server (DNS rebinding and
// cross-site requests are refused), the token is compared in constant time, bodies are capped.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { sendDownload } from './download.js';
import type { AddressInfo } from 'node:net';
import { dispatchIpc, IPC_ERROR_CODES } from '#shared/contract/ipc.js';
import type { EventSubscribe, IpcErrorPayload, IpcHandlers } from '#shared/contract/ipc.js';
import { CONTENT_SECURITY_POLICY } from '#core/security/csp.js';
import { resolveStaticFile } from '#core/security/static-files.js';
import { createTokenCheck } from './token.js';
import { openEventStream } from './event-stream.js';

/** What the headless host serves. */
export interface HttpHostOptions {
  handlers: IpcHandlers;
  on: EventSubscribe;
  /** The built renderer (renderer/dist); null or missing = API only, with a note at '/'. */
  staticDir: string | null;
  /** 0 (the default) = a free port chosen by the system. */
  port?: number;
  /** Loopback only, on purpose: the token is the only credential. */
  host?: '127.0.0.1';
  /** Interval of the SSE keep-alive comment (15 s). */
  pingIntervalMs?: number;
  /**
   * Files the page may download (GET <path>?token=…): a path under /api/ → the file on disk
   * (the Claude Desktop extension FolderGate builds). Fixed by the host, never by a request.
   */
  downloads?: Readonly<Record<string, string>>;
}

/** A running headless host. */
export interface HttpHost {
  /** `http://127.0.0.1:<port>/#token=<token>`: what the user opens. */
  url: string;
  token: string;
  port: number;
  close(): Promise<void>;
}

/** Largest accepted request body. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Most event streams open at once (each open page holds one). */
export const MAX_EVENT_STREAMS = 32;

const BASE_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** Starts the headless host; resolves once it listens. */
export async function createHttpHost(options: HttpHostOptions): Promise<HttpHost> {
  const bindHost = options.host ?? '127.0.0.1';
  const token = randomBytes(32).toString('base64url');
  const tokenMatches = createTokenCheck(token);
  const streams = new Set<() => void>();
  let port = 0;

  const server = http.createServer((req, res) => {
    for (const [name, value] of Object.entries(BASE_HEADERS)) res.setHeader(name, value);
    handle(req, res).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (!res.headersSent)
        sendError(res, 500, IPC_ERROR_CODES.internal, `Something went wrong: ${message}`);
      else res.destroy();
    });
  });
  // Slow-loris guard; SSE responses are long-lived but their request is complete at once.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const allowed = [`127.0.0.1:${port}`, `localhost:${port}`];
    const hostHeader = (req.headers.host ?? '').toLowerCase();
    if (!allowed.includes(hostHeader)) {
      return sendError(
        res,
        403,
        IPC_ERROR_CODES.forbiddenSender,
        'Requests must be addressed to this FolderGate window (wrong Host).',
      );
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !allowed.map((a) => `http://${a}`).includes(origin.toLowerCase())) {
      return sendError(
        res,
        403,
        IPC_ERROR_CODES.forbiddenSender,
        'Requests from other sites are refused (wrong Origin).',
      );
    }
    const url = new URL(req.url ?? '/', `http://${allowed[0]}`);
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
      res.setHeader('Cache-Control', 'no-store');
      return handleApi(req, res, url);
    }
    return handleStatic(req, res, url);
  }

  async function handleApi(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
  ): Promise<void> {
    const invoke = /^\/api\/invoke\/([^/]+)$/.exec(url.pathname);
    if (invoke) {
      if (req.method !== 'POST') return methodNotAllowed(res, 'POST');
      if (!tokenMatches(bearerToken(req.headers.authorization))) return unauthorized(res);
      const channel = safeDecode(invoke[1] ?? '');
      const body = await readBody(req, res);
      if (body === null) return; // answered (413) already
      let payload: unknown;
      try {
        payload = body.length === 0 ? undefined : JSON.parse(body.toString('utf8'));
      } catch {
        return sendJson(res, 200, {
          ok: false,
          error: {
            code: IPC_ERROR_CODES.invalidPayload,
            message: 'The request body is not valid JSON.',
            fix: 'Send the request payload as JSON.',
          },
        });
      }
      const result = await dispatchIpc(options.handlers, channel ?? '', payload);
      const unknownChannel = !result.ok && result.error.code === IPC_ERROR_CODES.unknownChannel;
      return sendJson(res, unknownChannel ? 404 : 200, result);
    }
    const download = options.downloads?.[url.pathname];
    if (download !== undefined) {
      if (req.method !== 'GET') return methodNotAllowed(res, 'GET');
      if (!tokenMatches(url.searchParams.get('token') ?? undefined)) return unauthorized(res);
      return sendDownload(res, download, path.posix.basename(url.pathname), () =>
        sendError(res, 404, IPC_ERROR_CODES.notFound, 'That file has not been made yet.'),
      );
    }
    if (url.pathname === '/api/events') {
      if (req.method !== 'GET') return methodNotAllowed(res, 'GET');
      if (!tokenMatches(url.searchParams.get('token') ?? undefined)) return unauthorized(res);
      if (streams.size >= MAX_EVENT_STREAMS) {
        return sendError(
          res,
          503,
          IPC_ERROR_CODES.serverUnavailable,
          'Too many FolderGate pages are open.',
          'Close some FolderGate tabs, then reload this page.',
        );
      }
      const close = openEventStream(req, res, options.on, options.pingIntervalMs ?? 15_000, () =>
        streams.delete(close),
      );
      streams.add(close);
      return;
    }
    return sendError(
      res,
      404,
      IPC_ERROR_CODES.notFound,
      `There is no API at ${url.pathname.slice(0, 200)}.`,
    );
  }

  async function handleStatic(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
  ): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(res, 'GET, HEAD');
    const file = options.staticDir
      ? await resolveStaticFile(options.staticDir, url.pathname)
      : null;
    res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    if (!file) {
      const isRoot = url.pathname === '/' || url.pathname === '/index.html';
      res.statusCode = isRoot ? 503 : 404;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.end(
        isRoot
          ? 'The FolderGate window is not built yet: run `npm run build`, then start FolderGate again.\n'
          : 'Not found.\n',
      );
      return;
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader(
      'Cache-Control',
      file.contentType.startsWith('text/html') ? 'no-store' : 'no-cache',
    );
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    await new Promise<void>((resolve) => {
      const stream = createReadStream(file.path);
      stream.on('error', () => {
        res.destroy();
        resolve();
      });
      stream.on('end', resolve);
      stream.pipe(res);
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, bindHost, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;

  let closing: Promise<void> | null = null;
  return {
    url: `http://${bindHost}:${port}/#token=${token}`,
    token,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const end of [...streams]) end();
        server.close(() => resolve());
        server.closeIdleConnections();
        // A connection that has not sent a request yet (a browser's speculative preconnect) is
        // not idle to Node and would keep close() waiting forever: let requests in flight
        // finish for a moment, then end every connection.
        setTimeout(() => server.closeAllConnections(), 1_000).unref();
      });
      return closing;
    },
  };
}

/** Reads the body up to MAX_BODY_BYTES; answers 413 and resolves null when it is larger. */
function readBody(req: http.IncomingMessage, res: http.ServerResponse): Promise<Buffer | null> {
  const tooLarge = (): null => {
    res.setHeader('Connection', 'close');
    sendError(
      res,
      413,
      IPC_ERROR_CODES.invalidPayload,
      'The request is larger than 1 MiB.',
      'Send a smaller request.',
    );
    // Keep reading (and dropping) what the client still sends, so it sees the answer.
    req.removeAllListeners('data');
    req.resume();
    return null;
  };
  const declared = Number(req.headers['content-length'] ?? 0);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return Promise.resolve(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        done = true;
        resolve(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      resolve(Buffer.concat(chunks));
    });
    req.on('error', (error) => {
      if (done) return;
      done = true;
      reject(error);
    });
  });
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer ([^\s]+)$/i.exec(header?.trim() ?? '');
  return match?.[1];
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

function unauthorized(res: http.ServerResponse): void {
  res.setHeader('WWW-Authenticate', 'Bearer');
  sendError(
    res,
    401,
    IPC_ERROR_CODES.forbiddenSender,
    'The access token is missing or wrong.',
    'Open the link FolderGate printed when it started (it ends with #token=…).',
  );
}

function methodNotAllowed(res: http.ServerResponse, allow: string): void {
  res.setHeader('Allow', allow);
  sendError(
    res,
    405,
    IPC_ERROR_CODES.unsupported,
    `Use ${allow} here.`,
    'Follow the headless host protocol.',
  );
}

function sendError(
  res: http.ServerResponse,
  status: number,
  code: string,
  message: string,
  fix = 'Open FolderGate through the link it printed (http://127.0.0.1:…).',
): void {
  const error: IpcErrorPayload = { code, message, fix };
  res.setHeader('Cache-Control', 'no-store');
  sendJson(res, status, { ok: false, error });
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', String(Buffer.byteLength(text)));
  res.end(text);
}
