// Issue 36, item 2, on the engine path: a left-out subfolder renamed inside the folder before the
// engine reads it. The crawl with the walker leaves it out by identity, so the engine answers; the
// native listing gives no inode numbers, so its index holds the renamed folder, and the server's
// check of the engine's matches opens every folder on a match's way, finds the left-out one and
// refuses the answer (the server walks). Either way the answer equals a walk's and lists nothing
// from inside.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { disableNativeList, enableNativeList } from '#search/native-list.js';
import { nativeListModule } from '#engine/native-module.js';
import { createSearchEngine } from '#engine/search-engine.js';
import { effectiveExclude } from '#search/leave-out.js';
import { searchByTime } from '#server/search/search-by-time.js';
import { configFor, UNLIMITED } from '#testing/property/property-config.js';
import { engineAsk } from '#testing/property/engine-sync.js';
import { waitFor } from '#testing/time.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
afterEach(() => disableNativeList());

function tree(): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fg-leave-engine-')));
  dirs.push(root);
  const files = ['Taxes/2024/secret-a.pdf', 'Taxes/secret-b.txt', 'Work/in-plan.txt', 'in-top.txt'];
  for (const f of files) {
    fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    fs.writeFileSync(path.join(root, f), 'x');
  }
  return root;
}

for (const listing of ['Node', 'native'] as const) {
  describe(`a renamed left-out subfolder and the engine (${listing} listing)`, () => {
    it('lists nothing from inside, and equals a walk', async () => {
      if (listing === 'native') expect(enableNativeList(nativeListModule())).toBe(true);
      const root = tree();
      const st = fs.statSync(path.join(root, 'Taxes'), { bigint: true });
      const leaveOut = {
        folders: [{ rel: 'Taxes', id: { dev: st.dev.toString(), ino: st.ino.toString() } }],
        names: [],
      };
      fs.renameSync(path.join(root, 'Taxes'), path.join(root, 'Work', 'Old'));
      const settings = { exclude: [], leaveOut, ...UNLIMITED };
      const config = configFor(root, settings);
      const engine = createSearchEngine({ driveKindOf: () => 'local' });
      engine.setFolders([
        { rootReal: root, rootId: null, exclude: effectiveExclude([], leaveOut) },
      ]);
      try {
        await waitFor('the engine holds the folder', async () => {
          await engine.idle();
          return engine.status().find((f) => f.path === root)?.state === 'ready';
        });
        const ask = engineAsk(engine);
        for (const sort of ['path_asc', 'time_desc'] as const) {
          const args = { timeField: 'modified', sort, limit: 1000, includeDirectories: true };
          const fromEngine = await searchByTime(args, { config, engine: ask });
          const walked = await searchByTime(args, { config, fresh: true });
          expect(fromEngine.output).toEqual(walked.output);
          const listed = fromEngine.output.matches.map((m) => path.relative(root, m.path));
          expect(listed.filter((p) => p.includes('Old') || p.includes('secret'))).toEqual([]);
          expect(listed).toContain(path.join('Work', 'in-plan.txt'));
        }
        // A start inside it is refused even where the engine would answer with nothing.
        const asked = ask.answered + ask.declined;
        const emptyRange = {
          timeField: 'modified',
          path: 'Work/Old/2024',
          from: '2000-01-01T00:00:00Z',
          to: '2000-01-02T00:00:00Z',
        };
        await expect(searchByTime(emptyRange, { config, engine: ask })).rejects.toMatchObject({
          code: 'PathExcluded',
        });
        expect(ask.answered + ask.declined).toBe(asked); // refused before the engine is asked
        if (listing === 'native') {
          // Its index holds the renamed folder; the server refused every answer that showed it.
          expect(ask.refusals).toEqual([
            'a match the query does not take',
            'a match the query does not take',
          ]);
        } else {
          expect(ask.refusals).toEqual([]);
          expect(ask.answered).toBe(2);
        }
      } finally {
        await engine.close();
      }
    });
  });
}
