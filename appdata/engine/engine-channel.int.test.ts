// The engine channel over a real socket: a proven query is answered, and later queries ride the
// same proven connection; a listener that cannot prove it knows the secret, an answer over the
// cap, a garbled one, a silent one or no listener at all each make the asking server walk
// (null), never throw; a kept connection the engine closed is replaced, not a reason to walk.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ENGINE_PROTOCOL_VERSION,
  enginePaths,
  engineProofInput,
  type EnginePaths,
  type EngineQuery,
  type EngineWatchEvent,
} from '#shared/engine/engine.js';
import { createApprovalReader } from '../approval/approval-reader.js';
import { channelLine, channelProof } from './channel-proof.js';
import { askEngine } from './engine-ask.js';
import { listenForQueries, watchEngine } from './engine-channel.js';
import { engineQuery } from '#testing/engine-query.js';
import { waitFor } from '#testing/time.js';

const query = engineQuery('/home/me/Documents', 11);

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

function appData(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fg-engine-ch-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** An engine end listening in a new app data folder, closed after the test. */
async function listening(options: Omit<Parameters<typeof listenForQueries>[0], 'paths'>) {
  const paths = enginePaths(appData(), process.platform);
  const listener = await listenForQueries({ paths, ...options });
  cleanups.push(() => listener.close());
  return { paths, listener };
}

describe('the engine channel', () => {
  it('answers a proven query, in a private folder, with the answer the engine gave', async () => {
    const seen: EngineQuery[] = [];
    const { paths } = await listening({
      answer: (q) => {
        seen.push(q);
        return { type: 'decline', why: 'preparing' };
      },
    });
    expect(fs.statSync(paths.dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(paths.secretPath).mode & 0o777).toBe(0o600);
    expect(await askEngine({ paths, query })).toEqual({ type: 'decline', why: 'preparing' });
    expect(seen).toEqual([query]);
  });

  it('walks (null) when the listener does not know the secret', async () => {
    const { paths } = await listening({
      answer: () => ({ type: 'decline', why: 'preparing' }),
    });
    // Another secret on the asking side: the proofs differ, nothing is sent or believed.
    const other = path.join(paths.dir, 'other-secret');
    fs.writeFileSync(other, `${'ab'.repeat(32)}\n`, { mode: 0o600 });
    expect(await askEngine({ paths: { ...paths, secretPath: other }, query })).toBeNull();
  });

  it('walks (null) with no engine, and with one that says nothing in time', async () => {
    const dir = appData();
    const paths = enginePaths(dir, process.platform);
    expect(await askEngine({ paths, query })).toBeNull(); // no secret yet: no app has run
    fs.mkdirSync(paths.dir, { mode: 0o700 });
    fs.writeFileSync(paths.secretPath, `${'cd'.repeat(32)}\n`, { mode: 0o600 });
    expect(await askEngine({ paths, query })).toBeNull(); // no socket
    const held = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      held.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(paths.socketPath, resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          for (const socket of held) socket.destroy();
          silent.close(() => resolve());
        }),
    );
    // It gives up at its own time limit (the test's timeout would catch one that waits on).
    expect(await askEngine({ paths, query, timeoutMs: 300 })).toBeNull();
  });

  it('walks (null) when the answer is not a well-formed answer', async () => {
    const { paths } = await listening({
      // Not an answer the schema allows.
      answer: () => ({ type: 'answer' }) as never,
    });
    expect(await askEngine({ paths, query })).toBeNull();
  });

  it('refuses a query over the cap before sending it', async () => {
    let asked = 0;
    const { paths } = await listening({
      answer: () => {
        asked++;
        return { type: 'decline', why: 'preparing' };
      },
    });
    const huge = {
      ...query,
      exclude: Array.from({ length: 1000 }, (_, i) => `${'x'.repeat(90)}${i}`),
    };
    expect(await askEngine({ paths, query: huge })).toBeNull();
    expect(asked).toBe(0);
  });

  it('keeps a proven watch open and streams its folder’s changes; declines a folder not held', async () => {
    const sends: ((event: EngineWatchEvent) => void)[] = [];
    let stopped = 0;
    const { paths } = await listening({
      answer: () => ({ type: 'decline', why: 'preparing' }),
      watch: (rootReal, send) => {
        if (rootReal !== '/held') return null;
        sends.push(send);
        return () => void stopped++;
      },
    });
    const events: unknown[] = [];
    let ended = 0;
    const open = (rootReal: string) =>
      watchEngine({
        paths,
        rootReal,
        onEvent: (event) => events.push(event),
        onEnd: () => void ended++,
      });
    expect(await open('/not-held')).toBeNull();
    const watch = await open('/held');
    expect(watch).not.toBeNull();
    sends[0]!({ type: 'changed', kind: 'changed', rels: ['a.txt'] });
    await waitFor('the change', () => events.length > 0);
    expect(events).toEqual([{ type: 'changed', kind: 'changed', rels: ['a.txt'] }]);
    watch!.close();
    expect(ended).toBe(1);
    await waitFor('the engine’s end stopped', () => stopped > 0);
  });

  it('asks later queries on the same proven connection, one at a time', async () => {
    const seen: number[] = [];
    const { paths, listener } = await listening({
      answer: (q) => {
        seen.push(q.count);
        return { type: 'decline', why: 'preparing' };
      },
    });
    for (const count of [1, 2, 3])
      expect(await askEngine({ paths, query: { ...query, count } })).toEqual({
        type: 'decline',
        why: 'preparing',
      });
    expect(seen).toEqual([1, 2, 3]);
    expect(listener.connections()).toBe(1);
    // Two at once: each on a connection of its own.
    await Promise.all([askEngine({ paths, query }), askEngine({ paths, query })]);
    expect(listener.connections()).toBe(2);
  });

  it('closes a proven connection idle too long; the next query proves a fresh one', async () => {
    let asked = 0;
    const { paths, listener } = await listening({
      idleMs: 50,
      answer: () => {
        asked++;
        return { type: 'decline', why: 'preparing' };
      },
    });
    expect(await askEngine({ paths, query })).not.toBeNull();
    await waitFor('the idle connection closed', () => listener.connections() === 0);
    expect(await askEngine({ paths, query })).toEqual({ type: 'decline', why: 'preparing' });
    expect(asked).toBe(2);
  });

  it('asks again on a fresh connection when the engine closes the kept one as a query arrives', async () => {
    const paths = enginePaths(appData(), process.platform);
    const engine = await fakeEngine(paths);
    cleanups.push(() => engine.close());
    expect(await askEngine({ paths, query })).toEqual({ type: 'decline', why: 'preparing' });
    // The kept connection is closed when the next query reaches it: not a walk, a fresh proof.
    expect(await askEngine({ paths, query })).toEqual({ type: 'decline', why: 'preparing' });
    expect(engine.connections).toBe(2);
    expect(engine.answered).toBe(2);
  });

  it('gives an idle connection’s place to a new one when every place is taken', async () => {
    const { paths, listener } = await listening({
      maxConnections: 1,
      answer: () => ({ type: 'decline', why: 'preparing' }),
    });
    expect(await askEngine({ paths, query })).not.toBeNull(); // its connection waits, idle
    const other = net.createConnection(paths.socketPath);
    cleanups.push(() => void other.destroy());
    const lines: string[] = [];
    other.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
    other.write(channelLine({ type: 'hello', v: ENGINE_PROTOCOL_VERSION, nonce: 'ab'.repeat(32) }));
    await waitFor('a challenge to the new connection', () => lines.join('').includes('challenge'));
    expect(listener.connections()).toBe(1);
  });

  it('drops a connection that sends a second query before the first is answered', async () => {
    let release = () => {};
    const logged: string[] = [];
    const { paths } = await listening({
      log: (line) => logged.push(line),
      answer: () =>
        new Promise((resolve) => (release = () => resolve({ type: 'decline', why: 'preparing' }))),
    });
    const secret = fs.readFileSync(paths.secretPath, 'utf8').trim();
    const socket = net.createConnection(paths.socketPath);
    cleanups.push(() => void socket.destroy());
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const serverNonce = 'cd'.repeat(32);
    const reader = createApprovalReader(
      (value) => {
        const { nonce } = value as { nonce: string };
        const proof = channelProof(secret, engineProofInput('server', serverNonce, nonce));
        socket.write(channelLine({ type: 'auth', proof, query }));
        socket.write(channelLine({ type: 'query', query })); // before the answer
      },
      () => {},
    );
    socket.on('data', (chunk: Buffer) => reader.push(chunk));
    socket.write(channelLine({ type: 'hello', v: ENGINE_PROTOCOL_VERSION, nonce: serverNonce }));
    await closed;
    release();
    expect(logged.join('\n')).toMatch(/connection dropped \(a line while a query is answered/);
  });
});

/**
 * An engine of the right secret that closes each kept connection when its next query arrives,
 * without answering (as one whose idle time ran out just then would).
 */
async function fakeEngine(paths: EnginePaths) {
  fs.mkdirSync(paths.dir, { recursive: true, mode: 0o700 });
  const secret = 'ef'.repeat(32);
  fs.writeFileSync(paths.secretPath, `${secret}\n`, { mode: 0o600 });
  const held = new Set<net.Socket>();
  const state = { connections: 0, answered: 0 };
  const server = net.createServer((socket) => {
    state.connections++;
    held.add(socket);
    socket.on('error', () => {});
    let serverNonce = '';
    const engineNonce = randomBytes(32).toString('hex');
    const reader = createApprovalReader(
      (value) => {
        const message = value as { type: string; nonce?: string };
        if (message.type === 'hello') {
          serverNonce = message.nonce!;
          const input = engineProofInput('engine', serverNonce, engineNonce);
          socket.write(
            channelLine({
              type: 'challenge',
              nonce: engineNonce,
              proof: channelProof(secret, input),
            }),
          );
        } else if (message.type === 'auth') {
          state.answered++;
          socket.write(channelLine({ type: 'decline', why: 'preparing' }));
        } else socket.destroy(); // a later query on a kept connection
      },
      () => socket.destroy(),
    );
    socket.on('data', (chunk: Buffer) => reader.push(chunk));
  });
  await new Promise<void>((resolve) => server.listen(paths.socketPath, resolve));
  return {
    get connections() {
      return state.connections;
    },
    get answered() {
      return state.answered;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of held) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
