// The app's search engine asked first: its answer counts only when it could be the walk's (every
// match a plain path inside the asked region, once, in order: engine-answer-check.ts) and every
// match is still on disk as listed and still matches the query by what the disk says (checked
// just before it is returned: verify-matches.ts); anything else means the server walks.
import type { EngineQuery } from '#shared/engine/engine.js';
import { log } from '#appdata/log.js';
import { answerShapeProblem } from '#search/engine-answer-check.js';
import { checkMatchesOnDisk } from '#search/verify-matches.js';
import type { SearchContext } from './search-context.js';
import { useNativeWalkListing } from '../scan/walk-listing.js';
import type { Found, SearchPlan } from './search-plan.js';

/**
 * The engine's answer to the plan's page; null when the server walks instead (no engine, links
 * followed, a decline, an answer that is not the walk's, a changed match: which the engine is
 * told to read again).
 */
export async function engineAnswer(plan: SearchPlan, ctx: SearchContext): Promise<Found | null> {
  if (!ctx.engine || ctx.config.followSymlinks) return null;
  const { root } = plan;
  const query = engineQueryOf(plan, ctx.config);
  if (ctx.countAll && plan.cursor === null) query.total = true;
  const answer = await ctx.engine.ask(query, ctx.signal);
  if (answer === null || answer.type !== 'answer') return null;
  const problem = answerShapeProblem(query, answer);
  if (problem !== null) return refused(ctx, problem);
  // The check looks at every match in one native call where the module is here (stat-below.ts).
  useNativeWalkListing();
  const { changed, unfit } = checkMatchesOnDisk(
    root.real,
    root.id,
    plan.segments,
    answer.matches,
    plan.match,
    plan.exclude,
  );
  if (unfit.length > 0) return refused(ctx, 'a match the query does not take');
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
    ...(answer.total === undefined ? {} : { total: answer.total }),
  };
}

/** The engine query of the plan's page (also how a saved result asks whether it changed). */
export function engineQueryOf(plan: SearchPlan, config: SearchContext['config']): EngineQuery {
  const { root, cursor, req } = plan;
  const tree = req.sort === 'path_asc';
  return {
    rootReal: root.real,
    rootId: root.id,
    exclude: plan.exclude,
    followSymlinks: config.followSymlinks,
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
    kinds: plan.match.kinds ? [...plan.match.kinds] : null,
  };
}

// An answer no engine of ours gives: said once per call, and the folder walked.
function refused(ctx: SearchContext, why: string): null {
  log(`engine: its answer was refused (${why}); walking instead`);
  ctx.engine?.refused?.(why);
  return null;
}
