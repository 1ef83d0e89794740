// The server's resources (issue 37; docs/contracts/resources.md): the folders an AI app may search,
// and each search's answer kept for a while as a result it can read again, page through and
// follow. Names, sizes and dates only: never a file's contents, never a `file://` link.

/** The folders this app may search (JSON, and a one-line text summary). */
export const FOLDERS_URI = 'foldergate://folders';
/** Where saved results live: `foldergate://results/<id>`, `?page=<n>` for a later page. */
export const RESULTS_URI_PREFIX = 'foldergate://results/';
/** The saved results' URI template (resources/templates/list). */
export const RESULTS_URI_TEMPLATE = 'foldergate://results/{id}{?page}';
/** The switch (settings.json `tools`) that turns every resource off. */
export const RESOURCES_SWITCH = 'resources';
/** The tool name a resource read is approved and recorded under. */
export const RESOURCE_READ_TOOL = 'resources/read';

/** Matches per page of a saved result's read. */
export const RESULT_PAGE_SIZE = 100;
/** At most this many results are kept per connection; the least recently used goes first. */
export const RESULT_STORE_MAX_RESULTS = 32;
/** At most this many bytes (their matches' JSON) are kept per connection. */
export const RESULT_STORE_MAX_BYTES = 8 * 1024 * 1024;

/** A resource URI as the server reads it; null when it is none of FolderGate's. */
export type ResourceAddress =
  { kind: 'folders' } | { kind: 'result'; id: string; page: number; base: string };

/** Reads `uri` (an unknown query key or a page that is not a whole number ≥ 1: null). */
export function parseResourceUri(uri: string): ResourceAddress | null {
  if (uri === FOLDERS_URI) return { kind: 'folders' };
  if (!uri.startsWith(RESULTS_URI_PREFIX)) return null;
  const rest = uri.slice(RESULTS_URI_PREFIX.length);
  const [id = '', query] = rest.split('?', 2);
  if (!/^[0-9a-f]{16,64}$/.test(id)) return null;
  let page = 1;
  if (query !== undefined) {
    const match = /^page=([1-9][0-9]{0,6})$/.exec(query);
    if (!match) return null;
    page = Number(match[1]);
  }
  return { kind: 'result', id, page, base: RESULTS_URI_PREFIX + id };
}

/** The URI of page `page` of a saved result (page 1 is the bare URI). */
export function resultPageUri(base: string, page: number): string {
  return page <= 1 ? base : `${base}?page=${page}`;
}
