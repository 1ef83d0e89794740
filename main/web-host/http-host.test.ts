// The headless host over real HTTP (node:http, so Host and Origin can be set freely). The
// handler table here is a small stand-in: the host's job is transport, token, Host/Origin and
// SSE; the handlers themselves are the core's and are tested there.
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IPC_CHANNELS, IpcError } from '#shared/contract/ipc.js';
import type { IpcEvent, IpcEventPayload, IpcHandlers, ServerStatus } from '#shared/contract/ipc.js';
import { createHttpHost, MAX_BODY_BYTES } from './http-host.js';
import type { HttpHost } from './http-host.js';
import { waitFor } from '#testing/time.js';

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(
  host: HttpHost,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    address?: string;
  },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: options.address ?? '127.0.0.1',
        port: host.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: { Host: `127.0.0.1:${host.port}`, ...options.headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

function invoke(
  host: HttpHost,
  channel: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  return request(host, {
    method: 'POST',
    path: `/api/invoke/${encodeURIComponent(channel)}`,
    headers: {
      Authorization: `Bearer ${host.token}`,
      'Content-Type': 'application/json',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const status: ServerStatus = {
  state: 'running',
  pid: 42,
  restarts: 0,
  lastError: null,
  stderrTail: [],
  startedAt: null,
};

function stubHandlers(): IpcHandlers {
  const table = Object.fromEntries(
    IPC_CHANNELS.map((channel) => [
      channel,
      async () => {
        throw new IpcError('Unsupported', `${channel} is not part of this test.`, 'None.');
      },
    ]),
  ) as unknown as IpcHandlers;
  table['server:status'] = async () => status;
  table['roots:check'] = async ({ path: folder }) => ({
    ok: false,
    path: folder,
    error: 'Nope.',
    warnings: [],
    suggestedName: 'x',
    didYouMean: null,
    risk: null,
  });
  return table;
}

let host: HttpHost;
let staticDir: string;
let secretFile: string;
const events = new EventEmitter();
const on = <E extends IpcEvent>(
  event: E,
  listener: (payload: IpcEventPayload<E>) => void,
): (() => void) => {
  events.on(event, listener);
  return () => events.off(event, listener);
};

beforeAll(async () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'fg-host-'));
  staticDir = path.join(base, 'dist');
  fs.mkdirSync(path.join(staticDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>FolderGate</title>');
  fs.writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log(1);');
  fs.writeFileSync(path.join(staticDir, 'assets', 'app.css'), 'body{}');
  secretFile = path.join(base, 'secret.txt');
  fs.writeFileSync(secretFile, 'TOP SECRET');
  fs.symlinkSync(secretFile, path.join(staticDir, 'assets', 'link.txt'));
  host = await createHttpHost({
    handlers: stubHandlers(),
    on,
    staticDir,
    port: 0,
    host: '127.0.0.1',
  });
});

afterAll(async () => {
  await host?.close();
  fs.rmSync(path.dirname(staticDir), { recursive: true, force: true });
});

describe('headless host: API', () => {
  it('prints a loopback URL carrying a long random token', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/#token=${host.token}`);
    expect(host.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers a valid call with the IpcResult and no-store security headers', async () => {
    const reply = await invoke(host, 'server:status', {});
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ ok: true, data: status });
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['referrer-policy']).toBe('no-referrer');
    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
  });

  it('passes the parsed payload to the handler (an empty body counts as {})', async () => {
    const check = JSON.parse((await invoke(host, 'roots:check', { path: '/x' })).body);
    expect(check).toEqual({
      ok: true,
      data: {
        ok: false,
        path: '/x',
        error: 'Nope.',
        warnings: [],
        suggestedName: 'x',
        didYouMean: null,
        risk: null,
      },
    });
    const empty = await request(host, {
      method: 'POST',
      path: '/api/invoke/server:status',
      headers: { Authorization: `Bearer ${host.token}` },
    });
    expect(JSON.parse(empty.body).ok).toBe(true);
  });

  it('refuses a call without a token (401)', async () => {
    const reply = await request(host, {
      method: 'POST',
      path: '/api/invoke/server:status',
      body: '{}',
    });
    expect(reply.status).toBe(401);
    expect(reply.headers['www-authenticate']).toBe('Bearer');
    expect(JSON.parse(reply.body).ok).toBe(false);
  });

  it('refuses a wrong token, a token of another length, and a non-Bearer scheme (401)', async () => {
    const wrong = host.token.slice(0, -1) + (host.token.endsWith('A') ? 'B' : 'A');
    for (const authorization of [
      `Bearer ${wrong}`,
      `Bearer ${host.token}x`,
      'Bearer x',
      `Basic ${host.token}`,
      `Bearer  `,
    ]) {
      const reply = await invoke(host, 'server:status', {}, { Authorization: authorization });
      expect(reply.status, authorization).toBe(401);
    }
  });

  it('refuses another Host (403), even with the right token', async () => {
    for (const hostHeader of [
      'evil.example:80',
      `evil.example:${host.port}`,
      `127.0.0.1:${host.port + 1}`,
      '127.0.0.1',
    ]) {
      const reply = await invoke(host, 'server:status', {}, { Host: hostHeader });
      expect(reply.status, hostHeader).toBe(403);
    }
    const local = await invoke(host, 'server:status', {}, { Host: `localhost:${host.port}` });
    expect(local.status).toBe(200);
  });

  it('refuses a request without any Host header (403)', async () => {
    const head = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(host.port, '127.0.0.1', () => {
        socket.end(
          `POST /api/invoke/server:status HTTP/1.0\r\nAuthorization: Bearer ${host.token}\r\nContent-Length: 2\r\n\r\n{}`,
        );
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(head).toMatch(/^HTTP\/1\.[01] 403 /);
  });

  it('refuses another Origin (403), and accepts its own', async () => {
    for (const origin of [
      'http://evil.example',
      `http://127.0.0.1:${host.port + 1}`,
      'null',
      `https://127.0.0.1:${host.port}`,
    ]) {
      const reply = await invoke(host, 'server:status', {}, { Origin: origin });
      expect(reply.status, origin).toBe(403);
    }
    for (const origin of [`http://127.0.0.1:${host.port}`, `http://localhost:${host.port}`]) {
      expect((await invoke(host, 'server:status', {}, { Origin: origin })).status, origin).toBe(
        200,
      );
    }
  });

  it('refuses a body above 1 MiB (413), declared or streamed', async () => {
    const big = JSON.stringify({ path: 'x'.repeat(MAX_BODY_BYTES) });
    const declared = await invoke(host, 'roots:check', big);
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body).error.code).toBe('InvalidPayload');
    const streamed = await invoke(host, 'roots:check', big, { 'Transfer-Encoding': 'chunked' });
    expect(streamed.status).toBe(413);
  });

  it('answers bad JSON and a bad payload with ok:false InvalidPayload', async () => {
    const bad = JSON.parse((await invoke(host, 'server:status', '{not json')).body);
    expect(bad).toMatchObject({ ok: false, error: { code: 'InvalidPayload' } });
    const wrongShape = JSON.parse((await invoke(host, 'roots:check', { path: 7 })).body);
    expect(wrongShape).toMatchObject({ ok: false, error: { code: 'InvalidPayload' } });
    const extraKey = JSON.parse((await invoke(host, 'server:status', { sneaky: true })).body);
    expect(extraKey).toMatchObject({ ok: false, error: { code: 'InvalidPayload' } });
  });

  it('answers an unknown channel with 404 and UnknownChannel', async () => {
    const reply = await invoke(host, 'fs:deleteEverything', {});
    expect(reply.status).toBe(404);
    expect(JSON.parse(reply.body)).toMatchObject({ ok: false, error: { code: 'UnknownChannel' } });
    expect((await invoke(host, '__proto__', {})).status).toBe(404);
  });

  it('answers unknown API paths with 404 and wrong methods with 405', async () => {
    const headers = { Authorization: `Bearer ${host.token}` };
    expect((await request(host, { path: '/api/nothing', headers })).status).toBe(404);
    const get = await request(host, { path: '/api/invoke/server:status', headers });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect(
      (await request(host, { method: 'POST', path: `/api/events?token=${host.token}` })).status,
    ).toBe(405);
  });
});

describe('headless host: events', () => {
  it('refuses the event stream without the right token', async () => {
    expect((await request(host, { path: '/api/events' })).status).toBe(401);
    expect((await request(host, { path: '/api/events?token=nope' })).status).toBe(401);
  });

  it('streams push events as SSE messages', async () => {
    const received = await new Promise<string>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port: host.port,
          path: `/api/events?token=${encodeURIComponent(host.token)}`,
          agent: false,
        },
        (res) => {
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            if (text.includes(': connected'))
              events.emit('server:status', { ...status, restarts: 3 });
            const end = text.indexOf('\n\n', text.indexOf('event: '));
            if (text.includes('event: ') && end !== -1) {
              req.destroy();
              resolve(text);
            }
          });
        },
      );
      req.on('error', reject);
    });
    const message = received.slice(received.indexOf('event: '));
    const [eventLine, dataLine] = message.split('\n');
    expect(eventLine).toBe('event: server:status');
    expect(JSON.parse((dataLine ?? '').replace(/^data: /, ''))).toEqual({ ...status, restarts: 3 });
  });

  it('keeps the stream alive with comment pings', async () => {
    const pinging = await createHttpHost({
      handlers: stubHandlers(),
      on,
      staticDir,
      port: 0,
      pingIntervalMs: 10,
    });
    try {
      const text = await new Promise<string>((resolve, reject) => {
        const req = http.get(
          {
            host: '127.0.0.1',
            port: pinging.port,
            path: `/api/events?token=${pinging.token}`,
            agent: false,
          },
          (res) => {
            let seen = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              seen += chunk;
              if (seen.includes(': ping\n\n')) {
                req.destroy();
                resolve(seen);
              }
            });
          },
        );
        req.on('error', reject);
      });
      expect(text.startsWith(': connected\n')).toBe(true);
    } finally {
      await pinging.close();
    }
  });

  it('unsubscribes when the client goes away', async () => {
    // The previous test closed its stream; the host must not keep listeners around.
    await waitFor('the listeners to go', () => events.listenerCount('server:status') === 0, 1000);
  });
});

describe('headless host: static files', () => {
  it('serves index.html at / with the CSP and the right content types', async () => {
    const index = await request(host, { path: '/' });
    expect(index.status).toBe(200);
    expect(index.body).toContain('<title>FolderGate</title>');
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.headers['content-security-policy']).toContain("script-src 'self'");
    expect(index.headers['x-frame-options']).toBe('DENY');
    const js = await request(host, { path: '/assets/app.js?v=1' });
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.body).toBe('console.log(1);');
    expect((await request(host, { path: '/assets/app.css' })).headers['content-type']).toBe(
      'text/css; charset=utf-8',
    );
  });

  it('serves static files without a token but still checks Host', async () => {
    expect((await request(host, { path: '/', headers: { Host: 'evil.example' } })).status).toBe(
      403,
    );
  });

  it('never serves anything outside the folder', async () => {
    for (const probe of [
      '/..%2f..%2fetc/passwd',
      '/..%2F..%2F..%2Fetc%2Fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/..%5c..%5csecret.txt',
      '/../secret.txt',
      '/assets/../../secret.txt',
      `/${encodeURIComponent(secretFile)}`,
      '/assets/link.txt',
      '/assets/%00app.js',
      '/assets/',
    ]) {
      const reply = await request(host, { path: probe });
      expect(reply.status, probe).toBe(404);
      expect(reply.body, probe).not.toContain('TOP SECRET');
      expect(reply.body, probe).not.toContain('root:');
    }
  });

  it('refuses writes to static paths (405)', async () => {
    expect((await request(host, { method: 'PUT', path: '/index.html', body: 'x' })).status).toBe(
      405,
    );
  });
});

describe('headless host: binding', () => {
  it('listens on 127.0.0.1 only', async () => {
    const reachable = (address: string, family: number): Promise<boolean> =>
      new Promise((resolve) => {
        const socket = net.connect({ host: address, port: host.port, family });
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
    expect(await reachable('127.0.0.1', 4)).toBe(true);
    expect(await reachable('::1', 6)).toBe(false);
    if (process.platform === 'linux') expect(await reachable('127.0.0.2', 4)).toBe(false);
    const external = Object.values(os.networkInterfaces())
      .flat()
      .find((info) => info && !info.internal && info.family === 'IPv4');
    if (external) expect(await reachable(external.address, 4)).toBe(false);
  });

  it('answers a page with a clear note when the renderer is not built', async () => {
    const bare = await createHttpHost({
      handlers: stubHandlers(),
      on,
      staticDir: path.join(staticDir, 'missing'),
      port: 0,
    });
    try {
      const reply = await request(bare, { path: '/' });
      expect(reply.status).toBe(503);
      expect(reply.body).toContain('npm run build');
      expect((await invoke(bare, 'server:status', {})).status).toBe(200);
    } finally {
      await bare.close();
    }
  });

  it('closes even while an event stream is open', async () => {
    const other = await createHttpHost({ handlers: stubHandlers(), on, staticDir, port: 0 });
    await new Promise<void>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port: other.port,
          path: `/api/events?token=${other.token}`,
          agent: false,
        },
        (res) => {
          res.once('data', () => resolve());
          res.resume();
        },
      );
      req.on('error', reject);
    });
    await other.close();
    expect(
      await new Promise((resolve) =>
        net
          .connect(other.port, '127.0.0.1')
          .once('error', () => resolve('refused'))
          .once('connect', () => resolve('open')),
      ),
    ).toBe('refused');
  });
});
