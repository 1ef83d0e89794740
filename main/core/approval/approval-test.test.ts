// The test request in a real approval queue: always shown (even with asking off), never
// remembered for an app, and recorded as a test however it ends, refused when its time runs out.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActivityRecord } from '#shared/activity/activity.js';
import { defaultApprovalSettings } from '#shared/approval/approval.js';
import { createApprovalQueue } from './approval-queue.js';
import { sendTestRequest } from './approval-test.js';

afterEach(() => {
  vi.useRealTimers();
});

function setUp() {
  const remembered: string[] = [];
  const queue = createApprovalQueue({
    settings: defaultApprovalSettings,
    onAllowAlways: (key) => void remembered.push(key),
  });
  const records: ActivityRecord[] = [];
  return { queue, records, remembered };
}

describe('sendTestRequest', () => {
  it('waits for the person with asking off, and "Allow always" remembers no app', () => {
    const { queue, records, remembered } = setUp();
    const id = sendTestRequest({ queue, record: (r) => records.push(r), version: '1.2.3' });
    expect(queue.state().current).toMatchObject({
      id,
      test: true,
      client: { name: 'foldergate-test' },
    });
    expect(queue.answer(id, 'allow-always')).toBe(true);
    expect(remembered).toEqual([]);
    expect(queue.grants()).toEqual({});
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      test: true,
      outcome: 'ok',
      decision: { outcome: 'allowed', by: 'person', answer: 'allow-always' },
      search: { matchCount: 0, paths: [] },
    });
  });

  it('is refused when its time runs out, as a server refuses, and recorded once', () => {
    vi.useFakeTimers();
    const { queue, records } = setUp();
    sendTestRequest({ queue, record: (r) => records.push(r), version: '1.2.3', waitMs: 45_000 });
    vi.advanceTimersByTime(44_999);
    expect(records).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(queue.state().current).toBeNull();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      test: true,
      outcome: 'error',
      errorCode: 'DeniedByUser',
      decision: { outcome: 'denied', by: 'timeout' },
    });
  });
});
