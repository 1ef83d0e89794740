import { ACTIVITY_DEFAULT_RETENTION_DAYS } from '../activity/activity.js';
import { defaultApprovalSettings } from '../approval/approval.js';
import { DEFAULT_TOOL_SWITCHES } from '../tools/tool-switches.js';
import { SETTINGS_VERSION } from './settings-version.js';

// Every schema migration of settings.json, in one place: each step turns the raw JSON of version N
// into version N+1, on plain objects (the result is validated with the current zod schema
// afterwards). The app's store writes the upgraded file; every mcp-server reads a file the app
// has not upgraded yet in memory, from version 1 on (a v0 file, from before releases, waits for
// the app: it names folders, which the person should see done once, on disk).

type Raw = Record<string, unknown>;

/** Display name for a folder: its last segment, or the drive/root itself. */
export function baseName(folder: string): string {
  // Windows paths (a drive letter or a backslash) split at both separators, others at '/'.
  const windows = /^[A-Za-z]:/.test(folder) || folder.includes('\\');
  const parts = folder.split(windows ? /[\\/]+/ : /\/+/).filter(Boolean);
  const last = parts.at(-1) ?? '';
  if (last && !(windows && parts.length === 1 && /^[A-Za-z]:$/.test(last))) return last;
  return windows && /^[A-Za-z]:/.test(folder) ? folder.slice(0, 2) : 'Root';
}

/** `base`, or `base 2`, `base 3`, … — the first that is not in `taken`. */
export function uniqueName(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) if (!used.has(`${base} ${i}`)) return `${base} ${i}`;
}

// v0: the early format, `{ "roots": ["/a", "/b"] }` with plain path strings (or {path,name}).
function v0ToV1(raw: Raw): Raw {
  const names: string[] = [];
  const roots = Array.isArray(raw.roots)
    ? raw.roots.flatMap((entry: unknown) => {
        const root =
          typeof entry === 'string'
            ? { path: entry, name: '' }
            : entry && typeof entry === 'object' && typeof (entry as Raw).path === 'string'
              ? {
                  path: (entry as Raw).path as string,
                  name:
                    typeof (entry as Raw).name === 'string' ? ((entry as Raw).name as string) : '',
                }
              : null;
        if (!root || root.path === '') return [];
        root.name = uniqueName(root.name.trim() || baseName(root.path), names);
        names.push(root.name);
        return [root];
      })
    : raw.roots;
  return { ...raw, version: 1, roots };
}

/** What a file without an `activity` section gets: recording on, 30 days kept, no notifications. */
export const DEFAULT_ACTIVITY_SETTINGS = {
  enabled: true,
  retentionDays: ACTIVITY_DEFAULT_RETENTION_DAYS,
  notify: false,
} as const;

// v1 → v2: the activity log's switch and retention, the per-tool switches (all on) and asking
// before a call (off). A v1 file gets the defaults; a section a person already wrote into a v1 file
// by hand is kept and validated like any other field. Roots need nothing: without `fileTypes` a
// folder allows every type, as before.
function v1ToV2(raw: Raw): Raw {
  return {
    ...raw,
    version: 2,
    activity: raw.activity === undefined ? { ...DEFAULT_ACTIVITY_SETTINGS } : raw.activity,
    tools: raw.tools === undefined ? { ...DEFAULT_TOOL_SWITCHES } : raw.tools,
    approval: raw.approval === undefined ? defaultApprovalSettings() : raw.approval,
  };
}

/** Step functions by the version they upgrade from. */
export const MIGRATIONS: Readonly<Record<number, (raw: Raw) => Raw>> = { 0: v0ToV1, 1: v1ToV2 };

/** The oldest version a server reads upgraded in memory (older ones wait for the app). */
export const IN_MEMORY_FROM = 1;

/** Runs every step from `from` up to the current version; throws when a step is missing. */
export function migrate(raw: Raw, from: number): Raw {
  let current = raw;
  for (let v = from; v < SETTINGS_VERSION; v++) {
    const step = MIGRATIONS[v];
    if (!step) throw new Error(`no migration from settings version ${v}`);
    current = step(current);
  }
  return current;
}

/** `raw` brought to the current version in memory, as a server reads it; null below IN_MEMORY_FROM. */
export function upgradeInMemory(raw: Raw, from: number): Raw | null {
  return from < IN_MEMORY_FROM ? null : migrate(raw, from);
}
