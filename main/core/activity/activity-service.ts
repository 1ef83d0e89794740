// The app's side of the activity log: follows `<appData>/audit` and pushes each new record as an
// 'activity:added' event, prunes old days (at start and whenever a UTC day begins, as servers do;
// the app may run for weeks while no AI app starts a server), and answers the activity channels.
import fs from 'node:fs';
import path from 'node:path';
import { clientDisplayName } from '#shared/activity/activity-describe.js';
import { activityDay } from '#shared/activity/activity.js';
import {
  ACTIVITY_EXPORT_MAX_BYTES,
  type IpcEventPayload,
  type IpcHandlers,
  type IpcResponse,
} from '#shared/contract/ipc.js';
// A pure Node module of the server (it imports only shared/): the app prunes by the same rules.
import { pruneAuditFolder } from '#appdata/activity/activity-prune.js';
import type { SettingsStore } from '#appdata/settings/settings-store.js';
import { activityApps } from './activity-apps.js';
import { activityChart } from './activity-chart.js';
import { activityExportHeader, activityExportLine } from './activity-export.js';
import { queryActivity } from './activity-query.js';
import { activitySeen } from './activity-seen.js';
import { resolveShownPath } from './shown-path.js';
export { resolveShownPath } from './shown-path.js';
import { scanActivity } from '#appdata/activity/activity-scan.js';
import { createActivityTailer, type ActivityTailer } from '#appdata/activity/activity-tailer.js';

/** The activity channels of the IPC contract. */
export type ActivityHandlers = Pick<
  IpcHandlers,
  | 'activity:query'
  | 'activity:recording'
  | 'activity:chart'
  | 'activity:apps'
  | 'activity:export'
  | 'activity:resolvePath'
  | 'activity:seen'
  | 'activity:setSettings'
>;

/** Options of {@link createActivityService}. */
export interface ActivityServiceOptions {
  /** `<appData>/audit`; it may not exist yet. */
  dir: string;
  store: SettingsStore;
  /** Called with each batch of new records (at most {@link EVENT_BATCH} per call). */
  onAdded(payload: IpcEventPayload<'activity:added'>): void;
  /** The tailer's poll interval (tests shorten it). */
  pollMs?: number;
  /** Largest export in bytes (tests lower it). */
  exportMaxBytes?: number;
  now?: () => number;
  /** Free bytes for an unprivileged writer on the disk of `dir` (tests inject a full disk). */
  freeBytes?: (dir: string) => Promise<number>;
}

/** Free space below which the disk of the activity log counts as full (a few records' worth). */
export const DISK_FULL_BYTES = 64 * 1024;

/** The running activity log reader. */
export interface ActivityService {
  handlers: ActivityHandlers;
  start(): Promise<void>;
  stop(): void;
}

/** Most records in one 'activity:added' event: a burst is split so no message gets huge. */
export const EVENT_BATCH = 500;

const PRUNE_CHECK_MS = 10 * 60_000;

/** Creates the service; nothing runs until start(). */
export function createActivityService(options: ActivityServiceOptions): ActivityService {
  const { dir, store } = options;
  const now = options.now ?? Date.now;
  let tailer: ActivityTailer | null = null;
  let pruneTimer: NodeJS.Timeout | null = null;
  let prunedDay = '';
  let unrecorded: IpcResponse<'activity:recording'>['unrecorded'] = null;
  const freeBytes = options.freeBytes ?? freeBytesOf;

  const prune = (): void => {
    prunedDay = activityDay(now());
    try {
      pruneAuditFolder(dir, {
        retentionDays: store.view().settings.activity.retentionDays,
        now: now(),
      });
    } catch {
      // Servers prune by the same rules at their start; a folder we cannot clean now is cleaned
      // by the next one of us that can.
    }
  };

  const handlers: ActivityHandlers = {
    'activity:query': ({ filter, limit, cursor }) =>
      queryActivity(dir, { filter, limit, cursor: cursor ?? null }),
    'activity:recording': async () => ({
      diskFull: (await freeBytes(dir)) < DISK_FULL_BYTES,
      unrecorded,
    }),
    'activity:chart': ({ dayStarts, filter }) => activityChart(dir, now(), dayStarts, filter),
    'activity:apps': async () => ({ apps: await activityApps(dir) }),
    'activity:export': async ({ filter, format }) => {
      const max = options.exportMaxBytes ?? ACTIVITY_EXPORT_MAX_BYTES;
      const parts = [activityExportHeader(format)];
      let bytes = Buffer.byteLength(parts[0] ?? '');
      let records = 0;
      for await (const { record } of scanActivity(dir, filter ?? {}, null, { skipped: 0 })) {
        const line = activityExportLine(record, format);
        bytes += Buffer.byteLength(line);
        if (bytes > max) return { text: parts.join(''), records, truncated: true };
        parts.push(line);
        records++;
      }
      return { text: parts.join(''), records, truncated: false };
    },
    'activity:resolvePath': async ({ root, path: rel }) => ({
      path: resolveShownPath(store.view().settings.roots, root, rel),
    }),
    'activity:seen': (request) => activitySeen(dir, request, store.view().settings.roots),
    'activity:setSettings': (change) =>
      store.update((s) => ({
        ...s,
        activity: {
          ...s.activity, // keys of a newer version are kept
          enabled: change.enabled ?? s.activity.enabled,
          retentionDays: change.retentionDays ?? s.activity.retentionDays,
          notify: change.notify ?? s.activity.notify,
        },
      })),
  };

  return {
    handlers,
    async start() {
      prune();
      pruneTimer = setInterval(() => {
        if (activityDay(now()) !== prunedDay) prune();
      }, PRUNE_CHECK_MS);
      pruneTimer.unref();
      tailer = createActivityTailer({
        dir,
        pollMs: options.pollMs,
        now,
        onEntries: (entries) => {
          for (const { record } of entries) {
            if (record.unrecorded)
              unrecorded = { ...record.unrecorded, app: clientDisplayName(record.client) };
          }
          for (let i = 0; i < entries.length; i += EVENT_BATCH)
            options.onAdded({ entries: entries.slice(i, i + EVENT_BATCH) });
        },
      });
      await tailer.ready;
    },
    stop() {
      tailer?.stop();
      tailer = null;
      if (pruneTimer) clearInterval(pruneTimer);
      pruneTimer = null;
    },
  };
}

/** Free bytes on the disk of `dir`, or of its nearest existing parent; Infinity when unknown. */
async function freeBytesOf(dir: string): Promise<number> {
  for (let at = dir; ; at = path.dirname(at)) {
    try {
      const st = await fs.promises.statfs(at);
      return st.bavail * st.bsize;
    } catch {
      if (path.dirname(at) === at) return Infinity;
    }
  }
}
