// `fs.search_by_time` as a tool: its description (with the allowed folders), schemas and run.
import {
  parseSearchArguments,
  SEARCH_LIMITS,
  SEARCH_TOOL_ALT_NAME,
  SEARCH_TOOL_NAME,
  searchInputJsonSchema,
  searchOutputJsonSchema,
} from '#shared/tools/search-by-time.js';
import { resolveRoot } from '#search/roots.js';
import { searchByTime } from '../search/search-by-time.js';
import type { WalkStats } from '#search/walker.js';
import { scanProgressMessage } from '#shared/tools/scan-progress.js';
import { READ_ONLY, type ToolDefinition } from './tool-definition.js';
import { zoneName } from './zone-name.js';

/** `fs.search_by_time`. */
export const searchTool: ToolDefinition = {
  name: SEARCH_TOOL_NAME,
  altName: SEARCH_TOOL_ALT_NAME,
  title: 'Search files by time',
  description(config) {
    const names = config.roots.map((r) => JSON.stringify(r.name)).join(', ');
    return [
      'Find files (and optionally folders) in the folders the user allowed, by when they were last modified or created.',
      `Set timeField ('modified' or 'created') and optionally a range: from (inclusive) and to (exclusive), RFC 3339 date-times with an offset ('Z' or '+09:00'; ${localZone()}). A value without an offset is still accepted and read as the user's local time.`,
      "Narrow with path (a folder relative to the root), glob ('**/*.pdf'; a pattern without '/' matches names at any depth), kinds (document, image, …) and minSize/maxSize in bytes (with these, files only).",
      `Results are newest first by default; page with nextCursor (limit 1..${SEARCH_LIMITS.limitMax} per page). Paths in results are absolute.`,
      'Only folders the user allowed can be searched; symbolic links are never followed out of them.',
      names
        ? `Allowed folders (use as 'root'; the first is the default): ${names}.`
        : 'No folder has been allowed yet: ask the user to add one in FolderGate.',
    ].join(' ');
  },
  inputSchema: searchInputJsonSchema,
  outputSchema: searchOutputJsonSchema,
  annotations: READ_ONLY,
  check(args, config) {
    // The arguments' shape and the root (an allowed folder); the path is checked by the walk.
    resolveRoot(parseSearchArguments(args).root, config);
  },
  scope: (config) => [config.roots, config.defaultRoot, config.exclude, config.followSymlinks],
  async run(args, ctx) {
    const onProgress = (stats: WalkStats) => {
      ctx.scanned?.(stats);
      ctx.progress(
        stats.scannedFiles + stats.scannedDirectories,
        scanProgressMessage(stats.scannedFiles, stats.scannedDirectories),
      );
    };
    const { output, summary, total } = await searchByTime(args, {
      config: ctx.config,
      signal: ctx.signal,
      onProgress,
      fresh: ctx.wantsProgress === true,
      engine: ctx.engine,
      countAll: ctx.countAll,
    });
    return { structured: output, summary, ...(total === undefined ? {} : { total }) };
  },
};

/**
 * The user's time zone and its offset now, so that a model can write the offset that `from`/`to`
 * need (their schema says format date-time, which requires one) instead of guessing it.
 */
function localZone(now = new Date()): string {
  const minutes = -now.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const hh = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  const mm = String(Math.abs(minutes) % 60).padStart(2, '0');
  const zone = zoneName();
  return `the user's local offset is currently ${sign}${hh}:${mm}${zone ? `, time zone ${zone}` : ''}`;
}
