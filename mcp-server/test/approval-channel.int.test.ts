// The built server asking for approval when what listens on the app's approval socket is not the
// app (issue 34, item 7): one that answers with something other than the app's challenge is
// refused at once, one that says nothing within the handshake's few seconds too, each as
// ApprovalUnavailable saying so, never as the person's refusal after the whole 45 s. And with the
// real app's broker, the prompt names the server's own process and the program it runs.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseActivityLine, type ActivityRecord } from '#shared/activity/activity.js';
import { approvalPaths, type ApprovalPaths } from '#shared/approval/approval.js';
import { SETTINGS_VERSION } from '#shared/settings/settings.js';
import { startTestBroker, waitForQueue } from '#testing/approval-broker.js';
import {
  errorCode,
  firstText,
  makeTempDir,
  removeTempDir,
  useServers,
  writeTree,
} from '#testing/mcp-server.js';
import { scaled } from '#testing/time.js';

let tmp: string;
let appData: string;
let paths: ApprovalPaths;
const servers = useServers();
const closers: (() => Promise<void>)[] = [];

beforeAll(() => {
  // Short: a Unix socket path must stay under ~107 bytes.
  tmp = makeTempDir('fgc-');
  appData = path.join(tmp, 'a');
  const docs = path.join(tmp, 'Docs');
  writeTree(docs, [{ path: 'a.txt', mtime: '2025-05-01T10:00:00Z' }]);
  fs.mkdirSync(appData);
  fs.writeFileSync(
    path.join(appData, 'settings.json'),
    JSON.stringify({
      version: SETTINGS_VERSION,
      roots: [{ path: docs, name: 'Docs' }],
      approval: { mode: 'ask' },
    }),
  );
  paths = approvalPaths(appData, process.platform);
});

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

afterAll(() => {
  if (tmp) removeTempDir(tmp);
});

/** Something else on the app's socket, knowing the secret file is there, doing `behave`. */
async function impostor(behave: (socket: net.Socket) => void): Promise<void> {
  fs.mkdirSync(paths.dir, { recursive: true, mode: 0o700 });
  if (!fs.existsSync(paths.secretPath))
    fs.writeFileSync(paths.secretPath, 'f'.repeat(64), { mode: 0o600 });
  const held = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    held.add(socket);
    socket.on('error', () => {});
    behave(socket);
  });
  await new Promise<void>((resolve) => server.listen(paths.socketPath, resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of held) socket.destroy();
        server.close(() => resolve());
      }),
  );
}

/** One search through a fresh server; it asks first, as the settings say. */
async function search(): Promise<CallToolResult> {
  const h = await servers.start(['--config-dir', appData]);
  return (await h.client.callTool(
    { name: 'fs.search_by_time', arguments: { root: 'Docs', timeField: 'modified' } },
    undefined,
    { timeout: scaled(120_000) },
  )) as CallToolResult;
}

function lastDecision(): ActivityRecord['decision'] {
  const dir = path.join(appData, 'audit');
  const records = fs
    .readdirSync(dir)
    .sort()
    .flatMap((file) => fs.readFileSync(path.join(dir, file), 'utf8').split('\n'))
    .map(parseActivityLine)
    .filter((r): r is ActivityRecord => r !== null);
  return records.at(-1)?.decision;
}

describe('an approval channel that is not the app', () => {
  it('answered with something that is not the app’s challenge: refused at once, saying so', async () => {
    await impostor((socket) => socket.once('data', () => socket.write('{"type":"welcome"}\n')));
    const result = await search();
    expect(errorCode(result)).toBe('ApprovalUnavailable');
    expect(firstText(result)).toMatch(/not the FolderGate app/);
    expect(lastDecision()).toEqual({ outcome: 'denied', by: 'not-the-app' });
  });

  it('a listener that never answers: refused within the handshake, not after 45 s', async () => {
    await impostor(() => undefined);
    const result = await search();
    expect(errorCode(result)).toBe('ApprovalUnavailable');
    expect(firstText(result)).toMatch(/not the FolderGate app/);
    expect(lastDecision()).toEqual({ outcome: 'denied', by: 'not-the-app' });
  });
});

describe('the app’s prompt names the asking server', () => {
  it('its process, the program it runs (Linux: proven), and the app’s name', async () => {
    const test = await startTestBroker(paths);
    closers.push(() => test.broker.close());
    const h = await servers.start(['--config-dir', appData]);
    const call = h.client.callTool(
      { name: 'fs.search_by_time', arguments: { root: 'Docs', timeField: 'modified' } },
      undefined,
      { timeout: scaled(120_000) },
    ) as Promise<CallToolResult>;
    const { current } = await waitForQueue(test.broker, (s) => s.current !== null);
    expect(current).toMatchObject(
      process.platform === 'linux'
        ? {
            client: { name: 'foldergate-tests' },
            origin: 'checked',
            pid: h.transport.pid,
            executable: fs.realpathSync(process.execPath),
          }
        : { client: { name: 'foldergate-tests' }, origin: 'unsupported', executable: null },
    );
    test.broker.answer(current!.id, 'allow-once');
    expect((await call).isError).toBeFalsy();
  });
});
