// A successful `fs.search_by_time` answer kept as a resource: its structuredContent gains
// `resultUri`, and its content a `resource_link` to it (docs/contracts/resources.md).
import type { ResourceLink } from '@modelcontextprotocol/server';
import {
  isSearchTool,
  parseSearchArguments,
  type SearchOutput,
} from '#shared/tools/search-by-time.js';
import type { ServerConfig } from '#appdata/settings/server-config.js';
import { resolveRoot } from '#search/roots.js';
import { resultResource } from './resource-bodies.js';
import { resourcesEnabled } from './resources.js';
import type { ResultStore } from './result-store.js';

/**
 * Keeps a search's answer in `results` and returns the link to add to its content; null when the
 * tool is not the search or resources are switched off (the answer is then as the seed contract's).
 */
export function keepSearchResult(
  results: ResultStore,
  tool: string,
  args: unknown,
  structured: Record<string, unknown>,
  config: ServerConfig,
): ResourceLink | null {
  if (!isSearchTool(tool) || !resourcesEnabled(config)) return null;
  const output = structured as unknown as SearchOutput;
  const root = resolveRoot(parseSearchArguments(args).root, config);
  const saved = results.save({
    args: { ...(args as Record<string, unknown>) },
    root: { name: root.name, path: root.path },
    timeField: output.timeField,
    range: output.range,
    matches: output.matches,
    more: output.nextCursor !== null,
  });
  structured.resultUri = saved.uri;
  const listed = resultResource(saved);
  return {
    type: 'resource_link',
    uri: saved.uri,
    name: listed.name,
    title: listed.title,
    description: listed.description,
    mimeType: 'application/json',
  };
}
