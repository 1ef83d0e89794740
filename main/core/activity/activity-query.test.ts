import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, searchRecord, writeActivityLog } from '#testing/activity-records.js';
import { removeTempDir } from '#testing/temp-dirs.js';
import { encodeActivityLine } from '#appdata/activity/activity-line.js';
import { activityDay, parseActivityLine } from '#shared/activity/activity.js';
import { activityChart } from './activity-chart.js';
import { activityExportLine, csvRow, exportActivity, localTime } from './activity-export.js';
import { queryActivity } from './activity-query.js';

// 100,000 records over 10 UTC days (10,000 a day, one every 8.64 s), written as the writer
// writes them. Every 50th is an error from Cursor; every 1000th names "needle" in its glob.
const DAYS = 10;
const PER_DAY = 10_000;
const LAST_DAY = Date.parse('2025-03-10T00:00:00Z');
const FIRST_DAY = LAST_DAY - (DAYS - 1) * 86_400_000;
let dir = '';

beforeAll(() => {
  dir = makeTempDir('fg-query-');
  for (let d = 0; d < DAYS; d++) {
    const dayStart = FIRST_DAY + d * 86_400_000;
    const lines: Buffer[] = [];
    for (let i = 0; i < PER_DAY; i++) {
      const n = d * PER_DAY + i;
      lines.push(
        encodeActivityLine(
          searchRecord({
            time: dayStart + i * 8640,
            client: n % 50 === 0 ? 'cursor-vscode' : 'claude-ai',
            errorCode: n % 50 === 0 ? 'PathTraversalDetected' : undefined,
            args: { timeField: 'modified', glob: n % 1000 === 0 ? `needle-${n}` : `*.${n}` },
            paths: [`reports/file-${n}.pdf`],
          }),
        ),
      );
    }
    fs.writeFileSync(path.join(dir, `${activityDay(dayStart)}.jsonl`), Buffer.concat(lines));
  }
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const indexOf = (glob: unknown) => Number(String(glob).replace(/^\*\.|^needle-/, ''));

describe('queryActivity over 100,000 records', () => {
  // Measured on the 2-core dev machine (Node 20, ext4, ~45 MB of logs): the newest page 10-23 ms;
  // paging a text filter through all 100,000 records 131-183 ms; a page filtered by app,
  // outcome, tool and a 12-hour range 120-150 ms; heap growth under 15 MB (within GC noise).
  // Only correctness is asserted.
  it('the newest page, then the next one, newest first', async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    const page = await queryActivity(dir, { limit: 50 });
    const ms = performance.now() - t0;
    expect(page.entries.map((e) => indexOf(e.record.args.glob))).toEqual(
      Array.from({ length: 50 }, (_, i) => 99_999 - i),
    );
    const next = await queryActivity(dir, { limit: 50, cursor: page.nextCursor });
    expect(indexOf(next.entries[0]?.record.args.glob)).toBe(99_949);
    console.log(
      `newest page: ${ms.toFixed(1)} ms, heap +${((process.memoryUsage().heapUsed - heapBefore) / 1e6).toFixed(1)} MB`,
    );
  });

  it('a filtered page pages through the whole history without losing or repeating a record', async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await queryActivity(dir, { limit: 30, cursor, filter: { text: 'NEEDLE' } });
      seen.push(...page.entries.map((e) => indexOf(e.record.args.glob)));
      cursor = page.nextCursor;
    } while (cursor);
    const ms = performance.now() - t0;
    expect(seen).toEqual(Array.from({ length: 100 }, (_, i) => 99_000 - i * 1000));
    console.log(
      `text filter, all pages: ${ms.toFixed(0)} ms, heap +${((process.memoryUsage().heapUsed - heapBefore) / 1e6).toFixed(1)} MB`,
    );
  });

  it('filters by app, outcome, tool spelling, security and time range', async () => {
    const t0 = performance.now();
    const page = await queryActivity(dir, {
      limit: 1000,
      filter: {
        client: 'Cursor',
        outcome: 'error',
        tool: 'fs_search_by_time',
        securityOnly: true,
        from: '2025-03-09T00:00:00Z',
        to: '2025-03-09T12:00:00+00:00',
      },
    });
    console.log(`filtered page: ${(performance.now() - t0).toFixed(0)} ms`);
    // Day 8 (2025-03-09), first half: indexes 80,000..84,999, every 50th.
    expect(page.entries).toHaveLength(100);
    expect(page.entries.every((e) => e.record.client?.name === 'cursor-vscode')).toBe(true);
    expect(indexOf(page.entries[0]?.record.args.glob)).toBe(84_950);
    expect(indexOf(page.entries.at(-1)?.record.args.glob)).toBe(80_000);
    expect(page.nextCursor).toBeNull();
  });

  it('skips corrupt lines and a partial last line, and counts them', async () => {
    const small = makeTempDir('fg-query-small-');
    const good = encodeActivityLine(searchRecord({ time: LAST_DAY }));
    fs.writeFileSync(
      path.join(small, '2025-03-10.jsonl'),
      Buffer.concat([good, Buffer.from('not json\n{"v":2}\n'), good, good.subarray(0, 50)]),
    );
    const page = await queryActivity(small, {});
    expect(page.entries).toHaveLength(2);
    expect(page.skippedLines).toBe(2);
    expect(page.entries.map((e) => e.id)).toEqual([
      `2025-03-10@${good.length + 17}`,
      '2025-03-10@0',
    ]);
    expect(await queryActivity(path.join(small, 'none'), {})).toEqual({
      entries: [],
      nextCursor: null,
      skippedLines: 0,
    });
    fs.rmSync(small, { recursive: true });
  });
});

describe('activityChart', () => {
  it('counts calls and errors per hour for the last day and per day for the last week', async () => {
    const chart = await activityChart(dir, LAST_DAY + 86_400_000 - 1);
    expect(chart.days).toHaveLength(7);
    expect(chart.days.map((d) => d.calls)).toEqual(Array(7).fill(10_000));
    expect(chart.days.map((d) => d.errors)).toEqual(Array(7).fill(200));
    expect(chart.hours).toHaveLength(24);
    expect(chart.hours[0]?.start).toBe('2025-03-10T00:00:00.000Z');
    expect(chart.hours.reduce((s, h) => s + h.calls, 0)).toBe(10_000);
  });
});

describe("activityChart in the person's own days", () => {
  it('counts a call by the local day it happened on, not the UTC one', async () => {
    const local = makeTempDir('fg-chart-local-');
    try {
      // Seoul (UTC+9): local midnight is 15:00 UTC the day before.
      const now = Date.parse('2025-03-12T20:00:00Z'); // 13 March, 05:00 in Seoul
      const starts = Array.from(
        { length: 7 },
        (_, i) => Date.parse('2025-03-12T15:00:00Z') - (6 - i) * 86_400_000,
      );
      writeActivityLog(
        local,
        [
          searchRecord({ time: Date.parse('2025-03-12T16:00:00Z') }), // 13 March in Seoul
          searchRecord({ time: Date.parse('2025-03-12T14:00:00Z') }), // 12 March in Seoul
          searchRecord({ time: Date.parse('2025-03-06T15:30:00Z') }), // 7 March: the oldest day
          // The person's own Deny is a call, not an error; a real failure is an error.
          searchRecord({ time: Date.parse('2025-03-12T17:00:00Z'), errorCode: 'DeniedByUser' }),
          searchRecord({ time: Date.parse('2025-03-12T18:00:00Z'), errorCode: 'PermissionDenied' }),
        ],
        now,
      );
      const chart = await activityChart(path.join(local, 'audit'), now, starts);
      expect(chart.days.map((d) => d.start)).toEqual(starts.map((s) => new Date(s).toISOString()));
      expect(chart.days.map((d) => d.calls)).toEqual([1, 0, 0, 0, 0, 1, 3]);
      expect(chart.days.map((d) => d.errors)).toEqual([0, 0, 0, 0, 0, 0, 1]);
      // Without the person's days: UTC days (the 12th holds both calls of that UTC day).
      expect((await activityChart(path.join(local, 'audit'), now)).days.at(-1)?.calls).toBe(4);
    } finally {
      removeTempDir(local);
    }
  });
});

describe('exportActivity', () => {
  it('streams a filtered set as CSV and as JSONL', async () => {
    let csv = '';
    for await (const chunk of exportActivity(dir, { text: 'needle' }, 'csv')) csv += chunk;
    const rows = csv.split('\r\n').filter(Boolean);
    expect(rows[0]).toMatch(/^time,app,app version,what happened,tool,outcome/);
    expect(rows).toHaveLength(101);
    expect(rows[1]).toContain(
      "Cursor,0.9.0,Cursor's search in Documents was refused: it tried to leave the allowed folder",
    );
    let jsonl = '';
    for await (const chunk of exportActivity(dir, { text: 'needle' }, 'jsonl')) jsonl += chunk;
    const lines = jsonl.trimEnd().split('\n');
    expect(lines).toHaveLength(100);
    expect(lines.every((l) => parseActivityLine(l) !== null)).toBe(true);
  });

  it("gives each call's time as the person's clock reads it, and the recorded instant last", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Seoul'; // Node reads TZ again when it is set
    try {
      const record = searchRecord({ time: Date.parse('2026-11-27T23:05:03.120Z') });
      expect(record.time).toBe('2026-11-27T23:05:03.120Z');
      const row = activityExportLine(record, 'csv');
      expect(row.slice(0, 20)).toBe('2026-11-28 08:05:03,');
      expect(row.slice(-27)).toBe(',2026-11-27T23:05:03.120Z\r\n');
      expect(localTime('not a time')).toBe('not a time');
    } finally {
      process.env.TZ = zone;
      if (zone === undefined) delete process.env.TZ;
    }
  });

  it('quotes per RFC 4180 and defuses formulas', () => {
    expect(csvRow(['a', 'b,c', 'say "hi"', 'two\nlines'])).toBe(
      'a,"b,c","say ""hi""","two\nlines"\r\n',
    );
    expect(csvRow(['=1+1', '+SUM(A1)', '-2', '@cmd', 'ok=1'])).toBe(
      "'=1+1,'+SUM(A1),'-2,'@cmd,ok=1\r\n",
    );
    expect(csvRow(['=HYPERLINK("x")'])).toBe('"\'=HYPERLINK(""x"")"\r\n');
  });

  it('writes control characters and bidirectional marks out instead of passing them on', () => {
    const hostile = searchRecord({
      client: '\u001b[31mEvil\u001b[0m',
      paths: ['a\u001b]0;title\u0007.pdf', 'invoice\u202Efdp.exe', 'two\nlines.txt'],
      args: { glob: '\u009b2J*' },
    });
    const row = activityExportLine(hostile, 'csv');
    // eslint-disable-next-line no-control-regex -- no control character may be left
    expect(row).not.toMatch(/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect(row).toContain('\\x1B[31mEvil\\x1B[0m');
    expect(row).toContain('a\\x1B]0;title\\x07.pdf\ninvoice\\u202Efdp.exe\ntwo\\x0Alines.txt');
    expect(row).toContain('\\x9B2J*');
    // The row is still one CSV record: its only line breaks are inside the quoted paths cell.
    expect(row.endsWith('\r\n')).toBe(true);
  });
});
