import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activityRecordSchema, parseActivityLine } from '#shared/activity/activity.js';
import { resolveAuditDir } from './activity-dir.js';
import { encodeActivityLine } from './activity-line.js';
import { makeTempDir, searchRecord } from '#testing/activity-records.js';
import { createAuditWriter, WAITING_MAX_RECORDS } from './activity-writer.js';

let tmp = '';
beforeEach(() => (tmp = makeTempDir()));
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const T0 = Date.parse('2025-03-10T23:59:59.000Z');
const noTimer = () => ({ cancel: () => undefined });

function lines(file: string): string[] {
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
}

describe('resolveAuditDir', () => {
  it('prefers --audit-dir, then <config-dir>/audit, else records nothing', () => {
    expect(resolveAuditDir({ auditDir: '/a/b', configDir: '/c' })).toBe(path.resolve('/a/b'));
    expect(resolveAuditDir({ configDir: '/c' })).toBe(path.join(path.resolve('/c'), 'audit'));
    expect(resolveAuditDir({})).toBeNull();
  });
});

describe('createAuditWriter', () => {
  it('creates a missing folder (0700) and appends one line per record to the UTC day file', () => {
    const dir = path.join(tmp, 'deep', 'audit');
    const writer = createAuditWriter({ dir, log: () => undefined });
    writer.append(searchRecord({ time: T0 }));
    writer.append(searchRecord({ time: T0 + 2000 })); // 00:00:01 the next UTC day
    writer.close();
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(dir).sort()).toEqual(['2025-03-10.jsonl', '2025-03-11.jsonl']);
    const [line] = lines(path.join(dir, '2025-03-10.jsonl'));
    expect(activityRecordSchema.parse(JSON.parse(line ?? ''))).toMatchObject({
      client: { name: 'claude-ai' },
      search: { root: 'Documents', paths: ['a.pdf'] },
    });
  });

  it('reopens the day file after it was deleted (pruned) while open', () => {
    const dir = path.join(tmp, 'audit');
    const writer = createAuditWriter({ dir, log: () => undefined });
    writer.append(searchRecord({ time: T0 }));
    fs.rmSync(path.join(dir, '2025-03-10.jsonl'));
    writer.append(searchRecord({ time: T0 + 1 }));
    fs.rmSync(dir, { recursive: true });
    writer.append(searchRecord({ time: T0 + 2 }));
    writer.close();
    expect(lines(path.join(dir, '2025-03-10.jsonl'))).toHaveLength(1);
  });

  it('records nothing when disabled or without a folder', () => {
    const dir = path.join(tmp, 'audit');
    let enabled = false;
    const writer = createAuditWriter({ dir, enabled: () => enabled, log: () => undefined });
    writer.append(searchRecord({ time: T0 }));
    expect(fs.existsSync(dir)).toBe(false);
    enabled = true;
    writer.append(searchRecord({ time: T0 }));
    expect(lines(path.join(dir, '2025-03-10.jsonl'))).toHaveLength(1);
    createAuditWriter({ dir: null, log: () => undefined }).append(searchRecord());
  });

  // Tests run as root, where chmod does not stop a write: a folder whose parent is a regular
  // file fails the same way a read-only one does (ENOTDIR instead of EACCES).
  it('an unwritable folder: append returns normally, logs once, and writes as soon as it can', () => {
    fs.writeFileSync(path.join(tmp, 'file'), 'x');
    const dir = path.join(tmp, 'file', 'audit');
    const messages: string[] = [];
    const writer = createAuditWriter({ dir, log: (m) => messages.push(m), setTimer: noTimer });
    for (let i = 0; i < 100; i++) writer.append(searchRecord({ time: T0 + i }));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/activity log: cannot write to .*ENOTDIR/);
    expect(writer.waiting).toBe(100);
    // The folder becomes usable: the very next call writes the 100 kept records, then its own.
    fs.rmSync(path.join(tmp, 'file'));
    writer.append(searchRecord({ time: T0 + 100 }));
    writer.close();
    const times = lines(path.join(dir, '2025-03-10.jsonl')).map((l) => parseActivityLine(l)?.time);
    expect(times).toEqual(Array.from({ length: 101 }, (_, i) => new Date(T0 + i).toISOString()));
    expect(messages.at(-1)).toMatch(/writing again/);
  });

  it('prunes old days when it opens a new day', () => {
    const dir = path.join(tmp, 'audit');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, '2025-01-01.jsonl'), 'old\n');
    const writer = createAuditWriter({
      dir,
      log: () => undefined,
      now: () => T0,
      retentionDays: () => 30,
    });
    writer.append(searchRecord({ time: T0 }));
    writer.close();
    expect(fs.readdirSync(dir)).toEqual(['2025-03-10.jsonl']);
  });
});

describe('encodeActivityLine', () => {
  it('keeps a record under the cap whole', () => {
    const record = searchRecord({ paths: ['a.pdf', 'b.pdf'] });
    const line = encodeActivityLine(record, 256 * 1024);
    expect(line.at(-1)).toBe(0x0a);
    expect(parseActivityLine(line.toString('utf8').trimEnd())).toEqual(record);
  });

  it('truncates returned paths to fit the cap and says how many there were', () => {
    const paths = Array.from({ length: 1000 }, (_, i) => `folder/${'é'.repeat(200)}-${i}.pdf`);
    const record = searchRecord({ paths });
    const cap = 256 * 1024;
    expect(Buffer.byteLength(JSON.stringify(record))).toBeGreaterThan(cap);
    const line = encodeActivityLine(record, cap);
    expect(line.length).toBeLessThanOrEqual(cap);
    expect(line.indexOf(0x0a)).toBe(line.length - 1);
    const parsed = parseActivityLine(line.toString('utf8').trimEnd());
    expect(parsed?.search?.pathsTruncated).toBe(true);
    expect(parsed?.search?.pathsTotal).toBe(1000);
    expect(parsed?.search?.matchCount).toBe(1000);
    const kept = parsed?.search?.paths.length ?? 0;
    expect(kept).toBeGreaterThan(500);
    expect(parsed?.search?.paths).toEqual(paths.slice(0, kept));
    // One more path would not have fitted.
    const oneMore = { ...record, search: { ...record.search!, paths: paths.slice(0, kept + 1) } };
    expect(Buffer.byteLength(`${JSON.stringify(oneMore)}\n`)).toBeGreaterThan(cap);
  });

  it('replaces oversized arguments by a marker rather than split a line', () => {
    const record = { ...searchRecord(), args: { huge: 'x'.repeat(10_000) } };
    const line = encodeActivityLine(record, 2000);
    expect(line.length).toBeLessThanOrEqual(2000);
    expect(parseActivityLine(line.toString('utf8').trimEnd())?.args).toEqual({ _truncated: true });
  });

  it('the writer applies the cap', () => {
    const dir = path.join(tmp, 'audit');
    const writer = createAuditWriter({ dir, log: () => undefined, maxLineBytes: 1000 });
    writer.append(
      searchRecord({ time: T0, paths: Array.from({ length: 300 }, (_, i) => `p${i}`) }),
    );
    writer.close();
    const [line] = lines(path.join(dir, '2025-03-10.jsonl'));
    expect(Buffer.byteLength(`${line}\n`)).toBeLessThanOrEqual(1000);
    expect(parseActivityLine(line ?? '')?.search?.pathsTruncated).toBe(true);
  });
});

describe('a full disk (issue 18, item 6)', () => {
  /**
   * A disk that fills up: `room` bytes can still be written; a write beyond it writes what fits
   * and returns the short count (as write(2) does), and a write with no room fails with ENOSPC.
   */
  function fillingDisk(room: number) {
    const disk = {
      room,
      writeSync(fd: number, buffer: Buffer): number {
        if (disk.room <= 0)
          throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
        const n = Math.min(buffer.length, disk.room);
        const written = fs.writeSync(fd, buffer, 0, n);
        disk.room -= written;
        return written;
      },
    };
    return disk;
  }

  it('never glues a record to a torn one, keeps what could not be written and resumes at once', () => {
    const dir = path.join(tmp, 'audit');
    const file = path.join(dir, '2025-03-10.jsonl');
    const first = searchRecord({ time: T0 - 3000, client: 'A' });
    const disk = fillingDisk(Buffer.byteLength(`${JSON.stringify(first)}\n`) + 40);
    const timers: (() => void)[] = [];
    const a = createAuditWriter({
      dir,
      log: () => undefined,
      writeSync: disk.writeSync,
      setTimer: (run) => {
        timers.push(run);
        return { cancel: () => undefined };
      },
    });
    // Another server process, writing for real (it met the disk with room again).
    const b = createAuditWriter({ dir, log: () => undefined });
    a.append(first);
    a.append(searchRecord({ time: T0 - 2000, client: 'A' })); // torn after 40 bytes
    a.append(searchRecord({ time: T0 - 1000, client: 'A' })); // no room at all
    expect(a.waiting).toBe(2);
    expect(timers).toHaveLength(1); // one retry, however many calls fail
    b.append(searchRecord({ time: T0 - 500, client: 'B' })); // lands right after the fragment
    // Space returns: the retry writes what was kept, in order, on a line of its own.
    disk.room = Infinity;
    timers.shift()!();
    expect(a.waiting).toBe(0);
    a.append(searchRecord({ time: T0, client: 'A' }));
    a.close();
    b.close();
    const raw = lines(file);
    expect(raw).toHaveLength(5); // first, fragment+B, A's two kept records, A's last
    const records = raw.map((l) => parseActivityLine(l));
    expect(records.map((r) => r?.client?.name)).toEqual(['A', 'B', 'A', 'A', 'A']);
    expect(records.map((r) => r?.time)).toEqual(
      [T0 - 3000, T0 - 500, T0 - 2000, T0 - 1000, T0].map((t) => new Date(t).toISOString()),
    );
    expect(records.every((r) => r?.unrecorded === undefined)).toBe(true);
  });

  it('cuts a torn line off again, so the file holds whole lines only (issue 34, item 8b)', () => {
    const dir = path.join(tmp, 'audit');
    const file = path.join(dir, '2025-03-10.jsonl');
    const first = searchRecord({ time: T0 - 3000, client: 'A' });
    const firstBytes = Buffer.byteLength(`${JSON.stringify(first)}\n`);
    const disk = fillingDisk(firstBytes + 6643);
    const a = createAuditWriter({
      dir,
      log: () => undefined,
      writeSync: disk.writeSync,
      setTimer: noTimer,
    });
    a.append(first);
    // Long enough to be cut short after 6,643 bytes, as on the full disk of the issue.
    a.append(
      searchRecord({
        time: T0 - 2000,
        paths: Array.from({ length: 600 }, (_, i) => `/home/person/Documents/p${i}`),
      }),
    );
    expect(a.waiting).toBe(1);
    expect(fs.statSync(file).size).toBe(firstBytes);
    disk.room = Infinity;
    a.append(searchRecord({ time: T0, client: 'A' }));
    a.close();
    const raw = fs.readFileSync(file, 'utf8');
    expect(raw.endsWith('\n')).toBe(true);
    const records = raw
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { time: string });
    expect(records.map((r) => r.time)).toEqual(
      [T0 - 3000, T0 - 2000, T0].map((t) => new Date(t).toISOString()),
    );
  });

  it('leaves a torn line it cannot cut (another line after it) and starts its next on a new line', () => {
    const dir = path.join(tmp, 'audit');
    const file = path.join(dir, '2025-03-10.jsonl');
    const other = `${JSON.stringify(searchRecord({ time: T0 - 500, client: 'B' }))}\n`;
    let room = 40;
    const a = createAuditWriter({
      dir,
      log: () => undefined,
      setTimer: noTimer,
      writeSync(fd, buffer) {
        const written = fs.writeSync(fd, buffer, 0, Math.min(buffer.length, room));
        // Another server's line lands right after the fragment, before it can be cut.
        if (written < buffer.length) fs.appendFileSync(file, other);
        room = Infinity;
        return written;
      },
    });
    a.append(searchRecord({ time: T0 - 2000, client: 'A' }));
    a.append(searchRecord({ time: T0, client: 'A' }));
    a.close();
    const raw = lines(file);
    expect(raw[0]).toHaveLength(40 + other.length - 1); // the fragment, B's line glued after it
    expect(raw.slice(1).map((l) => parseActivityLine(l)?.time)).toEqual(
      [T0 - 2000, T0].map((t) => new Date(t).toISOString()),
    );
    expect(parseActivityLine(raw[0]!)?.client?.name).toBe('B');
  });

  it('counts the calls it had to drop in the next record written', () => {
    const dir = path.join(tmp, 'audit');
    const disk = fillingDisk(0);
    const a = createAuditWriter({
      dir,
      log: () => undefined,
      writeSync: disk.writeSync,
      setTimer: noTimer,
    });
    const extra = 5;
    for (let i = 0; i < WAITING_MAX_RECORDS + extra; i++)
      a.append(searchRecord({ time: T0 - 60_000 + i }));
    expect(a.waiting).toBe(WAITING_MAX_RECORDS);
    disk.room = Infinity;
    a.append(searchRecord({ time: T0 }));
    a.close();
    const records = lines(path.join(dir, '2025-03-10.jsonl')).map((l) => parseActivityLine(l));
    expect(records).toHaveLength(WAITING_MAX_RECORDS + 1);
    expect(records[0]?.unrecorded).toEqual({
      count: extra,
      from: new Date(T0 - 60_000).toISOString(),
      to: new Date(T0 - 60_000 + extra - 1).toISOString(),
      reason: 'ENOSPC',
    });
    expect(records.slice(1).every((r) => r?.unrecorded === undefined)).toBe(true);
  });
});
