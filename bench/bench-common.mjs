// What the benchmark's parts share: the server entry, run counts, issue 12's targets, and small
// helpers for time and text.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The bench folder (the trees are cached below it). */
export const BENCH_DIR = here;
/** The built server, as AI apps start it. */
export const SERVER_ENTRY = path.join(here, '..', 'mcp-server', 'dist', 'index.js');
/**
 * Node's flags before the server script, as FolderGate starts it (appdata/paths.ts
 * SERVER_NODE_FLAGS; bench/bench-lib.int.test.ts checks they agree).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=1', '--expose-gc'];
/** Timed runs per figure on the 200k tree, and on the 1M tree. */
export const RUNS = 5;
export const RUNS_1M = 3;
/** Page size of the timed pages. */
export const LIMIT = 100;
/** The tool measured, and the glob of the glob figure. */
export const TOOL = 'fs.search_by_time';
export const GLOB = '**/f00*.txt';
/** Issue 12's targets. */
export const T = {
  // Issue 40 item 4: the walking path with margin, on the bench tree and the deep tree.
  firstVsFind: 0.95,
  laterVsFirst: 0.1,
  rss200kMb: 200,
  rss1mMb: 300,
  cancelMs: 100,
  progressGapMs: 500,
  startupMs: 300,
};

/** Epoch ms with sub-ms resolution, the same clock in the sampler's worker. */
export const now = () => performance.timeOrigin + performance.now();
/** A progress line on stderr (the table goes to stdout). */
export const say = (line) => process.stderr.write(`bench: ${line}\n`);
/** Epoch seconds as an ISO 8601 UTC date-time. */
export const iso = (sec) => new Date(sec * 1000).toISOString();
/** 200000 → '200,000'. */
export const count = (n) => n.toLocaleString('en-US');
/** Resolves after `ms`. */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Matches as { path, t (epoch ms) }, the shape the checks compare. */
export const toEntries = (matches) =>
  matches.map((m) => ({ path: m.path, t: Date.parse(m.modifiedAt) }));
/** Same paths in the same order. */
export const samePaths = (a, b) => a.length === b.length && a.every((m, i) => m.path === b[i].path);
/** How the summary says a scan limit cut the page. */
export const STOPPED_EARLY = /stopped early/i;
