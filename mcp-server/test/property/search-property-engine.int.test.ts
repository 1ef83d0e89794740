// The property test on the engine path (issue 20): the same random trees, queries and checks as
// search-property.int.test.ts, answered by the search engine's live index (the real watcher),
// each page asked once the engine holds what is on disk, with each of the engine's listings. Two
// things on top: the engine answers completely whatever the scan limits (limits apply to walking only), and its pages are
// identical — matches, cursors, stats and summaries — to a walk with limits too large to matter.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disableNativeList, enableNativeList } from '#search/native-list.js';
import { nativeListModule } from '#engine/native-module.js';
import { useNativeWalkListing } from '#server/scan/walk-listing.js';
import { configFor, UNLIMITED } from '#testing/property/property-config.js';
import { searchByTime } from '#server/search/search-by-time.js';
import {
  checkPagingOnChangingTree,
  checkPagingOnStillTree,
} from '#testing/property/property-checks.js';
import { engineAsk, engineCall, startEngine } from '#testing/property/engine-sync.js';
import {
  PAGE_LIMITS,
  randomExcludes,
  randomLeaveOut,
  randomQuery,
  type RunSettings,
} from '#testing/property/property-model.js';
import {
  buildRandomTree,
  createRng,
  propertySeeds,
  readTree,
} from '#testing/property/property-tree.js';
import { scaled } from '#testing/time.js';
import { effectiveExclude } from '#search/leave-out.js';

/** A folder's identity as the app records it when the person leaves it out. */
function idOf(rootDir: string, rel: string): { dev: string; ino: string } {
  const st = fs.statSync(path.join(rootDir, rel), { bigint: true });
  return { dev: st.dev.toString(), ino: st.ino.toString() };
}

const SEEDS = propertySeeds([11, 12, 13, 14]);
const STILL_QUERIES = 12;
const CHANGING_QUERIES = 5;
const SLOW = { timeout: scaled(120_000) };

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function makeTree(seed: number): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `fg-eprop-${seed}-`)));
  dirs.push(dir);
  buildRandomTree(dir, createRng(seed));
  return dir;
}

// Both ways the engine reads folders: the walker's Node listing, and the native listing where
// it is built (Linux; native-list.ts), whose crawl and new folders go through other code.
for (const listing of ['Node', 'native'] as const)
  describe(`fs.search_by_time from the engine equals the walk (${listing} listing)`, () => {
    beforeAll(() => {
      // A server's first walk turns the native listing on for its process, once
      // (scan/walk-listing.ts): done now, so what follows chooses the listing for this block.
      useNativeWalkListing();
      if (listing === 'native')
        expect(enableNativeList(nativeListModule()), 'the native listing did not load').toBe(true);
      else disableNativeList();
    });
    afterAll(() => disableNativeList());
    for (const seed of SEEDS) {
      it(
        `seed ${seed}: still tree, small scan limits, every page identical to a walk`,
        SLOW,
        async () => {
          const rng = createRng(seed * 7);
          const rootDir = makeTree(seed);
          for (let q = 0; q < STILL_QUERIES; q++) {
            const exclude = randomExcludes(rng);
            // Left-out subfolders with their identities, and name patterns (issue 36).
            const leaveOut = randomLeaveOut(rng, readTree(rootDir), (rel) => idOf(rootDir, rel));
            // Small limits: a walk would stop early; the engine answers for the whole folder.
            const limited: RunSettings = {
              exclude,
              ...(leaveOut ? { leaveOut } : {}),
              maxFilesScanned: 3,
              maxDirectoriesScanned: 2,
            };
            const lines: string[] = [];
            const effective = effectiveExclude(exclude, leaveOut);
            const engine = await startEngine(rootDir, effective, (line) => lines.push(line));
            try {
              // The crawl went the way this block tests.
              expect(lines.join('\n')).toMatch(
                listing === 'native'
                  ? /entries read in \d+ ms, natively/
                  : /entries read in \d+ ms, alone/,
              );
              const ask = engineAsk(engine);
              const config = configFor(rootDir, limited);
              const args = randomQuery(rng, readTree(rootDir), limited);
              const call = engineCall(engine, ask, config, rootDir);
              await checkPagingOnStillTree({
                seed,
                call,
                rootDir,
                settings: limited,
                limited: false,
                args,
                rng,
              });
              expect(ask.declined, 'the engine declined a page').toBe(0);
              expect(ask.refusals, 'an answer of the engine was refused').toEqual([]);
              expect(ask.answered).toBeGreaterThan(0);
              // Page by page against a walk whose limits never stop it.
              const walking = configFor(rootDir, { ...limited, ...UNLIMITED });
              let cursor: string | undefined;
              for (let page = 0; page < 200; page++) {
                const request = { ...args, ...(cursor ? { cursor } : {}) };
                const fromEngine = await searchByTime(request, { config, engine: ask });
                const walked = await searchByTime(request, { config: walking, fresh: true });
                expect(fromEngine.output).toEqual(walked.output);
                expect(fromEngine.summary).toBe(walked.summary);
                cursor = fromEngine.output.nextCursor ?? undefined;
                if (!cursor) break;
              }
            } finally {
              await engine.close();
            }
          }
        },
      );

      it(
        `seed ${seed}: entries added, deleted, renamed and touched between pages`,
        SLOW,
        async () => {
          const rng = createRng(seed ^ 0x5eed);
          const rootDir = makeTree(seed + 100);
          for (let q = 0; q < CHANGING_QUERIES; q++) {
            // Left-out subfolders by path only here: the tree's changes rename folders, and the
            // reference knows paths (a renamed one by identity: leave-out-subfolders.int.test.ts).
            const leaveOut = randomLeaveOut(rng, readTree(rootDir));
            const settings: RunSettings = {
              exclude: randomExcludes(rng),
              ...(leaveOut ? { leaveOut } : {}),
              ...UNLIMITED,
            };
            const engine = await startEngine(rootDir, effectiveExclude(settings.exclude, leaveOut));
            try {
              const ask = engineAsk(engine);
              const args = randomQuery(rng, readTree(rootDir), settings);
              args.limit = rng.pick(PAGE_LIMITS.slice(0, 7));
              const call = engineCall(engine, ask, configFor(rootDir, settings), rootDir);
              await checkPagingOnChangingTree({
                seed,
                call,
                rootDir,
                settings,
                limited: false,
                args,
                rng,
              });
              expect(ask.refusals, 'an answer of the engine was refused').toEqual([]);
              expect(ask.answered).toBeGreaterThan(0);
            } finally {
              await engine.close();
            }
          }
        },
      );
    }
  });
