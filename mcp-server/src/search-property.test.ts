// Property test of fs.search_by_time, in-process: searchByTime against a plain reference walk on
// random trees in real temp folders, for every sort, paging (with page sizes that change),
// glob, depth, start path, time field and range, kind of entry, exclude globs and small scan
// limits, also while entries change between pages. FOLDERGATE_PROPERTY_SEED=<n> reruns one seed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createConfigSource, type ServerConfig } from './config.js';
import { searchByTime } from './search-by-time.js';
import { checkPagingOnChangingTree, checkPagingOnStillTree } from './search-property-checks.js';
import {
  buildRandomTree,
  createRng,
  PAGE_LIMITS,
  propertySeeds,
  randomExcludes,
  randomQuery,
  readTree,
  type QueryArgs,
  type Rng,
  type RunSettings,
  type SearchCall,
} from './search-property-model.js';

const SEEDS = propertySeeds([1, 2, 3, 4, 5, 6, 7, 8]);
const STILL_QUERIES = 30;
const CHANGING_QUERIES = 8;
/** Two cores shared with other test files: a run takes about a second, far more under load. */
const SLOW = { timeout: 120_000 };
const UNLIMITED = { maxFilesScanned: 200_000, maxDirectoriesScanned: 50_000 };

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

function configFor(rootDir: string, settings: RunSettings): ServerConfig {
  const config = createConfigSource(null, {
    roots: [{ path: rootDir, name: 'tree' }],
    limits: {
      maxFilesScanned: settings.maxFilesScanned,
      maxDirectoriesScanned: settings.maxDirectoriesScanned,
      timeoutMs: 120_000,
    },
  }).current();
  return { ...config, exclude: settings.exclude };
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
