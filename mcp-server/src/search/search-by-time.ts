// `fs.search_by_time`, the story of one call: the call made ready (search-plan.ts), the app's
// search engine asked first (engine-answer.ts), else the folder walked in tree order
// (tree-order.ts) or scanned in time order (time-order.ts), then the answer made from what was
// found (search-answer.ts). Every source gives the same answer; the engine only makes it faster.
import { collectAfterLongAnswer, whileAnswering } from '#search/idle-gc.js';
import { engineAnswer } from './engine-answer.js';
import type { SearchContext } from './search-context.js';
import { answerOf, type SearchResult } from './search-answer.js';
import { planSearch, type Found, type SearchPlan } from './search-plan.js';
import { walkTreeOrder } from './tree-order.js';
import { keepSnapshotsFor, scanTimeOrder } from './time-order.js';
import { useNativeWalkListing } from '../scan/walk-listing.js';

/** Matches from which an answer is followed by a full collection (see idle-gc.ts). */
const LARGE_ANSWER = 200;

/** The folder walked: the native listing on from the first walk (scan/walk-listing.ts). */
function walk(plan: SearchPlan, ctx: SearchContext): Promise<Found> {
  useNativeWalkListing();
  return plan.req.sort === 'path_asc' ? walkTreeOrder(plan, ctx) : scanTimeOrder(plan, ctx);
}

/** Runs `fs.search_by_time`: validates, resolves the root safely, finds, sorts and pages. */
export function searchByTime(args: unknown, ctx: SearchContext): Promise<SearchResult> {
  // An earlier scan's collection waits until this is answered (see idle-gc.ts).
  return whileAnswering(() => search(args, ctx));
}

async function search(args: unknown, ctx: SearchContext): Promise<SearchResult> {
  const plan = planSearch(args, ctx.config);
  keepSnapshotsFor(ctx.config);
  const found = (await engineAnswer(plan, ctx)) ?? (await walk(plan, ctx));
  const answer = answerOf(plan, found, ctx.config.limits);
  // A long answer becomes large strings (its text and its structured copy) that V8 keeps in its
  // large-object space until a full collection: paging 80,000 matches 1,000 at a time otherwise
  // grew the server by ~35 MB.
  if (answer.output.matches.length >= LARGE_ANSWER) collectAfterLongAnswer();
  return answer;
}
