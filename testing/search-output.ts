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

/**
 * A search answer's content as the seed contract has it: its summary and JSON text (the JSON
 * without `resultUri`), without the `resource_link` to the answer kept as a resource.
 */
export function searchContent(result: object): unknown[] {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content
    .filter((item) => item.type !== 'resource_link')
    .map((item, i) =>
      i === 1 && item.type === 'text' && item.text !== undefined
        ? {
            ...item,
            text: JSON.stringify(searchOutput({ structuredContent: JSON.parse(item.text) })),
          }
        : item,
    );
}
