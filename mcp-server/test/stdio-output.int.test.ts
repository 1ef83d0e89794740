// Issue 18 item 4 and item 8 (a stalled reader): answers are never lost when stdin closes, and a
// client that stops reading stdout does not make the server buffer without bound. The built
// server is spawned with real pipes; the "slow client" simply does not read its end for a while.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDir, SERVER_ENTRY, writeTree } from '#testing/mcp-server.js';
import { initializeRequest } from '#testing/raw-server.js';
import { waitFor } from '#testing/time.js';

let tree: string;

beforeAll(() => {
  tree = makeTempDir('fg-stdio-out-');
  // 1,000 files with long names: one page of 1,000 matches is an answer of ~600 KiB.
  writeTree(
    tree,
    Array.from({ length: 1000 }, (_, i) => ({
      path: `folder-${i % 10}/${'a-rather-long-file-name-'.repeat(3)}${i}.txt`,
      mtime: Date.UTC(2025, 0, 1) + i * 1000,
    })),
  );
});

afterAll(() => removeTempDir(tree));

const search = (id: number) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'fs.search_by_time', arguments: { timeField: 'modified', limit: 1000 } },
  });

function spawnServer(stdin: 'pipe' | number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [SERVER_ENTRY, '--root', tree], {
    stdio: [stdin, 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stderr: () => stderr, exited };
}

/** Reads the child's stdout to its end; returns the complete lines. */
function readAll(stream: NodeJS.ReadableStream): Promise<string[]> {
  return new Promise((resolve) => {
    let text = '';
    stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    stream.on('end', () => resolve(text.split('\n').filter((line) => line !== '')));
  });
}

describe('requests piped in, stdin closed, answers read late', () => {
  it('every answer arrives whole before the server exits', async () => {
    // As `server < requests.jsonl | slow-reader`: stdin is a file that ends at once.
    const dir = makeTempDir('fg-stdio-in-');
    try {
      const file = path.join(dir, 'requests.jsonl');
      const lines = [JSON.stringify(initializeRequest(1))];
      lines.push(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
      for (let id = 2; id <= 6; id++) lines.push(search(id));
      fs.writeFileSync(file, `${lines.join('\n')}\n`);
      const fd = fs.openSync(file, 'r');
      const server = spawnServer(fd);
      fs.closeSync(fd);
      // The reader does not read until the server has met the end of its input and begun to
      // shut down; only then does it read everything.
      server.child.stdout!.pause();
      await waitFor('the end of stdin', () => /stdin closed/.test(server.stderr()), 20_000);
      const read = readAll(server.child.stdout!);
      server.child.stdout!.resume();
      const answers = (await read).map(
        (line) => JSON.parse(line) as { id: number; result?: unknown },
      );
      expect(await server.exited).toBe(0);
      expect(answers.map((a) => a.id).sort()).toEqual([1, 2, 3, 4, 5, 6]);
      for (const answer of answers.filter((a) => a.id > 1)) {
        const result = answer.result as { structuredContent: { matches: unknown[] } };
        expect(result.structuredContent.matches).toHaveLength(1000);
      }
    } finally {
      removeTempDir(dir);
    }
  });
});

describe('a client that stops reading its answers', () => {
  it('stops reading requests instead of buffering, and answers everything once read again', () =>
    stopAndGoAnswersEverything(false));

  // Scans waiting on scan processes do not keep the server alive by themselves (their channels
  // are unreferenced): after stdin closed, the server once exited with most answers unsent.
  it('…also while its scan processes run the searches', () => stopAndGoAnswersEverything(true));

  async function stopAndGoAnswersEverything(scanProcesses: boolean) {
    // The scan's debug lines say when a search ran in the scan processes ("scan split …").
    const server = spawnServer('pipe', scanProcesses ? { FOLDERGATE_SCAN_DEBUG: '1' } : {});
    const stdin = server.child.stdin!;
    stdin.on('error', () => undefined);
    stdin.write(`${JSON.stringify(initializeRequest(1))}\n`);
    stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    if (scanProcesses) {
      // A first walk starts them; walks go on, one answered before the next, until one ran in
      // them (they are ready), so the flood below runs in them too. Their answers are read here.
      let answered = 0;
      const count = (chunk: Buffer) => (answered += chunk.toString('utf8').split('\n').length - 1);
      server.child.stdout!.on('data', count);
      let sent = 0;
      // A new query each time: a snapshot of the last one would answer without scanning.
      const walk = () =>
        stdin.write(
          `${JSON.stringify({ jsonrpc: '2.0', id: 100_000 + sent, method: 'tools/call', params: { name: 'fs.search_by_time', arguments: { timeField: 'created', limit: 1, glob: `*.warm${sent++}` } } })}\n`,
        );
      walk();
      await waitFor('the scan processes', () => childrenOf(server.child.pid!).length > 0, 20_000);
      await waitFor('a search run in the scan processes', () => {
        if (/scan split into/.test(server.stderr())) return true;
        if (answered >= sent + 1) walk(); // the initialize answer, and every walk's
        return false;
      });
      await waitFor('every walk answered', () => answered >= sent + 1);
      server.child.stdout!.off('data', count);
    }
    server.child.stdout!.pause();
    const CALLS = 200; // ~120 MiB of answers if the server buffered them all
    for (let id = 2; id < 2 + CALLS; id++) stdin.write(`${search(id)}\n`);
    await waitFor(
      'the server to stop reading requests',
      () => /no further requests are read/.test(server.stderr()),
      20_000,
    );
    const rssMiB =
      Number(
        /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))![1],
      ) / 1024;
    expect(rssMiB, `server RSS ${Math.round(rssMiB)} MiB`).toBeLessThan(200);
    // The client reads again: every request gets its answer, in full.
    const read = readAll(server.child.stdout!);
    server.child.stdout!.resume();
    await waitFor('every answer', () => /reading requests again/.test(server.stderr()), 30_000);
    stdin.end();
    const ids = (await read).map((line) => (JSON.parse(line) as { id: number }).id);
    expect(ids.filter((id) => id > 1 && id < 100_000)).toHaveLength(CALLS);
    expect(await server.exited).toBe(0);
    expect(server.stderr()).not.toMatch(/MaxListenersExceeded/);
  }
});

/** Child processes of `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid)
        out.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}
