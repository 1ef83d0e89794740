// The rules a folder may carry beyond its path, name and file types: which AI apps may search it
// (`apps`), until when (`until`), and the subfolders and names left out (`leaveOut`). A server
// from before them reads settings.json through the fields it knows and would not keep them, so
// each server says in the roster of running servers which it keeps (appdata/servers/), and the
// app names the AI apps still running an older one while a folder uses a rule it would not keep.

/** The per-folder rules, as their keys on a folder in settings.json. */
export const FOLDER_RULES = ['apps', 'until', 'leaveOut'] as const;
/** One of {@link FOLDER_RULES}. */
export type FolderRule = (typeof FOLDER_RULES)[number];

/** The rules some folder in `roots` uses, in {@link FOLDER_RULES} order. */
export function folderRulesInUse(roots: readonly object[]): FolderRule[] {
  return FOLDER_RULES.filter((rule) =>
    roots.some((root) => (root as Record<string, unknown>)[rule] !== undefined),
  );
}

/** The rules in use that a server keeping `keeps` (null: a server from before the rules) does not. */
export function rulesNotKept(
  inUse: readonly FolderRule[],
  keeps: readonly string[] | null,
): FolderRule[] {
  return inUse.filter((rule) => keeps === null || !keeps.includes(rule));
}
