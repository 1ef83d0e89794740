// A page in tree order (`path_asc`), walked: the walk stops once the page is full and one more
// match is seen, so it is cheap and never cached.
import type { Candidate } from '#search/candidates.js';
import { compileExcludes, createMatcher } from '#search/matcher.js';
import { walkTree } from '#search/walker.js';
import type { SearchContext } from './search-context.js';
import type { Found, SearchPlan } from './search-plan.js';

/** Walks the start folder in tree order from the cursor's place until the page is full. */
export async function walkTreeOrder(plan: SearchPlan, ctx: SearchContext): Promise<Found> {
  const matcher = createMatcher(plan.match);
  const matches: Candidate[] = [];
  let more = false;
  const walk = await walkTree({
    startReal: plan.startReal,
    rootReal: plan.root.real,
    rootId: plan.root.id,
    maxDepth: plan.maxDepth,
    followSymlinks: ctx.config.followSymlinks,
    deadline: plan.deadline,
    signal: ctx.signal,
    isExcluded: compileExcludes(plan.exclude, plan.startRel),
    onProgress: ctx.onProgress,
    after: plan.cursor?.ws ?? null,
    until: null,
    limits: plan.countLimits,
    visit(entry) {
      const c = matcher.candidateOf(entry);
      if (c === null) return true;
      if (matches.length < plan.req.limit) {
        matches.push(c);
        return true;
      }
      more = true;
      return false;
    },
  }).catch(plan.asStartError);
  return {
    matches,
    more,
    walk,
    skippedUnreadable: matcher.skippedUnreadable,
    snapshotMadeAt: null,
  };
}
