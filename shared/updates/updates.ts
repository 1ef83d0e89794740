// Self-update, as the window and the tray see it: the updater's phase, the version found and what
// changed in it, and what a restart waits for (main/core/updates/update-service.ts decides).
import * as z from 'zod';

/**
 * Why this copy cannot update itself: it runs from a source checkout or as the web host (only an
 * installed desktop app can replace itself), or it was built without an update feed address.
 */
export const updateUnsupportedSchema = z.enum(['not-installed', 'web-host', 'no-feed']);

/** What went wrong with the last check or download (the app keeps running the version it has). */
export const updateProblemSchema = z.strictObject({
  /**
   * 'offline': the update server could not be reached; 'feed': it answered with something that
   * is not an update feed; 'checksum': the download did not match the feed's sha512 (nothing was
   * installed); 'other': anything else (the detail says what).
   */
  kind: z.enum(['offline', 'feed', 'checksum', 'other']),
  /** The updater's own words, for Details. */
  detail: z.string().max(2000),
});

/** Something a restart to update waits for. */
export const updateWaitSchema = z.discriminatedUnion('kind', [
  /** Requests waiting for the person's answer in the approval banner. */
  z.strictObject({ kind: z.literal('approval'), count: z.int().min(1) }),
  /** Searches running in the Search preview. */
  z.strictObject({ kind: z.literal('search'), count: z.int().min(1) }),
  /**
   * An AI app running FolderGate's server from this installation (Windows: the installer cannot
   * replace a program that runs; the person is asked to quit the app).
   */
  z.strictObject({ kind: z.literal('ai-app'), app: z.string().max(200), pid: z.int() }),
]);
/** @see updateWaitSchema */
export type UpdateWait = z.output<typeof updateWaitSchema>;

/** The updater's state. */
export const updateStateSchema = z.strictObject({
  /** This version. */
  current: z.string(),
  /** null when this copy can update itself. */
  unsupported: updateUnsupportedSchema.nullable(),
  phase: z.enum(['idle', 'checking', 'up-to-date', 'downloading', 'ready', 'failed']),
  /** The newer version found (while downloading, and once ready to install). */
  available: z
    .strictObject({
      version: z.string().max(64),
      /** What changed, as plain text (the feed's release notes). */
      notes: z.string().max(4000).nullable(),
      /** When it was released (ISO 8601), when the feed says. */
      date: z.string().max(64).nullable(),
    })
    .nullable(),
  /** Download progress, 0–100, while downloading. */
  progress: z.number().min(0).max(100).nullable(),
  /** When the last check ended (ISO 8601). */
  checkedAt: z.string().nullable(),
  /** When the next automatic check is due (ISO 8601); null when automatic checks are off. */
  nextCheckAt: z.string().nullable(),
  problem: updateProblemSchema.nullable(),
  /**
   * The person asked to restart to update; it happens once nothing in `waitingFor` remains (an
   * approval answered, a search ended, an AI app quit).
   */
  restartRequested: z.boolean(),
  waitingFor: z.array(updateWaitSchema),
  /**
   * What an update does to AI apps running FolderGate's server: 'keeps-running' (macOS, Linux:
   * they go on with the version they started with until the app restarts them), or 'quit-first'
   * (Windows: they must be quit before the update installs).
   */
  runningApps: z.enum(['keeps-running', 'quit-first']),
});
/** @see updateStateSchema */
export type UpdateState = z.output<typeof updateStateSchema>;

const empty = z.strictObject({});

/** The updates:* channels of the IPC contract (shared/contract/ipc.ts spreads them in). */
export const UPDATE_CHANNELS = {
  /** The updater's state (Advanced › About, the tray). */
  'updates:state': { request: empty, response: updateStateSchema },
  /** Checks the update feed now (and downloads what it finds, in the background). */
  'updates:check': { request: empty, response: updateStateSchema },
  /**
   * Restarts FolderGate into the downloaded version, now or as soon as nothing waits (an approval,
   * a search, on Windows an AI app running the server).
   */
  'updates:restart': { request: empty, response: updateStateSchema },
  /** Takes back a restart that waits. */
  'updates:cancelRestart': { request: empty, response: updateStateSchema },
} as const;

/** The push event of the updater. */
export const UPDATE_EVENTS = { 'updates:changed': updateStateSchema } as const;
