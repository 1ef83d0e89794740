// The app's approval service: starts the broker on `<appData>/approval` with the store's settings,
// persists "Allow always" through the store, pushes every queue change as 'approval:changed', and
// answers 'approval:state' / 'approval:answer'. Without a running broker (another FolderGate
// already listens, or the folder is not ours) the queue is empty and servers fail closed.
import {
  approvalPaths,
  withApprovalAppRule,
  type ApprovalQueueState,
} from '#shared/approval/approval.js';
import type { IpcHandlers } from '#shared/contract/ipc.js';
import type { SettingsStore } from '#appdata/settings/settings-store.js';
import { startApprovalBroker } from '#appdata/approval/approval-broker.js';
import type { ActivityRecord } from '#shared/activity/activity.js';
import { createApprovalQueue, type ApprovalQueue } from './approval-queue.js';
import { sendTestRequest } from './approval-test.js';

/** The approval channels of the IPC contract that read or answer the queue. */
export type ApprovalQueueHandlers = Pick<
  IpcHandlers,
  'approval:state' | 'approval:answer' | 'approval:test'
>;

/** Options of {@link createApprovalService}. */
export interface ApprovalServiceOptions {
  appDataDir: string;
  store: SettingsStore;
  /** Called with the new state whenever the queue changes. */
  onChanged(state: ApprovalQueueState): void;
  /** Clock of "Allow for 15 minutes" (tests move it). */
  now?: () => number;
  log?: (line: string) => void;
  /** Records a test request's end in Activity (the app's own activity log writer). */
  recordTest?: (record: ActivityRecord) => void;
  /** The app's version, which a test request's client gives. */
  version?: string;
}

/** The running service. */
export interface ApprovalService {
  handlers: ApprovalQueueHandlers;
  state(): ApprovalQueueState;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const EMPTY: ApprovalQueueState = { pending: [], current: null };

/** Creates the service; nothing listens until start(). */
export function createApprovalService(options: ApprovalServiceOptions): ApprovalService {
  const { store } = options;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  let broker: (ApprovalQueue & { close(): Promise<void> }) | null = null;
  let off: (() => void) | null = null;

  return {
    handlers: {
      'approval:state': async () => broker?.state() ?? EMPTY,
      'approval:answer': async ({ id, answer }) => ({
        answered: broker?.answer(id, answer) ?? false,
      }),
      'approval:test': async () => ({
        id: broker
          ? sendTestRequest({
              queue: broker,
              record: options.recordTest ?? (() => undefined),
              version: options.version ?? '0.0.0',
              now: options.now,
            })
          : null,
      }),
    },
    state: () => broker?.state() ?? EMPTY,
    async start() {
      if (broker) return;
      try {
        const queue = createApprovalQueue({
          settings: () => store.view().settings.approval,
          now: options.now,
          onAllowAlways: async (name) => {
            await store.update((s) => ({
              ...s,
              approval: withApprovalAppRule(s.approval, name, 'allow'),
            }));
          },
          onError: (error) =>
            log(`approval: "Allow always" could not be saved (${errorText(error)})`),
        });
        const channel = await startApprovalBroker({
          paths: approvalPaths(options.appDataDir, process.platform),
          requests: queue,
          log,
          // What the file says now, not what the app read before (another process may have
          // switched asking on: the server asks because the file says so).
          beforeRuling: () => store.refresh(),
        });
        broker = { ...queue, close: channel.close };
      } catch (error) {
        // The rest of the app still works; servers asking for approval are refused meanwhile.
        log(`approval: not listening (${errorText(error)}); calls that need approval are refused`);
        return;
      }
      off = broker.subscribe(options.onChanged);
    },
    async stop() {
      off?.();
      off = null;
      const closing = broker;
      broker = null;
      await closing?.close();
      options.onChanged(EMPTY);
    },
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
