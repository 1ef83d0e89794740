import type { WalkResult } from '../walker.js';
import { toWire, type WirePart } from './candidates.js';
import { scanRegion, type RegionSpec, type ScanQuery } from './region-scan.js';

/** The hidden argument that makes the server's bundle run as a scan child (scan/pool.ts). */
export const SCAN_CHILD_ARG = '--scan-worker';

/** A message from the server to a scan child. */
export type ToChild =
  | {
      type: 'scan';
      id: number;
      query: ScanQuery;
      region: Omit<RegionSpec, 'deadline'>;
      /** Milliseconds left until the scan's time limit (clocks differ between processes). */
      deadlineIn: number;
    }
  | { type: 'cancel'; id: number };

/** What a scan child sends back. */
export type FromChild =
  | { type: 'ready' }
  | { type: 'progress'; id: number; files: number; directories: number }
  | {
      type: 'done';
      id: number;
      walk: WalkResult;
      skippedUnreadable: number;
      part: WirePart;
      complete: boolean;
      /** Folders met, NUL-separated. */
      folders: string;
    }
  | { type: 'failed'; id: number; message: string; code: string | null };

/**
 * Runs this process as a scan child: scans the regions the server sends, one at a time, with
 * the same walk, folder access and filters as the server itself, and sends back what the page
 * needs. Writes nothing to stdout (the server gives it none). Exits when the server goes.
 */
export function runScanChild(): void {
  const send = (message: FromChild) => process.send?.(message);
  const jobs = new Map<number, AbortController>();
  process.on('disconnect', () => process.exit(0));
  process.on('message', (message: ToChild) => {
    if (message.type === 'cancel') {
      jobs.get(message.id)?.abort();
      return;
    }
    const { id } = message;
    const controller = new AbortController();
    jobs.set(id, controller);
    const region = { ...message.region, deadline: performance.now() + message.deadlineIn };
    scanRegion(message.query, region, {
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
      .finally(() => jobs.delete(id));
  });
  send({ type: 'ready' });
}
