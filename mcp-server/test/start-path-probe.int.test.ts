// Item 7 of issue 7: through a link inside the root that points outside, whether something exists
// behind the link must not change the answer, or a client could probe the disk outside the
// allowed folders one name at a time.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callTool,
  errorCode,
  firstText,
  makeTempDir,
  removeTempDir,
  startServer,
  type ServerHandle,
} from '#testing/mcp-server.js';

let base: string;
let root: string;
let outside: string;
let server: ServerHandle;

beforeAll(async () => {
  base = makeTempDir('fg-probe-');
  root = path.join(base, 'root');
  outside = path.join(base, 'outside');
  fs.mkdirSync(path.join(root, 'inside'), { recursive: true });
  fs.mkdirSync(path.join(outside, 'exists'), { recursive: true });
  fs.writeFileSync(path.join(outside, 'exists.txt'), 'secret');
  fs.symlinkSync(outside, path.join(root, 'out'));
  fs.symlinkSync('../outside/nothing', path.join(root, 'dangling-out'));
  fs.symlinkSync('out', path.join(root, 'chain'));
  fs.symlinkSync('inside/../../outside', path.join(root, 'dotdot-out'));
  server = await startServer(['--root', root, '--follow-symlinks']);
});

afterAll(async () => {
  await server.close();
  removeTempDir(base);
});

async function answer(rel: string): Promise<{ code: string | null; text: string }> {
  const result = await callTool(server, 'fs.search_by_time', { timeField: 'modified', path: rel });
  // The message names the path asked for; everything else must be identical.
  return { code: errorCode(result), text: firstText(result).split(rel).join('<path>') };
}

describe('a start path through a link that leaves the root', () => {
  it.each([
    ['out/exists', 'out/missing'],
    ['out/exists.txt', 'out/missing.txt'],
    ['chain/exists', 'chain/missing'],
    ['dotdot-out/exists', 'dotdot-out/missing'],
    ['out/exists/deeper', 'out/missing/deeper'],
  ])('%s and %s get the same answer', async (existing, missing) => {
    const a = await answer(existing);
    const b = await answer(missing);
    expect(a.code).toBe('SymlinkEscapeDetected');
    expect(b).toEqual(a);
  });

  it('a dangling link out of the root is an escape too, not PathNotFound', async () => {
    expect((await answer('dangling-out')).code).toBe('SymlinkEscapeDetected');
    expect((await answer('dangling-out/x')).code).toBe('SymlinkEscapeDetected');
  });

  it('a missing path inside the root is still PathNotFound', async () => {
    expect((await answer('inside/missing')).code).toBe('PathNotFound');
  });
});
