// When the desktop app shows a notification for AI activity, and what it says: only when the
// person switched it on, never for the app's own search preview, and at most one per interval
// (a burst of calls becomes one "… and 11 more"), so it informs without nagging.
import {
  clientDisplayName,
  describeActivity,
  PREVIEW_CLIENT_NAME,
} from '#shared/activity/activity-describe.js';
import type { ActivityRecord } from '#shared/activity/activity.js';
import { t } from '#shared/i18n/i18n.js';

/** A notification's text. */
export interface ActivityNotice {
  title: string;
  body: string;
}

/** Least time between two notifications. */
export const NOTICE_INTERVAL_MS = 30_000;

/** Decides on notifications for a stream of new records. */
export interface ActivityNoticeGate {
  /** The notice to show for these new records now, or null (off, own calls, or too soon). */
  next(records: readonly ActivityRecord[], enabled: boolean, now: number): ActivityNotice | null;
}

/** Creates the gate; it remembers calls held back by the interval and counts them next time. */
export function createActivityNoticeGate(intervalMs = NOTICE_INTERVAL_MS): ActivityNoticeGate {
  let lastShown = -Infinity;
  let held = 0;
  return {
    next(records, enabled, now) {
      const calls = records.filter((r) => r.client?.name !== PREVIEW_CLIENT_NAME);
      if (!enabled) {
        held = 0;
        return null;
      }
      if (calls.length === 0) return null;
      if (now - lastShown < intervalMs) {
        held += calls.length;
        return null;
      }
      // A refused escape is the one worth reading; otherwise the newest call.
      const lead = calls.find((r) => r.security) ?? calls[calls.length - 1]!;
      const more = held + calls.length - 1;
      held = 0;
      lastShown = now;
      const app = clientDisplayName(lead.client);
      return {
        title: lead.security ? t('tray.refused', { app }) : t('tray.used', { app }),
        body: `${describeActivity(lead, { now })}${more > 0 ? t('tray.more', { count: more }) : ''}`,
      };
    },
  };
}
