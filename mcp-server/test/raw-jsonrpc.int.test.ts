// The stdio protocol as raw scripts and misbehaving clients exercise it: raw JSON-RPC lines written
// to the real built server, stdout read line by line. Every malformed message gets its JSON-RPC
// error and the server keeps serving; an oversized line is refused without stopping the
// transport; a client that closes stdout first makes the server exit quietly.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDir, writeTree } from '#testing/mcp-server.js';
import {
  initializeRequest,
  spawnRaw,
  type RawMessage,
  type RawServer,
} from '#testing/raw-server.js';
import { scaled, waitFor } from '#testing/time.js';

/** The documented message size cap (README): 1 MiB, without the newline. */
const CAP = 1024 * 1024;

let root: string;
const servers: RawServer[] = [];

beforeAll(() => {
  root = makeTempDir('fg-raw-');
  writeTree(root, [{ path: 'a.txt', mtime: '2025-01-02T03:04:05Z' }]);
});

afterAll(() => {
  for (const raw of servers) if (raw.child.exitCode === null) raw.child.kill();
  if (root) removeTempDir(root);
});

async function startRaw(): Promise<RawServer> {
  const raw = spawnRaw(['--root', root]);
  servers.push(raw);
  raw.send(initializeRequest(1));
  await raw.reply(1);
  raw.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return raw;
}

let nextPing = 1000;

/** Sends `lines`, then a ping; returns every message that came before the ping's answer. */
async function answersTo(raw: RawServer, ...lines: (string | object)[]): Promise<RawMessage[]> {
  const mark = raw.messages().length;
  for (const line of lines) raw.send(line);
  const id = nextPing++;
  raw.send({ jsonrpc: '2.0', id, method: 'ping' });
  await raw.reply(id);
  const got = raw.messages().slice(mark);
  expect(got.at(-1)).toEqual({ jsonrpc: '2.0', id, result: {} }); // still serving
  return got.slice(0, -1);
}

const request = (id: unknown, method: string, params?: object) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params && { params }),
});

describe('a client that closes stdout first', () => {
  it('makes the server exit with code 0 and one stderr line, no EPIPE stack trace', async () => {
    const raw = await startRaw();
    await waitFor('the ready line', () => /ready on stdio/.test(raw.stderr()));
    const before = raw.stderr();
    raw.child.stdout.destroy(); // the client's end of the server's stdout is gone
    raw.send(request(2, 'ping')); // the answer meets a closed pipe
    const timeout = new Promise<'still running'>((resolve) =>
      setTimeout(() => resolve('still running'), scaled(5000)).unref(),
    );
    expect(await Promise.race([raw.exited, timeout])).toEqual({ code: 0, signal: null });
    const added = raw.stderr().slice(before.length).split('\n').filter(Boolean);
    expect(added).toEqual(['[foldergate-mcp] shutting down (the client closed stdout)']);
  });
});

describe('a client that writes its requests and closes stdin', () => {
  it('gets every answer, then the server exits with code 0', async () => {
    // A tree big enough that the search is still running when stdin ends.
    const big = makeTempDir('fg-raw-big-');
    try {
      writeTree(
        big,
        Array.from({ length: 3000 }, (_, i) => ({
          path: `d${i % 30}/f${i}.txt`,
          mtime: Date.UTC(2025, 0, 1) + i * 1000,
        })),
      );
      const raw = spawnRaw(['--root', big]);
      servers.push(raw);
      raw.send(initializeRequest(1));
      raw.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      raw.send(
        request(2, 'tools/call', {
          name: 'fs.search_by_time',
          arguments: { timeField: 'modified', limit: 3 },
        }),
      );
      raw.send(request(3, 'tools/list'));
      raw.send(
        request(4, 'tools/call', {
          name: 'fs.search_by_time',
          arguments: { timeField: 'modified', limit: 2, sort: 'time_asc' },
        }),
      );
      raw.child.stdin.end();
      const timeout = new Promise<'still running'>((resolve) =>
        setTimeout(() => resolve('still running'), scaled(20_000)).unref(),
      );
      expect(await Promise.race([raw.exited, timeout])).toEqual({ code: 0, signal: null });
      const byId = new Map(raw.messages().map((m) => [m.id, m]));
      expect([...byId.keys()].sort()).toEqual([1, 2, 3, 4]);
      const newest = (byId.get(2)!.result as { structuredContent: { matches: { path: string }[] } })
        .structuredContent.matches;
      expect(newest.map((m) => m.path.split('/').pop())).toEqual([
        'f2999.txt',
        'f2998.txt',
        'f2997.txt',
      ]);
      const oldest = (byId.get(4)!.result as { structuredContent: { matches: { path: string }[] } })
        .structuredContent.matches;
      expect(oldest.map((m) => m.path.split('/').pop())).toEqual(['f0.txt', 'f1.txt']);
      expect(raw.stderr()).toContain('shutting down (stdin closed)');
    } finally {
      removeTempDir(big);
    }
  });
});

describe('a storm of cancelled calls (issue 34, item 8f)', () => {
  const call = (id: number) =>
    request(id, 'tools/call', {
      name: 'fs.search_by_time',
      arguments: { timeField: 'modified', glob: `*${id}*` },
    });
  const cancel = (id: number) => ({
    jsonrpc: '2.0',
    method: 'notifications/cancelled',
    params: { requestId: id, reason: 'the person stopped it' },
  });

  /**
   * Writes `lines` and a ping in one go, waits for the ping's answer, closes stdin, and returns
   * how many of the calls ran (the server says on stderr how many it dropped unstarted), the
   * activity records (every call is recorded, however it ends) and the answers given to calls.
   */
  async function storm(
    lines: object[],
    { oneRead = false } = {},
  ): Promise<{ ran: number; records: { outcome: string }[]; answered: number }> {
    const audit = makeTempDir('fg-raw-storm-audit-');
    try {
      const raw = spawnRaw(['--root', root, '--audit-dir', audit]);
      servers.push(raw);
      raw.send(initializeRequest(1));
      await raw.reply(1);
      raw.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      const burst = [...lines, request(2, 'ping')].map((line) => JSON.stringify(line)).join('\n');
      if (oneRead) {
        // The whole burst in the pipe before the server reads any of it: stopped, written (it
        // fits the pipe, so the write completes), continued. It then arrives in one read.
        expect(Buffer.byteLength(burst) + 1).toBeLessThanOrEqual(PIPE_CAPACITY);
        process.kill(raw.child.pid!, 'SIGSTOP');
        await new Promise<void>((resolve, reject) =>
          raw.child.stdin.write(`${burst}\n`, (error) => (error ? reject(error) : resolve())),
        );
        process.kill(raw.child.pid!, 'SIGCONT');
      } else raw.send(burst);
      expect(await raw.reply(2)).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
      raw.child.stdin.end();
      expect(await raw.exited).toEqual({ code: 0, signal: null });
      await raw.closed; // its stderr read to the end
      const dropped = [...raw.stderr().matchAll(/(\d+) requests? (?:was|were) cancelled before/g)]
        .map((m) => Number(m[1]))
        .reduce((a, b) => a + b, 0);
      const records = fs
        .readdirSync(audit)
        .filter((name) => name.endsWith('.jsonl'))
        .flatMap((name) => fs.readFileSync(path.join(audit, name), 'utf8').split('\n'))
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { outcome: string });
      const answered = raw.messages().filter((m) => typeof m.id === 'number' && m.id >= 100).length;
      const calls = lines.filter((line) => 'id' in line).length;
      return { ran: calls - dropped, records, answered };
    } finally {
      removeTempDir(audit);
    }
  }

  const ids = Array.from({ length: 1000 }, (_, i) => 100 + i);
  /** What a Linux pipe holds by default (and what Node reads from it at once). */
  const PIPE_CAPACITY = 65_536;

  it('does not run 1,000 calls each cancelled right after it was sent, and answers a ping after them', async () => {
    const { ran, records, answered } = await storm(ids.flatMap((id) => [call(id), cancel(id)]));
    // A call starts only when its cancellation came in a later read than the call itself (a
    // pipe is read 64 KiB at a time): a handful at most, where all 1,000 ran before.
    expect(ran).toBeLessThan(50);
    expect(answered).toBe(0); // a cancelled request gets no answer
    // Each is recorded as cancelled, run or not.
    expect(records).toHaveLength(1000);
    expect(records.every((r) => r.outcome === 'cancelled')).toBe(true);
  });

  it('runs none of the calls whose cancellations were read with them, however late in the burst', async () => {
    // All the calls first, then all their cancellations, read at once (a pipe-full: 64 KiB):
    // how many would run otherwise depends on how fast the client refills its pipe.
    const some = ids.slice(0, 200);
    const { ran, records, answered } = await storm([...some.map(call), ...some.map(cancel)], {
      oneRead: true,
    });
    expect(ran).toBe(0);
    expect(answered).toBe(0);
    expect(records).toHaveLength(some.length);
    expect(records.every((r) => r.outcome === 'cancelled')).toBe(true);
  });
});

describe('malformed messages', () => {
  let raw: RawServer;
  beforeAll(async () => {
    raw = await startRaw();
  });
  afterAll(() => raw.child.stdin.end());

  it('answers a line that is not JSON with -32700 and id null', async () => {
    const got = await answersTo(raw, 'this is not json', '{"jsonrpc": "2.0", "id": 3,');
    expect(got).toHaveLength(2);
    for (const message of got) {
      expect(message).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
      expect(message.error?.message).toMatch(/^Parse error: /);
    }
  });

  it('refuses a batch: -32600 for each request in it, none of them run', async () => {
    const got = await answersTo(raw, [
      request(4, 'tools/list'),
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      request('five', 'ping'),
    ]);
    expect(got.map((m) => [m.id, m.error?.code])).toEqual([
      [4, -32600],
      ['five', -32600],
    ]);
    expect(got[0]!.error!.message).toMatch(/batches are not supported/);
    expect(got.some((m) => m.result !== undefined)).toBe(false);
  });

  it('refuses an empty batch or one without requests with one -32600, id null', async () => {
    const got = await answersTo(raw, [], [{ jsonrpc: '2.0', method: 'notifications/x' }]);
    expect(got.map((m) => [m.id, m.error?.code])).toEqual([
      [null, -32600],
      [null, -32600],
    ]);
  });

  it('answers "jsonrpc": "1.0" with -32600 and the request id', async () => {
    const got = await answersTo(raw, { jsonrpc: '1.0', id: 6, method: 'ping' });
    expect(got).toEqual([
      { jsonrpc: '2.0', id: 6, error: { code: -32600, message: expect.stringMatching(/"2\.0"/) } },
    ]);
  });

  it('answers a request with id null, or another bad id, with -32600 and id null', async () => {
    const got = await answersTo(raw, request(null, 'ping'), request({ n: 1 }, 'ping'));
    expect(got.map((m) => [m.id, m.error?.code])).toEqual([
      [null, -32600],
      [null, -32600],
    ]);
    expect(got[0]!.error!.message).toMatch(/"id" must be a string or an integer/);
  });

  it('answers other shapes that are not JSON-RPC with -32600', async () => {
    const got = await answersTo(
      raw,
      '42',
      '"ping"',
      { jsonrpc: '2.0', id: 7, method: 3 },
      { jsonrpc: '2.0', id: 8, method: 'ping', params: [1] },
      { jsonrpc: '2.0', id: 9, method: 'ping', extra: true },
    );
    expect(got.map((m) => [m.id, m.error?.code])).toEqual([
      [null, -32600],
      [null, -32600],
      [7, -32600],
      [8, -32600],
      [9, -32600],
    ]);
    for (const message of got) expect(message.error!.message).not.toContain('\n');
  });

  it('answers tools/call without params with -32602 and one line', async () => {
    const got = await answersTo(raw, request(10, 'tools/call'));
    expect(got).toEqual([
      {
        jsonrpc: '2.0',
        id: 10,
        error: {
          code: -32602,
          message: expect.stringMatching(/^Invalid params for tools\/call: params is missing/),
        },
      },
    ]);
  });

  it('answers tools/call with a non-string name with -32602 naming the field', async () => {
    const got = await answersTo(raw, request(11, 'tools/call', { name: 5 }));
    expect(got[0]!.error!.code).toBe(-32602);
    expect(got[0]!.error!.message).toMatch(/params\.name/);
    expect(got[0]!.error!.message).not.toContain('\n');
  });

  it('answers initialize without protocolVersion with -32602 and one line', async () => {
    const got = await answersTo(
      raw,
      request(12, 'initialize', { capabilities: {}, clientInfo: { name: 'raw', version: '1' } }),
    );
    expect(got).toHaveLength(1);
    expect(got[0]!.error!.code).toBe(-32602);
    expect(got[0]!.error!.message).toMatch(/params\.protocolVersion is missing/);
    expect(got[0]!.error!.message).not.toContain('\n');
  });

  it('answers an unknown tool with -32602 whose message says its code once', async () => {
    raw.send(request(30, 'tools/call', { name: 'nope', arguments: {} }));
    const answer = await raw.reply(30);
    expect(answer.error!.code).toBe(-32602);
    expect(answer.error!.message).toMatch(/^Unknown tool: nope\. Available tools: /);
    expect(answer.error!.message).not.toMatch(/MCP error/);
  });

  it('refuses params naming a prototype (__proto__, constructor, prototype) at any depth with -32602', async () => {
    // Written as raw text: JSON.parse makes "__proto__" an own key, as a hostile client's would.
    const line = (id: number, args: string) =>
      `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"fs.search_by_time","arguments":${args}}}`;
    const cases = [
      line(31, '{"timeField":"modified","__proto__":{"polluted":true}}'),
      line(
        32,
        '{"timeField":"modified","glob":"*","x":{"constructor":{"prototype":{"polluted":true}}}}',
      ),
      `{"jsonrpc":"2.0","id":33,"method":"tools/call","params":{"name":"logic_get","arguments":{"name":"a","__proto__":{"polluted":true}}}}`,
    ];
    const where = [
      'params.arguments.__proto__',
      'params.arguments.x.constructor',
      'params.arguments.__proto__',
    ];
    for (const [i, text] of cases.entries()) {
      raw.send(text);
      const answer = await raw.reply(31 + i);
      expect(answer.error).toEqual({
        code: -32602,
        message: `Invalid params for tools/call: ${where[i]} is not allowed (a property name that names an object's prototype).`,
      });
    }
  });

  it('still answers an unknown method with -32601', async () => {
    const got = await answersTo(raw, request(13, 'widgets/list'));
    expect(got.map((m) => [m.id, m.error?.code])).toEqual([[13, -32601]]);
  });

  it('gives no answer to valid notifications and blank lines', async () => {
    const got = await answersTo(
      raw,
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 999 } },
      { jsonrpc: '2.0', method: 'notifications/unknown' },
      '',
      '  \r',
    );
    expect(got).toEqual([]);
  });

  it('routes responses from the client to the SDK and does not answer them', async () => {
    const got = await answersTo(
      raw,
      { jsonrpc: '2.0', id: 424242, result: {} },
      { jsonrpc: '2.0', id: 424243, error: { code: -1, message: 'no' } },
    );
    expect(got).toEqual([]);
    // The SDK saw them: it reports responses to requests it never sent.
    await waitFor('the SDK to report the stray response', () =>
      /unknown message ID.*424242/.test(raw.stderr()),
    );
  });

  it('logs a malformed response to stderr without answering it', async () => {
    const got = await answersTo(raw, { jsonrpc: '2.0', id: 14, error: 'oops' });
    expect(got).toEqual([]);
    await waitFor('the log line', () => /refused an invalid response/.test(raw.stderr()));
  });

  it('keeps stdout to JSON-RPC lines and serves a real call afterwards', async () => {
    raw.send(
      request(15, 'tools/call', {
        name: 'fs.search_by_time',
        arguments: { timeField: 'modified' },
      }),
    );
    const reply = await raw.reply(15);
    expect(reply.result?.isError).toBe(false);
    expect(raw.stdout().endsWith('\n')).toBe(true);
    for (const message of raw.messages()) expect(message.jsonrpc).toBe('2.0');
  });
});

describe('oversized messages', () => {
  let raw: RawServer;
  beforeAll(async () => {
    raw = await startRaw();
  });
  afterAll(() => raw.child.stdin.end());

  /** A ping of exactly `bytes` bytes, its id first (as most clients write it) or last (the TS SDK). */
  function pingOfSize(id: number, bytes: number, idLast = false): string {
    const shell = idLast
      ? `{"method":"ping","params":{"pad":""},"jsonrpc":"2.0","id":${id}}`
      : `{"jsonrpc":"2.0","id":${id},"method":"ping","params":{"pad":""}}`;
    const line = shell.replace('"pad":""', `"pad":"${'x'.repeat(bytes - shell.length)}"`);
    expect(Buffer.byteLength(line)).toBe(bytes);
    return line;
  }

  it('serves a message of exactly the cap', async () => {
    raw.send(pingOfSize(20, CAP));
    expect(await raw.reply(20)).toEqual({ jsonrpc: '2.0', id: 20, result: {} });
  });

  it('refuses one byte more with -32600 naming the cap, with the id when it is cheaply known', async () => {
    const got = await answersTo(raw, pingOfSize(21, CAP + 1), pingOfSize(22, CAP + 1, true));
    expect(got).toEqual([
      {
        jsonrpc: '2.0',
        id: 21,
        error: { code: -32600, message: expect.stringMatching(/message larger than 1 MiB/) },
      },
      {
        jsonrpc: '2.0',
        id: 22,
        error: { code: -32600, message: expect.stringMatching(/message larger than 1 MiB/) },
      },
    ]);
    expect(raw.stderr()).toMatch(/refused a message of 1,048,577 bytes \(larger than 1 MiB\)/);
  });

  it('refuses a 12 MiB line sent in pieces, id null, and keeps serving', async () => {
    // The SDK's transport stopped reading for good at 10 MiB; the process even exited 0 a little
    // above. Here the line is dropped as it arrives and the next one is served.
    const piece = 'y'.repeat(1024 * 1024);
    for (let i = 0; i < 12; i++) raw.child.stdin.write(piece);
    const got = await answersTo(raw, 'y');
    expect(got).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: expect.stringMatching(/message larger than 1 MiB \(12582913 bytes\)/),
        },
      },
    ]);
    expect(raw.child.exitCode).toBe(null);
    const list = await answersTo(raw, request(23, 'tools/list'));
    expect(list.map((m) => m.id)).toEqual([23]);
  });
});
