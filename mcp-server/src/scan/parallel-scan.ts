import type { WalkResult, WalkStats } from '../walker.js';
import type { Part } from './candidates.js';
import { scanRegion, type RegionSpec, type ScanQuery } from './region-scan.js';

/** What a time-sorted scan of a region found, however it was split. */
export interface TimeScan {
  walk: WalkResult;
  skippedUnreadable: number;
  /** Sorted parts: every match when `complete`, else at least the best `keep` after the key. */
  parts: Part[];
  complete: boolean;
  folders: string[];
}

/** Scans a region of a time-sorted search. */
export async function scanTimeSorted(
  query: ScanQuery,
  region: RegionSpec,
  options: {
    signal?: AbortSignal | undefined;
    onProgress?: ((stats: WalkStats) => void) | undefined;
  },
): Promise<TimeScan> {
  const r = await scanRegion(query, region, options);
  return {
    walk: r.walk,
    skippedUnreadable: r.skippedUnreadable,
    parts: [r.part],
    complete: r.complete,
    folders: r.folders,
  };
}
