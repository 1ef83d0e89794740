// The engine run with a low open-files limit (RLIMIT_NOFILE, set by the shell before it starts
// the engine, and so its crawl helper too): running out of descriptors (EMFILE) means "not now",
// never "unreadable". However the engine reads its folder (the native listing, or the walker
// with the crawl helper), once it says ready its answers hold every file, and count nothing as
// unreadable.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  filesDiffer,
  filesOnDisk,
  startEngineProcess,
  type EngineProcess,
} from '#testing/engine-process.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { scaled } from '#testing/time.js';

const dirs: string[] = [];
let engine: EngineProcess | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
  for (const d of dirs.splice(0)) removeTempDir(d);
});

/** 20 folders of 15 folders, two files in each of those: 300 folders, 600 files. */
function tree(): string {
  const root = makeTempDir('fg-open-files-');
  dirs.push(root);
  for (let t = 0; t < 20; t++)
    for (let s = 0; s < 15; s++) {
      const dir = path.join(root, `t${t}`, `s${s}`);
      fs.mkdirSync(dir, { recursive: true });
      for (let f = 0; f < 2; f++) fs.writeFileSync(path.join(dir, `f${f}.txt`), 'x');
    }
  return root;
}

const WAYS: Array<[string, NodeJS.ProcessEnv]> = [
  ['the native listing', {}],
  ['the walker with the crawl helper', { FOLDERGATE_NATIVE_LIST: '0' }],
];

describe.runIf(process.platform === 'linux')('a low open-files limit', () => {
  for (const limit of [64, 30])
    for (const [way, env] of WAYS)
      it(
        `ulimit -n ${limit}, ${way}: ready means complete, nothing unreadable`,
        { timeout: scaled(60_000) },
        async () => {
          const root = tree();
          engine = await startEngineProcess([root], { openFilesLimit: limit, env });
          await engine.waitUntilReady();
          const answer = await engine.ask(root, { sort: 'path_asc', count: 100_001 });
          expect(answer?.type).toBe('answer');
          if (answer?.type !== 'answer') return;
          const held = answer.matches.map((m) => m.rel).sort();
          const disk = filesOnDisk(root);
          expect(
            filesDiffer(held, disk),
            `${held.length} of ${disk.length} files answered`,
          ).toEqual({
            missing: 0,
            extra: 0,
          });
          expect(answer.walk.skippedUnreadable).toBe(0);
          expect(answer.skippedUnreadable).toBe(0);
          expect(engine.log.filter((l) => /unreadable|cannot read/.test(l))).toEqual([]);
        },
      );
});
