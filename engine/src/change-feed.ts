// What the engine tells servers that watch a folder (the engine channel's watch: a server follows
// a saved search result, mcp-server/src/resources/live-results.ts): the paths its watches
// reported, sent once the index applied them (the engine's status callback comes after each batch
// of changes applied), so that a server that asks again then gets the new answer.
import { ENGINE_WATCH_MAX_PATHS, type EngineWatchEvent } from '#shared/engine/engine.js';
import { watchFolder, type WatchSink } from './folder-watch.js';

type Send = (event: EngineWatchEvent) => void;

/** The engine's side of server watches. */
export interface ChangeFeed {
  /** The folder watch the engine uses (folder-watch.ts), noting each change for the watchers. */
  watch: typeof watchFolder;
  /** Tells each watcher what changed in its folder since the last time (after changes applied). */
  flush(): void;
  /** A server's watch of `rootReal`; null when `held(rootReal)` says the engine does not hold it. */
  add(rootReal: string, send: Send): (() => void) | null;
}

/** Creates the feed; `held` says whether the engine holds a folder now. */
export function createChangeFeed(held: (rootReal: string) => boolean): ChangeFeed {
  const watchers = new Map<string, Set<Send>>();
  // Per folder: paths noted since the last flush (null: read again whole).
  const noted = new Map<string, Set<string> | null>();
  return {
    watch(rootReal, sink, onError, platform) {
      const noting: WatchSink = (rel, renamed) => {
        if (watchers.has(rootReal)) {
          const paths = noted.get(rootReal);
          if (rel === null || paths === null || (paths?.size ?? 0) >= ENGINE_WATCH_MAX_PATHS)
            noted.set(rootReal, null);
          else noted.set(rootReal, (paths ?? new Set()).add(rel));
        }
        sink(rel, renamed);
      };
      return watchFolder(rootReal, noting, onError, platform);
    },
    flush() {
      for (const [rootReal, paths] of noted) {
        const event: EngineWatchEvent = paths
          ? { type: 'changed', kind: 'changed', rels: [...paths] }
          : { type: 'changed', kind: 'rescan', rels: [] };
        for (const send of watchers.get(rootReal) ?? []) send(event);
      }
      noted.clear();
    },
    add(rootReal, send) {
      if (!held(rootReal)) return null;
      const set = watchers.get(rootReal) ?? new Set();
      set.add(send);
      watchers.set(rootReal, set);
      return () => {
        set.delete(send);
        if (set.size === 0) watchers.delete(rootReal);
      };
    },
  };
}
