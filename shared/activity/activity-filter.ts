// Matching activity records against the Activity screen's filter: the same in the app's queries
// and in the renderer's live list (which uses it without zod).
import type { ActivityClient, ActivityFilter, ActivityRecord } from './activity.js';
import { PREVIEW_CLIENT_NAME } from './activity-names.js';
import { callerApp } from '../clients/caller.js';

/** A filter with its bounds parsed once, for matching many records. */
export interface CompiledActivityFilter {
  fromMs: number | null;
  toMs: number | null;
  /** Lower-cased `text`, for a cheap pre-check on the raw line. */
  text: string | null;
  matches(record: ActivityRecord): boolean;
}

/** Compiles a filter; `clientLabel` maps a client to its display name (see describeActivity). */
export function compileActivityFilter(
  filter: ActivityFilter,
  clientLabel: (client: ActivityClient | null) => string,
): CompiledActivityFilter {
  const fromMs = filter.from === undefined ? null : Date.parse(filter.from);
  const toMs = filter.to === undefined ? null : Date.parse(filter.to);
  const text = filter.text ? filter.text.toLowerCase() : null;
  const tool = filter.tool === undefined ? null : canonicalTool(filter.tool);
  const matches = (r: ActivityRecord): boolean => {
    const t = Date.parse(r.time);
    if (fromMs !== null && t < fromMs) return false;
    if (toMs !== null && t >= toMs) return false;
    if (filter.outcome !== undefined && r.outcome !== filter.outcome) return false;
    if (filter.securityOnly && !r.security) return false;
    if (filter.hidePreview && r.client?.name === PREVIEW_CLIENT_NAME) return false;
    if (tool !== null && canonicalTool(r.tool) !== tool) return false;
    // An app started from FolderGate's entry is its app, whatever it reports about itself.
    if (
      filter.client !== undefined &&
      clientLabel(r.client) !== filter.client &&
      (callerApp(r.client) !== null || r.client?.name !== filter.client)
    )
      return false;
    if (text !== null && !searchableText(r).includes(text)) return false;
    return true;
  };
  return { fromMs, toMs, text, matches };
}

function canonicalTool(name: string): string {
  return name.replaceAll('_', '.').toLowerCase();
}

function searchableText(r: ActivityRecord): string {
  const parts = [r.tool, JSON.stringify(r.args), r.search?.root ?? '', ...(r.search?.paths ?? [])];
  return parts.join('\n').toLowerCase();
}
