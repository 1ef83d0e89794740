// "What AI saw": the files FolderGate showed to AI apps in a span of time (the paths search
// answers returned, as the activity log records them), one list per app, each file with its
// allowed folder, the folder it sits in, how often it was shown and when last. Built from the
// activity log on request; the app's own calls (Search preview, test requests) are left out.
import path from 'node:path';
import { PREVIEW_CLIENT_NAME } from '#shared/activity/activity-describe.js';
import type { ActivityRecord } from '#shared/activity/activity.js';
import { callerKey } from '#shared/clients/caller.js';
import type { IpcRequest, IpcResponse } from '#shared/contract/ipc.js';
import { scanActivity } from '#appdata/activity/activity-scan.js';
import { resolveShownPath } from './shown-path.js';

/** Most files listed per app (the newest shown first); the rest are counted, not listed. */
export const SEEN_FILES_PER_APP = 500;

/** Most distinct files told apart per app (repeats counted); beyond it files are only counted. */
const TRACKED_PER_APP = 20_000;

type Seen = IpcResponse<'activity:seen'>;
type SeenApp = Seen['apps'][number];
type SeenFile = SeenApp['files'][number];

/** Names of the app's own callers, whose calls no AI app made. */
const OWN_NAMES = new Set(['foldergate-app', 'foldergate-test', PREVIEW_CLIENT_NAME.toLowerCase()]);

/** True for a call whose answer showed files to an AI app. */
export function showedFiles(record: ActivityRecord): boolean {
  if (record.outcome !== 'ok' || !record.search || record.search.root === null) return false;
  if (record.test) return false;
  const name = (record.client?.name ?? '').trim().toLowerCase();
  return !OWN_NAMES.has(name) && record.search.paths.length + unlisted(record) > 0;
}

function unlisted(record: ActivityRecord): number {
  const search = record.search;
  if (!search?.pathsTruncated) return 0;
  return Math.max(0, (search.pathsTotal ?? search.paths.length) - search.paths.length);
}

/**
 * The files shown from `from` (inclusive) to `to` (exclusive) by app, apps with the most files
 * first; `roots` (the allowed folders now) give each file's place on disk.
 */
export async function activitySeen(
  dir: string,
  request: IpcRequest<'activity:seen'>,
  roots: ReadonlyArray<{ path: string; name: string }>,
): Promise<Seen> {
  const apps = new Map<string, SeenApp & { byPath: Map<string, SeenFile> }>();
  const counts = { skipped: 0 };
  // Newest first: the first time a file is met is the last time it was shown.
  for await (const { record } of scanActivity(dir, request, null, counts)) {
    if (!showedFiles(record) || !record.search?.root) continue;
    const key = callerKey(record.client);
    let app = apps.get(key);
    if (!app) {
      app = {
        client: record.client,
        calls: 0,
        files: [],
        filesTotal: 0,
        unlisted: 0,
        byPath: new Map(),
      };
      apps.set(key, app);
    }
    app.calls++;
    app.unlisted += unlisted(record);
    const root = record.search.root;
    for (const rel of record.search.paths) {
      const id = `${root}\u0000${rel}`;
      const known = app.byPath.get(id);
      if (known) {
        known.times++;
        continue;
      }
      app.filesTotal++;
      if (app.byPath.size >= TRACKED_PER_APP) continue;
      const file: SeenFile = {
        root,
        path: rel,
        folder: folderOf(roots, root, rel),
        times: 1,
        lastShown: record.time,
      };
      app.byPath.set(id, file);
      if (app.files.length < SEEN_FILES_PER_APP) app.files.push(file);
    }
  }
  const list = [...apps.values()].map(({ byPath: _, ...app }) => app);
  list.sort((a, b) => b.filesTotal - a.filesTotal || b.calls - a.calls);
  return { apps: list };
}

/** The absolute folder a shown file sits in now, or null when its allowed folder is gone. */
function folderOf(
  roots: ReadonlyArray<{ path: string; name: string }>,
  root: string,
  rel: string,
): string | null {
  const full = resolveShownPath(roots, root, rel);
  return full === null ? null : path.dirname(full);
}
