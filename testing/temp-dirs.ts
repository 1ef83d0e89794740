// Shared by the core's tests: temp folders, waiting for a status, a process holding the settings
// lock. Not part of the app.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { ServerStatus } from '#shared/contract/ipc.js';
import type { ServerSupervisor } from '#core/preview/server-supervisor.js';
import { scaled } from './time.js';

/** A fresh, realpath'd temp folder. */
export function makeTempDir(prefix = 'fg-core-'): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
}

/** Removes a temp folder. */
export function removeTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

/** Resolves with the first status (current or future) that satisfies `predicate`. */
export function waitForStatus(
  supervisor: Pick<ServerSupervisor, 'status' | 'onStatus'>,
  predicate: (status: ServerStatus) => boolean,
  timeoutMs = 20_000,
): Promise<ServerStatus> {
  return new Promise((resolve, reject) => {
    if (predicate(supervisor.status())) return resolve(supervisor.status());
    const timer = setTimeout(() => {
      off();
      reject(new Error(`status never matched; last: ${JSON.stringify(supervisor.status())}`));
    }, scaled(timeoutMs));
    const off = supervisor.onStatus((status) => {
      if (!predicate(status)) return;
      clearTimeout(timer);
      off();
      resolve(status);
    });
  });
}

/** True while a process with this pid exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Waits until `pid` is gone (a killed child can take a moment to be reaped). */
export async function waitForExit(pid: number, timeoutMs = 10_000): Promise<boolean> {
  const end = Date.now() + scaled(timeoutMs);
  while (Date.now() < end) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return !isAlive(pid);
}

/**
 * Bundles `body` (a script using FolderGate's own withSettingsLock on `process.argv[2]`, bundled
 * with esbuild into `outDir/name`, as tools/build-app.mjs bundles it) once, starts it on `file`,
 * and resolves once it prints `ready`.
 */
async function lockProcess(
  file: string,
  outDir: string,
  name: string,
  body: string,
  ready: string,
): Promise<ChildProcess> {
  const bundle = path.join(outDir, name);
  if (!fs.existsSync(bundle)) {
    // CommonJS, as proper-lockfile is.
    await build({
      stdin: {
        contents: `import { withSettingsLock } from '#appdata/file-lock.ts';\n${body}`,
        resolveDir: path.dirname(fileURLToPath(import.meta.url)),
        loader: 'ts',
      },
      outfile: bundle,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      logLevel: 'warning',
    });
  }
  const child = spawn(process.execPath, [bundle, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString('utf8').includes(ready)) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
}

/**
 * Starts a real process that takes the settings lock of `file` through FolderGate's own
 * withSettingsLock and holds it until killed; resolves once it holds it.
 */
export function holdSettingsLockInOtherProcess(
  file: string,
  outDir: string,
): Promise<ChildProcess> {
  return lockProcess(
    file,
    outDir,
    'hold-settings-lock.cjs',
    `void withSettingsLock(process.argv[2], async () => {
      process.stdout.write('locked\\n');
      setInterval(() => undefined, 60_000); // holds on until killed
      await new Promise(() => undefined);
    });`,
    'locked',
  );
}

/**
 * Starts a real process that takes and releases the settings lock of `file` in a loop, as fast
 * as it can, until killed; resolves once it has taken it once. Killing it lands at any moment of
 * taking, holding or releasing.
 */
export function loopSettingsLockInOtherProcess(
  file: string,
  outDir: string,
): Promise<ChildProcess> {
  return lockProcess(
    file,
    outDir,
    'loop-settings-lock.cjs',
    `void (async () => {
      for (let n = 0; ; n++) {
        await withSettingsLock(process.argv[2], async () => undefined);
        if (n === 0) process.stdout.write('looping\\n');
      }
    })();`,
    'looping',
  );
}
