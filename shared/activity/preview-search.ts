// The Search preview's search over several folders, told as one (issue 38 item 2): the window
// names it in each call's `_meta`, the preview's server records it, Activity groups its pages.

/** The `_meta` key of a preview call that is one page of a search over several folders. */
export const PREVIEW_SEARCH_META = 'dev.foldergate/preview-search';

/**
 * The `_meta` key of a preview call asking how many entries match the whole search (`true`), and
 * of its result saying so (a number: the app's index's count, given only when the engine
 * answered). Honoured only by a server started with `--preview`.
 */
export const PREVIEW_TOTAL_META = 'dev.foldergate/total';

/** A preview search over several folders: its id and how many folders it covers. */
export interface PreviewSearch {
  id: string;
  folders: number;
}

/** The preview search a call's `_meta` names, when well formed; else undefined. */
export function previewSearchOf(
  meta: Record<string, unknown> | undefined,
): PreviewSearch | undefined {
  const value = meta?.[PREVIEW_SEARCH_META] as { id?: unknown; folders?: unknown } | undefined;
  if (typeof value?.id !== 'string' || !/^[\w.-]{1,100}$/.test(value.id)) return undefined;
  const folders = value.folders;
  if (typeof folders !== 'number' || !Number.isInteger(folders) || folders < 1 || folders > 1000)
    return undefined;
  return { id: value.id, folders };
}
