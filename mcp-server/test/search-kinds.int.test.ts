// Kinds and sizes (issue 36) through the real built server and the official SDK client: the
// listing advertises them, every sort pages through the same matches as one big page, folders
// are left out, a cursor of the same query without them is refused, and bad values get the
// three-line errors.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchOutput } from '#shared/tools/search-by-time.js';
import {
  callTool,
  errorCode,
  firstText,
  makeTempDir,
  removeTempDir,
  startServer,
  writeTree,
  type FileSpec,
  type ServerHandle,
} from '#testing/mcp-server.js';
import { searchOutput } from '#testing/search-output.js';

const TOOL = 'fs.search_by_time';
const BASE = Date.UTC(2025, 5, 1);
const MINUTE = 60_000;

// 60 files of every kind and none, sizes 0..590 bytes, times repeating every 7 files.
const EXTENSIONS = ['.pdf', '.docx', '.md', '.jpg', '.PNG', '.mp3', '.mp4', '.zip', '.ts', '.log'];
const files: FileSpec[] = Array.from({ length: 60 }, (_, i) => ({
  path: `${i % 3 === 0 ? '' : `d${i % 3}/`}f${String(i).padStart(2, '0')}${EXTENSIONS[i % 10]}`,
  mtime: BASE + (i % 7) * MINUTE,
  content: 'x'.repeat(i * 10),
}));

let root: string;
let server: ServerHandle;

beforeAll(async () => {
  root = makeTempDir('fg-kinds-');
  writeTree(root, files);
  server = await startServer(['--root', root]);
});

afterAll(async () => {
  await server?.close();
  if (root) removeTempDir(root);
});

async function search(args: Record<string, unknown>): Promise<SearchOutput> {
  const result = await callTool(server, TOOL, args);
  if (result.isError) throw new Error(`unexpected tool error:\n${firstText(result)}`);
  return searchOutput(result);
}

const rel = (p: string) => path.relative(root, p).split(path.sep).join('/');

/** Every page's paths, following nextCursor with `limit`. */
async function pageThrough(args: Record<string, unknown>, limit: number): Promise<string[]> {
  const all: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const out: SearchOutput = await search({ ...args, limit, ...(cursor ? { cursor } : {}) });
    all.push(...out.matches.map((m) => rel(m.path)));
    cursor = out.nextCursor;
    if (cursor === null) return all;
  }
  throw new Error('paging does not end');
}

describe('kinds and sizes through the server', () => {
  it('advertises kinds, minSize and maxSize, and says folders are then not listed', async () => {
    const { tools } = await server.client.listTools();
    const tool = tools.find((t) => t.name === TOOL)!;
    const properties = tool.inputSchema.properties as Record<string, { description: string }>;
    expect(properties.kinds!.description).toContain('document, spreadsheet');
    expect(properties.minSize!.description).toContain('Folders are then not listed');
    expect(tool.description).toMatch(/kind/i);
    expect(tool.description).toMatch(/size/i);
  });

  for (const sort of ['time_desc', 'time_asc', 'path_asc'] as const) {
    it(`${sort}: documents and images of 100..400 bytes, paged by 3, equal the big page`, async () => {
      const args = {
        timeField: 'modified',
        sort,
        kinds: ['image', 'document'],
        minSize: 100,
        maxSize: 400,
        includeDirectories: true,
      };
      const big = await search({ ...args, limit: 1000 });
      const expected = files
        .map((f, i) => ({ rel: f.path, i }))
        .filter(({ i }) => i * 10 >= 100 && i * 10 <= 400 && [0, 1, 2, 3, 4].includes(i % 10))
        .map(({ rel }) => rel);
      const found = big.matches.map((m) => rel(m.path));
      expect([...found].sort()).toEqual([...expected].sort());
      expect(big.matches.every((m) => !m.isDirectory && m.sizeBytes! >= 100)).toBe(true);
      expect(await pageThrough(args, 3)).toEqual(found);
    });
  }

  it('says in the summary what kinds and sizes narrowed the search', async () => {
    const result = await callTool(server, TOOL, {
      timeField: 'modified',
      kinds: ['image', 'document'],
      minSize: 100,
      maxSize: 400,
    });
    expect(firstText(result)).toContain(
      'Only files of kind document or image, of 100 to 400 bytes; no folder is listed.',
    );
    const atMost = await callTool(server, TOOL, { timeField: 'modified', maxSize: 1 });
    expect(firstText(atMost)).toContain('Only files of at most 1 byte; no folder is listed.');
  });

  it('refuses a cursor of the same query without the kinds', async () => {
    const first = await search({ timeField: 'modified', kinds: ['audio', 'video'], limit: 1 });
    expect(first.nextCursor).not.toBeNull();
    const result = await callTool(server, TOOL, {
      timeField: 'modified',
      limit: 1,
      cursor: first.nextCursor,
    });
    expect(errorCode(result)).toBe('CursorInvalid');
  });

  it('answers bad kinds and sizes in the three-line form', async () => {
    const unknown = await callTool(server, TOOL, { timeField: 'modified', kinds: ['pictures'] });
    expect(firstText(unknown)).toMatch(
      /^ErrorCode: InvalidEnum\nMessage: .*'document'.*\nFix: .+$/,
    );
    const empty = await callTool(server, TOOL, { timeField: 'modified', kinds: [] });
    expect(errorCode(empty)).toBe('InvalidArgument');
    const range = await callTool(server, TOOL, { timeField: 'modified', minSize: 9, maxSize: 1 });
    expect(errorCode(range)).toBe('InvalidRange');
    const negative = await callTool(server, TOOL, { timeField: 'modified', minSize: -1 });
    expect(errorCode(negative)).toBe('InvalidArgument');
  });
});
