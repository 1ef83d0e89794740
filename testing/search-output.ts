// A search answer's structuredContent as the seed contract has it: without `resultUri`, the link
// to the answer kept as a resource (issue 37), which differs from call to call.
import type { SearchOutput } from '#shared/tools/search-by-time.js';

/** The structuredContent of a search answer, without its `resultUri`. */
export function searchOutput(result: object): SearchOutput {
  const content = (result as { structuredContent?: unknown }).structuredContent ?? {};
  const output = { ...(content as SearchOutput) };
  delete output.resultUri;
  return output;
}
