import { ACTIVITY_DEFAULT_RETENTION_DAYS } from '../activity/activity.js';
import { defaultApprovalSettings } from '../approval/approval.js';
import { DEFAULT_TOOL_SWITCHES } from '../tools/tool-switches.js';

// The settings.json upgrade steps that need nothing but the JSON itself, so that the app's store
// (which writes the upgraded file) and every mcp-server (which reads an older file in memory until
// the app is opened) apply the very same step. Steps that need more (the v0 step names folders
// with node:path) live with the store in appdata/settings/settings-upgrade.ts.

type Raw = Record<string, unknown>;

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

/** Pure step functions by the version they upgrade from. */
export const PURE_SETTINGS_MIGRATIONS: Readonly<Record<number, (raw: Raw) => Raw>> = { 1: v1ToV2 };

/**
 * `raw` (of version `from`) brought to version `to` with the pure steps alone; null when a step
 * on the way is not one of them (the file must be upgraded by the app first).
 */
export function upgradeSettingsPurely(raw: Raw, from: number, to: number): Raw | null {
  let current = raw;
  for (let v = from; v < to; v++) {
    const step = PURE_SETTINGS_MIGRATIONS[v];
    if (!step) return null;
    current = step(current);
  }
  return current;
}
