// The Search preview's search over several folders is one search, told once (issue 38 item 2):
// its pages (one or more per folder, each recorded with the search's `previewSearch` id) become
// one entry of the list, "FolderGate preview looked for … in all allowed folders (8)", whose
// Details hold each folder's request.
import type { ActivityRecord } from '#shared/activity/activity.js';
import type { ActivityEntryView } from '#shared/contract/ipc.js';
import { t } from '#shared/i18n/i18n.js';

/** An entry of the list: one record, or a preview search's pages (newest first). */
export type ShownEntry = ActivityEntryView & { pages?: ActivityRecord[] };

/** The entries with each preview search's pages gathered at the place of its newest page. */
export function groupPreviewSearches(entries: readonly ActivityEntryView[]): ShownEntry[] {
  const pages = new Map<string, ActivityRecord[]>();
  for (const e of entries) {
    const id = e.record.previewSearch?.id;
    if (id) pages.set(id, [...(pages.get(id) ?? []), e.record]);
  }
  const shown: ShownEntry[] = [];
  const placed = new Set<string>();
  for (const e of entries) {
    const id = e.record.previewSearch?.id;
    if (!id) shown.push(e);
    else if (!placed.has(id)) {
      placed.add(id);
      const all = pages.get(id)!;
      // Its own id: the entry stays selected while more of its pages arrive.
      shown.push({ ...e, id: `preview-search:${id}`, record: combinedRecord(all), pages: all });
    }
  }
  return shown;
}

/** One record that tells a preview search's pages (newest first) as the search they are. */
export function combinedRecord(pages: readonly ActivityRecord[]): ActivityRecord {
  const newest = pages[0]!;
  const oldest = pages.at(-1)!;
  const folders = newest.previewSearch?.folders ?? pages.length;
  const args = { ...oldest.args };
  delete args.root;
  delete args.cursor;
  const searched = pages.flatMap((p) => (p.search ? [p.search] : []));
  const answered = pages.some((p) => p.outcome === 'ok');
  const started = Date.parse(oldest.time);
  const ended = Math.max(...pages.map((p) => Date.parse(p.time) + p.durationMs));
  return {
    ...newest,
    time: oldest.time,
    durationMs: Math.max(0, ended - started),
    args,
    ...(answered ? { outcome: 'ok', errorCode: null, errorMessage: null, security: false } : {}),
    search: {
      root: t('describe.allFolders', { count: folders }),
      matchCount: searched.reduce((n, s) => n + s.matchCount, 0),
      partial: searched.some((s) => s.partial),
      scannedFiles: searched.reduce((n, s) => n + s.scannedFiles, 0),
      scannedDirectories: searched.reduce((n, s) => n + s.scannedDirectories, 0),
      // Each folder's files are in its own request's Details (their paths are relative to it).
      paths: [],
    },
  };
}
