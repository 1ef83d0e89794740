import * as z from 'zod';
import { approvalDecisionRecordSchema } from '../approval/approval-decision.js';

// The activity log: one JSON line per tool call, appended by every MCP server process to
// `<auditDir>/YYYY-MM-DD.jsonl` (UTC day) and read by the app. This file holds the record's
// schema, the day-file naming both sides agree on, and the query filter the UI sends.

/** The record format's version; a reader skips lines of another version as invalid. */
export const ACTIVITY_RECORD_VERSION = 1;

/**
 * Longest line the writer stores, in UTF-8 bytes including the newline. Bigger records keep
 * only as many returned paths as fit (`pathsTruncated`), so a line is never split.
 */
export const ACTIVITY_LINE_MAX_BYTES = 256 * 1024;

/** Total size the audit folder is kept under by pruning (oldest days first, never today). */
export const ACTIVITY_FOLDER_MAX_BYTES = 200 * 1024 * 1024;

/** Days of history kept when settings say nothing. */
export const ACTIVITY_DEFAULT_RETENTION_DAYS = 30;

/** Longest string kept in a recorded argument (longer ones, e.g. cursors, end with "…"). */
export const ACTIVITY_ARG_MAX_CHARS = 4096;

/** Error codes of a refused attempt to reach outside the allowed folders (docs/contracts/error-codes.md §4). */
export const SECURITY_ERROR_CODES = [
  'PathTraversalDetected',
  'SymlinkEscapeDetected',
  'RootNotAllowed',
  'PathNotRelative',
] as const;

/** True when `code` marks a refused escape from the allowed folders. */
export function isSecurityErrorCode(code: string | null): boolean {
  return code !== null && (SECURITY_ERROR_CODES as readonly string[]).includes(code);
}

/** How a call ended: answered, answered with an error (refusals included), or cancelled. */
export const activityOutcomeSchema = z.enum(['ok', 'error', 'cancelled']);
/** @see activityOutcomeSchema */
export type ActivityOutcome = z.output<typeof activityOutcomeSchema>;

/**
 * The AI app: as it named itself in `initialize`, and the app FolderGate's entry was written for
 * (`--client`; absent for a hand-written entry), which the activity shows and filters by.
 */
export const activityClientSchema = z.object({
  name: z.string().max(200),
  version: z.string().max(200),
  app: z.string().max(64).optional(),
});
/** @see activityClientSchema */
export type ActivityClient = z.output<typeof activityClientSchema>;

/** Search details; paths are relative to the root ('/'-separated), never absolute. */
export const activitySearchSchema = z.object({
  /** The allowed folder's display name; null when the call named no allowed folder. */
  root: z.string().nullable(),
  matchCount: z.int().min(0),
  /** More matches exist (the answer carried a nextCursor). */
  partial: z.boolean(),
  scannedFiles: z.int().min(0),
  scannedDirectories: z.int().min(0),
  paths: z.array(z.string()),
  /** Set when the line cap forced the writer to drop some of `paths`. */
  pathsTruncated: z.literal(true).optional(),
  /** How many paths were returned when `pathsTruncated`. */
  pathsTotal: z.int().min(0).optional(),
});
/** @see activitySearchSchema */
export type ActivitySearch = z.output<typeof activitySearchSchema>;

/**
 * How an approval request ended, for a call the person wanted to be asked about: the very schema
 * of shared/approval.ts, so the server writes what the approval client returned.
 */
export const activityDecisionSchema = approvalDecisionRecordSchema;
/** @see activityDecisionSchema */
export type ActivityDecision = z.output<typeof activityDecisionSchema>;

/** See ActivityRecord.unrecorded. */
export const activityUnrecordedSchema = z.object({
  count: z.int().min(1),
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  reason: z.string().max(40),
});
/** @see activityUnrecordedSchema */
export type ActivityUnrecorded = z.output<typeof activityUnrecordedSchema>;

/** One line of the activity log: one tool call. */
export const activityRecordSchema = z.object({
  v: z.literal(ACTIVITY_RECORD_VERSION),
  /** When the call started, ISO 8601 UTC with milliseconds. */
  time: z.iso.datetime(),
  durationMs: z.int().min(0),
  pid: z.int().min(0),
  client: activityClientSchema.nullable(),
  /** The tool name as the client called it (either spelling). */
  tool: z.string(),
  outcome: activityOutcomeSchema,
  /** A ToolError code, or e.g. `RpcInvalidParams` for a protocol error; null when ok. */
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  /** A refused attempt to leave the allowed folders. */
  security: z.boolean(),
  /** The arguments as sent, except an allowed root's absolute path is replaced by its name. */
  args: z.record(z.string(), z.unknown()),
  search: activitySearchSchema.optional(),
  decision: activityDecisionSchema.optional(),
  /**
   * One page of a Search preview search over several folders (the preview's server only): the
   * search's id and how many folders it covered, so the window tells it as one search.
   */
  previewSearch: z
    .object({ id: z.string().max(100), folders: z.int().min(1).max(1000) })
    .optional(),
  /**
   * Calls of the same server that could not be recorded before this one (the disk was full and
   * more were waiting than the server keeps): how many, the first and last one's time, and why
   * (the error code, ENOSPC for a full disk).
   */
  unrecorded: activityUnrecordedSchema.optional(),
  /** A request the person sent from the app to see what approving looks like (no AI app asked). */
  test: z.literal(true).optional(),
});
/** @see activityRecordSchema */
export type ActivityRecord = z.output<typeof activityRecordSchema>;

/** Parses one log line; null when it is not JSON or not a record of this version. */
export function parseActivityLine(line: string): ActivityRecord | null {
  const whole = parseRecord(line);
  if (whole !== null) return whole;
  // A write cut short (a full disk) leaves a fragment without its newline, and another server's
  // next record is appended right after it: that record is still read, from its own start.
  const start = line.lastIndexOf(RECORD_START);
  return start > 0 ? parseRecord(line.slice(start)) : null;
}

/** How every record's line starts (JSON.stringify keeps the schema's key order). */
const RECORD_START = `{"v":${ACTIVITY_RECORD_VERSION},"time":"`;

function parseRecord(text: string): ActivityRecord | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = activityRecordSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const DAY_FILE = /^(\d{4}-\d{2}-\d{2})\.jsonl$/;

/** The UTC day (`YYYY-MM-DD`) of an epoch-ms time. */
export function activityDay(timeMs: number): string {
  return new Date(timeMs).toISOString().slice(0, 10);
}

/** The file name of a UTC day's log. */
export function activityFileName(day: string): string {
  return `${day}.jsonl`;
}

/** The day of a log file name, or null for any other file (temp files, backups). */
export function activityDayOfFile(name: string): string | null {
  const match = DAY_FILE.exec(name);
  if (!match?.[1]) return null;
  // The pattern alone admits 2025-02-30, which Date.parse rolls over to 2 March.
  const ms = Date.parse(`${match[1]}T00:00:00Z`);
  return !Number.isNaN(ms) && activityDay(ms) === match[1] ? match[1] : null;
}

/** Epoch ms of 00:00 UTC of a `YYYY-MM-DD` day. */
export function activityDayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** What the activity screen asks for; every field is optional and they all must match. */
export const activityFilterSchema = z.object({
  /** Inclusive lower bound, ISO 8601. */
  from: z.iso.datetime({ offset: true }).optional(),
  /** Exclusive upper bound, ISO 8601. */
  to: z.iso.datetime({ offset: true }).optional(),
  /** The app's display name ("Claude Desktop"), or a name it reported (exact) when FolderGate's entry named none. */
  client: z.string().max(200).optional(),
  /** The tool; either spelling matches (`fs.search_by_time` = `fs_search_by_time`). */
  tool: z.string().max(200).optional(),
  outcome: activityOutcomeSchema.optional(),
  /** Only refused escapes from the allowed folders. */
  securityOnly: z.boolean().optional(),
  /** Case-insensitive text searched in the tool, arguments, root and returned paths. */
  text: z.string().max(500).optional(),
  /** Leave out the app's own calls (its Search preview and logic catalog, PREVIEW_CLIENT_NAME). */
  hidePreview: z.boolean().optional(),
});
/** @see activityFilterSchema */
export type ActivityFilter = z.output<typeof activityFilterSchema>;
