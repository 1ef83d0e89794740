// Issue 35's figure for idle servers: five AI apps connected and idle (each started its own server,
// probed or initialized, listed and listens for list changes) hold at most 250 MB RSS together,
// after the probes of the clients that negotiate (auto mode: server/discover) and after four
// settings changes that leave the listing as it was (pause, approval, file types, language), which
// used to make every idle server load its full server (the issue asks for three). RSS is read from
// /proc (Linux); the figures are printed for the record.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pythonClient, typescriptClient, type TestClient } from '#testing/mcp-clients.js';
import { makeTempDir, removeTempDir, writeTree } from '#testing/mcp-server.js';
import { primeListing } from '#testing/raw-server.js';

const FULL = /full server serving/;
/** The budget for five idle servers together. */
const BUDGET_BYTES = 250 * 1000 * 1000;

/** A process's resident set, from /proc/<pid>/status (VmRSS, in kB). */
function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) * 1024;
}

/** Prints a measured figure (the test's output keeps it beside the result). */
function report(when: string, total: number): void {
  console.log(`five idle servers ${when}: ${(total / 1e6).toFixed(1)} MB RSS together`);
}

describe.runIf(process.platform === 'linux')('five idle connected servers', () => {
  let tmp: string;
  let appData: string;
  let docs: string;
  const clients: TestClient[] = [];

  const settings = (change: Record<string, unknown> = {}, root: Record<string, unknown> = {}) => {
    const file = path.join(appData, 'settings.json');
    fs.writeFileSync(
      `${file}.next`,
      JSON.stringify({ version: 2, roots: [{ path: docs, name: 'Docs', ...root }], ...change }),
    );
    fs.renameSync(`${file}.next`, file);
  };

  beforeAll(async () => {
    tmp = makeTempDir('fg-idle-');
    appData = path.join(tmp, 'a');
    fs.mkdirSync(appData);
    docs = path.join(tmp, 'Docs');
    writeTree(docs, [{ path: 'a.pdf', mtime: '2025-05-01T10:00:00Z' }]);
    settings();
    // The first server of a settings text lists with its full server and caches the listing.
    await primeListing(['--config-dir', appData]);
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    if (tmp) removeTempDir(tmp);
  });

  /** The servers' RSS together, after every client made one request (a look at the listing). */
  async function idleTotal(): Promise<number> {
    for (const client of clients) await client.list();
    for (const client of clients) expect(client.stderr()).not.toMatch(FULL);
    return clients.reduce((sum, client) => sum + rssBytes(client.serverPid()!), 0);
  }

  it('stay at their front desks, ≤ 250 MB together, after the probes and four settings changes', async () => {
    const starts = [
      pythonClient({ mode: 'auto' }),
      pythonClient({ mode: 'auto' }),
      pythonClient({ mode: 'legacy', handshake: '2025-11-25' }),
      typescriptClient('auto'),
      typescriptClient('2026-07-28'),
    ];
    for (const [i, start] of starts.entries()) {
      const client = await start(['--config-dir', appData], `idle-app-${i}`);
      clients.push(client);
      await client.listen();
    }
    expect(clients.map((client) => client.protocolVersion)).toEqual([
      '2026-07-28',
      '2026-07-28',
      '2025-11-25',
      '2026-07-28',
      '2026-07-28',
    ]);
    const afterProbe = await idleTotal();
    report('after the probes', afterProbe);
    expect(afterProbe, `${(afterProbe / 1e6).toFixed(1)} MB after the probes`).toBeLessThanOrEqual(
      BUDGET_BYTES,
    );

    settings({ paused: true });
    await idleTotal();
    settings({ paused: true, approval: { mode: 'ask' } });
    await idleTotal();
    settings({ paused: true, approval: { mode: 'ask' } }, { fileTypes: ['.pdf'] });
    await idleTotal();
    settings({ paused: true, approval: { mode: 'ask' }, language: 'ko' }, { fileTypes: ['.pdf'] });
    const afterChanges = await idleTotal();
    report('after four settings changes', afterChanges);
    expect(
      afterChanges,
      `${(afterChanges / 1e6).toFixed(1)} MB after four settings changes`,
    ).toBeLessThanOrEqual(BUDGET_BYTES);
    for (const client of clients) expect(await client.changes()).toBe(0);
  });
});
