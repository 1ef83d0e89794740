// The engine channel over a real socket: a proven query is answered; a listener that cannot
// prove it knows the secret, an answer over the cap, a garbled one, a silent one or no listener
// at all each make the asking server walk (null), never throw.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { enginePaths, type EngineQuery, type EngineWatchEvent } from '#shared/engine/engine.js';
import { askEngine, listenForQueries, watchEngine } from './engine-channel.js';
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

describe('the engine channel', () => {
  it('answers a proven query, in a private folder, with the answer the engine gave', async () => {
    const dir = appData();
    const paths = enginePaths(dir, process.platform);
    const seen: EngineQuery[] = [];
    const listener = await listenForQueries({
      paths,
      answer: (q) => {
        seen.push(q);
        return { type: 'decline', why: 'preparing' };
      },
    });
    cleanups.push(() => listener.close());
    expect(fs.statSync(paths.dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(paths.secretPath).mode & 0o777).toBe(0o600);
    expect(await askEngine({ paths, query })).toEqual({ type: 'decline', why: 'preparing' });
    expect(seen).toEqual([query]);
  });

  it('walks (null) when the listener does not know the secret', async () => {
    const dir = appData();
    const paths = enginePaths(dir, process.platform);
    const listener = await listenForQueries({
      paths,
      answer: () => ({ type: 'decline', why: 'preparing' }),
    });
    cleanups.push(() => listener.close());
    // Another secret on the asking side: the proofs differ, nothing is sent or believed.
    const other = path.join(dir, 'other-secret');
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
    const dir = appData();
    const paths = enginePaths(dir, process.platform);
    const listener = await listenForQueries({
      paths,
      // Not an answer the schema allows.
      answer: () => ({ type: 'answer' }) as never,
    });
    cleanups.push(() => listener.close());
    expect(await askEngine({ paths, query })).toBeNull();
  });

  it('refuses a query over the cap before sending it', async () => {
    const dir = appData();
    const paths = enginePaths(dir, process.platform);
    let asked = 0;
    const listener = await listenForQueries({
      paths,
      answer: () => {
        asked++;
        return { type: 'decline', why: 'preparing' };
      },
    });
    cleanups.push(() => listener.close());
    const huge = {
      ...query,
      exclude: Array.from({ length: 1000 }, (_, i) => `${'x'.repeat(90)}${i}`),
    };
    expect(await askEngine({ paths, query: huge })).toBeNull();
    expect(asked).toBe(0);
  });

  it('keeps a proven watch open and streams its folder’s changes; declines a folder not held', async () => {
    const dir = appData();
    const paths = enginePaths(dir, process.platform);
    const sends: ((event: EngineWatchEvent) => void)[] = [];
    let stopped = 0;
    const listener = await listenForQueries({
      paths,
      answer: () => ({ type: 'decline', why: 'preparing' }),
      watch: (rootReal, send) => {
        if (rootReal !== '/held') return null;
        sends.push(send);
        return () => void stopped++;
      },
    });
    cleanups.push(() => listener.close());
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
});
