// Who is on the other end of the approval channel (issue 34, item 7), over a real socket: a
// listener that does not speak the protocol is refused at once (not a 45-second wait that ends as
// the person's "no"); a prompt says which process asked and which program it runs, proven on
// Linux by a listener named after what only that connection is told; and no one program can fill the person's
// queue: at most a few of its requests wait, and a program that cannot prove which it is never
// pushes a proven one out of sight.
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  APPROVAL_PROTOCOL_VERSION,
  approvalProofInput,
  approvalRefusal,
  type ApprovalPaths,
} from '#shared/approval/approval.js';
import { startApprovalBroker, startedByOf } from './approval-broker.js';
import {
  ask,
  makeApprovalHome,
  startTestBroker,
  waitForQueue,
  type TestBroker,
} from '#testing/approval-broker.js';
import { scaled } from '#testing/time.js';

const linuxOnly = process.platform === 'linux' ? it : it.skip;
/** How many requests of one program may wait for the person at once. */
const CAP = 5;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function home(): ApprovalPaths {
  const { home: dir, paths } = makeApprovalHome();
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return paths;
}

async function broker(paths: ApprovalPaths): Promise<TestBroker> {
  const test = await startTestBroker(paths);
  cleanups.push(() => test.broker.close());
  return test;
}

/** A listener where the app would be, that does `onConnection` with each connection. */
async function impostor(paths: ApprovalPaths, onConnection: (socket: net.Socket) => void) {
  fs.mkdirSync(paths.dir, { recursive: true, mode: 0o700 });
  if (!fs.existsSync(paths.secretPath))
    fs.writeFileSync(paths.secretPath, 'e'.repeat(64), { mode: 0o600 });
  const held = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    held.add(socket);
    socket.on('error', () => {});
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(paths.socketPath, resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of held) socket.destroy();
        server.close(() => resolve());
      }),
  );
}

const hmac = (secret: string, input: string) =>
  createHmac('sha256', secret).update(input).digest('hex');

/**
 * A connection that proves it knows the secret (any process of this user can read it) and asks
 * as `name`, saying it is process `pid`, without holding the app's proof file. Resolves with
 * every line the app sent once it hangs up (or at once with what it has, with `keep`).
 */
async function posing(paths: ApprovalPaths, name: string, pid: number) {
  const secret = fs.readFileSync(paths.secretPath, 'utf8').trim();
  const socket = net.createConnection(paths.socketPath);
  socket.on('error', () => {});
  let received = '';
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const serverNonce = randomBytes(32).toString('hex');
  const challenge = new Promise<{ nonce: string }>((resolve) =>
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
      if (received.includes('\n')) resolve(JSON.parse(received.split('\n')[0]!));
    }),
  );
  cleanups.push(() => void socket.destroy());
  const client = { name, version: '1' };
  socket.write(
    `${JSON.stringify({ type: 'hello', v: APPROVAL_PROTOCOL_VERSION, nonce: serverNonce, pid, client })}\n`,
  );
  const { nonce } = await challenge;
  const proof = hmac(secret, approvalProofInput('server', serverNonce, nonce));
  const request = { type: 'request', id: randomBytes(8).toString('hex'), tool: 't', args: {} };
  socket.write(`${JSON.stringify({ type: 'auth', proof })}\n${JSON.stringify(request)}\n`);
  return {
    lines: async () => {
      await closed;
      return received
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string });
    },
  };
}

describe('a listener that is not the app is refused at once', () => {
  it('an unknown or malformed first message, a wrong proof', async () => {
    const paths = home();
    let answer = '';
    await impostor(paths, (socket) => socket.once('data', () => socket.write(answer)));
    for (answer of [
      '{"type":"welcome","v":3}\n',
      '{"type":"challenge"}\n',
      `${JSON.stringify({ type: 'challenge', nonce: 'a'.repeat(64), proof: 'b'.repeat(64) })}\n`,
      'HTTP/1.1 400 Bad Request\r\n\r\n',
    ]) {
      // A wait far longer than the test's: only a refusal at once lets it pass.
      const result = await ask(paths, { timeoutMs: scaled(600_000) });
      expect(result, answer).toEqual({ decision: 'deny', by: 'not-the-app' });
    }
    expect(approvalRefusal({ decision: 'deny', by: 'not-the-app' })).toMatchObject({
      code: 'ApprovalUnavailable',
      message: expect.stringMatching(/not the FolderGate app/) as unknown,
    });
  });

  it('a listener that never proves itself, however long the call may wait for the person', async () => {
    // One says nothing; one starts a line it never ends.
    for (const behave of [() => undefined, (s: net.Socket) => void s.write('{"type":"chall')]) {
      const paths = home();
      await impostor(paths, behave);
      // Longer than the handshake may take: the person is never said to have refused.
      const result = await ask(paths, { timeoutMs: scaled(10_000), handshakeTimeoutMs: 300 });
      expect(result).toEqual({ decision: 'deny', by: 'not-the-app' });
    }
  });

  it('the app refuses an unexpected first message at once, without waiting for a hello', async () => {
    const paths = home();
    const channel = await startApprovalBroker({
      paths,
      requests: { add: () => null, remove: () => undefined },
      // Far longer than the test: only a refusal at once closes these connections.
      helloTimeoutMs: scaled(600_000),
    });
    cleanups.push(() => channel.close());
    for (const first of ['{"type":"request","id":"1","tool":"t","args":{}}\n', '[]\n', '{}\n']) {
      const socket = net.createConnection(paths.socketPath);
      socket.on('error', () => {});
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write(first);
      await closed;
      expect(received).toBe('');
    }
  });
});

describe('which program asked', () => {
  linuxOnly(
    'a server that proves its process: its id, its executable, what started it',
    async () => {
      const paths = home();
      const test = await broker(paths);
      const waiting = ask(paths);
      const state = await waitForQueue(test.broker, (s) => s.pending.length === 1);
      expect(state.pending[0]).toMatchObject({
        origin: 'checked',
        pid: process.pid,
        executable: fs.readlinkSync('/proc/self/exe'),
        startedBy: startedByOf(process.pid),
      });
      test.broker.answer(state.pending[0]!.id, 'deny');
      await waiting;
    },
  );

  linuxOnly('a connection that names another process is not believed', async () => {
    const paths = home();
    const test = await broker(paths);
    // A real server (this process) asks, and holds the proof of its own connection meanwhile.
    const real = ask(paths, { clientName: 'Claude Desktop' });
    await waitForQueue(test.broker, (s) => s.pending.length === 1);
    // Another connection names that server's process: that process holds no proof of this one.
    const fake = await posing(paths, 'Claude Desktop', process.pid);
    const state = await waitForQueue(test.broker, (s) => s.pending.length === 2);
    expect(state.pending.map((p) => [p.client.name, p.origin])).toEqual([
      ['Claude Desktop', 'checked'],
      ['Claude Desktop', 'unchecked'],
    ]);
    expect(state.pending[1]).toMatchObject({ pid: process.pid, executable: null, startedBy: null });
    for (const p of state.pending) test.broker.answer(p.id, 'deny');
    expect((await fake.lines()).map((l) => l.type)).toEqual(['challenge', 'decision']);
    await real;
  });
});

describe('no one program fills the queue', () => {
  linuxOnly(
    '40 requests posing as Claude Desktop: 5 wait, the rest are refused at once; a proven server is shown first',
    async () => {
      const paths = home();
      const test = await broker(paths);
      const fakes = [];
      for (let i = 0; i < 40; i++) fakes.push(await posing(paths, 'Claude Desktop', 4242));
      await waitForQueue(test.broker, (s) => s.pending.length === CAP);
      // Every one beyond the cap was told at once, and hung up.
      const refused = await Promise.all(fakes.slice(CAP).map((f) => f.lines()));
      for (const lines of refused)
        expect(lines.map((l) => l.type)).toEqual(['challenge', 'refused']);
      expect(test.broker.state().pending).toHaveLength(CAP);
      // The real server asks last, and is shown first.
      const real = ask(paths, { clientName: 'Claude Desktop' });
      const state = await waitForQueue(test.broker, (s) => s.current?.origin === 'checked');
      expect(state.pending).toHaveLength(CAP + 1);
      expect(state.current).toMatchObject({ pid: process.pid, origin: 'checked' });
      test.broker.answer(state.current!.id, 'allow-once');
      await expect(real).resolves.toMatchObject({ decision: 'allow', by: 'person' });
    },
  );

  it('one program with more requests waiting than the cap: the next is refused at once', async () => {
    const paths = home();
    const test = await broker(paths);
    const waiting = Array.from({ length: CAP }, () => ask(paths));
    await waitForQueue(test.broker, (s) => s.pending.length === CAP);
    const extra = await ask(paths, { timeoutMs: scaled(600_000) });
    expect(extra).toEqual({ decision: 'deny', by: 'too-many' });
    expect(approvalRefusal(extra)).toMatchObject({
      code: 'ApprovalUnavailable',
      message: expect.stringMatching(/already has 5 requests waiting/) as unknown,
    });
    // Once one is answered, the program may ask again.
    const first = test.broker.state().pending[0]!;
    test.broker.answer(first.id, 'deny');
    const again = ask(paths);
    await waitForQueue(test.broker, (s) => s.pending.length === CAP);
    for (const p of test.broker.state().pending) test.broker.answer(p.id, 'deny');
    await Promise.all([...waiting, again]);
  });
});
