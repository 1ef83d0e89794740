// Issue 34 item 6: Claude Code keeps every project's history in ~/.claude.json, which grows to tens
// of megabytes. Registering, listing and unregistering read it as the client's reader would, but
// without a tree of the whole file: memory is a small multiple of the file, never tens of times
// it. Held deterministically with V8's own ceiling: the CLI runs with its heap capped at 64 MB
// plus 8 times the file (a tree of the file needs some 60 times it, and the heap runs out). How
// fast it is at 12 and 60 MB is the bench's, not this test's.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { CLI_SHIM } from '#testing/repo.js';
import { scaled } from '#testing/time.js';

let base: string;
let home: string;
let appData: string;

/** A ~/.claude.json as Claude Code writes it (two-space JSON), of about `mb` megabytes. */
function claudeJson(mb: number): string {
  const projects: Record<string, unknown> = {};
  for (let i = 0, size = 0; size < mb * 1_000_000; i++) {
    const history = Array.from({ length: 20 }, (_, j) => ({
      display: `refactor module ${i}-${j}, keep "quotes", é and 한글`,
      pastedContents: {},
    }));
    const project = { allowedTools: [], history, mcpServers: {}, lastSessionId: `s-${i}` };
    projects[`/home/person/work/project-${i}`] = project;
    size += JSON.stringify(project, null, 2).length + 80;
  }
  const other = { type: 'stdio', command: '/usr/bin/other', args: [] };
  return `${JSON.stringify({ numStartups: 312, mcpServers: { other }, projects }, null, 2)}\n`;
}

function cli(args: string[], heapMb: number): { code: number | null; out: string; stdout: string } {
  const result = spawnSync(
    process.execPath,
    [`--max-old-space-size=${heapMb}`, CLI_SHIM, ...args],
    {
      cwd: base,
      env: { PATH: process.env.PATH, HOME: home, FOLDERGATE_HOME: appData },
      encoding: 'utf8',
      timeout: scaled(60_000),
    },
  );
  return {
    code: result.status,
    out: `${result.stdout}${result.stderr}`,
    stdout: result.stdout,
  };
}

beforeAll(() => {
  base = makeTempDir('fg-large-config-');
  home = path.join(base, 'home');
  appData = path.join(base, 'appdata');
  fs.mkdirSync(path.join(home, '.claude'), { recursive: true });
});
afterAll(() => removeTempDir(base));

describe('a large ~/.claude.json', () => {
  it('is registered, listed and unregistered within a heap of 64 MB + 8× the file', () => {
    const file = path.join(home, '.claude.json');
    const original = claudeJson(8);
    fs.writeFileSync(file, original);
    const heapMb = 64 + 8 * Math.ceil(Buffer.byteLength(original) / 1_000_000);

    const registered = cli(['clients', 'register', 'claude-code'], heapMb);
    expect(registered.code, registered.out).toBe(0);
    expect(registered.out).toContain('Connected Claude Code');
    const after = fs.readFileSync(file, 'utf8');
    const entry = (JSON.parse(after) as { mcpServers: Record<string, { args: string[] }> })
      .mcpServers.foldergate;
    expect(entry?.args).toContain(path.join(appData, 'server', 'index.js'));
    // Only the servers object changed: every byte after it is the person's.
    const tail = original.slice(original.indexOf('"projects"'));
    expect(after.endsWith(tail)).toBe(true);

    const listed = cli(['clients', 'list', '--json'], heapMb);
    expect(listed.code, listed.out).toBe(0);
    const states = JSON.parse(listed.stdout) as Array<{ id: string; status: string }>;
    expect(states.find((c) => c.id === 'claude-code')?.status).toBe('connected');

    const unregistered = cli(['clients', 'unregister', 'claude-code'], heapMb);
    expect(unregistered.code, unregistered.out).toBe(0);
    expect(fs.readFileSync(file, 'utf8')).toBe(original);
  });
});
