// "Ask me" switched on by someone else (issue 34, item 3): with the app running, another process
// (a second FolderGate, a hand edit, a managed setup) sets `approval.mode` to "ask" in
// settings.json. The server, which reads the file, asks the app; the app must rule with what the
// file says now, never with the copy it read before: the call waits for the person and is
// recorded as theirs. The app also notices the change by itself and tells the window.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseActivityLine, type ActivityRecord } from '#shared/activity/activity.js';
import type { ApprovalQueueState } from '#shared/approval/approval.js';
import {
  dispatchIpc,
  type IpcChannel,
  type IpcResponse,
  type SettingsView,
} from '#shared/contract/ipc.js';
import { defaultServerCommand } from '#appdata/paths.js';
import { createSettingsStore } from '#appdata/settings/settings-store.js';
import { createCore, type Core } from '../core.js';
import { createApprovalService, type ApprovalService } from './approval-service.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { SERVER_BUNDLE as SERVER } from '#testing/repo.js';
import { scaled, within } from '#testing/time.js';

let tmp: string;
let docs: string;
const agents: Client[] = [];

beforeAll(() => {
  // Short: a Unix socket path must stay under ~107 bytes.
  tmp = makeTempDir('fgo-');
  docs = path.join(tmp, 'Docs');
  fs.mkdirSync(docs);
  fs.writeFileSync(path.join(docs, 'report.pdf'), 'pdf');
});

afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.close()));
});

afterAll(() => {
  if (tmp) removeTempDir(tmp);
});

/** Another process sets `approval.mode` in settings.json, editing the file in place. */
function setModeElsewhere(appData: string, mode: 'ask' | 'off'): void {
  const edit = `const fs = require('fs'); const [file, mode] = process.argv.slice(1);
const s = JSON.parse(fs.readFileSync(file, 'utf8'));
s.approval = { ...s.approval, mode };
fs.writeFileSync(file, JSON.stringify(s, null, 2));`;
  const done = spawnSync(process.execPath, ['-e', edit, path.join(appData, 'settings.json'), mode]);
  expect(done.status, done.stderr.toString()).toBe(0);
}

async function startAgent(name: string, appData: string): Promise<Client> {
  const client = new Client({ name, version: '1.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [SERVER, '--config-dir', appData],
      stderr: 'ignore',
    }),
  );
  agents.push(client);
  return client;
}

function search(client: Client): Promise<CallToolResult> {
  return client.callTool(
    { name: 'fs.search_by_time', arguments: { root: 'Docs', timeField: 'modified' } },
    undefined,
    { timeout: scaled(120_000) },
  ) as Promise<CallToolResult>;
}

/** The app's queue as the window reads it: its state now, and its changes. */
interface QueueView {
  state(): ApprovalQueueState | Promise<ApprovalQueueState>;
  subscribe(listener: (state: ApprovalQueueState) => void): () => void;
}

/**
 * Whether the call waited for the person: 'asked' when a request from `name` reached the queue,
 * 'answered' when the call came back first (allowed by rule, without anyone asked).
 */
function askedOrAnswered(queue: QueueView, name: string, call: Promise<unknown>) {
  return new Promise<'asked' | 'answered'>((resolve) => {
    const hasIt = (s: ApprovalQueueState) => s.pending.some((p) => p.client.name === name);
    const off = queue.subscribe((s) => {
      if (hasIt(s)) finish('asked');
    });
    void Promise.resolve(queue.state()).then((s) => hasIt(s) && finish('asked'));
    void call.then(() => finish('answered'));
    function finish(how: 'asked' | 'answered') {
      off();
      resolve(how);
    }
  });
}

function records(appData: string, name: string): ActivityRecord[] {
  const dir = path.join(appData, 'audit');
  return fs
    .readdirSync(dir)
    .sort()
    .flatMap((file) => fs.readFileSync(path.join(dir, file), 'utf8').split('\n'))
    .map(parseActivityLine)
    .filter((r): r is ActivityRecord => r !== null && r.client?.name === name);
}

/** Allows the waiting request of `name` once, through `answer`; the call then runs. */
async function allowOnce(
  queue: QueueView,
  name: string,
  answer: (id: string) => Promise<boolean>,
): Promise<void> {
  const state = await queue.state();
  const request = state.pending.find((p) => p.client.name === name)!;
  expect(await answer(request.id)).toBe(true);
}

describe('approval with settings another process changed', () => {
  it('the running app notices, tells the window, and the call waits for the person', async () => {
    const appData = path.join(tmp, 'a');
    const core: Core = createCore({
      appDataDir: appData,
      host: 'headless',
      serverCommand: defaultServerCommand(appData, SERVER),
      previewEngine: false,
    });
    const data = async <C extends IpcChannel>(channel: C, payload: unknown) => {
      const result = await dispatchIpc(core.handlers, channel, payload);
      if (!result.ok) throw new Error(`${channel} failed: ${JSON.stringify(result.error)}`);
      return result.data as IpcResponse<C>;
    };
    await core.start();
    try {
      await data('roots:add', { path: docs, name: 'Docs' });
      expect((await data('approval:state', {})).pending).toEqual([]);
      const changed = new Promise<SettingsView>((resolve) => {
        const off = core.on('settings:changed', (view) => {
          if (view.settings.approval.mode !== 'ask') return;
          off();
          resolve(view);
        });
      });
      setModeElsewhere(appData, 'ask');
      // Nobody asked the app for its settings: it saw the file change by itself.
      expect((await within(changed, 10_000))?.settings.approval.mode).toBe('ask');

      const agent = await startAgent('Outside Agent', appData);
      const call = search(agent);
      const queue: QueueView = {
        state: () => data('approval:state', {}),
        subscribe: (listener) => core.on('approval:changed', listener),
      };
      expect(await askedOrAnswered(queue, 'Outside Agent', call)).toBe('asked');
      await allowOnce(queue, 'Outside Agent', async (id) =>
        data('approval:answer', { id, answer: 'allow-once' }).then((r) => r.answered),
      );
      expect((await call).isError).toBe(false);
      expect(records(appData, 'Outside Agent').at(-1)?.decision).toEqual({
        outcome: 'allowed',
        by: 'person',
        answer: 'allow-once',
      });
    } finally {
      await core.stop();
    }
  });

  it('a request is never ruled on with the copy read before the change', async () => {
    // The app's store is not told of the change at all (no watch runs): the request itself
    // must make the app read the file again before it rules.
    const appData = path.join(tmp, 'b');
    const store = createSettingsStore(appData);
    await store.load();
    await store.update((s) => ({ ...s, roots: [{ path: docs, name: 'Docs' }] }));
    let state: ApprovalQueueState = { pending: [], current: null };
    const listeners = new Set<(s: ApprovalQueueState) => void>();
    const service: ApprovalService = createApprovalService({
      appDataDir: appData,
      store,
      onChanged: (next) => {
        state = next;
        for (const listener of listeners) listener(next);
      },
      log: () => undefined,
    });
    await service.start();
    try {
      expect(store.view().settings.approval.mode).toBe('off');
      setModeElsewhere(appData, 'ask');
      const agent = await startAgent('Stale Agent', appData);
      const call = search(agent);
      const queue: QueueView = {
        state: () => state,
        subscribe: (listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      };
      expect(await askedOrAnswered(queue, 'Stale Agent', call)).toBe('asked');
      await allowOnce(queue, 'Stale Agent', async (id) =>
        service.handlers['approval:answer']({ id, answer: 'allow-once' }).then((r) => r.answered),
      );
      expect((await call).isError).toBe(false);
      expect(records(appData, 'Stale Agent').at(-1)?.decision).toEqual({
        outcome: 'allowed',
        by: 'person',
        answer: 'allow-once',
      });
    } finally {
      await service.stop();
    }
  });
});
