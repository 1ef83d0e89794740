// Saved results followed in the app's live index (docs/contracts/resources.md §5): one watch per
// folder on the engine channel (engine-channel.ts `watchEngine`); on each change the engine
// applied there, every followed result of that folder is searched again (through the engine:
// cheap) and compared; only a different answer is announced (`notifications/resources/updated`),
// and the kept matches become the new ones. No engine: a subscription is refused, never polled.
import fs from 'node:fs';
import { formatToolError } from '#shared/errors/errors.js';
import { parseResourceUri } from '#shared/tools/resource-names.js';
import type { EnginePaths } from '#shared/engine/engine.js';
import type { ConfigSource } from '#appdata/settings/server-config.js';
import { watchEngine, type EngineWatch } from '#appdata/engine/engine-channel.js';
import { log } from '#appdata/log.js';
import { isPausedAt } from '#shared/settings/settings.js';
import { planSearch } from '../search/search-plan.js';
import { searchByTime } from '../search/search-by-time.js';
import type { EngineAsk } from '../search/search-context.js';
import { rootNow } from './resource-bodies.js';
import { noEngine, resourcesEnabled, type LiveResults } from './resources.js';
import type { ResultStore, SavedResult } from './result-store.js';

/** A second look this long after a change that did not alter an answer (the index may lag). */
const SECOND_LOOK_MS = 300;

/** What following results needs. */
export interface LiveResultsOptions {
  config: ConfigSource;
  results: ResultStore;
  /** The engine channel (null: no app data folder, so no engine). */
  paths: EnginePaths | null;
  engine: EngineAsk | undefined;
  /** Sends `notifications/resources/updated` for `uri`. */
  notify(uri: string): void;
}

/** Creates the follower of one connection's results. */
export function createLiveResults(options: LiveResultsOptions): LiveResults & {
  /** Whether the engine's socket is there (a 2026 listen is refused without it). */
  engineListening(): boolean;
} {
  const { config, results, paths, engine } = options;
  // Per folder (real path): its watch (or the promise of one) and the results followed there.
  const folders = new Map<string, Followed>();
  const running = new Set<string>();
  const again = new Set<string>();

  async function recheck(rootReal: string, secondLook: boolean): Promise<void> {
    const folder = folders.get(rootReal);
    if (!folder) return;
    if (running.has(rootReal)) return void again.add(rootReal); // looked at once this one ends
    running.add(rootReal);
    let anyChanged = false;
    try {
      for (const uri of folder.uris) {
        const address = parseResourceUri(uri);
        const saved = address?.kind === 'result' ? results.get(address.id) : null;
        if (!saved) folder.uris.delete(uri);
        else if (await changed(saved)) anyChanged = true;
      }
    } finally {
      running.delete(rootReal);
    }
    if (again.delete(rootReal)) return recheck(rootReal, false);
    if (!anyChanged && !secondLook)
      setTimeout(() => void recheck(rootReal, true), SECOND_LOOK_MS).unref();
  }

  /** Searches `saved` again; announces and keeps a different answer. */
  async function changed(saved: SavedResult): Promise<boolean> {
    const now = config.current();
    if (!resourcesEnabled(now) || isPausedAt(now, Date.now())) return false;
    try {
      rootNow(saved, now);
      const { output } = await searchByTime(saved.args, { config: now, engine, fresh: true });
      if (JSON.stringify(output.matches) === JSON.stringify(saved.matches)) return false;
      results.refresh(saved.id, output.matches, output.nextCursor !== null);
      options.notify(saved.uri);
      return true;
    } catch (error) {
      log(`resources: a followed result could not be searched again (${String(error)})`);
      return false;
    }
  }

  type Followed = { watch: Promise<EngineWatch | null>; uris: Set<string> };
  function open(rootReal: string): Followed {
    const folder: Followed = { watch: Promise.resolve(null), uris: new Set() };
    if (!paths) return folder;
    folder.watch = watchEngine({
      paths,
      rootReal,
      onEvent: () => void recheck(rootReal, false),
      onEnd: () => {
        if (folders.get(rootReal) !== folder) return;
        folders.delete(rootReal);
        log(`resources: the app's engine stopped telling changes in ${rootReal}`);
      },
    });
    return folder;
  }

  return {
    async follow(saved) {
      const plan = planSearch(saved.args, config.current());
      const rootReal = plan.root.real;
      let folder = folders.get(rootReal);
      if (!folder) {
        folder = open(rootReal);
        folders.set(rootReal, folder);
      }
      if ((await folder.watch) === null) {
        if (folders.get(rootReal) === folder) folders.delete(rootReal);
        throw noEngine();
      }
      folder.uris.add(saved.uri);
      // A change between the search and the watch is caught by looking once now.
      void recheck(rootReal, false);
    },
    unfollow(uri) {
      for (const [rootReal, folder] of folders) {
        folder.uris.delete(uri);
        if (folder.uris.size > 0) continue;
        folders.delete(rootReal);
        void folder.watch.then((watch) => watch?.close());
      }
    },
    engineListening: () => paths !== null && fs.existsSync(paths.socketPath),
  };
}

/**
 * A 2026-07-28 `subscriptions/listen` that asks for saved results (`resourceSubscriptions`): the
 * results this connection keeps are followed (the SDK's listen router then delivers their
 * updates on that stream); refused, before the SDK acknowledges it, when the app's engine is not
 * there to tell changes.
 */
export function screenListen(
  request: { method: string; params?: unknown },
  results: ResultStore,
  live: (LiveResults & { engineListening?(): boolean }) | undefined,
): { code: number; message: string } | null {
  if (request.method !== 'subscriptions/listen') return null;
  const asked = (request.params as { notifications?: { resourceSubscriptions?: unknown } })
    ?.notifications?.resourceSubscriptions;
  if (!Array.isArray(asked)) return null;
  const saved = asked
    .map((uri) => (typeof uri === 'string' ? parseResourceUri(uri) : null))
    .map((address) => (address?.kind === 'result' ? results.get(address.id) : null))
    .filter((result): result is SavedResult => result !== null);
  if (saved.length === 0) return null;
  if (!live?.engineListening?.()) return { code: -32001, message: formatToolError(noEngine()) };
  for (const result of saved) {
    live.follow(result).catch((error: unknown) => {
      log(`resources: ${result.uri} cannot be followed (${String(error)})`);
    });
  }
  return null;
}
