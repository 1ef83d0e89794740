// The app's search engine asked first: its answer counts only when every match is still on disk
// as listed (checked just before it is returned); anything else means the server walks.
import type { EngineQuery } from '#shared/engine/engine.js';
import { changedMatches } from '#search/verify-matches.js';
import type { SearchContext } from './search-context.js';
import type { Found, SearchPlan } from './search-plan.js';

/**
 * The engine's answer to the plan's page; null when the server walks instead (no engine, links
 * followed, a decline, a changed match: which the engine is told to read again).
 */
export async function engineAnswer(plan: SearchPlan, ctx: SearchContext): Promise<Found | null> {
  if (!ctx.engine || ctx.config.followSymlinks) return null;
  const { root, cursor, req } = plan;
  const tree = req.sort === 'path_asc';
  const query: EngineQuery = {
    rootReal: root.real,
    rootId: root.id,
    exclude: ctx.config.exclude,
    followSymlinks: ctx.config.followSymlinks,
    startRel: plan.startRel,
    maxDepth: plan.maxDepth,
    sort: req.sort,
    after: cursor?.ws ?? null,
    until: tree || !plan.fixed ? null : (cursor?.we ?? null),
    afterKey: tree || !cursor?.a ? null : { rel: cursor.a.p, t: cursor.a.t },
    // Tree order: the page, and whether more follow; time order: the page and one more.
    count: tree ? req.limit : req.limit + 1,
    ...plan.match,
    fileTypes: plan.match.fileTypes ? [...plan.match.fileTypes] : null,
  };
  const answer = await ctx.engine.ask(query, ctx.signal);
  if (answer === null || answer.type !== 'answer') return null;
  const changed = changedMatches(root.real, root.id, plan.segments, answer.matches);
  if (changed.length > 0) {
    const prefix = plan.startRel === '' ? '' : `${plan.startRel}/`;
    ctx.engine.recheck?.(
      root.real,
      changed.map((rel) => prefix + rel),
    );
    return null;
  }
  return {
    matches: answer.matches,
    more: answer.more,
    walk: answer.walk,
    skippedUnreadable: answer.skippedUnreadable,
    snapshotMadeAt: null,
  };
}
