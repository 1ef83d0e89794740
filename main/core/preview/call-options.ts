// The options of one preview call (server-supervisor.ts's callTool).

/** A call that reports progress and can be stopped. */
export interface CallOptions {
  /** Aborting it cancels the call (notifications/cancelled); the call then rejects. */
  signal?: AbortSignal;
  /** The server's progress notifications: a growing number and its words. */
  onProgress?(progress: { progress: number; message?: string }): void;
  /** The call's `_meta` (the Search preview's "Search as": SEARCH_AS_META). */
  meta?: Record<string, unknown>;
}
