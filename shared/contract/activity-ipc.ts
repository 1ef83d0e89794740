// The IPC channels that sum the activity log up: the chart, and the apps that have called (issue
// 38: the chart counts what the list shows, and the app lists come from every record kept, not a
// capped tail). shared/contract/ipc.ts spreads them into its table.
import * as z from 'zod';
import { activityClientSchema, activityFilterSchema } from '../activity/activity.js';

/** One bar of the chart: calls starting at `start`, errors among them. */
export const activityBucketSchema = z.strictObject({
  start: z.string(),
  calls: z.int().min(0),
  errors: z.int().min(0),
});
/** @see activityBucketSchema */
export type ActivityBucketView = z.output<typeof activityBucketSchema>;

/** One app that has called, as its records name it, with how many calls and the newest. */
export const activityAppSchema = z.strictObject({
  client: activityClientSchema.pick({ name: true, app: true }),
  calls: z.int().min(0),
  last: z.string(),
});
/** @see activityAppSchema */
export type ActivityAppView = z.output<typeof activityAppSchema>;

/** The summing-up channels of the IPC contract. */
export const ACTIVITY_SUM_CHANNELS = {
  /**
   * Calls per hour (last 24 hours) and per UTC day (last 7 days), errors counted apart; with
   * `filter`, only the calls the list shows with it (the screen passes its own).
   */
  'activity:chart': {
    /** The person's last 7 local midnights, oldest first (epoch ms); UTC days without them. */
    request: z.strictObject({
      dayStarts: z.array(z.number().int()).length(7).optional(),
      filter: activityFilterSchema.optional(),
    }),
    response: z.strictObject({
      hours: z.array(activityBucketSchema),
      days: z.array(activityBucketSchema),
    }),
  },
  /**
   * Every app in the records kept (each caller once, by the key its rule is kept under), with
   * its calls and the time of its newest, most calls first (at most 500 apps).
   */
  'activity:apps': {
    request: z.strictObject({}),
    response: z.strictObject({ apps: z.array(activityAppSchema).max(500) }),
  },
} as const;
