import { isReplacedError } from '#search/folder-access.js';
import { log } from '#appdata/log.js';
import type { StopReason, WalkResult, WalkStats } from '#search/walker.js';
import { takeAfter, toPart, type Collected, type Part } from './parts.js';
import { type SortKey } from '#search/candidates.js';
import { scanPool, startScanPool, type PoolJob, type ScanPool } from './pool.js';
import { compareOf } from '#search/matcher.js';
import {
  scanRegion,
  type KeptRegion,
  type RegionResult,
  type RegionSpec,
  type ScanQuery,
} from './region-scan.js';
import { findBoundaries } from './regions.js';
import { logWhenStopped, rethrowAfterCancel } from './scan-stopped.js';

/** Matches of a scan that scan children keep (see child.ts), for the pages of a snapshot. */
export interface RemoteMatches {
  readonly count: number;
  /** Estimated bytes they take in the children. */
  readonly bytes: number;
  /** The first `keep` after `after`, sorted; null when a child no longer has them. */
  page(after: SortKey | null, keep: number): Promise<Part | null>;
  /** Lets the children forget them. */
  release(): void;
}

/** What a time-sorted scan of a region found, however it was split. */
export interface TimeScan {
  walk: WalkResult;
  skippedUnreadable: number;
  /** Sorted parts: at least the best `keep` after the key. */
  parts: Part[];
  /**
   * When `complete`: every match (for a snapshot), in sorted parts and unsorted lists held here
   * and in what the scan children keep.
   */
  all: { parts: Part[]; pending: Collected[]; remote: RemoteMatches | null };
  complete: boolean;
  folders: string[];
}

type ScanOptions = {
  signal?: AbortSignal | undefined;
  onProgress?: ((stats: WalkStats) => void) | undefined;
};

/** Regions per scanner (each child and the server): enough that none is left idle at the end. */
const REGIONS_PER_SCANNER = 8;
const PROGRESS_MS = 200;
// Says on stderr when a scan is split (tests check the children really ran).
const DEBUG = process.env.FOLDERGATE_SCAN_DEBUG === '1';

/**
 * Scans a region of a time-sorted search: split across the scan children when the pool runs
 * and the tree splits, else (and whenever the children fail) in the server. Following links
 * stays in the server: which folder a link loop is cut at depends on the whole walk's order.
 */
export async function scanTimeSorted(
  query: ScanQuery,
  region: RegionSpec,
  options: ScanOptions,
): Promise<TimeScan> {
  // The scan processes start with the first scan that walks (none for a server that never
  // walks); that scan runs in the server while they start.
  const pool = scanPool() ?? (startScanPool(), null);
  if (pool !== null && !query.followSymlinks && pool.idleCount() > 0) {
    try {
      const boundaries = findBoundaries(
        query,
        region.after,
        region.until,
        (pool.size + 1) * REGIONS_PER_SCANNER,
      );
      if (boundaries.length >= 2) return await scanSplit(pool, query, region, boundaries, options);
    } catch (error) {
      // A root that is not the folder the person chose is refused, never scanned again here.
      if (options.signal?.aborted || isReplacedError(error)) throw error;
      log(
        `parallel scan failed (${error instanceof Error ? error.message : String(error)}); scanning in the server`,
      );
    }
  }
  const r = await scanRegion(query, region, options).catch(rethrowAfterCancel(options.signal));
  return {
    walk: r.walk,
    skippedUnreadable: r.skippedUnreadable,
    parts: [r.part],
    all: r.unsorted
      ? { parts: [], pending: [r.unsorted], remote: null }
      : { parts: [r.part], pending: [], remote: null },
    complete: r.complete,
    folders: r.folders,
  };
}

interface Slice {
  after: string | null;
  until: string | null;
  /**
   * Folders this region's walk counts that an earlier region already counted: the start folder
   * and the ancestors of `after` it opens on its way down (the boundary folder itself is counted
   * here, since the region before stops at it without entering it).
   */
  recount: number;
}

/**
 * The split scan. Regions go to idle children in tree order; their results are merged in tree
 * order, so the scan is a tree-order prefix ending at `stoppedAt`, exactly as one walk. When the
 * counted files or folders would pass a limit inside a region, that region is walked again in
 * the server with the counts before it (the walker's `prior`), which stops at exactly the entry
 * one walk would have stopped at; regions far beyond the limit are never dispatched. Cancelling
 * tells the children and answers at once.
 */
function scanSplit(
  pool: ScanPool,
  query: ScanQuery,
  region: RegionSpec,
  boundaries: string[],
  options: ScanOptions,
): Promise<TimeScan> {
  const slices: Slice[] = [];
  let prev = region.after;
  for (const b of [...boundaries, null]) {
    slices.push({
      after: prev,
      until: b ?? region.until,
      recount: slices.length === 0 ? 0 : prev!.split('/').length,
    });
    prev = b;
  }
  if (DEBUG) log(`scan split into ${slices.length} regions for ${pool.size} children`);
  const began = performance.now();
  const timings: string[] = [];
  const limits = region.limits;
  const results: (RegionResult | undefined)[] = new Array(slices.length);
  const running = new Map<number, { job: PoolJob; files: number; directories: number }>();
  let dispatched = 0;
  let merged = 0;
  // What the merged prefix counted (folders net of recounts).
  const sum = {
    files: 0,
    directories: 0,
    skippedUnreadable: 0,
    notEnteredAtMaxDepth: 0,
    invalidNames: 0,
    matcherSkipped: 0,
  };
  let lastProcessed: string | null = null;
  let doneFiles = 0;
  let doneDirectories = 0;
  const parts: Part[] = [];
  const pending: Collected[] = [];
  const sortedParts: Part[] = [];
  // Matches the children keep; dropped (in the children) unless they become a snapshot.
  const kept: KeptRegion[] = [];
  let localBusy = false;
  const folders: string[] = [''];
  let complete = true;
  let partBytes = 0;
  let finished = false;

  return new Promise<TimeScan>((resolve, reject) => {
    const signal = options.signal;
    const report = () => {
      let files = doneFiles;
      let directories = doneDirectories;
      for (const r of running.values()) {
        files += r.files;
        directories += r.directories;
      }
      options.onProgress?.({
        scannedFiles: files,
        scannedDirectories: directories,
        skippedUnreadable: 0,
        notEnteredAtMaxDepth: 0,
        invalidNames: 0,
      });
    };
    // The first report after half the interval (a client sees the scan has started), then steady.
    let progressTimer = setTimeout(() => {
      report();
      progressTimer = setInterval(report, PROGRESS_MS);
    }, PROGRESS_MS / 2);

    const end = (outcome: { scan: TimeScan } | { error: unknown }) => {
      if (finished) return;
      finished = true;
      // What children keep of regions not merged, and of a failed scan, is let go.
      const unmerged: KeptRegion[] = [];
      for (const r of results) if (r?.kept) unmerged.push(r.kept);
      results.fill(undefined);
      pool.drop(unmerged);
      if (!('scan' in outcome)) pool.drop(kept.splice(0));
      if (DEBUG)
        log(
          `split scan ended after ${(performance.now() - began).toFixed(0)} ms; regions ${timings.join(' ')}`,
        );
      clearTimeout(progressTimer);
      clearInterval(progressTimer);
      signal?.removeEventListener('abort', onAbort);
      if (!('scan' in outcome) && signal?.aborted) logWhenStopped(running.values());
      for (const r of running.values()) r.job.cancel();
      running.clear();
      if ('scan' in outcome) resolve(outcome.scan);
      else reject(outcome.error);
    };
    const onAbort = () => end({ error: signal?.reason });
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort);

    const finish = (stopReason: StopReason) => {
      const walk: WalkResult = {
        scannedFiles: sum.files,
        scannedDirectories: sum.directories,
        skippedUnreadable: sum.skippedUnreadable,
        notEnteredAtMaxDepth: sum.notEnteredAtMaxDepth,
        invalidNames: sum.invalidNames,
        stopReason,
        stoppedAt: lastProcessed,
      };
      end({
        scan: {
          walk,
          skippedUnreadable: sum.matcherSkipped,
          parts,
          all: complete
            ? { parts: sortedParts, pending, remote: remoteOf(pool, query.sort, kept) }
            : { parts: [], pending: [], remote: null },
          complete,
          folders: complete ? folders : [],
        },
      });
    };

    const add = (r: RegionResult, recount: number) => {
      sum.files += r.walk.scannedFiles;
      sum.directories += r.walk.scannedDirectories - recount;
      sum.skippedUnreadable += r.walk.skippedUnreadable;
      sum.notEnteredAtMaxDepth += r.walk.notEnteredAtMaxDepth;
      sum.invalidNames += r.walk.invalidNames;
      sum.matcherSkipped += r.skippedUnreadable;
      if (r.walk.stoppedAt !== null) lastProcessed = r.walk.stoppedAt;
      parts.push(r.part);
      // Every match of the region is either kept by the child that scanned it or, scanned here,
      // in `unsorted`; else (a child that could not keep them) there is no snapshot.
      if (r.kept) {
        kept.push(r.kept);
        partBytes += r.kept.bytes;
      } else if (r.unsorted !== null) {
        pending.push(r.unsorted);
        partBytes += r.unsorted.bytes();
      }
      if (!r.complete || (!r.kept && r.unsorted === null)) complete = false;
      else for (const f of r.folders) if (f !== '') folders.push(f);
      // Everything would pass the snapshot's cap: keep only what the page needs.
      if (complete && partBytes > query.collectAllBytes) {
        const best = takeAfter(parts, query.after, query.keep, compareOf(query.sort));
        parts.length = 0;
        parts.push(toPart(best));
        pending.length = 0;
        sortedParts.length = 0;
        complete = false;
        folders.length = 0;
      }
      if (!complete) pool.drop(kept.splice(0));
    };

    // Walks on from slice i to the end in the server, continuing the merged prefix's counts: the
    // walk stops at exactly the entry one walk would have stopped at (or goes to the end).
    const finishInServer = (i: number) => {
      const slice = slices[i]!;
      merged = slices.length + 1; // nothing more is merged or dispatched
      for (const run of running.values()) run.job.cancel();
      running.clear();
      for (const r of results) if (r?.kept) pool.drop([r.kept]);
      results.fill(undefined);
      scanRegion(
        query,
        {
          after: slice.after,
          until: region.until,
          limits,
          deadline: region.deadline,
          prior: {
            files: sum.files,
            directories: sum.directories - slice.recount,
            processed: lastProcessed !== null,
          },
        },
        {
          signal,
          onProgress:
            options.onProgress &&
            ((s) =>
              options.onProgress?.({
                ...s,
                scannedFiles: s.scannedFiles + sum.files,
                scannedDirectories: s.scannedDirectories + sum.directories,
              })),
        },
      ).then(
        (r) => {
          if (finished) return;
          add(r, slice.recount);
          finish(r.walk.stopReason);
        },
        (error: unknown) => end({ error }),
      );
    };

    const advance = () => {
      while (!finished && merged < slices.length) {
        const r = results[merged];
        if (r === undefined) break;
        const slice = slices[merged]!;
        const files = r.walk.scannedFiles;
        const directories = r.walk.scannedDirectories - slice.recount;
        const crossing =
          limits !== null &&
          (r.walk.stopReason === 'files' ||
            r.walk.stopReason === 'directories' ||
            sum.files + files > limits.maxFiles ||
            sum.directories + directories > limits.maxDirectories);
        if (crossing) return finishInServer(merged);
        add(r, slice.recount);
        results[merged] = undefined;
        merged++;
        if (r.walk.stopReason === 'time') return finish('time');
      }
      if (merged === slices.length) return finish('done');
      dispatch();
    };

    const dispatch = () => {
      while (!finished && dispatched < slices.length) {
        // Not far beyond a limit: stop handing out regions once those done reach it.
        if (
          limits !== null &&
          (doneFiles >= limits.maxFiles || doneDirectories >= limits.maxDirectories)
        )
          break;
        if (performance.now() >= region.deadline) break;
        const i = dispatched;
        const slice = slices[i]!;
        const entry = { job: null as unknown as PoolJob, files: 0, directories: 0 };
        const spec = { after: slice.after, until: slice.until, limits, deadline: region.deadline };
        const onProgress = (files: number, directories: number) => {
          entry.files = files;
          entry.directories = Math.max(0, directories - slice.recount);
        };
        // The children first (each holds the region it scans and the next), then the server.
        let job = pool.run(query, spec, onProgress);
        const local = job === null && !localBusy;
        if (local) {
          localBusy = true;
          job = scanHere(query, spec, onProgress);
          job.result.then(
            () => (localBusy = false),
            () => (localBusy = false),
          );
        }
        if (job === null) break;
        entry.job = job;
        running.set(i, entry);
        dispatched++;
        job.result.then(
          (r) => {
            if (finished || !running.has(i)) {
              if (r.kept) pool.drop([r.kept]);
              return;
            }
            running.delete(i);
            if (DEBUG)
              timings.push(`${i}${local ? 'S' : ''}:${(performance.now() - began).toFixed(0)}`);
            doneFiles += r.walk.scannedFiles;
            doneDirectories += r.walk.scannedDirectories - slice.recount;
            results[i] = r;
            advance();
          },
          (error: unknown) => {
            if (finished || !running.has(i)) return;
            end({ error });
          },
        );
      }
      // Nothing running and nothing more to hand out before the prefix is merged: the time
      // limit ran out between regions (or a limit was reached by regions not yet merged).
      if (
        !finished &&
        running.size === 0 &&
        merged < slices.length &&
        results[merged] === undefined
      ) {
        if (performance.now() >= region.deadline && lastProcessed !== null) finish('time');
        else finishInServer(merged);
      }
    };

    dispatch();
  });
}

/** A region scanned in the server itself, alongside the children (its share of the cores). */
function scanHere(
  query: ScanQuery,
  region: RegionSpec,
  onProgress: (files: number, directories: number) => void,
): PoolJob {
  const controller = new AbortController();
  const result = scanRegion(query, region, {
    signal: controller.signal,
    onProgress: (s) => onProgress(s.scannedFiles, s.scannedDirectories),
  });
  result.catch(() => undefined);
  return { result, cancel: () => controller.abort() };
}

/** What the children keep of a complete scan, as one handle for its snapshot. */
function remoteOf(
  pool: ScanPool,
  sort: 'time_desc' | 'time_asc',
  regions: KeptRegion[],
): RemoteMatches | null {
  if (regions.length === 0) return null;
  const held = regions.splice(0);
  return {
    count: held.reduce((n, r) => n + r.count, 0),
    bytes: held.reduce((n, r) => n + r.bytes, 0),
    page: (after, keep) => pool.page(held, sort, after, keep),
    release: () => pool.drop(held),
  };
}
