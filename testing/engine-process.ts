// The built search engine (engine/dist/engine.js) as its own process, the way the app runs it: a
// config folder whose settings.json allows the test's folders, status lines read from stdout, the
// engine channel asked as a server asks it. A test can stop and continue the process, run it with
// a low open-files limit, and compare what it answers with the disk.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { askEngine } from '#appdata/engine/engine-ask.js';
import {
  enginePaths,
  type EngineAnswer,
  type EngineFolderStatus,
  type EngineStatus,
} from '#shared/engine/engine.js';
import { engineQuery } from './engine-query.js';
import { REPO_ROOT } from './repo.js';
import { makeTempDir, removeTempDir } from './temp-dirs.js';
import { scaled, waitFor } from './time.js';

/** The engine bundle the build makes (the integration project's global setup builds it). */
export const ENGINE_BUNDLE = path.join(REPO_ROOT, 'engine', 'dist', 'engine.js');

/** How an engine process is started. */
export interface EngineProcessOptions {
  /** Added to a minimal environment (PATH, HOME), e.g. FOLDERGATE_NATIVE_LIST=0. */
  env?: NodeJS.ProcessEnv;
  /** RLIMIT_NOFILE for the engine (and its crawl helper), set by the shell before exec. */
  openFilesLimit?: number;
}

/** A running engine process. */
export interface EngineProcess {
  readonly pid: number;
  /** Its data folder (settings.json allowing `roots`, the engine channel): a server's --config-dir. */
  readonly appData: string;
  /** Every line it wrote to stderr so far. */
  readonly log: string[];
  /** Its last status line. */
  status(): EngineStatus | null;
  /** Resolves once every folder is `ready` (each named in `roots`), or throws with the log. */
  waitUntilReady(ms?: number): Promise<void>;
  /** Asks as a server asks; null when the channel gives no answer. */
  ask(root: string, overrides?: Parameters<typeof engineQuery>[2]): Promise<EngineAnswer | null>;
  /** Every file the engine holds below `root` ('/'-separated), or null when it declines. */
  filesHeld(root: string): Promise<string[] | null>;
  close(): Promise<void>;
}

/** Starts the engine with `roots` (real paths) allowed; the caller closes it. */
export async function startEngineProcess(
  roots: string[],
  options: EngineProcessOptions = {},
): Promise<EngineProcess> {
  const appData = makeTempDir('fg-engine-data-');
  fs.writeFileSync(
    path.join(appData, 'settings.json'),
    JSON.stringify({ version: 2, roots: roots.map((p) => ({ path: p, name: path.basename(p) })) }),
  );
  const env = { PATH: process.env.PATH ?? '', HOME: appData, ...options.env };
  const args = [ENGINE_BUNDLE, '--config-dir', appData];
  // exec: the shell becomes the engine, so the pid a test stops is the engine's own.
  const child: ChildProcess =
    options.openFilesLimit === undefined
      ? spawn(process.execPath, args, { env, stdio: ['pipe', 'pipe', 'pipe'] })
      : spawn(
          '/bin/sh',
          [
            '-c',
            `ulimit -n ${options.openFilesLimit} && exec "$0" "$@"`,
            process.execPath,
            ...args,
          ],
          { env, stdio: ['pipe', 'pipe', 'pipe'] },
        );
  const log: string[] = [];
  let last: EngineStatus | null = null;
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  lines(child.stdout!, (line) => (last = JSON.parse(line) as EngineStatus));
  lines(child.stderr!, (line) => log.push(line));
  const paths = enginePaths(appData, process.platform);
  const ask = (root: string, overrides: Parameters<typeof engineQuery>[2] = {}) =>
    askEngine({ paths, query: engineQuery(root, 5, overrides), timeoutMs: scaled(10_000) });
  const engine: EngineProcess = {
    pid: child.pid!,
    appData,
    log,
    status: () => last,
    async waitUntilReady(ms = 30_000) {
      try {
        await waitFor(
          'every folder ready',
          () => {
            if (exited !== undefined) throw new Error(`the engine exited (${exited})`);
            const folders: EngineFolderStatus[] = last?.folders ?? [];
            return folders.length === roots.length && folders.every((f) => f.state === 'ready');
          },
          ms,
        );
      } catch (error) {
        const status = JSON.stringify(last?.folders ?? []);
        throw new Error(`${(error as Error).message}; status ${status}; log:\n${log.join('\n')}`, {
          cause: error,
        });
      }
    },
    ask,
    async filesHeld(root) {
      const answer = await ask(root, { sort: 'path_asc', count: 100_001 });
      if (answer?.type !== 'answer') return null;
      if (answer.more) throw new Error('more than 100,000 files: the test tree is too large');
      return answer.matches.map((m) => m.rel).sort();
    },
    async close() {
      if (exited === undefined) {
        const ended = new Promise((resolve) => child.on('exit', resolve));
        child.kill('SIGCONT');
        child.stdin!.end(); // the engine ends with its stdin, as when its app goes
        await ended;
      }
      removeTempDir(appData);
    },
  };
  return engine;
}

/** Every file below `root` as the disk has it now ('/'-separated, sorted): the reference. */
export function filesOnDisk(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
    .sort();
}

/** What `held` lacks of `disk` and holds beyond it, for a readable failure. */
export function filesDiffer(held: string[], disk: string[]): { missing: number; extra: number } {
  const h = new Set(held);
  const d = new Set(disk);
  return {
    missing: disk.filter((f) => !h.has(f)).length,
    extra: held.filter((f) => !d.has(f)).length,
  };
}

function lines(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    rest += chunk;
    for (let at = rest.indexOf('\n'); at !== -1; at = rest.indexOf('\n')) {
      const line = rest.slice(0, at);
      rest = rest.slice(at + 1);
      if (line !== '') onLine(line);
    }
  });
}
