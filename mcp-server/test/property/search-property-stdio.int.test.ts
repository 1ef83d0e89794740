// Property test of fs.search_by_time through the built server (mcp-server/dist/index.js) spawned
// over stdio with the SDK client, `--root <tree>`: the same properties as search-property.int.test.ts,
// so the server's own scan machinery (snapshot cache for next pages and repeats, and whatever
// scans regions in parallel) is covered too. Exclude globs and scan limits come from the
// settings.json of `--config-dir`, rewritten between groups of queries (the server re-reads it).
// A second server runs with snapshots turned off (FOLDERGATE_SNAPSHOT_TTL_MS=0): the rescan path.
// `npm test` builds first; alone: `npm run build && npx vitest run mcp-server/src/search-property-stdio`.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SETTINGS_VERSION } from '#shared/settings/settings.js';
import {
  checkPagingOnChangingTree,
  checkPagingOnStillTree,
} from '#testing/property/property-checks.js';
import {
  PAGE_LIMITS,
  randomExcludes,
  randomQuery,
  type RunSettings,
  type SearchCall,
} from '#testing/property/property-model.js';
import {
  buildRandomTree,
  createRng,
  propertySeeds,
  readTree,
  SMALL_TREE,
  type Rng,
  type TreeShape,
} from '#testing/property/property-tree.js';
import { scaled } from '#testing/time.js';
import { searchOutput } from '#testing/search-output.js';

const SERVER_ENTRY = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
const SEEDS = propertySeeds([101, 102, 103, 104]);
/** Every fourth seed's tree is wide (thousands of entries), so that scans split into regions have work. */
const WIDE_TREE: TreeShape = { maxDepth: 5, maxEntries: 2000, maxChildren: 40, links: true };
const UNLIMITED = { maxFilesScanned: 200_000, maxDirectoriesScanned: 50_000 };

const cleanup: string[] = [];
const servers: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  for (const server of servers) await server.close();
  for (const dir of cleanup) fs.rmSync(dir, { recursive: true, force: true });
});

function makeDir(prefix: string): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  cleanup.push(dir);
  return dir;
}

interface PropertyServer {
  call: SearchCall;
  /** Writes settings.json (atomically); the server applies it to the next call. */
  useSettings(settings: RunSettings): void;
  close(): Promise<void>;
}

async function startPropertyServer(
  rootDir: string,
  env: Record<string, string> = {},
): Promise<PropertyServer> {
  if (!fs.existsSync(SERVER_ENTRY))
    throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first.`);
  const configDir = makeDir('fg-prop-config-');
  const file = path.join(configDir, 'settings.json');
  const useSettings = (settings: RunSettings): void => {
    const document = {
      version: SETTINGS_VERSION,
      exclude: settings.exclude,
      limits: {
        maxFilesScanned: settings.maxFilesScanned,
        maxDirectoriesScanned: settings.maxDirectoriesScanned,
        timeoutMs: 120_000,
      },
    };
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(document));
    fs.renameSync(`${file}.tmp`, file);
  };
  useSettings({ exclude: [], ...UNLIMITED });
  let stderr = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER_ENTRY, '--root', rootDir, '--config-dir', configDir],
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'foldergate-property-tests', version: '1.0.0' });
  await client.connect(transport);
  const server: PropertyServer = {
    async call(args) {
      const result = (await client.callTool({
        name: 'fs.search_by_time',
        arguments: args,
      })) as CallToolResult;
      const first = result.content[0];
      const text = first?.type === 'text' ? first.text : '';
      if (result.isError) throw new Error(`tool error: ${text}\nserver stderr: ${stderr}`);
      return { output: searchOutput(result), summary: text };
    },
    useSettings,
    close: () => client.close(),
  };
  servers.push(server);
  return server;
}

function randomSettings(rng: Rng, wide: boolean): { settings: RunSettings; limited: boolean } {
  const exclude = randomExcludes(rng);
  if (rng.chance(0.4)) {
    const scale = wide ? 40 : 1; // pages that stop early, but not thousands of them
    const settings = {
      exclude,
      maxFilesScanned: rng.int(2, 30) * scale,
      maxDirectoriesScanned: rng.int(1, 6) * scale,
    };
    return { settings, limited: true };
  }
  return { settings: { exclude, ...UNLIMITED }, limited: false };
}

describe('fs.search_by_time equals a reference walk (built server over stdio)', () => {
  for (const seed of SEEDS) {
    const wide = seed % 4 === 1;
    const title = `seed ${seed}: ${wide ? 'a wide tree' : 'a tree'} still, then changing between pages`;
    // Generous: two cores shared with other test files; a run takes a few seconds.
    it(title, { timeout: scaled(180_000) }, async () => {
      const rng = createRng(seed);
      const rootDir = makeDir(`fg-prop-stdio-${seed}-`);
      buildRandomTree(rootDir, rng, wide ? WIDE_TREE : SMALL_TREE);
      const state = readTree(rootDir);
      expect(state.size).toBeGreaterThan(10);
      const server = await startPropertyServer(rootDir);

      // Groups of queries under one settings file; each query paged twice, so that the second
      // run may be answered from the first one's snapshot.
      let snapshotPages = 0;
      for (let group = 0; group < 3; group++) {
        const { settings, limited } = randomSettings(rng, wide);
        server.useSettings(settings);
        for (let q = 0; q < 4; q++) {
          const args = randomQuery(rng, state, settings);
          if (wide) args.limit = rng.pick([50, 200, 1000]);
          for (let repeat = 0; repeat < 2; repeat++) {
            const run = { seed, call: server.call, rootDir, settings, limited, args, rng };
            snapshotPages += (await checkPagingOnStillTree(run)).fromSnapshot;
          }
        }
      }
      // The snapshot path was taken (next pages and repeats of time sorts), and still agreed.
      expect(snapshotPages).toBeGreaterThan(0);

      // A second server without snapshots. Pages alternate at random between the two: a cursor
      // made from a snapshot continues where there is none (as when it expired), and back.
      const rescanning = await startPropertyServer(rootDir, { FOLDERGATE_SNAPSHOT_TTL_MS: '0' });
      for (let q = 0; q < 3; q++) {
        const { settings, limited } = randomSettings(rng, wide);
        server.useSettings(settings);
        rescanning.useSettings(settings);
        const args = randomQuery(rng, state, settings);
        if (wide) args.limit = rng.pick([50, 200]);
        const either: SearchCall = (request) =>
          (rng.chance(0.5) ? server : rescanning).call(request);
        await checkPagingOnStillTree({ seed, call: either, rootDir, settings, limited, args, rng });
      }

      // Changes between pages, with snapshots (the first server) and without (the second).
      const asked = new Set<string>();
      for (let n = 0; n < (wide ? 2 : 4); n++) {
        const target = n % 2 === 0 ? server : rescanning;
        const { settings, limited } = randomSettings(rng, wide);
        target.useSettings(settings);
        const args = randomQuery(rng, readTree(rootDir), settings);
        args.limit = wide ? rng.pick([200, 500]) : rng.pick(PAGE_LIMITS.slice(0, 7));
        // A repeat of an earlier query may be answered from a snapshot made before this run.
        const key = JSON.stringify({ ...args, limit: 0 });
        if (asked.has(key)) continue;
        asked.add(key);
        const run = { seed, call: target.call, rootDir, settings, limited, args, rng };
        await checkPagingOnChangingTree(run);
      }
    });
  }
});
