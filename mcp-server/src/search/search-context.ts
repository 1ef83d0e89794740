// What a search call runs with besides its arguments, and how it asks the app's search engine.
import type { ServerConfig } from '#appdata/settings/server-config.js';
import type { EngineAnswer, EngineQuery } from '#shared/engine/engine.js';
import type { WalkStats } from '#search/walker.js';

/** What a search call needs besides its arguments. */
export interface SearchContext {
  config: ServerConfig;
  signal?: AbortSignal | undefined;
  onProgress?: ((stats: WalkStats) => void) | undefined;
  /** Scan a first page anew even when a recent snapshot of it exists. */
  fresh?: boolean | undefined;
  /** The app's search engine, asked before walking (absent: always walk). */
  engine?: EngineAsk | undefined;
  /** Ask the engine also how many entries match the whole search (a first page only). */
  countAll?: boolean | undefined;
}

/** How a search asks the app's search engine (the engine channel, or an engine in the process). */
export interface EngineAsk {
  /** The engine's answer or decline; null when it could not be asked. Never rejects. */
  ask(query: EngineQuery, signal?: AbortSignal): Promise<EngineAnswer | null>;
  /** Entries found changed on disk since the engine listed them (an engine in the process). */
  recheck?(rootReal: string, rels: string[]): void;
  /** Told why an answer was refused as not the walk's (tests hold a real engine to none). */
  refused?(why: string): void;
}
