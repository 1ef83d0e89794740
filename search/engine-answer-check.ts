// What a server checks of the search engine's answer before it looks at the disk: the engine may
// only make an answer faster, never different, and it is a separate process that anyone who can
// read `<appData>/engine/secret` could stand in for. So an answer counts only when it could be the
// walk's: every match a plain path below the start folder (no absolute, empty, `.` or `..`
// segment, nothing a platform reads as a separator or a device), not excluded, no deeper than
// asked, inside the asked region and after the cursor, each once, in the asked order, no more
// than asked. The rest (the glob, file types, kinds, the time range, by the times on disk) is
// re-applied to each match as it is looked at on disk (verify-matches.ts).
import type { EngineAnswer, EngineQuery } from '#shared/engine/engine.js';
import { compareOf, compileExcludes } from './matcher.js';
import { comparePaths } from './walker.js';

/** An answer the engine gave (not a decline). */
export type EngineAnswered = Extract<EngineAnswer, { type: 'answer' }>;

// A name the walker never lists, or one a platform reads otherwise than as one plain name.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const WINDOWS_NAME = /[\\:]|[. ]$/;

/** Why `rel` cannot be a path the walk lists below the start folder; null when it can. */
export function relProblem(rel: string, platform: string = process.platform): string | null {
  if (rel.includes('\0')) return 'a path with a NUL character';
  if (LONE_SURROGATE.test(rel)) return 'a path that is not valid Unicode';
  for (const segment of rel.split('/')) {
    if (segment === '') return 'an absolute path or an empty segment';
    if (segment === '.' || segment === '..') return `a '${segment}' segment`;
    if (platform === 'win32' && WINDOWS_NAME.test(segment))
      return 'a name Windows reads as another path';
  }
  return null;
}

/**
 * Why the engine's `answer` cannot be the walk's answer to `query` (one the server built from
 * its own settings), or null when its shape fits. Nothing here reads the disk.
 */
export function answerShapeProblem(
  query: EngineQuery,
  answer: EngineAnswered,
  platform: string = process.platform,
): string | null {
  const { matches, walk } = answer;
  if (matches.length > query.count) return 'more matches than asked';
  // The engine answers for the whole folder: a stop at a limit would move the next cursor.
  if (walk.stopReason !== 'done' && walk.stopReason !== 'visitor') return 'a walk stopped early';
  const tree = query.sort === 'path_asc';
  // In tree order "more" comes only with a full page; time orders find it by one match more.
  if (answer.more && (!tree || matches.length !== query.count)) return "'more' without a full page";
  const compare = tree ? null : compareOf(query.sort as 'time_desc' | 'time_asc');
  const isExcluded = compileExcludes(query.exclude, query.startRel);
  const seen = new Set<string>();
  let previous: EngineAnswered['matches'][number] | null = null;
  for (const match of matches) {
    const { rel } = match;
    const bad = relProblem(rel, platform);
    if (bad !== null) return bad;
    if (seen.has(rel)) return 'a match listed twice';
    seen.add(rel);
    const segments = rel.split('/');
    // The start folder's children are at depth 0.
    if (segments.length > query.maxDepth + 1) return 'a match deeper than asked';
    if (isExcluded) {
      for (let i = 1; i <= segments.length; i++)
        if (isExcluded(segments.slice(0, i).join('/'))) return 'an excluded match';
    }
    if (query.after !== null && comparePaths(rel, query.after) <= 0)
      return 'a match before the asked region';
    if (query.until !== null && comparePaths(rel, query.until) > 0)
      return 'a match beyond the asked region';
    if (compare !== null && query.afterKey !== null && compare(query.afterKey, match) >= 0)
      return 'a match before the cursor';
    if (previous !== null) {
      const order = compare ? compare(previous, match) : comparePaths(previous.rel, rel);
      if (order >= 0) return 'matches out of order';
    }
    previous = match;
  }
  return null;
}
