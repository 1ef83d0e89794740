import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { makeTempDir, searchRecord } from '#testing/activity-records.js';
import { createAuditWriter } from './activity-writer.js';
import { createActivityTailer, type ActivityTailer } from './activity-tailer.js';
import type { ActivityEntry } from './activity-scan.js';
import { waitFor } from '#testing/time.js';

let tmp = '';
let tailer: ActivityTailer | null = null;
beforeEach(() => (tmp = makeTempDir('fg-tail-')));
afterEach(() => {
  vi.useRealTimers();
  tailer?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function start(dir: string, now?: () => number) {
  const got: ActivityEntry[] = [];
  tailer = createActivityTailer({ dir, onEntries: (e) => got.push(...e), now });
  return got;
}

/** Waits (in real time, for the file system's async work) until `check` holds. */
const until = (check: () => boolean) => waitFor('the tailer', check, 3000);

it('a folder that does not exist yet: the next poll delivers records once it appears', async () => {
  // The poll's timer is the test's: it fires when the test says half a second has passed.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const dir = path.join(tmp, 'audit');
  const got = start(dir);
  await tailer?.ready;
  const writer = createAuditWriter({ dir, log: () => undefined });
  writer.append(searchRecord({ client: 'cursor-vscode' }));
  // No watch can be on a folder that did not exist: the poll finds it.
  vi.advanceTimersByTime(500);
  await until(() => got.length === 1);
  expect(got[0]?.record.client?.name).toBe('cursor-vscode');
  writer.append(searchRecord({ client: 'claude-ai' }));
  await until(() => got.length === 2);
  writer.close();
});

it('only new records: what the folder held at start is history', async () => {
  const dir = path.join(tmp, 'audit');
  const writer = createAuditWriter({ dir, log: () => undefined });
  writer.append(searchRecord());
  const got = start(dir);
  await tailer?.ready;
  writer.append(searchRecord({ client: 'new' }));
  await tailer?.flush();
  expect(got.map((e) => e.record.client?.name)).toEqual(['new']);
  writer.close();
});

it('a partial last line is delivered only once complete; corrupt lines are counted', async () => {
  const dir = path.join(tmp, 'audit');
  fs.mkdirSync(dir);
  const record = searchRecord({ time: Date.now() });
  const file = path.join(dir, `${record.time.slice(0, 10)}.jsonl`);
  const got = start(dir);
  await tailer?.ready;
  const line = JSON.stringify(record);
  fs.appendFileSync(file, line.slice(0, 100));
  await tailer?.flush();
  expect(got).toHaveLength(0);
  fs.appendFileSync(file, `${line.slice(100)}\n`);
  fs.appendFileSync(file, '{"torn\n[1,2]\n\n');
  fs.appendFileSync(file, `${line}\n`);
  await tailer?.flush();
  expect(got.map((e) => e.record)).toEqual([record, record]);
  expect(got[0]?.id).toBe(`${record.time.slice(0, 10)}@0`);
  expect(tailer?.stats()).toMatchObject({ delivered: 2, corrupt: 1, invalid: 1 });
});

it('follows the writer across a UTC day change and through pruning and truncation', async () => {
  const dir = path.join(tmp, 'audit');
  let now = Date.parse('2025-03-10T23:59:59Z');
  const got = start(dir, () => now);
  await tailer?.ready;
  const writer = createAuditWriter({ dir, log: () => undefined, now: () => now });
  writer.append(searchRecord({ time: now, client: 'a' }));
  now += 2000;
  writer.append(searchRecord({ time: now, client: 'b' }));
  await tailer?.flush();
  expect(got.map((e) => [e.id.slice(0, 10), e.record.client?.name])).toEqual([
    ['2025-03-10', 'a'],
    ['2025-03-11', 'b'],
  ]);
  // The day file is removed (pruned) and written again: read from its start.
  fs.rmSync(path.join(dir, '2025-03-11.jsonl'));
  await tailer?.flush();
  writer.append(searchRecord({ time: now, client: 'c' }));
  await tailer?.flush();
  // Truncated in place (a person emptied it): read again from 0.
  fs.truncateSync(path.join(dir, '2025-03-10.jsonl'), 0);
  fs.appendFileSync(
    path.join(dir, '2025-03-10.jsonl'),
    `${JSON.stringify(searchRecord({ client: 'd' }))}\n`,
  );
  await tailer?.flush();
  expect(got.map((e) => e.record.client?.name)).toEqual(['a', 'b', 'c', 'd']);
  writer.close();
});
