// fs.search_by_time semantics through the real built server over stdio: tools/list, the result
// shape, and every option, on a real temp tree whose times are set with utimes.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { SearchOutput } from '#shared/tools/search-by-time.js';
import seedSchemas from './fixtures/seed-schemas.json' with { type: 'json' };
import { SEARCH_KINDS } from '#shared/tools/file-types.js';
import {
  callTool,
  firstText,
  makeTempDir,
  removeTempDir,
  setDirTime,
  startServer,
  writeTree,
  type FileSpec,
  type ServerHandle,
} from '#testing/mcp-server.js';
import { searchOutput } from '#testing/search-output.js';

// A zone with an offset and DST, shared by this process and the server, so that "local time"
// differs from UTC and `new Date(y, m, d, …)` here computes what the server should.
const ZONE = 'America/New_York';
process.env.TZ = ZONE;

const TOOL = 'fs.search_by_time';
const UTC_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z$/;

const FILES: FileSpec[] = [
  { path: 'a.txt', mtime: '2025-01-10T00:00:00Z', content: 'aaaa' },
  { path: 'b.md', mtime: '2025-01-20T00:00:00Z' },
  { path: '.hidden.md', mtime: '2025-01-05T00:00:00Z' },
  { path: 'docs.txt', mtime: '2025-01-15T00:00:00Z' },
  { path: 'docs/readme.md', mtime: '2025-02-01T00:00:00Z' },
  { path: 'docs/guide.md', mtime: '2025-02-01T00:00:00Z' },
  { path: 'docs/notes.txt', mtime: '2025-02-01T00:00:00Z' },
  { path: 'docs/deep/x.md', mtime: '2025-03-01T00:00:00Z' },
  { path: 'docs/deep/deeper/y.md', mtime: '2025-03-15T00:00:00Z' },
  { path: 'docs/.config/z.md', mtime: '2025-01-25T00:00:00Z' },
  { path: 'src/main.ts', mtime: '2025-04-01T00:00:00Z' },
  { path: 'src/util.ts', mtime: '2025-04-01T00:00:00Z' },
  { path: 'precise.log', mtime: '2025-06-01T12:00:00.250Z' },
];
const DIRS: Array<[string, string]> = [
  ['docs', '2025-05-01T00:00:00Z'],
  ['docs/.config', '2025-05-02T00:00:00Z'],
  ['docs/deep', '2025-05-03T00:00:00Z'],
  ['docs/deep/deeper', '2025-05-03T00:00:00Z'],
  ['src', '2025-05-04T00:00:00Z'],
];

const ALL_FILES_TIME_DESC = [
  'precise.log',
  'src/main.ts',
  'src/util.ts',
  'docs/deep/deeper/y.md',
  'docs/deep/x.md',
  'docs/guide.md',
  'docs/notes.txt',
  'docs/readme.md',
  'docs/.config/z.md',
  'b.md',
  'docs.txt',
  'a.txt',
  '.hidden.md',
];
const ALL_FILES_TIME_ASC = [
  '.hidden.md',
  'a.txt',
  'docs.txt',
  'b.md',
  'docs/.config/z.md',
  'docs/guide.md',
  'docs/notes.txt',
  'docs/readme.md',
  'docs/deep/x.md',
  'docs/deep/deeper/y.md',
  'src/main.ts',
  'src/util.ts',
  'precise.log',
];
// Tree order: segment by segment, a folder before its contents (so docs/… before docs.txt).
const ALL_ENTRIES_PATH_ASC = [
  '.hidden.md',
  'a.txt',
  'b.md',
  'docs',
  'docs/.config',
  'docs/.config/z.md',
  'docs/deep',
  'docs/deep/deeper',
  'docs/deep/deeper/y.md',
  'docs/deep/x.md',
  'docs/guide.md',
  'docs/notes.txt',
  'docs/readme.md',
  'docs.txt',
  'precise.log',
  'src',
  'src/main.ts',
  'src/util.ts',
];
const DIR_SET = new Set(DIRS.map(([d]) => d));
const ALL_FILES_PATH_ASC = ALL_ENTRIES_PATH_ASC.filter((p) => !DIR_SET.has(p));

let rootA: string;
let rootB: string;
let outside: string;
let linkToA: string;
let server: ServerHandle;

beforeAll(async () => {
  rootA = makeTempDir('fg-sem-a-');
  rootB = makeTempDir('fg-sem-b-');
  outside = makeTempDir('fg-sem-out-');
  writeTree(rootA, FILES);
  for (const [dir, time] of DIRS) setDirTime(path.join(rootA, dir), time);
  writeTree(rootB, [{ path: 'b-only.txt', mtime: '2025-01-01T00:00:00Z' }]);
  linkToA = path.join(outside, 'link-to-a');
  fs.symlinkSync(rootA, linkToA, 'dir');
  server = await startServer(['--root', rootA, '--root', rootB], { TZ: ZONE });
});

afterAll(async () => {
  await server?.close();
  for (const dir of [rootA, rootB, outside]) if (dir) removeTempDir(dir);
});

async function searchRaw(args: Record<string, unknown>): Promise<CallToolResult> {
  return callTool(server, TOOL, args);
}

async function search(args: Record<string, unknown>): Promise<SearchOutput> {
  const result = await searchRaw(args);
  if (result.isError) throw new Error(`unexpected tool error:\n${firstText(result)}`);
  return searchOutput(result);
}

/** Match paths relative to `base`, '/'-separated; fails when a path is not absolute below it. */
function rels(out: SearchOutput, base = rootA): string[] {
  return out.matches.map((m) => {
    expect(path.isAbsolute(m.path)).toBe(true);
    const rel = path.relative(base, m.path);
    expect(rel.startsWith('..') || path.isAbsolute(rel)).toBe(false);
    return rel.split(path.sep).join('/');
  });
}

async function relsOf(args: Record<string, unknown>, base = rootA): Promise<string[]> {
  return rels(await search({ limit: 1000, ...args }), base);
}

function stripDescriptions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stripDescriptions);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== 'description')
      .map(([key, value]) => [key, stripDescriptions(value)]),
  );
}

function ms(iso: string | null): number {
  expect(iso).toMatch(UTC_ISO);
  return Date.parse(iso as string);
}

describe('tools/list', () => {
  it('declares tools.listChanged true', () => {
    expect(server.client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
  });

  it('lists fs.search_by_time with read-only, closed-world annotations', async () => {
    const { tools } = await server.client.listTools();
    expect(tools.map((t) => t.name)).toEqual([TOOL]); // the logic tools: only with a catalog
    const tool = tools[0]!;
    expect(tool.annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      openWorldHint: false,
    });
    expect(typeof tool.description).toBe('string');
    expect(tool.description?.length).toBeGreaterThan(40);
  });

  it("advertises the seed's inputSchema and outputSchema, plus the optional kinds, sizes and resultUri (descriptions aside)", async () => {
    const { tools } = await server.client.listTools();
    const tool = tools[0]!;
    // Kinds and sizes (issue 36): optional, so no seed request changes meaning.
    const seedInput = stripDescriptions(seedSchemas.inputSchema) as {
      properties: Record<string, unknown>;
    };
    const size = { type: 'integer', minimum: 0 };
    expect(stripDescriptions(tool.inputSchema)).toEqual({
      ...seedInput,
      properties: {
        ...seedInput.properties,
        kinds: { type: 'array', items: { type: 'string', enum: [...SEARCH_KINDS] } },
        minSize: size,
        maxSize: size,
      },
    });
    const seed = stripDescriptions(seedSchemas.outputSchema) as {
      properties: Record<string, unknown>;
    };
    // The link to the answer kept as a resource (issue 37): optional, so no seed answer changes.
    expect(stripDescriptions(tool.outputSchema)).toEqual({
      ...seed,
      properties: { ...seed.properties, resultUri: { type: 'string' } },
    });
  });
});

describe('result shape', () => {
  it('returns structuredContent exactly per the output schema and the same JSON as text', async () => {
    await server.client.listTools(); // lets the SDK client validate structuredContent too
    const result = await searchRaw({
      timeField: 'modified',
      includeDirectories: true,
      sort: 'path_asc',
    });
    expect(result.isError).toBeFalsy();
    const out = searchOutput(result);
    expect(Object.keys(out).sort()).toEqual([
      'matches',
      'nextCursor',
      'range',
      'stats',
      'timeField',
    ]);
    expect(Object.keys(out.range).sort()).toEqual(['from', 'to']);
    expect(Object.keys(out.stats).sort()).toEqual([
      'returned',
      'scannedDirectories',
      'scannedFiles',
    ]);
    expect(out.timeField).toBe('modified');
    expect(out.range).toEqual({ from: null, to: null });
    expect(out.nextCursor).toBeNull();
    expect(out.stats.returned).toBe(out.matches.length);
    expect(out.stats.scannedFiles).toBe(FILES.length);
    expect(out.stats.scannedDirectories).toBeGreaterThanOrEqual(DIRS.length);

    // The summary, the JSON, and the link to the answer kept as a resource (issue 37).
    expect(result.content).toHaveLength(3);
    const [summary, json, link] = result.content;
    const resultUri = (result.structuredContent as { resultUri?: string }).resultUri;
    expect(link).toMatchObject({ type: 'resource_link', uri: resultUri });
    expect(summary?.type).toBe('text');
    expect(json?.type).toBe('text');
    const summaryText = summary?.type === 'text' ? summary.text : '';
    expect(summaryText).toMatch(/^Found 18 /);
    expect(summaryText).not.toContain('\n');
    expect(JSON.parse(json?.type === 'text' ? json.text : 'null')).toEqual({ ...out, resultUri });

    expect(rels(out)).toEqual(ALL_ENTRIES_PATH_ASC);
    for (const match of out.matches) {
      expect(Object.keys(match).sort()).toEqual([
        'createdAt',
        'isDirectory',
        'modifiedAt',
        'path',
        'sizeBytes',
      ]);
      const rel = path.relative(rootA, match.path).split(path.sep).join('/');
      expect(match.path).toBe(path.join(rootA, ...rel.split('/')));
      const dir = DIRS.find(([d]) => d === rel);
      if (dir) {
        expect(match.isDirectory).toBe(true);
        expect(match.sizeBytes).toBeNull();
        expect(ms(match.modifiedAt)).toBe(Date.parse(dir[1]));
      } else {
        const file = FILES.find((f) => f.path === rel)!;
        expect(match.isDirectory).toBe(false);
        expect(match.sizeBytes).toBe(Buffer.byteLength(file.content ?? file.path));
        expect(ms(match.modifiedAt)).toBe(Date.parse(file.mtime as string));
      }
      if (match.createdAt !== null) expect(match.createdAt).toMatch(UTC_ISO);
    }
  });

  it('echoes the range normalized to UTC', async () => {
    const out = await search({
      timeField: 'modified',
      from: '2025-02-01T09:00:00+09:00',
      to: '2025-03-01T00:00:00.5-02:00',
    });
    expect(ms(out.range.from)).toBe(Date.parse('2025-02-01T00:00:00Z'));
    expect(ms(out.range.to)).toBe(Date.parse('2025-03-01T02:00:00.500Z'));
    expect(rels(out)).toEqual([
      'docs/deep/x.md',
      'docs/guide.md',
      'docs/notes.txt',
      'docs/readme.md',
    ]);
  });
});

describe('root and path', () => {
  it('uses the first root when root is omitted', async () => {
    expect(await relsOf({ timeField: 'modified' })).toEqual(ALL_FILES_TIME_DESC);
  });

  it('picks a root by name', async () => {
    expect(await relsOf({ timeField: 'modified', root: path.basename(rootB) }, rootB)).toEqual([
      'b-only.txt',
    ]);
    expect(await relsOf({ timeField: 'modified', root: path.basename(rootA) })).toEqual(
      ALL_FILES_TIME_DESC,
    );
  });

  it('picks a root by absolute path, normalized', async () => {
    expect(await relsOf({ timeField: 'modified', root: rootB }, rootB)).toEqual(['b-only.txt']);
    expect(await relsOf({ timeField: 'modified', root: `${rootB}${path.sep}` }, rootB)).toEqual([
      'b-only.txt',
    ]);
    expect(
      await relsOf({ timeField: 'modified', root: path.join(rootB, 'x', '..') }, rootB),
    ).toEqual(['b-only.txt']);
  });

  it('accepts a path through a symlink to an allowed root and reports paths under the root', async () => {
    const out = await search({ timeField: 'modified', root: linkToA, limit: 1000 });
    expect(rels(out)).toEqual(ALL_FILES_TIME_DESC);
    for (const m of out.matches) expect(m.path.startsWith(linkToA + path.sep)).toBe(false);
  });

  it('starts at path below the root, with absolute result paths', async () => {
    expect(await relsOf({ timeField: 'modified', path: 'docs', sort: 'path_asc' })).toEqual([
      'docs/.config/z.md',
      'docs/deep/deeper/y.md',
      'docs/deep/x.md',
      'docs/guide.md',
      'docs/notes.txt',
      'docs/readme.md',
    ]);
    expect(await relsOf({ timeField: 'modified', path: './docs/deep/', sort: 'path_asc' })).toEqual(
      ['docs/deep/deeper/y.md', 'docs/deep/x.md'],
    );
    expect(await relsOf({ timeField: 'modified', path: 'docs/../src', sort: 'path_asc' })).toEqual([
      'src/main.ts',
      'src/util.ts',
    ]);
    expect(await relsOf({ timeField: 'modified', path: '', sort: 'path_asc' })).toEqual(
      ALL_FILES_PATH_ASC,
    );
  });
});

describe('time range', () => {
  it('treats from as inclusive exactly at a file time', async () => {
    const out = await search({
      timeField: 'modified',
      from: '2025-02-01T00:00:00Z',
      sort: 'time_asc',
    });
    expect(rels(out)).toEqual(ALL_FILES_TIME_ASC.slice(5));
    expect(out.range).toEqual({ from: out.range.from, to: null });
    expect(ms(out.range.from)).toBe(Date.parse('2025-02-01T00:00:00Z'));
  });

  it('treats to as exclusive exactly at a file time', async () => {
    const out = await search({
      timeField: 'modified',
      to: '2025-02-01T00:00:00Z',
      sort: 'time_asc',
    });
    expect(rels(out)).toEqual(ALL_FILES_TIME_ASC.slice(0, 5));
    expect(out.range.from).toBeNull();
    expect(ms(out.range.to)).toBe(Date.parse('2025-02-01T00:00:00Z'));
  });

  it('selects exactly the files at one instant with a 1 ms range', async () => {
    expect(
      await relsOf({
        timeField: 'modified',
        from: '2025-02-01T00:00:00Z',
        to: '2025-02-01T00:00:00.001Z',
        sort: 'time_asc',
      }),
    ).toEqual(['docs/guide.md', 'docs/notes.txt', 'docs/readme.md']);
  });

  it('keeps millisecond precision at both boundaries', async () => {
    const at = '2025-06-01T12:00:00.250Z';
    const from = await search({ timeField: 'modified', from: at });
    expect(rels(from)).toEqual(['precise.log']);
    expect(ms(from.range.from)).toBe(Date.parse(at));
    expect(await relsOf({ timeField: 'modified', from: '2025-06-01T12:00:00.251Z' })).toEqual([]);
    expect(await relsOf({ timeField: 'modified', from: '2025-06-01T00:00:00Z', to: at })).toEqual(
      [],
    );
    expect(
      await relsOf({
        timeField: 'modified',
        from: '2025-06-01T00:00:00Z',
        to: '2025-06-01T12:00:00.251Z',
      }),
    ).toEqual(['precise.log']);
  });

  it('accepts from == to as a valid, empty range and echoes it', async () => {
    const result = await searchRaw({
      timeField: 'modified',
      from: '2025-02-01T00:00:00Z',
      to: '2025-02-01T00:00:00Z',
    });
    expect(result.isError).toBeFalsy();
    const out = searchOutput(result);
    expect(out.matches).toEqual([]);
    expect(out.nextCursor).toBeNull();
    expect(out.stats.returned).toBe(0);
    expect(ms(out.range.from)).toBe(Date.parse('2025-02-01T00:00:00Z'));
    expect(ms(out.range.to)).toBe(Date.parse('2025-02-01T00:00:00Z'));
  });

  it('reads a date-time without an offset as local time and echoes it in UTC', async () => {
    expect(new Date(2025, 1, 1).getTimezoneOffset()).not.toBe(0); // the test would prove nothing in UTC
    const out = await search({
      timeField: 'modified',
      from: '2025-02-01T00:00:00',
      sort: 'time_asc',
    });
    const expectedFrom = new Date(2025, 1, 1, 0, 0, 0).getTime();
    expect(ms(out.range.from)).toBe(expectedFrom);
    expect(out.range.from).not.toBe('2025-02-01T00:00:00Z');
    // 00:00 in New York is after the three files of 2025-02-01T00:00Z.
    expect(rels(out)).toEqual(ALL_FILES_TIME_ASC.slice(8));

    // Summer time (a different offset), with milliseconds, at the exclusive end.
    const summer = await search({
      timeField: 'modified',
      from: '2025-05-31T00:00:00',
      to: '2025-06-01T08:00:00.250',
    });
    expect(ms(summer.range.from)).toBe(new Date(2025, 4, 31, 0, 0, 0).getTime());
    expect(ms(summer.range.to)).toBe(new Date(2025, 5, 1, 8, 0, 0, 250).getTime());
    expect(rels(summer)).toEqual([]);
    const summer2 = await search({
      timeField: 'modified',
      from: '2025-05-31T00:00:00',
      to: '2025-06-01T08:00:00.251',
    });
    expect(rels(summer2)).toEqual(['precise.log']);
  });
});

describe('timeField created', () => {
  it('filters and reports by creation time when the file system records it', async () => {
    const births = new Map(
      FILES.map((f) => [f.path, fs.statSync(path.join(rootA, f.path)).birthtimeMs]),
    );
    const supported = [...births.values()].every((b) => b !== 0);
    if (!supported) {
      // No birth time here: every file is of unknown creation time.
      expect(await relsOf({ timeField: 'created' })).toEqual([]);
      const out = await search({
        timeField: 'created',
        includeUnknownTime: true,
        sort: 'time_asc',
        limit: 1000,
      });
      expect(rels(out)).toEqual(ALL_FILES_PATH_ASC);
      for (const m of out.matches) expect(m.createdAt).toBeNull();
      return;
    }
    const out = await search({ timeField: 'created', sort: 'time_asc', limit: 1000 });
    expect(out.timeField).toBe('created');
    expect([...rels(out)].sort()).toEqual([...ALL_FILES_PATH_ASC].sort());
    let previous = -Infinity;
    for (const m of out.matches) {
      const rel = path.relative(rootA, m.path).split(path.sep).join('/');
      const created = ms(m.createdAt);
      expect(created).toBe(Math.floor(births.get(rel)!));
      expect(created).toBeGreaterThanOrEqual(previous);
      previous = created;
      // modifiedAt is still the modified time, far from the creation time.
      expect(ms(m.modifiedAt)).toBe(Date.parse(FILES.find((f) => f.path === rel)!.mtime as string));
    }

    // Ranges use the creation time: the modified times are all in 2025, before these bounds.
    const birthA = births.get('a.txt')!;
    const fromMs = Math.floor(birthA);
    const from = new Date(fromMs).toISOString();
    const expectedInMs = FILES.filter(
      (f) => births.get(f.path)! >= fromMs && births.get(f.path)! < fromMs + 1,
    ).map((f) => f.path);
    expect(expectedInMs).toContain('a.txt');
    const inMs = await relsOf({
      timeField: 'created',
      from,
      to: new Date(fromMs + 1).toISOString(),
    });
    expect([...inMs].sort()).toEqual([...expectedInMs].sort());
    const before = await relsOf({ timeField: 'created', to: from });
    expect(before).not.toContain('a.txt');
    expect([...before].sort()).toEqual(
      FILES.filter((f) => births.get(f.path)! < fromMs)
        .map((f) => f.path)
        .sort(),
    );
    expect(await relsOf({ timeField: 'modified', from })).toEqual([]);
  });
});

describe('glob', () => {
  it("'**/*.md' matches at every depth, dotfiles included", async () => {
    expect(await relsOf({ timeField: 'modified', glob: '**/*.md', sort: 'path_asc' })).toEqual([
      '.hidden.md',
      'b.md',
      'docs/.config/z.md',
      'docs/deep/deeper/y.md',
      'docs/deep/x.md',
      'docs/guide.md',
      'docs/readme.md',
    ]);
  });

  it("a pattern without '/' ('*.md') matches names at any depth", async () => {
    expect(await relsOf({ timeField: 'modified', glob: '*.md', sort: 'path_asc' })).toEqual(
      await relsOf({ timeField: 'modified', glob: '**/*.md', sort: 'path_asc' }),
    );
    expect(await relsOf({ timeField: 'modified', glob: '*.ts', sort: 'path_asc' })).toEqual([
      'src/main.ts',
      'src/util.ts',
    ]);
  });

  it("'docs/*.md' matches only direct children of docs", async () => {
    expect(await relsOf({ timeField: 'modified', glob: 'docs/*.md', sort: 'path_asc' })).toEqual([
      'docs/guide.md',
      'docs/readme.md',
    ]);
  });

  it('matches dotfiles and dot folders', async () => {
    expect(
      await relsOf({
        timeField: 'modified',
        glob: '.*',
        includeDirectories: true,
        sort: 'path_asc',
      }),
    ).toEqual(['.hidden.md', 'docs/.config']);
    expect(await relsOf({ timeField: 'modified', glob: '**/.config/*', sort: 'path_asc' })).toEqual(
      ['docs/.config/z.md'],
    );
  });

  it('matches against the path relative to the start folder', async () => {
    expect(await relsOf({ timeField: 'modified', path: 'docs', glob: 'deep/*.md' })).toEqual([
      'docs/deep/x.md',
    ]);
    expect(await relsOf({ timeField: 'modified', path: 'docs', glob: 'docs/*.md' })).toEqual([]);
  });

  it('combines with the time range', async () => {
    expect(
      await relsOf({
        timeField: 'modified',
        glob: '**/*.md',
        from: '2025-01-20T00:00:00Z',
        to: '2025-03-01T00:00:00Z',
        sort: 'time_asc',
      }),
    ).toEqual(['b.md', 'docs/.config/z.md', 'docs/guide.md', 'docs/readme.md']);
  });
});

describe('depth and entry kinds', () => {
  const direct = ['.hidden.md', 'a.txt', 'b.md', 'docs.txt', 'precise.log'];
  const depth1 = [
    ...direct,
    'docs/guide.md',
    'docs/notes.txt',
    'docs/readme.md',
    'src/main.ts',
    'src/util.ts',
  ];
  const sorted = (list: string[]) => ALL_ENTRIES_PATH_ASC.filter((p) => list.includes(p));

  it('recursive false lists direct children only and ignores maxDepth', async () => {
    expect(await relsOf({ timeField: 'modified', recursive: false, sort: 'path_asc' })).toEqual(
      sorted(direct),
    );
    expect(
      await relsOf({ timeField: 'modified', recursive: false, maxDepth: 5, sort: 'path_asc' }),
    ).toEqual(sorted(direct));
    expect(
      await relsOf({
        timeField: 'modified',
        recursive: false,
        includeDirectories: true,
        sort: 'path_asc',
      }),
    ).toEqual(sorted([...direct, 'docs', 'src']));
  });

  it('maxDepth 0 means direct children', async () => {
    expect(await relsOf({ timeField: 'modified', maxDepth: 0, sort: 'path_asc' })).toEqual(
      sorted(direct),
    );
  });

  it('maxDepth 1 adds their children and no deeper', async () => {
    expect(await relsOf({ timeField: 'modified', maxDepth: 1, sort: 'path_asc' })).toEqual(
      sorted(depth1),
    );
    expect(
      await relsOf({
        timeField: 'modified',
        maxDepth: 1,
        includeDirectories: true,
        sort: 'path_asc',
      }),
    ).toEqual(sorted([...depth1, 'docs', 'src', 'docs/.config', 'docs/deep']));
  });

  it('includeFiles false with includeDirectories true lists folders only', async () => {
    const out = await search({
      timeField: 'modified',
      includeFiles: false,
      includeDirectories: true,
      limit: 1000,
    });
    expect(rels(out)).toEqual(['src', 'docs/deep', 'docs/deep/deeper', 'docs/.config', 'docs']);
    for (const m of out.matches) {
      expect(m.isDirectory).toBe(true);
      expect(m.sizeBytes).toBeNull();
    }
    expect(
      await relsOf({
        timeField: 'modified',
        includeFiles: false,
        includeDirectories: true,
        from: '2025-05-03T00:00:00Z',
        to: '2025-05-04T00:00:00Z',
      }),
    ).toEqual(['docs/deep', 'docs/deep/deeper']);
  });
});

describe('sort and limit', () => {
  it('time_desc is the default: newest first, ties by path', async () => {
    expect(await relsOf({ timeField: 'modified' })).toEqual(ALL_FILES_TIME_DESC);
    expect(await relsOf({ timeField: 'modified', sort: 'time_desc' })).toEqual(ALL_FILES_TIME_DESC);
  });

  it('time_asc: oldest first, ties by path', async () => {
    expect(await relsOf({ timeField: 'modified', sort: 'time_asc' })).toEqual(ALL_FILES_TIME_ASC);
  });

  it('path_asc: tree order, a folder before its contents', async () => {
    expect(await relsOf({ timeField: 'modified', sort: 'path_asc' })).toEqual(ALL_FILES_PATH_ASC);
    expect(
      await relsOf({ timeField: 'modified', sort: 'path_asc', includeDirectories: true }),
    ).toEqual(ALL_ENTRIES_PATH_ASC);
  });

  it('time sorts break ties among folders and files by path', async () => {
    const desc = await relsOf({ timeField: 'modified', includeDirectories: true });
    expect(desc.indexOf('docs/deep')).toBe(desc.indexOf('docs/deep/deeper') - 1);
    const asc = await relsOf({ timeField: 'modified', includeDirectories: true, sort: 'time_asc' });
    expect(asc.slice(-6)).toEqual([
      'docs',
      'docs/.config',
      'docs/deep',
      'docs/deep/deeper',
      'src',
      'precise.log',
    ]);
  });

  it('limit caps the page and offers a cursor only when more remain', async () => {
    const three = await search({ timeField: 'modified', limit: 3 });
    expect(rels(three)).toEqual(ALL_FILES_TIME_DESC.slice(0, 3));
    expect(three.stats.returned).toBe(3);
    expect(typeof three.nextCursor).toBe('string');
    const one = await search({ timeField: 'modified', sort: 'path_asc', limit: 1 });
    expect(rels(one)).toEqual(ALL_FILES_PATH_ASC.slice(0, 1));
    expect(typeof one.nextCursor).toBe('string');
    const exact = await search({ timeField: 'modified', limit: FILES.length });
    expect(rels(exact)).toEqual(ALL_FILES_TIME_DESC);
    expect(exact.nextCursor).toBeNull();
    const all = await search({ timeField: 'modified', sort: 'path_asc', limit: 1000 });
    expect(all.nextCursor).toBeNull();
  });

  it('defaults limit to 100', async () => {
    const dir = makeTempDir('fg-sem-many-');
    const many = await startServer(['--root', dir], { TZ: ZONE });
    try {
      writeTree(
        dir,
        Array.from({ length: 101 }, (_, i) => ({
          path: `f${String(i).padStart(3, '0')}.txt`,
          mtime: Date.UTC(2025, 0, 1) + i * 1000,
        })),
      );
      const result = await callTool(many, TOOL, { timeField: 'modified' });
      const out = searchOutput(result);
      expect(out.matches).toHaveLength(100);
      expect(out.nextCursor).not.toBeNull();
      expect(path.basename(out.matches[0]!.path)).toBe('f100.txt');
    } finally {
      await many.close();
      removeTempDir(dir);
    }
  });
});
