// Running out of descriptors (EMFILE: this process's open-files limit; ENFILE: the system's) says
// nothing about a folder: it means "not now". Whoever meets it waits a moment for descriptors to
// be closed and tries again, a bounded number of times, and never counts the folder as
// unreadable for it (the engine's index would then say "ready" with the folder's contents left
// out, issue 34).
import { setTimeout as sleep } from 'node:timers/promises';

/** The waits before each new try, in ms: eight tries more over about 2.5 s. */
export const DESCRIPTOR_WAITS_MS = [10, 20, 40, 80, 160, 320, 640, 1280] as const;

/** True when `error` is a lack of descriptors, not something about what was opened. */
export function isOutOfDescriptors(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'EMFILE' || code === 'ENFILE';
}

/** Waits before try number `attempt` (0 for the first retry); false when no try is left. */
export async function waitForDescriptors(attempt: number): Promise<boolean> {
  const ms = DESCRIPTOR_WAITS_MS[attempt];
  if (ms === undefined) return false;
  await sleep(ms);
  return true;
}
