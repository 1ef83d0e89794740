import { buildActivityRecord, type ActivityToolResult } from '#shared/activity/activity-builder.js';
import type { ActivityDecision } from '#shared/activity/activity.js';
import type { ConfigSource, ServerConfig } from '#appdata/settings/server-config.js';
import { pruneAuditFolder } from '#appdata/activity/activity-prune.js';
import { createAuditWriter } from '#appdata/activity/activity-writer.js';
import { whoIsAsking } from './caller.js';
import { previewSearchOf } from '#shared/activity/preview-search.js';

/** One finished tools/call, as the server's handler saw it. */
export interface FinishedCall {
  /** Epoch ms when the call started and ended. */
  startedAt: number;
  endedAt: number;
  /** The client as it named itself in initialize; undefined before initialize. */
  client: { name: string; version: string } | undefined;
  /** The tool name as called (either spelling, or an unknown one). */
  tool: string;
  args: unknown;
  /** The config the call ran with (its roots, and whether recording is on). */
  config: ServerConfig;
  /** The answer sent, or undefined when the handler threw. */
  result?: ActivityToolResult | undefined;
  thrown?: unknown;
  /** The request's signal fired: the client cancelled or its timeout ran out. */
  aborted: boolean;
  /** How the approval request ended, when the person was asked or a remembered answer applied. */
  decision?: ActivityDecision | undefined;
  /** What the walk had looked at when the call ended without an answer (cancelled). */
  scannedSoFar?: { scannedFiles: number; scannedDirectories: number } | undefined;
  /** The call's `_meta` (a preview server records the preview search it names). */
  meta?: Record<string, unknown> | undefined;
}

/** The server's side of the activity log. */
export interface ActivityLog {
  /** Appends the call's record when recording is on; never throws, one write syscall. */
  record(call: FinishedCall): void;
  /** Prunes old days now (at start); never throws. */
  prune(): void;
  close(): void;
}

/** Options of {@link createActivityLog}. */
export interface ActivityLogOptions {
  /** The audit folder (resolveAuditDir); null = record nothing. */
  dir: string | null;
  /** Read for the retention when a new UTC day starts or prune() runs. */
  config: ConfigSource;
  log: (message: string) => void;
  /** The entry's `--client`: who is asking is recorded as that app (runtime/caller.ts). */
  client?: string | null;
  /** Started with `--preview`: a call's `_meta` may name the preview search it is a page of. */
  preview?: boolean;
  pid?: number;
  now?: () => number;
}

/**
 * Records each tool call into the shared audit folder. The record is written synchronously
 * before the answer is sent: one `write` of one line costs microseconds, and it means the app
 * shows a call no later than the AI app gets its answer, and nothing is lost when the server
 * exits right after. Whether to record is read from the call's own config, so switching it off
 * in the app applies to the next call of every running server.
 */
export function createActivityLog(options: ActivityLogOptions): ActivityLog {
  const { dir, log } = options;
  const now = options.now ?? Date.now;
  const pid = options.pid ?? process.pid;
  const retentionDays = () => options.config.current().activity.retentionDays;
  const writer = createAuditWriter({ dir, retentionDays, log, now });
  let complained = false;

  return {
    record(call) {
      if (dir === null || !call.config.activity.enabled) return;
      try {
        writer.append(
          buildActivityRecord({
            startedAt: call.startedAt,
            endedAt: call.endedAt,
            pid,
            client: whoIsAsking(options.client ?? null, call.client),
            tool: call.tool,
            args: call.args,
            roots: call.config.roots,
            defaultRoot: call.config.defaultRoot,
            result: call.result,
            thrown: call.thrown,
            aborted: call.aborted,
            decision: call.decision,
            scannedSoFar: call.scannedSoFar,
            previewSearch: options.preview ? previewSearchOf(call.meta) : undefined,
          }),
        );
      } catch (error) {
        // The writer never throws; this guards the builder, so a record can never fail a call.
        if (complained) return;
        complained = true;
        log(`activity log: a call could not be recorded (${errorText(error)})`);
      }
    },
    prune() {
      if (dir === null) return;
      try {
        pruneAuditFolder(dir, { retentionDays: retentionDays(), now: now() });
      } catch (error) {
        // A folder that is not there (yet) or not a folder is the first write's to report.
        const code = (error as NodeJS.ErrnoException | null)?.code;
        if (code !== 'ENOTDIR' && code !== 'ENOENT')
          log(`activity log: pruning ${dir} failed (${errorText(error)})`);
      }
    },
    close: () => writer.close(),
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
