// The test request of the first run's introduction to "Ask me first": put into the app's real
// approval queue as an AI app's request is (so the window shows the very banner, countdown and
// answers), from FolderGate itself, marked `test`. However it ends (an answer, or refused when its
// time runs out as a server would refuse it) it is recorded in Activity as a test (`test: true`,
// the client `foldergate-test`), and nothing is searched.
import { buildActivityRecord } from '#shared/activity/activity-builder.js';
import {
  APPROVAL_TIMEOUT_MS,
  approvalDecisionRecord,
  approvalRefusal,
  type ApprovalResult,
} from '#shared/approval/approval.js';
import { formatToolError } from '#shared/errors/errors.js';
import type { ActivityRecord } from '#shared/activity/activity.js';
import type { ApprovalQueue } from './approval-queue.js';

/** The name the test request's client gives (the activity names it "FolderGate (test)"). */
export const TEST_CLIENT_NAME = 'foldergate-test';

/** What the test request asks for: PDFs changed in the last 7 days in the default folder. */
const TEST_TOOL = 'fs.search_by_time';
const testArgs = (now: number) => ({
  timeField: 'modified',
  from: new Date(now - 7 * 86_400_000).toISOString(),
  glob: '*.pdf',
});

/** Options of {@link sendTestRequest}. */
export interface TestRequestOptions {
  queue: ApprovalQueue;
  /** Appends the record of how it ended (the app's activity log writer). */
  record(record: ActivityRecord): void;
  version: string;
  now?: () => number;
  /** How long it waits for an answer (a server's wait by default). */
  waitMs?: number;
}

/** Queues one test request; returns its id. */
export function sendTestRequest(options: TestRequestOptions): string {
  const now = options.now ?? Date.now;
  const waitMs = options.waitMs ?? APPROVAL_TIMEOUT_MS;
  const startedAt = now();
  const args = testArgs(startedAt);
  let done = false;
  const finish = (result: ApprovalResult) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    const refusal = approvalRefusal(result);
    options.record({
      ...buildActivityRecord({
        startedAt,
        endedAt: now(),
        pid: process.pid,
        client: { name: TEST_CLIENT_NAME, version: options.version },
        tool: TEST_TOOL,
        args,
        roots: [],
        result: refusal
          ? { isError: true, content: [{ type: 'text', text: formatToolError(refusal) }] }
          : { isError: false, structuredContent: { matches: [] } },
        decision: approvalDecisionRecord(result),
      }),
      test: true,
    });
  };
  const id = options.queue.add(
    {
      client: { name: TEST_CLIENT_NAME, version: options.version },
      pid: process.pid,
      origin: 'checked',
      executable: process.execPath,
      startedBy: null,
      tool: TEST_TOOL,
      args,
      waitMs,
      test: true,
    },
    (reply) => finish(reply),
  );
  // As a server refuses a request nobody answered, and the banner's countdown says.
  const timer = setTimeout(() => {
    if (id !== null) options.queue.remove(id);
    finish({ decision: 'deny', by: 'timeout' });
  }, waitMs);
  timer.unref?.();
  return id ?? '';
}
