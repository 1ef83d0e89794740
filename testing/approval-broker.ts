// Shared by the approval tests: a short temp app-data folder (Unix socket paths must stay under
// ~107 bytes), a broker on it, and the server's client pointed at it. Not part of the app.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  approvalPaths,
  defaultApprovalSettings,
  type ApprovalPaths,
  type ApprovalSettings,
} from '#shared/approval/approval.js';
import { requestApproval, type RequestApprovalOptions } from '#appdata/approval/approval-client.js';
import { startApprovalBroker } from '#appdata/approval/approval-broker.js';
import {
  createApprovalQueue,
  type ApprovalQueue,
  type ApprovalQueueState,
} from '#core/approval/approval-queue.js';
import { scaled } from './time.js';

/** The app's queue behind a listening broker, as the app's approval service puts them together. */
export type ApprovalBroker = ApprovalQueue & { socketPath: string; close(): Promise<void> };

/** A fresh temp app-data folder with a short path, and its approval paths. */
export function makeApprovalHome(): { home: string; paths: ApprovalPaths } {
  const home = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fga-')));
  return { home, paths: approvalPaths(home, process.platform) };
}

/** A broker whose settings, clock and "Allow always" persistence the test controls. */
export interface TestBroker {
  broker: ApprovalBroker;
  settings: ApprovalSettings;
  clock: { now: number };
  allowedAlways: string[];
}

/** Starts a broker on `paths` with asking on for every app. */
export async function startTestBroker(
  paths: ApprovalPaths,
  settings: ApprovalSettings = { ...defaultApprovalSettings(), mode: 'ask' },
  over: { maxConnections?: number } = {},
): Promise<TestBroker> {
  const test: Omit<TestBroker, 'broker'> = {
    settings,
    clock: { now: Date.parse('2025-03-13T10:00:00Z') },
    allowedAlways: [],
  };
  const queue = createApprovalQueue({
    settings: () => test.settings,
    now: () => test.clock.now,
    onAllowAlways: (name) => {
      test.allowedAlways.push(name);
    },
  });
  const channel = await startApprovalBroker({
    paths,
    requests: queue,
    // Tests send their hello at once; a silent connection need not hold a test for 5 s.
    helloTimeoutMs: 500,
    ...over,
  });
  return Object.assign(test, { broker: { ...queue, ...channel } });
}

/** The client's options for `paths`, asking as "claude-ai" to list files. */
export function askOptions(
  paths: ApprovalPaths,
  over: Partial<RequestApprovalOptions> = {},
): RequestApprovalOptions {
  return {
    socketPath: paths.socketPath,
    secretPath: paths.secretPath,
    clientName: 'claude-ai',
    clientVersion: '0.9',
    tool: 'fs.search_by_time',
    args: { root: 'Documents', from: '2025-03-10T00:00:00Z' },
    timeoutMs: scaled(10_000),
    ...over,
  };
}

/** Asks through the real client. */
export function ask(paths: ApprovalPaths, over: Partial<RequestApprovalOptions> = {}) {
  return requestApproval(askOptions(paths, over));
}

/** Resolves with the first queue state (current or future) that satisfies `predicate`. */
export function waitForQueue(
  broker: ApprovalBroker,
  predicate: (state: ApprovalQueueState) => boolean,
  timeoutMs = 10_000,
): Promise<ApprovalQueueState> {
  return new Promise((resolve, reject) => {
    if (predicate(broker.state())) return resolve(broker.state());
    const timer = setTimeout(() => {
      off();
      reject(new Error(`queue never matched; last: ${JSON.stringify(broker.state())}`));
    }, scaled(timeoutMs));
    const off = broker.subscribe((state) => {
      if (!predicate(state)) return;
      clearTimeout(timer);
      off();
      resolve(state);
    });
  });
}
