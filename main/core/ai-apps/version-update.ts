// After FolderGate is updated or moved, the program its entries start (the app's executable, an
// AppImage, a checkout's Node) or the server script they name may have changed. At every start of
// the app core each AI app's entry is looked at once: FolderGate's own entry (as its last write
// left it: nobody edited it since) that differs from what FolderGate writes now only in that
// program is rewritten through the one edit path (lock, backup, record, Undo), after the server
// bundle is copied, and the write records what it started before (the AI apps screen says so).
// An entry the person edited, a file that cannot be read, an app not connected: left alone.
import path from 'node:path';
import type { ClientId, ClientState } from '#shared/clients/clients.js';
import type { ClientDescriptor } from './client-descriptors.js';
import { editConfig, type EditSeen } from './config-edit.js';
import { editorFor } from './editor-for.js';
import { entryMatches, mergedEntry, OWNED_ENV_KEYS } from './entry-compare.js';
import { installServerBundle } from './server-bundle.js';

/**
 * Whether `current` is FolderGate's own entry: what FolderGate's last write that set or removed
 * it left, on the keys FolderGate writes (what an app adds beside them, such as Cline's
 * autoApprove, or the person's own environment variables, are kept by every write anyway). A
 * record of a version before entries were recorded counts only while the whole file is
 * byte for byte what that connect or repair wrote.
 */
export function isOwnEntry(current: unknown, seen: EditSeen, envKey?: string): boolean {
  const writes = seen.record?.writes ?? [];
  for (let i = writes.length - 1; i >= 0; i--) {
    const write = writes[i]!;
    if (write.what === 'allow') continue; // Gemini's lists: the entry is as before it
    if (write.what === 'disconnect') return false; // an entry since then is someone else's
    if (write.entry) return entryMatches(current, write.entry, envKey);
    return (
      i === writes.length - 1 &&
      (write.what === 'connect' || write.what === 'repair') &&
      seen.sha256 === write.writtenSha256
    );
  }
  return false;
}

const SCRIPT = /\.[cm]?js$/;

/** An entry's arguments as the program's own (flags), the server script, and the server's. */
function splitArgs(args: readonly string[]) {
  const i = args.findIndex((arg) => !arg.startsWith('-'));
  if (i < 0 || !SCRIPT.test(args[i]!)) return null;
  return { program: args.slice(0, i), script: args[i]!, server: args.slice(i + 1) };
}

/**
 * What the entry started before, when it differs from `expected` only in its program: the
 * command, the program's own arguments (Node's flags), the server script's path and the
 * environment variables only FolderGate writes (ELECTRON_RUN_AS_NODE). Everything else (the data
 * folder, the app's id, every other key) must be as FolderGate writes it now; else null.
 */
export function movedProgram(
  d: ClientDescriptor,
  current: unknown,
  expected: Record<string, unknown>,
): string | null {
  const was = d.launchOf(current);
  const now = d.launchOf(expected);
  const old = was && splitArgs(was.args);
  const next = now && splitArgs(now.args);
  if (!was || !now || !old || !next) return null;
  const env = Object.fromEntries(
    Object.entries(was.env).filter(([key]) => OWNED_ENV_KEYS.includes(key)),
  );
  // FolderGate's entry of today with the old program: the entry is that, or it changed more.
  const withOldProgram = d.entry({
    command: was.command,
    args: [...old.program, old.script, ...next.server],
    env,
  });
  if (!entryMatches(current, withOldProgram, d.envKey)) return null;
  return was.command !== now.command ? was.command : old.script;
}

/** What the update needs of the client service. */
export interface VersionUpdateDeps {
  appDataDir: string;
  serverBundle: string;
  descriptors: readonly ClientDescriptor[];
  configPath(d: ClientDescriptor): string;
  expectedEntry(d: ClientDescriptor): Record<string, unknown>;
  /** The parsed entry of a file's text (throws when it cannot be read). */
  readEntry(d: ClientDescriptor, file: string, body: string): unknown;
  /** An app's state now (never waits for this update). */
  state(id: ClientId): Promise<ClientState>;
}

/** The apps whose entries were rewritten, and those whose rewrite failed (left as they were). */
export interface VersionUpdateResult {
  updated: ClientId[];
  failed: { id: ClientId; message: string }[];
}

/** The update running in this process, per data folder: a second call joins it. */
const running = new Map<string, Promise<VersionUpdateResult>>();

/** The update running now for this data folder, if one is (resolves, never rejects). */
export function runningUpdate(appDataDir: string): Promise<unknown> | undefined {
  return running.get(path.resolve(appDataDir))?.catch(() => undefined);
}

/**
 * Rewrites FolderGate's own entries left behind by an update or a move (see the top of this
 * file). Idempotent: a second run finds every such entry as FolderGate writes it now. Never runs
 * twice at once in a process (both hosts' cores on one data folder share the run); another
 * process's run is kept apart by each file's lock, under which every decision is made again.
 */
export function updateOwnEntries(deps: VersionUpdateDeps): Promise<VersionUpdateResult> {
  const key = path.resolve(deps.appDataDir);
  const already = running.get(key);
  if (already) return already;
  const run = update(deps).finally(() => running.delete(key));
  running.set(key, run);
  return run;
}

async function update(deps: VersionUpdateDeps): Promise<VersionUpdateResult> {
  const result: VersionUpdateResult = { updated: [], failed: [] };
  const states = await Promise.all(deps.descriptors.map((d) => deps.state(d.id)));
  if (!states.some((s) => s.status === 'connected' || s.status === 'needs-repair')) return result;
  // First the bundle every entry starts (this version's): a rewritten entry never points at one
  // that is not there, and an entry whose program did not move runs this version's server too.
  await installServerBundle(deps.appDataDir, deps.serverBundle);
  // Claude's extension is Claude's: it says itself when it is outdated.
  const candidates = states.filter((s) => s.status === 'needs-repair' && !s.extension?.installed);
  for (const state of candidates) {
    const d = deps.descriptors.find((x) => x.id === state.id)!;
    const file = deps.configPath(d);
    const expected = deps.expectedEntry(d);
    let from: string | null = null;
    try {
      const outcome = await editConfig({
        appDataDir: deps.appDataDir,
        file,
        name: d.name,
        what: 'repair',
        next(body, seen) {
          // Decided again under the lock, on the bytes about to be replaced.
          from = null;
          const current = deps.readEntry(d, file, body);
          if (current === undefined || editorFor(d).copies(body) > 1) return null;
          if (entryMatches(current, expected, d.envKey)) return null;
          if (!isOwnEntry(current, seen, d.envKey)) return null;
          from = movedProgram(d, current, expected);
          if (from === null) return null;
          return editorFor(d).write(body, mergedEntry(current, expected, d.envKey));
        },
        recorded: () => ({ entry: expected, ...(from === null ? {} : { updatedFrom: from }) }),
      });
      if (outcome.changed) result.updated.push(d.id);
    } catch (error) {
      result.failed.push({ id: d.id, message: (error as Error).message });
    }
  }
  return result;
}
