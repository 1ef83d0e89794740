// The app's broker and the server's client over a real Unix socket in a temp folder, in one
// process (the many-processes case is in appdata/approval/approval-processes.int.test.ts).
import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  APPROVAL_ALLOW_FOR_MS,
  APPROVAL_PROTOCOL_VERSION,
  approvalProofInput,
  approvalQueueStateSchema,
  approvalRefusal,
  type ApprovalPaths,
} from '#shared/approval/approval.js';
import { ApprovalSocketInUseError } from './approval-listen.js';
import { startedByOf } from './approval-broker.js';
import {
  ask,
  makeApprovalHome,
  startTestBroker,
  waitForQueue,
  type TestBroker,
} from '#testing/approval-broker.js';
import { scaled } from '#testing/time.js';

const posixOnly = process.platform === 'win32' ? it.skip : it;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup() {
  const { home, paths } = makeApprovalHome();
  cleanups.push(() => fs.rmSync(home, { recursive: true, force: true }));
  const test = await startTestBroker(paths);
  cleanups.push(() => test.broker.close());
  return { paths, test };
}

/** Answers the next request to appear with `answer`; resolves with its description. */
async function answerNext(
  test: TestBroker,
  answer: Parameters<TestBroker['broker']['answer']>[1],
): Promise<string> {
  const state = await waitForQueue(test.broker, (s) => s.current !== null);
  // What the IPC contract will carry: the state must pass its schema.
  const { current } = approvalQueueStateSchema.parse(state);
  expect(test.broker.answer(current!.id, answer)).toBe(true);
  return current!.description;
}

/** A raw connection to the socket; `closed` resolves when the app hangs up. */
function rawConnection(socketPath: string) {
  const socket = net.createConnection(socketPath);
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  return { socket, closed, received: () => received };
}

const nonce = () => randomBytes(32).toString('hex');
const hmac = (secret: string, input: string) =>
  createHmac('sha256', secret).update(input).digest('hex');
const helloLine = (serverNonce: string, name = 'x') =>
  `${JSON.stringify({ type: 'hello', v: APPROVAL_PROTOCOL_VERSION, nonce: serverNonce, pid: 2, client: { name, version: '1' } })}\n`;

/** Resolves with the first line the app sends on `raw`. */
async function firstLine(raw: ReturnType<typeof rawConnection>): Promise<Record<string, string>> {
  await expect.poll(() => raw.received().includes('\n')).toBe(true);
  return JSON.parse(raw.received().split('\n')[0]!) as Record<string, string>;
}

/** A connection that went through the handshake with the real secret, ready for a request. */
async function provenConnection(paths: ApprovalPaths) {
  const secret = fs.readFileSync(paths.secretPath, 'utf8').trim();
  const raw = rawConnection(paths.socketPath);
  const serverNonce = nonce();
  raw.socket.write(helloLine(serverNonce));
  const challenge = await firstLine(raw);
  const proof = hmac(secret, approvalProofInput('server', serverNonce, challenge.nonce!));
  raw.socket.write(`${JSON.stringify({ type: 'auth', proof })}\n`);
  return raw;
}

describe('approval broker and client', () => {
  it('creates a private folder, a 0600 socket and a 0600 secret', async () => {
    const { paths } = await setup();
    if (process.platform === 'win32') return;
    expect(fs.statSync(paths.dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(paths.socketPath).mode & 0o777).toBe(0o600);
    expect(fs.statSync(paths.secretPath).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(paths.secretPath, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
  });

  it('allows once when the person allows, and shows the request in words', async () => {
    const { paths, test } = await setup();
    const result = ask(paths);
    const description = await answerNext(test, 'allow-once');
    await expect(result).resolves.toEqual({
      decision: 'allow',
      by: 'person',
      answer: 'allow-once',
    });
    expect(description).toBe(
      'Claude Desktop wants to list files changed since Monday in Documents',
    );
    expect(test.broker.state()).toEqual({ pending: [], current: null });
    // "Allow once" is not remembered.
    const again = ask(paths);
    await answerNext(test, 'deny');
    await expect(again).resolves.toMatchObject({ decision: 'deny', by: 'person' });
  });

  it('denies when the person denies, and reports every decision', async () => {
    const { paths, test } = await setup();
    const decided: string[] = [];
    test.broker.onDecided((d) => decided.push(`${d.request.client.name}:${d.result.decision}`));
    const result = ask(paths);
    await answerNext(test, 'deny');
    await expect(result).resolves.toEqual({ decision: 'deny', by: 'person', answer: 'deny' });
    expect(decided).toEqual(['claude-ai:deny']);
  });

  it('refuses by timeout when nobody answers, and the request leaves the queue', async () => {
    const { paths, test } = await setup();
    const waited: number[] = [];
    const result = await ask(paths, {
      timeoutMs: 400,
      waitingIntervalMs: 100,
      onWaiting: (ms) => waited.push(ms),
    });
    expect(result).toEqual({ decision: 'deny', by: 'timeout' });
    expect(waited.length).toBeGreaterThanOrEqual(2);
    await waitForQueue(test.broker, (s) => s.pending.length === 0);
  });

  it('refuses as unavailable when the app is not running (no socket, no secret)', async () => {
    const { home, paths } = makeApprovalHome();
    cleanups.push(() => fs.rmSync(home, { recursive: true, force: true }));
    await expect(ask(paths)).resolves.toEqual({ decision: 'deny', by: 'unavailable' });
    // A secret left from an earlier run does not help without a listener.
    fs.mkdirSync(paths.dir, { mode: 0o700 });
    fs.writeFileSync(paths.secretPath, 'a'.repeat(64), { mode: 0o600 });
    await expect(ask(paths)).resolves.toEqual({ decision: 'deny', by: 'unavailable' });
  });

  posixOnly(
    'replaces a stale socket file at start; clients of a stale socket are refused',
    async () => {
      const { home, paths } = makeApprovalHome();
      cleanups.push(() => fs.rmSync(home, { recursive: true, force: true }));
      // A socket file whose app is gone: an app that crashed (SIGKILL) right after listening.
      fs.mkdirSync(paths.dir, { mode: 0o700 });
      const crashed = spawnSync(process.execPath, [
        '-e',
        "require('net').createServer().listen(process.argv[1], () => process.kill(process.pid, 'SIGKILL'))",
        paths.socketPath,
      ]);
      expect(crashed.signal).toBe('SIGKILL');
      expect(fs.existsSync(paths.socketPath)).toBe(true);
      fs.writeFileSync(paths.secretPath, 'b'.repeat(64), { mode: 0o600 });
      await expect(ask(paths)).resolves.toEqual({ decision: 'deny', by: 'unavailable' });

      const test = await startTestBroker(paths);
      cleanups.push(() => test.broker.close());
      const result = ask(paths);
      await answerNext(test, 'allow-once');
      await expect(result).resolves.toMatchObject({ decision: 'allow', by: 'person' });
    },
  );

  it('refuses to start while another app listens, and leaves its socket working', async () => {
    const { paths, test } = await setup();
    await expect(startTestBroker(paths)).rejects.toBeInstanceOf(ApprovalSocketInUseError);
    const result = ask(paths);
    await answerNext(test, 'allow-once');
    await expect(result).resolves.toMatchObject({ decision: 'allow' });
  });

  it('remembers "Allow for 15 minutes" per app with its clock', async () => {
    const { paths, test } = await setup();
    const first = ask(paths);
    await answerNext(test, 'allow-15-min');
    await expect(first).resolves.toMatchObject({ decision: 'allow', by: 'person' });
    expect(test.broker.grants()).toEqual({ 'claude-ai': test.clock.now + APPROVAL_ALLOW_FOR_MS });

    test.clock.now += 14 * 60_000;
    await expect(ask(paths)).resolves.toEqual({
      decision: 'allow',
      by: 'rule',
      answer: 'allow-15-min',
    });
    // Another app is still asked meanwhile.
    const cursor = ask(paths, { clientName: 'cursor' });
    await answerNext(test, 'deny');
    await expect(cursor).resolves.toMatchObject({ decision: 'deny', by: 'person' });

    test.clock.now += 2 * 60_000; // +16 min
    const late = ask(paths);
    await answerNext(test, 'deny');
    await expect(late).resolves.toMatchObject({ decision: 'deny', by: 'person' });
    expect(test.broker.grants()).toEqual({});
  });

  it('"Allow always" covers that app only, and is handed to the settings', async () => {
    const { paths, test } = await setup();
    const first = ask(paths);
    await answerNext(test, 'allow-always');
    await expect(first).resolves.toMatchObject({ decision: 'allow', answer: 'allow-always' });
    await expect.poll(() => test.allowedAlways).toEqual(['claude-ai']);
    // What the wiring does with the callback: persist the rule in the settings.
    test.settings = { ...test.settings, apps: { 'claude-ai': 'allow' } };
    await expect(ask(paths, { clientName: 'Claude-AI' })).resolves.toEqual({
      decision: 'allow',
      by: 'rule',
      answer: 'allow-always',
    });
    const other = ask(paths, { clientName: 'cursor' });
    await answerNext(test, 'allow-once');
    await expect(other).resolves.toMatchObject({ by: 'person' });
  });

  it('an answer to remember also lets the same app’s other waiting requests through', async () => {
    const { paths, test } = await setup();
    const a = ask(paths);
    const b = ask(paths, { args: { root: 'Projects' } });
    const c = ask(paths, { clientName: 'cursor' });
    await waitForQueue(test.broker, (s) => s.pending.length === 3);
    const first = test.broker.state().pending.find((p) => p.client.name === 'claude-ai')!;
    test.broker.answer(first.id, 'allow-15-min');
    const results = await Promise.all([a, b]);
    expect(results.map((r) => r.by).sort()).toEqual(['person', 'rule']);
    expect(test.broker.state().pending.map((p) => p.client.name)).toEqual(['cursor']);
    await answerNext(test, 'deny');
    await expect(c).resolves.toMatchObject({ decision: 'deny' });
  });

  it(
    'refuses a connection that cannot prove the secret; it never puts a request in front of the person',
    async () => {
      const { paths, test } = await setup();
      const waiting = ask(paths);
      await waitForQueue(test.broker, (s) => s.pending.length === 1);
      const foreign = rawConnection(paths.socketPath);
      foreign.socket.write(helloLine(nonce(), 'intruder'));
      // The app proves itself first: the intruder learns nothing it could use (the proof is bound
      // to its own nonce and the app's, and never contains the secret).
      const challenge = await firstLine(foreign);
      expect(challenge.type).toBe('challenge');
      expect(challenge.proof).not.toContain(fs.readFileSync(paths.secretPath, 'utf8').trim());
      foreign.socket.write(`${JSON.stringify({ type: 'auth', proof: 'c'.repeat(64) })}\n`);
      foreign.socket.write('{"type":"request","id":"x","tool":"t","args":{}}\n');
      await foreign.closed;
      expect(foreign.received().trim().split('\n')).toHaveLength(1); // the challenge, nothing else
      expect(test.broker.state().pending.map((p) => p.client.name)).toEqual(['claude-ai']);
      // A connection that says nothing is dropped too.
      const silent = rawConnection(paths.socketPath);
      await silent.closed;
      await answerNext(test, 'allow-once');
      await expect(waiting).resolves.toMatchObject({ decision: 'allow' });
    },
    scaled(15_000),
  );

  it('a replayed proof from an earlier exchange is refused', async () => {
    const { paths, test } = await setup();
    const secret = fs.readFileSync(paths.secretPath, 'utf8').trim();
    // A real exchange, recorded: the server's nonce and its (valid) proof.
    const serverNonce = nonce();
    const first = rawConnection(paths.socketPath);
    first.socket.write(helloLine(serverNonce));
    const challenge = await firstLine(first);
    const recorded = hmac(secret, approvalProofInput('server', serverNonce, challenge.nonce!));
    first.socket.destroy();
    // Replayed on a new connection with the same hello: the app's nonce is new, so it fails.
    const replay = rawConnection(paths.socketPath);
    replay.socket.write(helloLine(serverNonce, 'replayer'));
    await firstLine(replay);
    replay.socket.write(`${JSON.stringify({ type: 'auth', proof: recorded })}\n`);
    replay.socket.write('{"type":"request","id":"x","tool":"t","args":{}}\n');
    await replay.closed;
    expect(test.broker.state().pending).toEqual([]);
  });

  it('a process posing as the app (it listens where the app would) gets no call through', async () => {
    const { home, paths } = makeApprovalHome();
    cleanups.push(() => fs.rmSync(home, { recursive: true, force: true }));
    // The real app ran once (folder and secret exist) and recorded nothing we could reuse: the
    // impostor answers hellos with a challenge of its own making, then "allows" everything.
    const real = await startTestBroker(paths);
    await real.broker.close();
    const secret = fs.readFileSync(paths.secretPath, 'utf8').trim();
    let heard = '';
    // It answers like the app would: a challenge (it cannot make a good proof), and a decision
    // "allow" for any request it is shown, with that request's own id.
    const fake = net.createServer((socket) => {
      socket.on('data', (chunk: Buffer) => {
        heard += chunk.toString('utf8');
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
          const message = JSON.parse(line) as { type: string; id?: string };
          if (message.type === 'hello')
            socket.write(
              `${JSON.stringify({ type: 'challenge', nonce: nonce(), proof: 'a'.repeat(64) })}\n`,
            );
          if (message.type === 'request')
            socket.write(
              `${JSON.stringify({ type: 'decision', id: message.id, decision: 'allow', by: 'person' })}\n`,
            );
        }
      });
    });
    await new Promise<void>((resolve) => fake.listen(paths.socketPath, resolve));
    await expect(ask(paths)).resolves.toEqual({ decision: 'deny', by: 'not-the-app' });
    await new Promise<void>((resolve) => fake.close(() => resolve()));
    expect(heard).toContain('"type":"hello"');
    expect(heard).not.toContain('"type":"request"'); // the call was never shown to it
    expect(heard).not.toContain(secret);
  });

  it('says it is busy (not "not running") when too many requests wait already', async () => {
    const { home, paths } = makeApprovalHome();
    cleanups.push(() => fs.rmSync(home, { recursive: true, force: true }));
    const test = await startTestBroker(paths, undefined, { maxConnections: 2 });
    cleanups.push(() => test.broker.close());
    const waiting = [ask(paths), ask(paths)];
    await waitForQueue(test.broker, (s) => s.pending.length === 2);
    const third = await ask(paths);
    expect(third).toEqual({ decision: 'deny', by: 'busy' });
    expect(approvalRefusal(third)).toMatchObject({
      code: 'ApprovalUnavailable',
      message: expect.stringMatching(/too many requests waiting/) as unknown,
    });
    await answerNext(test, 'deny');
    await answerNext(test, 'deny');
    await Promise.all(waiting);
  });

  it('tells which program started the asking server (Linux)', async () => {
    const { paths, test } = await setup();
    const waiting = ask(paths);
    const state = await waitForQueue(test.broker, (s) => s.pending.length === 1);
    // The asking server is this test process; its parent is what started it.
    const expected = process.platform === 'linux' ? startedByOf(process.pid) : null;
    expect(state.pending[0]!.startedBy).toBe(expected);
    if (process.platform === 'linux') expect(expected).toMatch(/\S/);
    await answerNext(test, 'deny');
    await waiting;
  });

  it('drops malformed and oversized messages and keeps serving others', async () => {
    const { paths, test } = await setup();
    const waiting = ask(paths);
    await waitForQueue(test.broker, (s) => s.pending.length === 1);
    const before = [
      'not json\n',
      '{"type":"hello"}\n',
      // The protocol before version 2 sent the secret itself: refused as malformed.
      `${JSON.stringify({ type: 'hello', v: 1, secret: 'a'.repeat(64), pid: 2, client: { name: 'x', version: '1' } })}\n`,
      Buffer.from([0xff, 0xfe, 0x0a]),
    ];
    for (const payload of before) {
      const raw = rawConnection(paths.socketPath);
      raw.socket.write(payload);
      await raw.closed;
      expect(raw.received()).toBe('');
    }
    const after = [
      '{"type":"request","id":"1","tool":"t","args":[]}\n',
      'x'.repeat(70 * 1024),
      `{"type":"request","id":"1","tool":"t","args":{"a":"${'y'.repeat(70 * 1024)}"}}\n`,
    ];
    for (const payload of after) {
      const raw = await provenConnection(paths);
      raw.socket.write(payload);
      await raw.closed;
      expect(raw.received().trim().split('\n')).toHaveLength(1); // only the challenge
    }
    expect(test.broker.state().pending).toHaveLength(1);
    await answerNext(test, 'allow-once');
    await expect(waiting).resolves.toMatchObject({ decision: 'allow', by: 'person' });
    const next = ask(paths);
    await answerNext(test, 'deny');
    await expect(next).resolves.toMatchObject({ decision: 'deny' });
  });

  it('the client survives a garbled or oversized answer: refused at once as not the app', async () => {
    const { home, paths } = makeApprovalHome();
    cleanups.push(() => fs.rmSync(home, { recursive: true, force: true }));
    fs.mkdirSync(paths.dir, { mode: 0o700 });
    fs.writeFileSync(paths.secretPath, 'd'.repeat(64), { mode: 0o600 });
    for (const answer of ['{"type":"decision"}\n', 'z'.repeat(70 * 1024), 'nope\n']) {
      const fake = net.createServer((socket) => socket.once('data', () => socket.write(answer)));
      await new Promise<void>((resolve) => fake.listen(paths.socketPath, resolve));
      await expect(ask(paths)).resolves.toEqual({ decision: 'deny', by: 'not-the-app' });
      await new Promise<void>((resolve) => fake.close(() => resolve()));
    }
  });

  it('cancellation ends the wait and removes the request from the queue', async () => {
    const { paths, test } = await setup();
    const controller = new AbortController();
    const result = ask(paths, { signal: controller.signal });
    const { current } = await waitForQueue(test.broker, (s) => s.current !== null);
    controller.abort();
    await expect(result).resolves.toEqual({ decision: 'deny', by: 'cancelled' });
    await waitForQueue(test.broker, (s) => s.pending.length === 0);
    expect(test.broker.answer(current!.id, 'allow-once')).toBe(false);
    // An already-aborted signal never connects.
    await expect(ask(paths, { signal: AbortSignal.abort() })).resolves.toMatchObject({
      by: 'cancelled',
    });
  });

  it('refuses every waiting call when the app closes', async () => {
    const { paths, test } = await setup();
    const result = ask(paths);
    await waitForQueue(test.broker, (s) => s.pending.length === 1);
    await test.broker.close();
    await expect(result).resolves.toEqual({ decision: 'deny', by: 'unavailable' });
  });

  it('asks nothing of the person when asking was switched off meanwhile', async () => {
    const { paths, test } = await setup();
    test.settings = { mode: 'off', apps: {} };
    await expect(ask(paths)).resolves.toEqual({ decision: 'allow', by: 'rule' });
  });
});
