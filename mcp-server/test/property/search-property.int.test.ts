// Property test of fs.search_by_time, in-process: searchByTime against a plain reference walk on
// random trees in real temp folders, for every sort, paging (with page sizes that change),
// glob, depth, start path, time field and range, kind of entry, exclude globs and small scan
// limits, also while entries change between pages. FOLDERGATE_PROPERTY_SEED=<n> reruns one seed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configFor, UNLIMITED } from '#testing/property/property-config.js';
import { searchByTime } from '#server/search/search-by-time.js';
import {
  checkPagingOnChangingTree,
  checkPagingOnStillTree,
} from '#testing/property/property-checks.js';
import {
  PAGE_LIMITS,
  randomExcludes,
  randomQuery,
  type QueryArgs,
  type RunSettings,
  type Page,
  type SearchCall,
} from '#testing/property/property-model.js';
import {
  buildRandomTree,
  createRng,
  propertySeeds,
  readTree,
  type Rng,
} from '#testing/property/property-tree.js';
import { scaled } from '#testing/time.js';

const SEEDS = propertySeeds([1, 2, 3, 4, 5, 6, 7, 8]);
const STILL_QUERIES = 30;
const CHANGING_QUERIES = 8;
/** Two cores shared with other test files: a run takes about a second, far more under load. */
const SLOW = { timeout: scaled(120_000) };

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function makeTree(seed: number, rng: Rng): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `fg-prop-${seed}-`)));
  dirs.push(dir);
  buildRandomTree(dir, rng);
  return dir;
}

function inProcess(rootDir: string, settings: RunSettings): SearchCall {
  const config = configFor(rootDir, settings);
  return async (args) => searchByTime(args, { config });
}

function randomSettings(rng: Rng): { settings: RunSettings; limited: boolean } {
  const exclude = randomExcludes(rng);
  if (rng.chance(0.35)) {
    return {
      settings: {
        exclude,
        maxFilesScanned: rng.int(1, 12),
        maxDirectoriesScanned: rng.int(1, 5),
      },
      limited: true,
    };
  }
  return { settings: { exclude, ...UNLIMITED }, limited: false };
}

/** What the fixed seeds exercised, so a change to the generators cannot quietly drop an option. */
const covered = new Set<string>();
function cover(args: QueryArgs, limited: boolean, pages: number): void {
  covered.add(`sort ${args.sort ?? 'time_desc'}`);
  covered.add(`timeField ${args.timeField}`);
  covered.add(
    `${args.sort ?? 'time_desc'} ${limited ? 'limited' : 'unlimited'} multi-page ${pages > 1}`,
  );
  if (args.glob !== undefined) covered.add(args.glob.includes('/') ? 'glob with /' : 'glob name');
  if (args.path) covered.add('start path');
  if (args.from !== undefined && args.to !== undefined) covered.add('from and to');
  if (args.recursive === false) covered.add('recursive false');
  if (args.maxDepth !== undefined && args.recursive !== false) covered.add('maxDepth');
  if (args.includeDirectories && args.includeFiles !== false) covered.add('files and folders');
  if (args.includeDirectories && args.includeFiles === false) covered.add('folders only');
  if (args.includeUnknownTime) covered.add('includeUnknownTime');
}

describe('fs.search_by_time equals a reference walk (in-process)', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}: random queries paged to the end on a still tree`, SLOW, async () => {
      const rng = createRng(seed);
      const rootDir = makeTree(seed, rng);
      const state = readTree(rootDir);
      expect(state.size).toBeGreaterThan(10);
      for (let q = 0; q < STILL_QUERIES; q++) {
        const { settings, limited } = randomSettings(rng);
        const args = randomQuery(rng, state, settings);
        const call = inProcess(rootDir, settings);
        const { pages } = await checkPagingOnStillTree({
          seed,
          call,
          rootDir,
          settings,
          limited,
          args,
          rng,
        });
        cover(args, limited, pages);
      }
    });

    it(
      `seed ${seed}: entries added, deleted, renamed and touched between pages`,
      SLOW,
      async () => {
        const rng = createRng(seed ^ 0x5eed);
        const rootDir = makeTree(seed, rng);
        const asked = new Set<string>();
        for (let q = 0; q < CHANGING_QUERIES; q++) {
          const { settings, limited } = randomSettings(rng);
          const args = randomQuery(rng, readTree(rootDir), settings);
          // A repeat of an earlier query may be answered from that query's snapshot, made before
          // this run's first page (allowed, and flagged): this run's "unchanged" would not apply.
          const key = JSON.stringify({ ...args, limit: 0, settings });
          if (asked.has(key)) continue;
          asked.add(key);
          args.limit = rng.pick(PAGE_LIMITS.slice(0, 7)); // small pages: many changes per run
          const call = inProcess(rootDir, settings);
          const { pages } = await checkPagingOnChangingTree({
            seed,
            call,
            rootDir,
            settings,
            limited,
            args,
            rng,
          });
          if (pages > 1) covered.add('changes between pages');
        }
      },
    );
  }

  it('the fixed seeds cover every option', () => {
    // One seed rerun alone (FOLDERGATE_PROPERTY_SEED) need not cover everything.
    if (SEEDS.length === 1) {
      expect(covered.size).toBeGreaterThan(0);
      return;
    }
    {
      const wanted = [
        'sort time_desc',
        'sort time_asc',
        'sort path_asc',
        'timeField modified',
        'timeField created',
        'glob with /',
        'glob name',
        'start path',
        'from and to',
        'recursive false',
        'maxDepth',
        'files and folders',
        'folders only',
        'includeUnknownTime',
        'changes between pages',
      ];
      for (const sort of ['time_desc', 'time_asc', 'path_asc']) {
        for (const limited of ['limited', 'unlimited'])
          wanted.push(`${sort} ${limited} multi-page true`);
      }
      expect(wanted.filter((tag) => !covered.has(tag))).toEqual([]);
    }
  });
});

// The net must be able to fail: the same checks reject an engine broken on purpose (a wrapper
// around the real searchByTime that corrupts one page), and accept a snapshot-like engine that
// answers later pages from its first scan only when it says so.
describe('the property checks catch a broken engine', () => {
  const seed = 9001;
  const settings: RunSettings = { exclude: [], ...UNLIMITED };
  const args: QueryArgs = {
    timeField: 'modified',
    includeDirectories: true,
    sort: 'time_desc',
    limit: 4,
  };
  /** The real search, with the second page's matches passed through `corrupt`. */
  const corrupted = (
    rootDir: string,
    corrupt: (matches: Page['output']['matches']) => void,
  ): SearchCall => {
    const call = inProcess(rootDir, settings);
    let page = 0;
    return async (request) => {
      const result = await call(request);
      const matches = [...result.output.matches];
      if (page++ === 1) corrupt(matches);
      const output = {
        ...result.output,
        matches,
        stats: { ...result.output.stats, returned: matches.length },
      };
      return { output, summary: result.summary };
    };
  };
  const still = (rootDir: string, call: SearchCall, sort: QueryArgs['sort'] = args.sort) =>
    checkPagingOnStillTree({
      seed,
      call,
      rootDir,
      settings,
      limited: false,
      args: { ...args, sort },
      rng: createRng(seed),
    });

  it('a skipped, a repeated and a misplaced entry, and a wrong time are each caught', async () => {
    const rng = createRng(seed);
    const rootDir = makeTree(seed, rng);
    await expect(still(rootDir, inProcess(rootDir, settings))).resolves.toBeDefined();
    await expect(
      still(
        rootDir,
        corrupted(rootDir, (m) => void m.shift()),
      ),
    ).rejects.toThrow(/differ from the reference list/);
    let last: Page['output']['matches'][number] | undefined;
    const repeat = corrupted(rootDir, (m) => {
      if (!last) return;
      m.pop();
      m.unshift(last);
    });
    const remember: SearchCall = async (request) => {
      const page = await repeat(request);
      last = page.output.matches.at(-1);
      return page;
    };
    await expect(still(rootDir, remember)).rejects.toThrow(/returned twice/);
    await expect(
      still(
        rootDir,
        corrupted(rootDir, (m) => void m.reverse()),
        'path_asc',
      ),
    ).rejects.toThrow(/wrong order/);
    const shifted = corrupted(rootDir, (m) => {
      if (m[0]) m[0] = { ...m[0], modifiedAt: '2031-01-01T00:00:00Z' };
    });
    await expect(still(rootDir, shifted)).rejects.toThrow(/not the entry on disk/);
  });

  it('pages answered from the first scan pass only when they say they come from a snapshot', async () => {
    const run = async (note: string) => {
      const rng = createRng(seed + 1);
      const rootDir = makeTree(seed + 1, rng);
      const call = inProcess(rootDir, settings);
      let all: Page['output'] | null = null;
      const fromFirstScan: SearchCall = async (request) => {
        const offset = request.cursor === undefined ? 0 : Number(request.cursor);
        if (offset === 0) all = (await call({ ...request, limit: 1000 })).output;
        const matches = all!.matches.slice(offset, offset + (request.limit as number));
        const end = offset + matches.length;
        const nextCursor = end < all!.matches.length ? String(end) : null;
        const stats = { ...all!.stats, returned: matches.length };
        return { output: { ...all!, matches, nextCursor, stats }, summary: `Found some.${note}` };
      };
      return checkPagingOnChangingTree({
        seed,
        call: fromFirstScan,
        rootDir,
        settings,
        limited: false,
        args: { ...args, limit: 2 },
        rng,
      });
    };
    await expect(run('')).rejects.toThrow(/does not say it comes from a snapshot/);
    const ok = await run(
      ' This page comes from a scan made 3 seconds ago; changes since then are not shown.',
    );
    expect(ok.pages).toBeGreaterThan(5);
  });
});
