// What the server believes of the search engine (issue 34, item 2): a same-user process that
// read `<appData>/engine/secret` and listens on the engine's socket (here a real socket server in
// this process, which proves itself with that secret) answers the real built server with matches
// outside the allowed folder, of other kinds, types, times and places than asked, repeated, too
// many or out of order. The engine may only make an answer faster, never different: every such
// answer must give exactly the walk's answer (the server refuses it and walks). An honest answer
// with stats of its own making shows the engine is believed when it fits, so a server that simply
// stopped asking would fail too.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginePaths, type EngineAnswer, type EngineQuery } from '#shared/engine/engine.js';
import { SETTINGS_VERSION } from '#shared/settings/settings.js';
import { listenForQueries, type EngineListener } from '#appdata/engine/engine-channel.js';
import type { Candidate } from '#search/candidates.js';
import {
  makeTempDir,
  removeTempDir,
  startServer,
  waitForStderr,
  writeTree,
  type ServerHandle,
} from '#testing/mcp-server.js';
import { scaled } from '#testing/time.js';
import { searchContent, searchOutput } from '#testing/search-output.js';

const TOOL = 'fs.search_by_time';
const SECRET_NAME = 'id_rsa-SECRET.txt';

let tmp: string;
let appData: string;
let docs: string;
let pdfs: string;
let secretFile: string;
let server: ServerHandle;
let engine: EngineListener;
/** What the fake engine answers the next query with (the query as the server sent it). */
let respond: (query: EngineQuery) => EngineAnswer = () => ({ type: 'decline', why: 'preparing' });
const asked: EngineQuery[] = [];

type Answered = Extract<EngineAnswer, { type: 'answer' }>;

/** Stats no walk of these folders gives: an output carrying them came from the engine. */
const ENGINE_WALK: Answered['walk'] = {
  scannedFiles: 4242,
  scannedDirectories: 77,
  skippedUnreadable: 0,
  notEnteredAtMaxDepth: 0,
  invalidNames: 0,
  stopReason: 'done',
  stoppedAt: null,
};

beforeAll(async () => {
  // Short: the engine's socket path must stay under ~107 bytes.
  tmp = makeTempDir('fge-');
  appData = path.join(tmp, 'a');
  docs = path.join(tmp, 'Docs');
  pdfs = path.join(tmp, 'Pdfs');
  secretFile = path.join(tmp, 'private', SECRET_NAME);
  writeTree(docs, [
    { path: 'a.txt', mtime: '2025-05-01T10:00:00Z' },
    { path: 'b.md', mtime: '2025-05-02T10:00:00Z' },
    { path: 'c.pdf', mtime: '2025-05-03T10:00:00Z' },
    { path: 'old.txt', mtime: '2020-01-01T10:00:00Z' },
    { path: 'sub/d.txt', mtime: '2025-05-04T10:00:00Z' },
    { path: 'sub/deep/e.txt', mtime: '2025-05-05T10:00:00Z' },
    { path: 'excluded/x.txt', mtime: '2025-05-06T10:00:00Z' },
  ]);
  writeTree(pdfs, [
    { path: 'p.pdf', mtime: '2025-05-01T10:00:00Z' },
    { path: 'q.txt', mtime: '2025-05-02T10:00:00Z' },
  ]);
  writeTree(path.dirname(secretFile), [
    { path: SECRET_NAME, mtime: '2025-05-07T10:00:00Z', content: 'PRIVATE KEY' },
  ]);
  fs.symlinkSync(secretFile, path.join(docs, 'link.txt'));
  fs.mkdirSync(appData);
  fs.writeFileSync(
    path.join(appData, 'settings.json'),
    JSON.stringify({
      version: SETTINGS_VERSION,
      roots: [
        { path: docs, name: 'Docs' },
        { path: pdfs, name: 'Pdfs', fileTypes: ['.pdf'] },
      ],
      exclude: ['excluded'],
    }),
  );
  // The impostor: it read the engine's secret (it creates it here, as the engine would) and
  // listens where the app's engine would.
  engine = await listenForQueries({
    paths: enginePaths(appData, process.platform),
    answer: (query) => {
      asked.push(query);
      return respond(query);
    },
  });
  // Every walk a fresh scan (no snapshot's note in the summary): each answer compares whole.
  server = await startServer(['--config-dir', appData], { FOLDERGATE_SNAPSHOT_TTL_MS: '0' });
});

afterAll(async () => {
  await server?.close();
  await engine?.close();
  if (tmp) removeTempDir(tmp);
});

/** One call; the engine must have been asked for it (the sequence point of every case). */
async function search(args: Record<string, unknown>): Promise<CallToolResult> {
  const before = asked.length;
  const result = (await server.client.callTool(
    { name: TOOL, arguments: { timeField: 'modified', sort: 'path_asc', ...args } },
    undefined,
    { timeout: scaled(60_000) },
  )) as CallToolResult;
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  expect(asked.length, 'the server did not ask the engine').toBe(before + 1);
  return result;
}

const outputOf = (result: CallToolResult) => searchOutput(result);

/** The walk's answer: the same call while the engine declines. */
async function walked(args: Record<string, unknown>): Promise<CallToolResult> {
  respond = () => ({ type: 'decline', why: 'preparing' });
  return search(args);
}

/** A match as an honest engine lists it: `rel` below `base`, with its times on disk. */
function cand(base: string, rel: string, over: Partial<Candidate> = {}): Candidate {
  const st = fs.lstatSync(path.join(base, ...rel.split('/')));
  return {
    rel,
    t: st.mtimeMs,
    isDirectory: st.isDirectory(),
    size: st.size,
    mtimeMs: st.mtimeMs,
    birthtimeMs: st.birthtimeMs,
    ...over,
  };
}

/** The matches of a walked answer as the engine would list them (below `base`). */
function candidatesOf(result: CallToolResult, base: string): Candidate[] {
  return outputOf(result).matches.map((m) =>
    cand(base, path.relative(base, m.path).split(path.sep).join('/')),
  );
}

/** An answer with `matches`, as the engine sends it. */
function answer(matches: Candidate[], over: Partial<Answered> = {}): Answered {
  return { type: 'answer', walk: ENGINE_WALK, skippedUnreadable: 0, matches, more: false, ...over };
}

/**
 * What an honest engine answers the call whose walk gave `walk`: its matches, in the walk's
 * order (a time sort's page and one more when more follow; a path-ordered page and whether more
 * follow), with stats of the engine's own.
 */
async function honestAnswer(
  args: Record<string, unknown>,
  walk: CallToolResult,
  base: string,
): Promise<Answered> {
  if (args.sort !== 'time_desc' && args.sort !== 'time_asc')
    return answer(candidatesOf(walk, base), { more: outputOf(walk).nextCursor !== null });
  const limit = typeof args.limit === 'number' ? args.limit : 100;
  return answer(candidatesOf(await walked({ ...args, limit: limit + 1 }), base));
}

/**
 * The call answered by an honest engine (its stats show it was believed), then by `lie` (built
 * from the honest answer): the lie must give exactly the walk's answer.
 */
async function refusesLie(
  args: Record<string, unknown>,
  lie: (honest: Candidate[], query: EngineQuery) => Answered,
  base = docs,
): Promise<void> {
  const walk = await walked(args);
  const honest = await honestAnswer(args, walk, base);
  respond = () => honest;
  const believed = outputOf(await search(args));
  expect(believed.stats.scannedFiles).toBe(ENGINE_WALK.scannedFiles);
  expect({ ...believed, stats: null }).toEqual({ ...outputOf(walk), stats: null });
  respond = (query) => lie(honest.matches, query);
  const lied = await search(args);
  expect(outputOf(lied)).toEqual(outputOf(walk));
  expect(searchContent(lied)).toEqual(searchContent(walk));
}

const insertSorted = (list: Candidate[], extra: Candidate) =>
  [...list, extra].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));

describe('an engine answer that is not the walk’s is refused, and the folder walked', () => {
  const ALL = { root: 'Docs', limit: 50 };

  it('a match outside the allowed folder: "..", absolute, empty and "." segments, NUL', async () => {
    const secret = cand(docs, `../private/${SECRET_NAME}`);
    for (const rel of [`../private/${SECRET_NAME}`, `sub/../../private/${SECRET_NAME}`, secretFile])
      await refusesLie(ALL, (honest) => answer([{ ...secret, rel }, ...honest]));
    for (const [from, to] of [
      ['sub/d.txt', 'sub//d.txt'],
      ['sub/d.txt', 'sub/./d.txt'],
      ['a.txt', './a.txt'],
      ['a.txt', 'a.txt/'],
      ['a.txt', 'a.txt\0.pdf'],
    ] as const)
      await refusesLie(ALL, (honest) =>
        answer(honest.map((c) => (c.rel === from ? { ...c, rel: to } : c))),
      );
    await waitForStderr(server, /engine: its answer was refused/);
  });

  it('a link, and an excluded path, listed as if the walk had found them', async () => {
    // Listed with its target's times, as if the walk followed it.
    const target = cand(path.dirname(secretFile), SECRET_NAME, { rel: 'link.txt' });
    await refusesLie(ALL, (honest) => answer(insertSorted(honest, target)));
    await refusesLie(ALL, (honest) => answer(insertSorted(honest, cand(docs, 'excluded/x.txt'))));
    await refusesLie(ALL, (honest) => answer(insertSorted(honest, cand(docs, 'excluded'))));
  });

  it('repeated entries, more than asked, out of order', async () => {
    const a = () => cand(docs, 'a.txt');
    await refusesLie(ALL, (honest) => answer([a(), ...honest]));
    await refusesLie(ALL, () => answer(Array.from({ length: 50 }, a)));
    await refusesLie({ root: 'Docs', limit: 10 }, () => answer(Array.from({ length: 50 }, a)));
    await refusesLie(ALL, (honest) => answer([...honest].reverse()));
    await refusesLie({ ...ALL, sort: 'time_desc' }, (honest) => answer([...honest].reverse()));
  });

  it('a file of another type, name or kind than asked', async () => {
    // A .txt through a folder limited to .pdf.
    await refusesLie({ root: 'Pdfs' }, (honest) => answer([...honest, cand(pdfs, 'q.txt')]), pdfs);
    await refusesLie({ ...ALL, glob: '*.txt' }, (honest) =>
      answer(insertSorted(honest, cand(docs, 'c.pdf'))),
    );
    // A folder when files were asked, a file when folders were.
    await refusesLie(ALL, (honest) => answer(insertSorted(honest, cand(docs, 'sub'))));
    await refusesLie({ ...ALL, includeFiles: false, includeDirectories: true }, (honest) =>
      answer(insertSorted(honest, cand(docs, 'b.md'))),
    );
  });

  it('a match outside the time range, deeper than asked, or with a time not its own', async () => {
    await refusesLie({ ...ALL, sort: 'time_desc', from: '2024-01-01T00:00:00Z' }, (honest) =>
      answer([...honest, cand(docs, 'old.txt')]),
    );
    await refusesLie({ ...ALL, recursive: false }, (honest) =>
      answer(insertSorted(honest, cand(docs, 'sub/d.txt'))),
    );
    await refusesLie({ ...ALL, maxDepth: 1 }, (honest) =>
      answer(insertSorted(honest, cand(docs, 'sub/deep/e.txt'))),
    );
    // The oldest file said to be the newest: first in a newest-first order.
    await refusesLie({ ...ALL, sort: 'time_desc' }, (honest) => {
      const old = honest.find((c) => c.rel === 'old.txt')!;
      return answer([{ ...old, t: Date.now() }, ...honest.filter((c) => c !== old)]);
    });
  });

  it('matches before the cursor, a page said to go on, a walk said to stop at a limit', async () => {
    for (const sort of ['path_asc', 'time_desc'] as const) {
      const first = await walked({ root: 'Docs', sort, limit: 2 });
      const cursor = outputOf(first).nextCursor!;
      expect(cursor).toEqual(expect.any(String));
      const earlier = candidatesOf(first, docs);
      await refusesLie({ root: 'Docs', sort, limit: 2, cursor }, (honest) =>
        answer([...earlier, ...honest].slice(0, sort === 'path_asc' ? 2 : 3)),
      );
    }
    await refusesLie(ALL, (honest) => answer(honest.slice(0, 2), { more: true }));
    await refusesLie(ALL, (honest) =>
      answer(honest.slice(0, 2), {
        walk: { ...ENGINE_WALK, stopReason: 'files', stoppedAt: honest[1]!.rel },
      }),
    );
  });
});

describe('what cannot be checked', () => {
  it('an engine that leaves matches out is believed: the answer is as complete as it says', async () => {
    const walk = outputOf(await walked({ root: 'Docs' }));
    expect(walk.matches.length).toBeGreaterThan(3);
    respond = () => answer([]);
    const told = outputOf(await search({ root: 'Docs' }));
    expect(told.matches).toEqual([]);
    expect(told.stats.scannedFiles).toBe(ENGINE_WALK.scannedFiles);
  });
});
