// A page in time order (`time_desc`, `time_asc`), walked: the folder is scanned in regions (on
// the scan pool where it helps: scan/parallel-scan.ts), and a scan that saw every match is kept
// as a snapshot, so the next pages, and the same first page again, need no walk.
import type { ServerConfig } from '#appdata/settings/server-config.js';
import { collectSoon } from '#search/idle-gc.js';
import { compareOf } from '#search/matcher.js';
import { scanTimeSorted } from '../scan/parallel-scan.js';
import { takeAfter } from '../scan/parts.js';
import type { RegionSpec, ScanQuery } from '../scan/region-scan.js';
import { createSnapshotCache } from '../scan/snapshot-cache.js';
import type { SearchContext } from './search-context.js';
import type { Found, SearchPlan } from './search-plan.js';

// Recent complete scans of time sorts (see scan/snapshot-cache.ts), held in the server and in the
// scan children. 16 MB of estimated bytes (about 180,000 matches; two scans of the benchmark's
// 80,000) and two minutes by default: the 64 MB, and then 32 MB, left the server and its
// scan child above their 200 MB peak on 200,000 files (measured: 32 MB 199–205 MB, 16 MB 187
// MB). FOLDERGATE_SNAPSHOT_TTL_MS=0 turns snapshots off (tests of the rescan path).
const SNAPSHOT_MAX_BYTES = 16 * 1024 * 1024;
const snapshotTtlMs = Number(process.env.FOLDERGATE_SNAPSHOT_TTL_MS ?? 120_000);
const snapshots = createSnapshotCache({ maxBytes: SNAPSHOT_MAX_BYTES, ttlMs: snapshotTtlMs });

/** The page from a recent snapshot of the same scan, else from a scan of the folder. */
export async function scanTimeOrder(plan: SearchPlan, ctx: SearchContext): Promise<Found> {
  const { cursor, fixed, req } = plan;
  const sort = req.sort === 'time_asc' ? 'time_asc' : 'time_desc';
  const compare = compareOf(sort);
  const after = cursor?.a ? { rel: cursor.a.p, t: cursor.a.t } : null;
  const keep = req.limit + 1;
  const ws = cursor?.ws ?? null;
  const we = fixed ? (cursor?.we ?? null) : null;
  const keyBase = JSON.stringify([plan.queryHash, req.sort, plan.root.fileTypes]);
  const openKey = `${keyBase}|open|${ws}`;
  const fixedKey = `${keyBase}|fixed|${ws}|${we}`;
  // A first page asked with a progress token is scanned anew: that client waits for and watches
  // the scan (progress, cancellation). A plain repeat within the TTL comes from the snapshot.
  const useSnapshot = snapshotTtlMs > 0 && (cursor !== null || ctx.fresh !== true);
  const snapshot = useSnapshot ? snapshots.get(fixed ? fixedKey : openKey) : null;
  if (snapshot) {
    const matches = await snapshot.page(after, keep);
    if (matches !== null)
      return {
        matches,
        more: false,
        walk: snapshot.walk,
        skippedUnreadable: snapshot.skippedUnreadable,
        snapshotMadeAt: snapshot.createdAt,
      };
    // Part of it is gone (a scan child exited): scanned anew, as without one.
    snapshots.forget(snapshot);
  }

  const startedAt = Date.now();
  const query: ScanQuery = {
    ...plan.match,
    startReal: plan.startReal,
    rootReal: plan.root.real,
    rootId: plan.root.id,
    startRel: plan.startRel,
    exclude: plan.exclude,
    maxDepth: plan.maxDepth,
    followSymlinks: ctx.config.followSymlinks,
    sort,
    after,
    keep,
    collectAllBytes: snapshotTtlMs > 0 ? SNAPSHOT_MAX_BYTES : 0,
  };
  const region: RegionSpec = {
    after: ws,
    until: we,
    limits: fixed ? null : plan.countLimits,
    deadline: plan.deadline,
  };
  const scan = await scanTimeSorted(query, region, {
    signal: ctx.signal,
    onProgress: ctx.onProgress,
  }).catch(plan.asStartError);
  const { walk } = scan;
  if (scan.complete) {
    const keys =
      walk.stopReason === 'done'
        ? fixed
          ? [fixedKey]
          : [openKey, `${keyBase}|fixed|${ws}|null`]
        : !fixed && (walk.stopReason === 'files' || walk.stopReason === 'directories')
          ? [openKey]
          : [];
    if (keys.length > 0) {
      const record = { ...scan, ...scan.all, startedAt, startReal: plan.startReal };
      snapshots.put(keys, record, compare);
    } else scan.all.remote?.release();
  }
  // The scan's garbage is collected, and what the snapshot keeps compacted, once answered.
  collectSoon(() => snapshots.compact());
  return {
    matches: takeAfter(scan.parts, after, keep, compare),
    more: false,
    walk,
    skippedUnreadable: scan.skippedUnreadable,
    snapshotMadeAt: null,
  };
}

/**
 * Drops every snapshot when the settings that shape results besides the query changed since the
 * last call (whichever source answers it).
 */
export function keepSnapshotsFor(config: ServerConfig): void {
  snapshots.useSettings(
    JSON.stringify([config.roots, config.exclude, config.followSymlinks, config.limits]),
  );
}
