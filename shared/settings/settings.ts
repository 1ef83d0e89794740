import * as z from 'zod';
import { IPC_ERROR_CODES } from '../errors/error-codes.js';
import { approvalSettingsSchema, defaultApprovalSettings } from '../approval/approval.js';
import { fileTypesSchema } from '../tools/file-types-schema.js';
import { isSamePath, type PathApi } from '../text/path-compare.js';
import { isAbsoluteFolderPath } from '../text/absolute-path.js';
import { DEFAULT_ACTIVITY_SETTINGS, upgradeInMemory } from './settings-migrations.js';
import { SETTINGS_VERSION } from './settings-version.js';
import { DEFAULT_SCAN_LIMITS } from './settings-defaults.js';
import { DEFAULT_TOOL_SWITCHES } from '../tools/tool-switches.js';
import { toolSwitchesSchema } from '../tools/tool-switches-schema.js';
import { LANGUAGE_CHOICES } from '../i18n/languages.js';
import { leaveOutSchema } from './leave-out.js';

export { SETTINGS_VERSION } from './settings-version.js';

export { DEFAULT_SCAN_LIMITS } from './settings-defaults.js';

// Every object inside settings.json is a loose object: a key this version does not know (a newer
// version's field, a hand edit) is kept in the parsed value and written back unchanged, never a
// reason to refuse the whole file (which once made the next change start from defaults).

/** Scan limits a server applies to one search page. */
export const scanLimitsSchema = z.looseObject({
  maxFilesScanned: z.int().min(1).max(100_000_000).default(DEFAULT_SCAN_LIMITS.maxFilesScanned),
  maxDirectoriesScanned: z
    .int()
    .min(1)
    .max(10_000_000)
    .default(DEFAULT_SCAN_LIMITS.maxDirectoriesScanned),
  timeoutMs: z.int().min(100).max(600_000).default(DEFAULT_SCAN_LIMITS.timeoutMs),
});
/** @see scanLimitsSchema */
export type ScanLimits = z.output<typeof scanLimitsSchema>;

/** A device or inode number as a decimal string (a Windows file ID does not fit a double). */
const statNumberSchema = z.string().regex(/^\d{1,40}$/, 'expected a whole number in a string');

/**
 * What an allowed folder was when the person chose it: its device and inode numbers and its real
 * path. Servers refuse the folder (RootReplaced) when the path no longer leads to that folder.
 */
export const rootIdentitySchema = z.looseObject({
  dev: statNumberSchema,
  ino: statNumberSchema,
  /** Its realpath then. */
  real: z.string().min(1).max(4096),
});
/** @see rootIdentitySchema */
export type RootIdentity = z.output<typeof rootIdentitySchema>;

/**
 * True when a folder seen now (device, inode, realpath) is the one `identity` recorded: the same
 * object at the same place. The app and every server decide "moved or replaced" with this.
 */
export function isSameFolder(
  identity: RootIdentity,
  now: { dev: string; ino: string; real: string },
  api: PathApi,
): boolean {
  return (
    identity.dev === now.dev && identity.ino === now.ino && isSamePath(identity.real, now.real, api)
  );
}

/** The message of a folder path that is not absolute (parseSettingsDocument words the problem). */
export const RELATIVE_FOLDER_PATH = 'a relative path';

/**
 * A folder's absolute path: a relative one would be read against the working folder of each
 * process that reads settings.json (the app's, the CLI's, every AI app's server's), so it is
 * refused rather than guessed.
 */
const folderPathSchema = z
  .string()
  .min(1)
  .max(4096)
  .refine(isAbsoluteFolderPath, { message: RELATIVE_FOLDER_PATH });

/** One folder the user allowed AI to search. */
export const allowedRootSchema = z.looseObject({
  /** Absolute native path. */
  path: folderPathSchema,
  /** Display name, also accepted as the tool's `root` argument. */
  name: z.string().min(1).max(200),
  /** Extensions of the files an AI may be shown here (".pdf", lowercase); absent = every type. */
  fileTypes: fileTypesSchema.optional(),
  /**
   * The folder the person chose; absent in entries written before it was recorded (the app
   * records it when it next starts, and servers accept such an entry as it is).
   */
  identity: rootIdentitySchema.optional(),
  /**
   * The AI apps that may search it (client ids, as `--client` names them); absent: every
   * connected app ("All connected apps"). Never empty. See folder-access-rules.ts.
   */
  apps: z.array(z.string().min(1).max(64)).min(1).max(100).optional(),
  /** When access to it ends ("for 1 hour", "until tomorrow"); absent: no end. */
  until: z.iso.datetime({ offset: true }).optional(),
  /** Subfolders and name patterns AI apps never see here (leave-out.ts); absent = none. */
  leaveOut: leaveOutSchema.optional(),
});
/** @see allowedRootSchema */
export type AllowedRoot = z.output<typeof allowedRootSchema>;

/** The activity log: whether servers record tool calls, and how many days are kept. */
export const activitySettingsSchema = z.looseObject({
  enabled: z.boolean().default(DEFAULT_ACTIVITY_SETTINGS.enabled),
  retentionDays: z.int().min(1).max(3650).default(DEFAULT_ACTIVITY_SETTINGS.retentionDays),
  /** The app shows a desktop notification when an AI app calls a tool (off by default). */
  notify: z.boolean().default(DEFAULT_ACTIVITY_SETTINGS.notify),
});
/** @see activitySettingsSchema */
export type ActivitySettings = z.output<typeof activitySettingsSchema>;

/** `<appData>/settings.json`, version 2. */
export const settingsSchema = z.object({
  version: z.literal(SETTINGS_VERSION),
  roots: z.array(allowedRootSchema).max(100).default([]),
  /** Path of the default root (one of `roots`); null = the first root. */
  defaultRoot: z.string().nullable().default(null),
  /** The logic catalog folder (absolute); null = none configured. */
  logicCatalog: folderPathSchema.nullable().default(null),
  /** While true, every tool call is refused. */
  paused: z.boolean().default(false),
  /**
   * When a pause for a while ends (ISO 8601; "Pause for 1 hour", "until tomorrow"): from then on
   * calls are answered again, whether or not the app is running to switch `paused` back; null
   * while paused until resumed.
   */
  pausedUntil: z.iso.datetime({ offset: true }).nullable().default(null),
  limits: scanLimitsSchema.default(DEFAULT_SCAN_LIMITS),
  /** Globs (relative to each root, '/' separators) that are never listed nor descended. */
  exclude: z.array(z.string().min(1).max(1024)).max(200).default([]),
  /** Follow symbolic links whose target stays inside the same root. */
  followSymlinks: z.boolean().default(false),
  /**
   * The app keeps a live index of the allowed folders that servers ask first ("instant search";
   * main/core/engine/). Off: no index, servers walk.
   */
  instantSearch: z.boolean().default(true),
  /**
   * The installed app checks its update feed at start and daily, and downloads a newer version
   * in the background (main/core/updates/); it installs only when the person restarts it.
   */
  checkForUpdates: z.boolean().default(true),
  /**
   * The language of the app, its tray and the CLI: "system" follows the operating system. A
   * language this version does not have (written by a newer one) reads as "system", so the file
   * stays usable.
   */
  language: z.enum(LANGUAGE_CHOICES).default('system').catch('system'),
  /** The guided start was finished (or skipped) in the app. */
  firstRunCompleted: z.boolean().default(false),
  /** Recording of every tool call in `<appData>/audit/` (see shared/activity.ts). */
  activity: activitySettingsSchema.default(() => ({ ...DEFAULT_ACTIVITY_SETTINGS })),
  /** Per-tool switches: a tool that is off is neither listed nor callable (all on by default). */
  tools: toolSwitchesSchema.default(() => ({ ...DEFAULT_TOOL_SWITCHES })),
  /** "Ask me before an AI app uses FolderGate" (off by default; see shared/approval.ts). */
  approval: approvalSettingsSchema.default(defaultApprovalSettings),
});
/** @see settingsSchema */
export type Settings = z.output<typeof settingsSchema>;

/** The settings of a fresh install. */
export function defaultSettings(): Settings {
  return settingsSchema.parse({ version: SETTINGS_VERSION });
}

/** The error code of a settings change that was not saved (lock or write failed). */
export const SETTINGS_NOT_SAVED = IPC_ERROR_CODES.settingsNotSaved;

/** Names of the top-level keys this version understands. */
const KNOWN_KEYS = new Set(Object.keys(settingsSchema.shape));

/** A settings file's JSON: the value, or why it is not JSON (with line and column). */
export type SettingsJson = { ok: true; raw: unknown } | { ok: false; problem: string };

/**
 * Parses the text of settings.json. A leading byte-order mark (Notepad adds one) is ignored.
 * The error's line and column come from the offset V8 puts in most of its messages (the end of
 * the text for "Unexpected end of JSON input"); a message without one is given as it is.
 */
export function parseSettingsJson(text: string): SettingsJson {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { ok: true, raw: JSON.parse(body) as unknown };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /\bat position (\d+)/.exec(message)?.[1];
    const offset =
      position !== undefined
        ? Number(position)
        : /Unexpected end of JSON input/.test(message)
          ? body.length
          : undefined;
    const reason = message.replace(/\s+in JSON at position \d+.*$/s, '');
    const where = offset === undefined ? '' : ` (${lineColumn(body, offset)})`;
    return { ok: false, problem: `it is not valid JSON: ${reason}${where}` };
  }
}

function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${(before.at(-1) ?? '').length + 1}`;
}

/** The `version` a raw settings object declares: 0 when it has none (pre-release files), null when it is not a whole number ≥ 0. */
export function settingsVersionOf(raw: Record<string, unknown>): number | null {
  if (!('version' in raw) || raw.version === undefined) return 0;
  const v = raw.version;
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null;
}

/** Zod issues in one readable line: `roots.0.path: Invalid input: …; paused: …`. */
export function formatSettingsIssues(issues: readonly z.core.$ZodIssue[]): string {
  const shown = issues.slice(0, 5).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.map(String).join('.') : '(whole file)';
    return `${where}: ${issue.message}`;
  });
  if (issues.length > shown.length) shown.push(`and ${issues.length - shown.length} more`);
  return shown.join('; ');
}

/** What a settings document means to this version of FolderGate (see parseSettingsDocument). */
export type SettingsDocument =
  | {
      ok: true;
      settings: Settings;
      /** Top-level keys this version does not know; written back unchanged. */
      unknownKeys: Record<string, unknown>;
      /** The file's version when a newer FolderGate wrote it (use read-only); else null. */
      newerVersion: number | null;
    }
  | {
      ok: false;
      /** Why it cannot be used, as a clause: "it does not match the settings format (…)". */
      problem: string;
      /** The file's version when it is older and must be migrated first; else null. */
      olderVersion: number | null;
    };

/**
 * The one reading of a parsed settings.json, shared by the app's store and every mcp-server so
 * they cannot disagree. An older file is read upgraded in memory when every step is pure (v1 → v2)
 * and refused as "not upgraded yet" otherwise (v0, which the app upgrades). A file of a newer
 * version is read through the fields this version understands (its other keys are ignored; a
 * known field whose shape changed makes the whole file unusable, so nothing is guessed); unknown
 * keys of a current file are kept for writing back.
 */
export function parseSettingsDocument(raw: unknown): SettingsDocument {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return { ok: false, problem: 'it does not hold a settings object', olderVersion: null };
  const record = raw as Record<string, unknown>;
  const version = settingsVersionOf(record);
  if (version === null)
    return { ok: false, problem: "its 'version' is not a whole number", olderVersion: null };
  // An older file that the pure steps can upgrade is read upgraded in memory: AI apps registered
  // before an update keep running servers against it until the app is opened and rewrites it.
  const upgraded = version < SETTINGS_VERSION ? upgradeInMemory(record, version) : record;
  if (upgraded === null) {
    return {
      ok: false,
      problem: `it is from an older FolderGate (settings version ${version}) and has not been upgraded yet`,
      olderVersion: version,
    };
  }
  const known: Record<string, unknown> = {};
  const unknownKeys: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(upgraded))
    (KNOWN_KEYS.has(key) ? known : unknownKeys)[key] = value;
  const parsed = settingsSchema.safeParse({ ...known, version: SETTINGS_VERSION });
  if (!parsed.success) {
    const relative = parsed.error.issues.find((i) => i.message === RELATIVE_FOLDER_PATH);
    const problem = relative
      ? `it names a folder by a relative path, ${JSON.stringify(valueAt(known, relative.path))} at ${relative.path.map(String).join('.')}, which each AI app would look for in its own working folder: write the folder's full path`
      : `it does not match the settings format (${formatSettingsIssues(parsed.error.issues)})`;
    return { ok: false, problem, olderVersion: null };
  }
  return {
    ok: true,
    settings: parsed.data,
    unknownKeys,
    newerVersion: version > SETTINGS_VERSION ? version : null,
  };
}

/** The value at `keys` in plain data (undefined where there is none). */
function valueAt(data: unknown, keys: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of keys)
    value =
      value !== null && typeof value === 'object'
        ? (value as Record<PropertyKey, unknown>)[key]
        : undefined;
  return value;
}

/** True while AI access is paused at `now` (epoch ms): paused, and not past its end, if it has one. */
export function isPausedAt(
  settings: { paused: boolean; pausedUntil: string | null },
  now: number,
): boolean {
  if (!settings.paused) return false;
  return settings.pausedUntil === null || now < Date.parse(settings.pausedUntil);
}
