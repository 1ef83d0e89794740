import * as z from 'zod';

/** The settings file's current schema version. */
export const SETTINGS_VERSION = 1;

/** Default scan limits (seed 001 §4.1). */
export const DEFAULT_SCAN_LIMITS = {
  maxFilesScanned: 200_000,
  maxDirectoriesScanned: 50_000,
  timeoutMs: 10_000,
} as const;

/** Scan limits a server applies to one search page. */
export const scanLimitsSchema = z.strictObject({
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

/** One folder the user allowed AI to search. */
export const allowedRootSchema = z.strictObject({
  /** Absolute native path. */
  path: z.string().min(1).max(4096),
  /** Display name, also accepted as the tool's `root` argument. */
  name: z.string().min(1).max(200),
});
/** @see allowedRootSchema */
export type AllowedRoot = z.output<typeof allowedRootSchema>;

/** `<appData>/settings.json`, version 1. */
export const settingsSchema = z.object({
  version: z.literal(SETTINGS_VERSION),
  roots: z.array(allowedRootSchema).max(100).default([]),
  /** Path of the default root (one of `roots`); null = the first root. */
  defaultRoot: z.string().nullable().default(null),
  /** The logic catalog folder; null = none configured. */
  logicCatalog: z.string().nullable().default(null),
  /** While true, every tool call is refused. */
  paused: z.boolean().default(false),
  limits: scanLimitsSchema.default(DEFAULT_SCAN_LIMITS),
  /** Globs (relative to each root, '/' separators) that are never listed nor descended. */
  exclude: z.array(z.string().min(1).max(1024)).max(200).default([]),
  /** Follow symbolic links whose target stays inside the same root. */
  followSymlinks: z.boolean().default(false),
  /** The guided start was finished (or skipped) in the app. */
  firstRunCompleted: z.boolean().default(false),
});
/** @see settingsSchema */
export type Settings = z.output<typeof settingsSchema>;

/** The settings of a fresh install. */
export function defaultSettings(): Settings {
  return settingsSchema.parse({ version: SETTINGS_VERSION });
}
