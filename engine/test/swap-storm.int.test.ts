// Folders swapped for links and back by a second process (racers/swapper.mjs) while the engine
// crawls with its crawl helper (the crawl used where the native listing is not built; this test
// process never turns the native listing on). Once the swapping stops, the engine must come to
// hold exactly what a fresh crawl reads: every file of every real folder, and nothing below a
// name that is a link, before it answers as ready.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#testing/repo.js';
import { differenceOf, NODE_LISTING } from '#testing/property/engine-sync.js';
import { crawlInto } from '#engine/crawl.js';
import { FolderIndex } from '#engine/folder-index.js';
import { createSearchEngine, type SearchEngine } from '#engine/search-engine.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { scaled, waitFor } from '#testing/time.js';

const HELPER = path.join(REPO_ROOT, 'engine', 'dist', 'crawl-helper.js');
const SWAPPER = path.join(REPO_ROOT, 'engine', 'test', 'racers', 'swapper.mjs');
/** Storms in a row, each during a first crawl of the same tree (put back in place between them). */
const ROUNDS = 6;

const engines: SearchEngine[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const e of engines.splice(0)) await e.close();
  for (const d of dirs.splice(0)) removeTempDir(d);
});

/**
 * root: top00…top15, each with sub0…sub2 of files; the first one large (and never swapped), so
 * that the engine is still reading it when the helper asks for folders and the helper reads the
 * swapped ones from the end; elsewhere: what the links lead to.
 */
function trees(): { root: string; elsewhere: string } {
  const base = makeTempDir('fg-swap-storm-');
  dirs.push(base);
  const root = path.join(base, 'root');
  for (let t = 0; t < 16; t++) {
    const top = path.join(root, `top${String(t).padStart(2, '0')}`);
    for (let s = 0; s < 3; s++) {
      fs.mkdirSync(path.join(top, `sub${s}`), { recursive: true });
      for (let f = 0; f < (t === 0 ? 8000 : 60); f++)
        fs.writeFileSync(path.join(top, `sub${s}`, `f${f}.txt`), 'x');
      fs.writeFileSync(path.join(top, `t${s}.txt`), 'x');
    }
  }
  const elsewhere = path.join(base, 'elsewhere');
  fs.mkdirSync(path.join(elsewhere, 'inner'), { recursive: true });
  fs.writeFileSync(path.join(elsewhere, 'SECRET.txt'), 'never indexed');
  fs.writeFileSync(path.join(elsewhere, 'inner', 'SECRET2.txt'), 'never indexed');
  return { root, elsewhere };
}

/** Every real folder below `root` (links left out), relative to it. */
function realFolders(root: string, rel = ''): string[] {
  const out: string[] = [];
  for (const d of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
    if (!d.isDirectory()) continue;
    const child = rel === '' ? d.name : `${rel}/${d.name}`;
    out.push(child, ...realFolders(root, child));
  }
  return out;
}

describe('a swap storm during a crawl with the helper', () => {
  it(
    'ends with the index a fresh crawl reads, every time',
    { timeout: scaled(60_000) * ROUNDS },
    async () => {
      const { root, elsewhere } = trees();
      const lines: string[] = [];
      const engine = createSearchEngine({
        driveKindOf: () => 'local',
        log: (line) => lines.push(line),
        helperEntry: HELPER,
      });
      engines.push(engine);
      const spec = { rootReal: root, rootId: null, exclude: [] };
      for (let round = 0; round < ROUNDS; round++) {
        const { swaps, left } = await stormDuringCrawl(root, elsewhere, () => {
          lines.length = 0;
          engine.setFolders([spec]);
          // The swapping goes on until a first crawl has ended (read again or not).
          return waitFor('a first crawl to end', () =>
            lines.some((l) => /entries read in|changed while it was read/.test(l)),
          );
        });
        // A file more in every real folder after the swapping stopped: once the engine holds
        // them all, ready and with nothing left to apply, it has applied everything before.
        const folders = ['', ...realFolders(root)];
        const marker = `after-${round}.txt`;
        for (const rel of folders) fs.writeFileSync(path.join(root, rel, marker), 'x');
        const held = await waitFor(
          `round ${round}: the engine to hold every file written after the storm`,
          async () => {
            await engine.idle();
            const ix = engine.indexOf(root);
            if (engine.status()[0]?.state !== 'ready' || !ix) return null;
            const all = folders.every(
              (rel) => ix.find(rel === '' ? marker : `${rel}/${marker}`) !== -1,
            );
            return all ? ix : null;
          },
          30_000,
        );
        const fresh = new FolderIndex();
        await crawlInto(fresh, {
          rootReal: root,
          rootId: null,
          rel: '',
          exclude: [],
          access: NODE_LISTING,
        });
        const how = lines.find((l) => /entries read in/.test(l)) ?? '';
        expect(differenceOf(held, fresh), `round ${round}, ${swaps} swaps, ${how}`).toBe('');
        // Nothing of what the links lead to.
        for (const rel of left) expect(held.find(`${rel}/SECRET.txt`)).toBe(-1);
        // The next round crawls the tree afresh, every folder back in its place.
        engine.setFolders([]);
        for (const rel of left) {
          fs.unlinkSync(path.join(root, rel));
          fs.renameSync(path.join(root, `${rel}.held`), path.join(root, rel));
        }
      }
    },
  );
});

/**
 * Runs the second process while `crawl()` starts a crawl and resolves once it ended, then stops
 * it; resolves with how many swaps it made and which folders it left as links.
 */
async function stormDuringCrawl(
  root: string,
  elsewhere: string,
  crawl: () => Promise<unknown>,
): Promise<{ swaps: number; left: string[] }> {
  // The large first folder stays in place: the engine reads it while the helper takes the rest.
  const racer = spawn(process.execPath, [SWAPPER, root, elsewhere, 'top00'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  let racerErrors = '';
  racer.stdout.on('data', (chunk: Buffer) => (said += chunk.toString('utf8')));
  racer.stderr.on('data', (chunk: Buffer) => (racerErrors += chunk.toString('utf8')));
  const ended = new Promise<number | null>((resolve) => racer.on('close', resolve));
  try {
    await waitFor('the racer to swap every folder once', () => {
      if (racer.exitCode !== null) throw new Error(`the racer ended: ${racerErrors}`);
      return said.startsWith('racing\n');
    });
    await crawl();
  } finally {
    racer.kill('SIGTERM');
  }
  expect(await ended, racerErrors).toBe(0);
  const result = JSON.parse(said.slice('racing\n'.length)) as { swaps: number; left: string[] };
  expect(result.swaps).toBeGreaterThan(0);
  expect(result.left.length).toBeGreaterThan(0);
  return result;
}
