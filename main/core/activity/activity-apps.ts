// The apps that have called, from every record kept (not a capped tail of the newest): each
// caller once, by the key its approval rule is kept under, with its calls and its newest call.
// Control's "Per app" and Activity's app filter list these, beside the apps connected now.
import path from 'node:path';
import { activityFileName } from '#shared/activity/activity.js';
import { callerKey, type CallerInfo } from '#shared/clients/caller.js';
import type { ActivityAppView } from '#shared/contract/activity-ipc.js';
import { listActivityDays, readLinesBackward } from '#appdata/activity/activity-files.js';

/** Most apps answered (a log of made-up names cannot make the answer huge). */
export const ACTIVITY_APPS_MAX = 500;

/** Reads every day file kept; only each line's `time` and `client` are looked at. */
export async function activityApps(dir: string): Promise<ActivityAppView[]> {
  const byKey = new Map<string, ActivityAppView>();
  for (const day of (await listActivityDays(dir)).reverse()) {
    for await (const line of readLinesBackward(path.join(dir, activityFileName(day)))) {
      const fact = timeAndClient(line.text);
      if (!fact) continue;
      const key = callerKey(fact.client);
      const known = byKey.get(key);
      if (known) {
        known.calls++;
        if (fact.time > known.last) known.last = fact.time;
      } else if (byKey.size < ACTIVITY_APPS_MAX) {
        const client = fact.client.app
          ? { name: fact.client.name, app: fact.client.app }
          : { name: fact.client.name };
        byKey.set(key, { client, calls: 1, last: fact.time });
      }
    }
  }
  return [...byKey.values()].sort((a, b) => b.calls - a.calls || b.last.localeCompare(a.last));
}

function timeAndClient(text: string): { time: string; client: CallerInfo } | null {
  try {
    const value = JSON.parse(text) as { time?: unknown; client?: unknown };
    const client = value.client as { name?: unknown; app?: unknown } | null | undefined;
    if (typeof value.time !== 'string' || typeof client?.name !== 'string') return null;
    const name = client.name.slice(0, 200);
    const app = typeof client.app === 'string' ? client.app.slice(0, 64) : undefined;
    return { time: value.time, client: app ? { name, app } : { name } };
  } catch {
    return null;
  }
}
