// The search tool's names, limits and choices: what every layer (the renderer too) needs of it
// without its schemas (and zod).

/** The tool's canonical (dotted) name and the underscore spelling for clients that reject dots. */
export const SEARCH_TOOL_NAME = 'fs.search_by_time';
/** @see SEARCH_TOOL_NAME */
export const SEARCH_TOOL_ALT_NAME = 'fs_search_by_time';

/** True for the search tool under either of its names. */
export function isSearchTool(name: string): boolean {
  return name === SEARCH_TOOL_NAME || name === SEARCH_TOOL_ALT_NAME;
}

/** Documented input length limits (UTF-16 code units) and the server's depth ceiling. */
export const SEARCH_LIMITS = {
  globMaxLength: 1024,
  pathMaxLength: 4096,
  rootMaxLength: 4096,
  cursorMaxLength: 32_768,
  maxDepthCeiling: 256,
  limitMin: 1,
  limitMax: 1000,
} as const;

export const TIME_FIELDS = ['modified', 'created'] as const;
export const SORTS = ['time_desc', 'time_asc', 'path_asc'] as const;
/** Which time a search filters and sorts by. */
export type TimeField = (typeof TIME_FIELDS)[number];
/** How matches are ordered. */
export type Sort = (typeof SORTS)[number];
