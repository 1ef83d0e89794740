import { enableFastLstat } from '#search/fast-lstat.js';
import { collectSoon } from '#search/idle-gc.js';
import type { WalkResult } from '#search/walker.js';
import { Collected, takeAfter, toPart, toWire, type Part, type WirePart } from './parts.js';
import { type SortKey } from '#search/candidates.js';
import { compareOf } from '#search/matcher.js';
import { scanRegion, type RegionSpec, type ScanQuery } from './region-scan.js';
import { useNativeWalkListing } from './walk-listing.js';

export { SCAN_CHILD_ARG } from './scan-arg.js';

/** A region to scan. */
export interface ScanMessage {
  type: 'scan';
  id: number;
  query: ScanQuery;
  region: Omit<RegionSpec, 'deadline'>;
  /** Milliseconds left until the scan's time limit (clocks differ between processes). */
  deadlineIn: number;
}

/** A message from the server to a scan child. */
export type ToChild =
  | ScanMessage
  | { type: 'cancel'; id: number }
  /** The first `keep` matches after `after` across the kept regions `stores` (for a snapshot page). */
  | {
      type: 'page';
      id: number;
      stores: number[];
      sort: 'time_desc' | 'time_asc';
      after: SortKey | null;
      keep: number;
    }
  /** Forget kept regions (their snapshot is gone). */
  | { type: 'drop'; stores: number[] };

/** What a scan child sends back. */
export type FromChild =
  | { type: 'ready' }
  | { type: 'progress'; id: number; files: number; directories: number }
  | {
      type: 'done';
      id: number;
      walk: WalkResult;
      skippedUnreadable: number;
      /** The best `keep` after the query's key, sorted: what the page needs now. */
      part: WirePart;
      complete: boolean;
      /** Folders met, NUL-separated. */
      folders: string;
      /**
       * Every match of the region, kept in the child under the scan's id for later pages of a
       * snapshot (null: not kept). `bytes` is the estimate the snapshot cache counts.
       */
      kept: { count: number; bytes: number } | null;
    }
  | { type: 'failed'; id: number; message: string; code: string | null }
  /** A page of kept regions; null when one of them is no longer kept. */
  | { type: 'page'; id: number; part: WirePart | null };

interface Kept {
  sort: 'time_desc' | 'time_asc';
  /** The region's matches in tree order until sorted (when idle, or when first paged). */
  list: Collected | null;
  part: Part | null;
  bytes: number;
}

/**
 * Runs this process as a scan child: scans the regions the server sends, one at a time in the
 * order sent (the server queues the next before this one ends, so the child never waits for it),
 * with the same walk, folder access and filters as the server itself. It answers each region with
 * only what the page needs and keeps the region's other matches for the snapshot's later pages,
 * sorted once nothing else is waiting: the server then holds no copy (less memory, and nothing
 * large crosses between the processes). Writes nothing to stdout. Exits when the server goes.
 */
export function runScanChild(): void {
  enableFastLstat();
  useNativeWalkListing();
  const send = (message: FromChild) => process.send?.(message);
  const queue: ScanMessage[] = [];
  let running: { id: number; controller: AbortController } | null = null;
  const kept = new Map<number, Kept>();
  let keptTotal = 0;

  const sortedPart = (k: Kept): Part => {
    if (k.part === null) {
      k.part = (k.list ?? new Collected()).sorted(k.sort);
      k.list = null;
    }
    return k.part;
  };
  const forget = (id: number) => {
    const k = kept.get(id);
    if (!k) return;
    kept.delete(id);
    keptTotal -= k.bytes;
  };
  const keep = (id: number, sort: Kept['sort'], list: Collected, limit: number) => {
    const bytes = list.bytes();
    if (bytes > limit) return null;
    // Oldest first out (the server's cache drops them too; this only bounds the child).
    for (const old of kept.keys()) {
      if (keptTotal + bytes <= limit) break;
      forget(old);
    }
    kept.set(id, { sort, list, part: null, bytes });
    keptTotal += bytes;
    return { count: list.length, bytes };
  };
  const whenIdle = () =>
    collectSoon(() => {
      if (running !== null || queue.length > 0) return;
      for (const k of kept.values()) sortedPart(k);
    });

  const runNext = () => {
    if (running !== null) return;
    const message = queue.shift();
    if (message === undefined) return whenIdle();
    const { id, query } = message;
    const controller = new AbortController();
    running = { id, controller };
    const region = { ...message.region, deadline: performance.now() + message.deadlineIn };
    scanRegion(query, region, {
      signal: controller.signal,
      onProgress: (stats) =>
        send({
          type: 'progress',
          id,
          files: stats.scannedFiles,
          directories: stats.scannedDirectories,
        }),
    })
      .then((result) =>
        send({
          type: 'done',
          id,
          walk: result.walk,
          skippedUnreadable: result.skippedUnreadable,
          part: toWire(result.part),
          complete: result.complete,
          folders: result.folders.join('\0'),
          kept:
            result.complete && result.unsorted !== null
              ? keep(id, query.sort, result.unsorted, query.collectAllBytes)
              : null,
        }),
      )
      .catch((error: unknown) =>
        send({
          type: 'failed',
          id,
          message: error instanceof Error ? error.message : String(error),
          code: (error as { code?: unknown } | null)?.code?.toString() ?? null,
        }),
      )
      .finally(() => {
        running = null;
        runNext();
      });
  };

  process.on('disconnect', () => process.exit(0));
  process.on('message', (message: ToChild) => {
    switch (message.type) {
      case 'scan':
        queue.push(message);
        runNext();
        return;
      case 'cancel': {
        if (running?.id === message.id) return running.controller.abort();
        const at = queue.findIndex((m) => m.id === message.id);
        if (at >= 0) {
          queue.splice(at, 1);
          send({ type: 'failed', id: message.id, message: 'cancelled', code: 'ECANCELED' });
        }
        return;
      }
      case 'page': {
        const parts: Part[] = [];
        for (const store of message.stores) {
          const k = kept.get(store);
          if (!k) return send({ type: 'page', id: message.id, part: null });
          parts.push(sortedPart(k));
        }
        const best = takeAfter(parts, message.after, message.keep, compareOf(message.sort));
        send({ type: 'page', id: message.id, part: toWire(toPart(best)) });
        return;
      }
      case 'drop':
        for (const store of message.stores) forget(store);
        if (running === null && queue.length === 0) whenIdle();
        return;
    }
  });
  send({ type: 'ready' });
}
