import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { makeTempDir } from '#testing/activity-records.js';
import { pruneAuditFolder } from './activity-prune.js';

let dir = '';
beforeEach(() => (dir = makeTempDir()));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const NOW = Date.parse('2025-03-31T12:00:00Z');

function day(name: string, bytes: number): void {
  fs.writeFileSync(path.join(dir, name), Buffer.alloc(bytes, 0x61));
}

it('deletes days older than the retention, keeps the rest and other files', () => {
  day('2025-03-01.jsonl', 10); // 30 days before today: outside a 30-day retention
  day('2025-03-02.jsonl', 10); // the oldest kept day
  day('2025-03-31.jsonl', 10);
  day('notes.txt', 10);
  day('2025-02-30.jsonl', 10); // not a day: left alone
  const result = pruneAuditFolder(dir, { retentionDays: 30, now: NOW });
  expect(result.deleted).toEqual(['2025-03-01.jsonl']);
  expect(fs.readdirSync(dir).sort()).toEqual([
    '2025-02-30.jsonl',
    '2025-03-02.jsonl',
    '2025-03-31.jsonl',
    'notes.txt',
  ]);
});

it('bounds the folder size, oldest days first, never today', () => {
  day('2025-03-28.jsonl', 400);
  day('2025-03-29.jsonl', 400);
  day('2025-03-30.jsonl', 400);
  day('2025-03-31.jsonl', 2000);
  const result = pruneAuditFolder(dir, { retentionDays: 30, maxFolderBytes: 2100, now: NOW });
  expect(result.deleted).toEqual(['2025-03-28.jsonl', '2025-03-29.jsonl', '2025-03-30.jsonl']);
  expect(result.freedBytes).toBe(1200);
  expect(fs.readdirSync(dir)).toEqual(['2025-03-31.jsonl']); // over the cap alone: kept
  const again = pruneAuditFolder(dir, { retentionDays: 30, maxFolderBytes: 2100, now: NOW });
  expect(again.deleted).toEqual([]);
});

it('stops as soon as the folder fits', () => {
  day('2025-03-29.jsonl', 400);
  day('2025-03-30.jsonl', 400);
  day('2025-03-31.jsonl', 100);
  pruneAuditFolder(dir, { retentionDays: 30, maxFolderBytes: 600, now: NOW });
  expect(fs.readdirSync(dir).sort()).toEqual(['2025-03-30.jsonl', '2025-03-31.jsonl']);
});

it('a missing folder is nothing to prune', () => {
  expect(pruneAuditFolder(path.join(dir, 'none'), { retentionDays: 1, now: NOW }).deleted).toEqual(
    [],
  );
});
