// Issue 18 item 6 on a real full disk: the audit folder is a small tmpfs of its own, filled up by
// a file, while two real servers (the built bundle over stdio) answer calls. Mounting needs root,
// which CI has (.ci/run runs as root on a fresh machine); elsewhere the same behaviour is covered
// by src/audit/audit-writer.test.ts with a disk that fills up.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseActivityLine } from '#shared/activity/activity.js';
import {
  callTool,
  makeTempDir,
  removeTempDir,
  startServer,
  type ServerHandle,
} from '#testing/mcp-server.js';

function canMountTmpfs(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  const probe = makeTempDir('fg-mount-probe-');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    removeTempDir(probe);
  }
}

describe.runIf(canMountTmpfs())('the audit folder on a disk that fills up', () => {
  let tmp: string;
  let audit: string;
  let docs: string;
  const servers: ServerHandle[] = [];

  beforeAll(() => {
    tmp = makeTempDir('fg-full-disk-');
    audit = path.join(tmp, 'audit');
    docs = path.join(tmp, 'Docs');
    fs.mkdirSync(audit);
    fs.mkdirSync(docs);
    fs.writeFileSync(path.join(docs, 'a.txt'), 'a');
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', audit]);
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    execFileSync('umount', [audit]);
    removeTempDir(tmp);
  });

  const search = (server: ServerHandle, i: number) =>
    callTool(server, 'fs.search_by_time', { timeField: 'modified', glob: `*${i}*` });

  it('records every call once there is room again, and leaves no torn line', async () => {
    for (let i = 0; i < 2; i++)
      servers.push(await startServer(['--root', docs, '--audit-dir', audit]));
    const [a, b] = servers.map((server) => ({ server }));
    await search(a!.server, 0); // opens today's file while there is room
    // Fill the disk but for a few hundred bytes: the next record is cut short.
    const filler = path.join(audit, 'filler');
    const free = () => {
      const st = fs.statfsSync(audit);
      return st.bavail * st.bsize;
    };
    fs.writeFileSync(filler, Buffer.alloc(Math.max(0, free() - 4096)));
    const fd = fs.openSync(filler, 'a');
    try {
      // The last partial page: as many bytes as still fit, minus ~200.
      for (let chunk = 4096; chunk >= 1; chunk = Math.floor(chunk / 2)) {
        try {
          while (free() > 0) fs.writeSync(fd, Buffer.alloc(chunk));
        } catch {
          // ENOSPC at this size: try smaller
        }
      }
    } finally {
      fs.closeSync(fd);
    }
    expect(free()).toBe(0);
    // Calls while the disk is full: both servers answer; nothing can be recorded.
    for (let i = 1; i <= 10; i++) {
      expect((await search(a!.server, i)).isError).toBeFalsy();
      expect((await search(b!.server, i)).isError).toBeFalsy();
    }
    // Room again: the very next call of each server records it and everything kept.
    fs.rmSync(filler);
    await search(a!.server, 11);
    await search(b!.server, 11);
    const [file] = fs.readdirSync(audit).filter((f) => f.endsWith('.jsonl'));
    const lines = fs.readFileSync(path.join(audit, file!), 'utf8').split('\n').filter(Boolean);
    const records = lines.map((line) => parseActivityLine(line)).filter((r) => r !== null);
    // No torn fragment stays, alone or glued to a record: every line is one whole record
    // (issue 34, item 8b: a short write is cut off again).
    const whole = (line: string): boolean => {
      try {
        return typeof JSON.parse(line) === 'object';
      } catch {
        return false;
      }
    };
    expect(lines.filter((line) => !whole(line)).map((line) => line.length)).toEqual([]);
    // 1 before the disk filled + 10 + 1 per server for A, 11 for B.
    expect(records).toHaveLength(23);
    const globs = (name: string) =>
      records
        .filter((r) => r.pid === pidOf(name))
        .map((r) => r.args.glob)
        .join(' ');
    expect(globs('A')).toBe('*0* *1* *2* *3* *4* *5* *6* *7* *8* *9* *10* *11*');
    expect(globs('B')).toBe('*1* *2* *3* *4* *5* *6* *7* *8* *9* *10* *11*');
  });

  function pidOf(name: string): number {
    const server = servers[name === 'A' ? 0 : 1]!;
    return (server.transport as unknown as { pid: number | null }).pid ?? -1;
  }
});
