// An inotify overflow made by a second process while the engine cannot read its events (the
// engine process stopped): the kernel keeps one event queue per inotify instance, libuv shares that
// one instance across every watch of the process, and when the queue (max_queued_events) is full it
// drops the overflow notice before Node sees it. The engine must notice anyway and read its folders
// again: once it answers again, every answer holds every file, in every allowed folder.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#testing/repo.js';
import {
  filesDiffer,
  filesOnDisk,
  startEngineProcess,
  type EngineProcess,
} from '#testing/engine-process.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { scaled, waitFor } from '#testing/time.js';

const STORM = path.join(REPO_ROOT, 'engine', 'test', 'racers', 'storm.mjs');
/** Storms in a row against one engine: each overflows the queue more than once over. */
const ROUNDS = 3;

const dirs: string[] = [];
let engine: EngineProcess | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
  for (const d of dirs.splice(0)) removeTempDir(d);
});

/** The second process: `count` files in each folder, the folders in turn; resolves when done. */
async function storm(count: number, prefix: string, folders: string[]): Promise<number> {
  const child = spawn(process.execPath, [STORM, String(count), prefix, ...folders], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`the storm failed (${code}): ${err}`);
  return (JSON.parse(out) as { made: number }).made;
}

describe.runIf(process.platform === 'linux')('an inotify overflow', () => {
  it(
    'is noticed: every folder is read again, and every answer after it holds every file',
    { timeout: scaled(240_000) },
    async () => {
      const queue = Number(fs.readFileSync('/proc/sys/fs/inotify/max_queued_events', 'utf8'));
      // Two events a file (created, modified): 2.4 times the queue in all, in three folders.
      const perFolder = Math.ceil((queue * 1.2) / 3);
      const roots = ['alpha', 'beta', 'gamma'].map((name) => {
        const root = makeTempDir(`fg-overflow-${name}-`);
        dirs.push(root);
        for (let s = 0; s < 4; s++) fs.mkdirSync(path.join(root, `s${s}`));
        fs.writeFileSync(path.join(root, 's0', 'before.txt'), 'x');
        return root;
      });
      engine = await startEngineProcess(roots);
      await engine.waitUntilReady();
      const running = engine;
      for (let round = 0; round < ROUNDS; round++) {
        // Stopped, the engine reads no event: the kernel's queue fills and overflows.
        process.kill(running.pid, 'SIGSTOP');
        try {
          expect(await storm(perFolder, `r${round}`, roots)).toBe(perFolder * 3);
        } finally {
          process.kill(running.pid, 'SIGCONT');
        }
        // An answer (a few round trips on its socket) means the engine has read its queue since.
        expect(await running.ask(roots[0]!)).not.toBeNull();
        // Then one file more in each folder: once it is in an answer, so is all the engine saw.
        const marker = `marker-${round}.txt`;
        for (const root of roots) fs.writeFileSync(path.join(root, marker), 'x');
        const answered: string[] = [];
        for (const root of roots) {
          const held = await waitFor(
            `${path.basename(root)} answering with ${marker}`,
            async () => {
              const files = await running.filesHeld(root);
              return files?.includes(marker) ? files : null;
            },
            60_000,
          );
          const { missing, extra } = filesDiffer(held, filesOnDisk(root));
          answered.push(`${missing} missing, ${extra} extra`);
        }
        expect(answered, `round ${round}`).toEqual(roots.map(() => '0 missing, 0 extra'));
        // And it said why it read them again.
        expect(running.log.filter((l) => /event queue may have overflowed/.test(l))).toHaveLength(
          round + 1,
        );
      }
    },
  );
});
