// Who may search which allowed folder, and until when (issue 36, items 1 and 3): a folder is
// searchable by every connected app unless its `apps` names the ones that may, and for ever
// unless its `until` has passed. One reading for every process: each server applies it at every
// call (search, saved results, the tool description, foldergate://folders), the front desk keys
// the listing cache on it, the engine stops indexing a folder whose time ended, and the Search
// preview asks as a chosen app. Servers compute it from the stored time at each call, so a
// folder's time ends for every server at that moment, with the app closed too.

/**
 * The `_meta` key of a Search preview call made as an app ("Search as: Cursor"): honoured only by
 * a server started with `--preview` (FolderGate's own), never by an AI app's.
 */
export const SEARCH_AS_META = 'dev.foldergate/search-as';

/** The caller of the Search preview's "All apps": it sees every folder allowed now. */
export const ANY_APP = '*';

/**
 * Who asks: the app FolderGate's entry names (`--client`), null for a server started by a
 * hand-written entry (no identity: only folders allowed to all apps), or {@link ANY_APP}.
 */
export type AccessCaller = string | null;

/** What of an allowed folder decides who may search it. */
export interface AccessRule {
  /** The apps that may search it (client ids); absent: every connected app. */
  apps?: readonly string[] | undefined;
  /** When access ends (ISO 8601 with offset); absent: no end. */
  until?: string | undefined;
}

/** True when `root`'s time has ended at `now` (epoch ms). */
export function hasEnded(root: AccessRule, now: number): boolean {
  if (root.until === undefined) return false;
  const end = Date.parse(root.until);
  // An unreadable time never grants: the folder is treated as ended.
  return Number.isNaN(end) || now >= end;
}

/** True when `caller` may search `root` at `now`. */
export function maySearch(root: AccessRule, caller: AccessCaller, now: number): boolean {
  if (hasEnded(root, now)) return false;
  if (root.apps === undefined || caller === ANY_APP) return true;
  return caller !== null && root.apps.includes(caller);
}

/**
 * The folders `caller` may search at `now`, and its default: the stored default when it is one of
 * them, else null (the first of them is then the default, as everywhere).
 */
export function foldersFor<R extends AccessRule & { path: string }>(
  settings: { roots: readonly R[]; defaultRoot: string | null },
  caller: AccessCaller,
  now: number,
): { roots: R[]; defaultRoot: string | null } {
  const roots = settings.roots.filter((root) => maySearch(root, caller, now));
  const visible =
    settings.defaultRoot !== null && roots.some((r) => r.path === settings.defaultRoot);
  return { roots, defaultRoot: visible ? settings.defaultRoot : null };
}

/** The next moment after `now` at which some folder's time ends (null: none is coming). */
export function nextAccessEnd(roots: readonly AccessRule[], now: number): number | null {
  let next: number | null = null;
  for (const root of roots) {
    if (root.until === undefined) continue;
    const end = Date.parse(root.until);
    if (!Number.isNaN(end) && end > now && (next === null || end < next)) next = end;
  }
  return next;
}

/**
 * Which folders of a settings object read as plain JSON (not checked: the front desk has no zod)
 * `caller` may search at `now`, as a short key: the indexes of those folders. Two readings with
 * the same key (and the same settings text) give the same listing; a settings text the servers
 * cannot use is never cached, so the loose reading here never decides an answer.
 */
export function accessViewKey(raw: unknown, caller: AccessCaller, now: number): string {
  const roots =
    raw !== null && typeof raw === 'object' ? (raw as { roots?: unknown }).roots : undefined;
  if (!Array.isArray(roots)) return '';
  const shown: number[] = [];
  roots.forEach((root: unknown, i) => {
    if (root === null || typeof root !== 'object') return;
    const { apps, until } = root as { apps?: unknown; until?: unknown };
    const rule: AccessRule = {
      apps: Array.isArray(apps)
        ? apps.filter((a): a is string => typeof a === 'string')
        : undefined,
      until: typeof until === 'string' ? until : until === undefined ? undefined : '',
    };
    if (maySearch(rule, caller, now)) shown.push(i);
  });
  return shown.join(',');
}
