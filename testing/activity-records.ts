// Shared by the audit and activity tests: temp folders and records. Not part of the server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildActivityRecord, type ActivityCallFacts } from '#shared/activity/activity-builder.js';
import { activityDay, activityFileName, type ActivityRecord } from '#shared/activity/activity.js';

/** A fresh, realpath'd temp folder. */
export function makeTempDir(prefix = 'fg-audit-'): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
}

/** A search record as the server would build it, `paths` returned under the root "Documents". */
export function searchRecord(
  options: { time?: number; client?: string; paths?: string[]; errorCode?: string } & Partial<
    Pick<ActivityCallFacts, 'args'>
  > = {},
): ActivityRecord {
  const started = options.time ?? Date.now();
  const root = '/home/someone/Documents';
  return buildActivityRecord({
    startedAt: started,
    endedAt: started + 5,
    pid: 4242,
    client: { name: options.client ?? 'claude-ai', version: '0.9.0' },
    tool: 'fs.search_by_time',
    args: options.args ?? { timeField: 'modified', glob: '*.pdf' },
    roots: [{ name: 'Documents', path: root }],
    result: options.errorCode
      ? {
          isError: true,
          content: [
            { type: 'text', text: `ErrorCode: ${options.errorCode}\nMessage: no.\nFix: do.` },
          ],
        }
      : {
          structuredContent: {
            matches: (options.paths ?? ['a.pdf']).map((p) => ({ path: `${root}/${p}` })),
            nextCursor: null,
            stats: { scannedFiles: 3, scannedDirectories: 1, returned: 1 },
          },
        },
  });
}

/** Writes `records` as `<appData>/audit/<the day of now>.jsonl`, the activity log an app reads. */
export function writeActivityLog(
  appData: string,
  records: readonly ActivityRecord[],
  now = Date.now(),
): void {
  const dir = path.join(appData, 'audit');
  fs.mkdirSync(dir, { recursive: true });
  const text = records.map((r) => `${JSON.stringify(r)}\n`).join('');
  fs.writeFileSync(path.join(dir, activityFileName(activityDay(now))), text);
}
