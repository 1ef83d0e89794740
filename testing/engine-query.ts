// An engine query as a server sends it for a plain search (newest first, files only, no range),
// with what a test changes.
import type { EngineQuery } from '#shared/engine/engine.js';
import type { IndexQuery } from '#engine/index-query.js';
import type { MatchQuery } from '#search/matcher.js';

/** What a plain search matches: files by modified time, no range, glob, kind or size. */
export const PLAIN_MATCH = {
  timeField: 'modified',
  fromMs: null,
  toMs: null,
  glob: null,
  includeFiles: true,
  includeDirectories: false,
  includeUnknownTime: false,
  fileTypes: null,
  kinds: null,
  minSize: null,
  maxSize: null,
} satisfies MatchQuery;

/** A plain search of a folder's index: the whole folder, newest first, files only, no range. */
const PLAIN = {
  ...PLAIN_MATCH,
  startRel: '',
  maxDepth: 256,
  after: null,
  until: null,
} satisfies IndexQuery;

/** A plain query for `rootReal`, `count` matches, with `overrides`. */
export function engineQuery(
  rootReal: string,
  count: number,
  overrides: Partial<EngineQuery> = {},
): EngineQuery {
  return {
    ...PLAIN,
    rootReal,
    rootId: null,
    exclude: [],
    followSymlinks: false,
    sort: 'time_desc',
    afterKey: null,
    count,
    ...overrides,
  };
}

/** A plain search of a folder's index (engine/src/index-query.ts), with `overrides`. */
export function indexQuery(overrides: Partial<IndexQuery> = {}): IndexQuery {
  return { ...PLAIN, ...overrides };
}

/**
 * An engine's answer of `matches` after a whole walk of one file and folder, with what a test
 * changes; `matches` of any shape, for tests of what the server takes.
 */
export function engineAnswer<M>(matches: M[], overrides: Record<string, unknown> = {}) {
  return {
    type: 'answer' as const,
    walk: {
      scannedFiles: 1,
      scannedDirectories: 1,
      skippedUnreadable: 0,
      notEnteredAtMaxDepth: 0,
      invalidNames: 0,
      stopReason: 'done' as const,
      stoppedAt: null,
    },
    skippedUnreadable: 0,
    matches,
    more: false,
    ...overrides,
  };
}
