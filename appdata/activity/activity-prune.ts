import fs from 'node:fs';
import path from 'node:path';
import {
  ACTIVITY_FOLDER_MAX_BYTES,
  activityDay,
  activityDayOfFile,
  activityDayStart,
  activityFileName,
} from '#shared/activity/activity.js';

/** Options of {@link pruneAuditFolder}. */
export interface PruneOptions {
  /** Days kept: today and the `retentionDays - 1` days before it (UTC). At least 1. */
  retentionDays: number;
  /** Total size the folder is brought under, oldest days first (default 200 MiB). */
  maxFolderBytes?: number;
  /** Epoch ms of now. */
  now: number;
}

/** What a prune removed. */
export interface PruneResult {
  deleted: string[];
  freedBytes: number;
  /** Bytes of day files left. */
  keptBytes: number;
}

/**
 * Deletes day files older than the retention, then the oldest remaining days while the folder is
 * over its size cap; today's file is never deleted (a server may be appending to it). Other files
 * are left alone. Safe against concurrent writers: a writer notices the removed file and reopens.
 * Used by each server at start (and at each UTC day change) and by the app.
 */
export function pruneAuditFolder(dir: string, options: PruneOptions): PruneResult {
  const maxBytes = options.maxFolderBytes ?? ACTIVITY_FOLDER_MAX_BYTES;
  const today = activityDay(options.now);
  const keepDays = Math.max(1, Math.floor(options.retentionDays));
  const oldestKept = activityDay(activityDayStart(today) - (keepDays - 1) * 86_400_000);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { deleted: [], freedBytes: 0, keptBytes: 0 };
    throw error;
  }
  const days = names
    .map((name) => activityDayOfFile(name))
    .filter((day): day is string => day !== null)
    .sort();
  const result: PruneResult = { deleted: [], freedBytes: 0, keptBytes: 0 };
  const kept: Array<{ day: string; size: number }> = [];
  for (const day of days) {
    const size = sizeOf(dir, day);
    if (size === null) continue;
    if (day < oldestKept) remove(dir, day, size, result);
    else kept.push({ day, size });
  }
  let total = kept.reduce((sum, k) => sum + k.size, 0);
  for (const k of kept) {
    if (total <= maxBytes || k.day >= today) break;
    if (remove(dir, k.day, k.size, result)) total -= k.size;
  }
  result.keptBytes = total;
  return result;
}

function sizeOf(dir: string, day: string): number | null {
  const stat = fs.statSync(path.join(dir, activityFileName(day)), { throwIfNoEntry: false });
  return stat?.isFile() ? stat.size : null;
}

function remove(dir: string, day: string, size: number, result: PruneResult): boolean {
  try {
    fs.unlinkSync(path.join(dir, activityFileName(day)));
  } catch (error) {
    // Another process pruned it first.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
  result.deleted.push(activityFileName(day));
  result.freedBytes += size;
  return true;
}
