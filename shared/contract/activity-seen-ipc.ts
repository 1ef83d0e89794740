// The IPC channels of the files AI apps were shown: "What AI saw" on the Activity screen (issue
// 38), the files search answers showed in a span of time by app, and where one of them is on disk.
// shared/contract/ipc.ts spreads them into its table.
import * as z from 'zod';
import { activityClientSchema } from '../activity/activity.js';

/** One file an app was shown. */
export const seenFileSchema = z.strictObject({
  /** The allowed folder's name, and the file's path inside it ('/'-separated). */
  root: z.string(),
  path: z.string(),
  /** The folder on disk it sits in now; null when its allowed folder is no longer allowed. */
  folder: z.string().nullable(),
  /** How many answers showed it. */
  times: z.int().min(1),
  /** When the newest of them was asked for. */
  lastShown: z.iso.datetime(),
});
/** @see seenFileSchema */
export type SeenFile = z.output<typeof seenFileSchema>;

/** One app's files. */
export const seenAppSchema = z.strictObject({
  client: activityClientSchema.nullable(),
  /** Answers that showed files. */
  calls: z.int().min(0),
  /** The newest SEEN_FILES_PER_APP files, newest shown first. */
  files: z.array(seenFileSchema),
  /** Every file shown (listed or not). */
  filesTotal: z.int().min(0),
  /** Paths an answer returned that its record had no room for (`pathsTruncated`). */
  unlisted: z.int().min(0),
});
/** @see seenAppSchema */
export type SeenApp = z.output<typeof seenAppSchema>;

/** The shown-files channels of the IPC contract. */
export const ACTIVITY_SEEN_CHANNELS = {
  /**
   * The absolute path of a file an AI was shown, built in main from the allowed folder's name and
   * the recorded relative path; null when that folder is no longer allowed or the path leaves it.
   */
  'activity:resolvePath': {
    request: z.strictObject({ root: z.string().min(1).max(200), path: z.string().max(4096) }),
    response: z.strictObject({ path: z.string().nullable() }),
  },
  /**
   * "What AI saw": the files search answers showed to AI apps from `from` to `to`, by app, the
   * app with the most files first; the app's own calls and test requests are left out.
   */
  'activity:seen': {
    request: z.strictObject({
      from: z.iso.datetime({ offset: true }),
      to: z.iso.datetime({ offset: true }).optional(),
    }),
    response: z.strictObject({ apps: z.array(seenAppSchema) }),
  },
} as const;
