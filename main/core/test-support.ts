// Shared by the core's tests: temp folders and waiting for a status. Not part of the app.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerStatus } from '../../shared/ipc.js';
import type { ServerSupervisor } from './server-supervisor.js';

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
    }, timeoutMs);
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
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return !isAlive(pid);
}
