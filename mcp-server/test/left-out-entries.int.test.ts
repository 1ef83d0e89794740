// Items 8 and 9 of issue 7: what the search cannot list is counted and said in the summary text
// (the structured output keeps its strict schema): folders below the 256-level ceiling, and
// entries whose names are not valid UTF-8.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callTool,
  firstText,
  makeTempDir,
  removeTempDir,
  startServer,
  type ServerHandle,
} from '#testing/mcp-server.js';
import { searchOutput } from '#testing/search-output.js';

let base: string;
let deep: string;
let odd: string;
let server: ServerHandle;

beforeAll(async () => {
  base = makeTempDir('fg-left-out-');
  deep = path.join(base, 'deep');
  odd = path.join(base, 'odd');
  const bottom = path.join(deep, ...Array<string>(260).fill('d'));
  fs.mkdirSync(bottom, { recursive: true });
  fs.writeFileSync(path.join(bottom, 'bottom.txt'), 'x');
  fs.writeFileSync(path.join(deep, 'top.txt'), 'x');
  fs.mkdirSync(odd);
  const bad = Buffer.concat([
    Buffer.from(path.join(odd, 'bad-')),
    Buffer.from([0xff]),
    Buffer.from('.txt'),
  ]);
  fs.writeFileSync(bad, 'x');
  const badDir = Buffer.concat([Buffer.from(path.join(odd, 'dir-')), Buffer.from([0xc3, 0x28])]);
  fs.mkdirSync(badDir);
  fs.writeFileSync(Buffer.concat([badDir, Buffer.from('/inner.txt')]), 'x');
  fs.writeFileSync(path.join(odd, 'good.txt'), 'x');
  server = await startServer(['--root', deep, '--root', odd]);
});

afterAll(async () => {
  await server.close();
  removeTempDir(base);
});

async function search(args: Record<string, unknown>) {
  const result = await callTool(server, 'fs.search_by_time', { timeField: 'modified', ...args });
  expect(result.isError).toBeFalsy();
  return { output: searchOutput(result), text: firstText(result) };
}

describe('folders deeper than the 256-level ceiling', () => {
  it('are counted and said in the summary, not left out silently', async () => {
    const { output, text } = await search({ root: 'deep' });
    expect(output.matches.map((m) => path.basename(m.path))).toEqual(['top.txt']);
    expect(text).toContain('1 folder at the depth limit of 256 levels was not searched');
  });

  it('are not mentioned when the caller chose a smaller maxDepth', async () => {
    const { text } = await search({ root: 'deep', maxDepth: 3 });
    expect(text).not.toContain('depth limit');
  });
});

describe('names that are not valid UTF-8', () => {
  it('are left out, counted apart from unreadable entries, and said in the summary', async () => {
    const { output, text } = await search({ root: 'odd' });
    expect(output.matches.map((m) => path.basename(m.path))).toEqual(['good.txt']);
    expect(output.matches.some((m) => m.path.includes('\uFFFD'))).toBe(false);
    expect(text).toContain('Left out 2 entries whose names are not valid UTF-8');
    expect(text).not.toContain('unreadable');
  });
});
