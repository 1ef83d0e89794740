// How the activity screen puts a record into words: outcome labels (text, never colour alone), a
// short phrase for the sidebar's live line, readable arguments, what to do about an error, and
// the screen's filter controls turned into the contract's ActivityFilter.
import { clientDisplayName, isOwnDecision } from '#shared/activity/activity-describe.js';
import type { ActivityFilter, ActivityRecord } from '#shared/activity/activity.js';
import { isSearchTool, SEARCH_TOOL_NAME } from '#shared/tools/search-names.js';
import { formatLocal } from '../../ui/format.js';

/** How a row marks its outcome: a word, a tone and whether it is a refused escape. */
export interface OutcomeLabel {
  label: string;
  tone: 'neutral' | 'success' | 'warning' | 'danger';
}

/** "Answered", "Failed", "Refused", "Blocked: left the folder", "Cancelled". */
export function outcomeLabel(record: ActivityRecord): OutcomeLabel {
  if (record.security) return { label: 'Blocked', tone: 'danger' };
  if (record.outcome === 'cancelled') return { label: 'Cancelled', tone: 'neutral' };
  if (record.outcome === 'error')
    return isRefusal(record.errorCode)
      ? { label: 'Refused', tone: 'warning' }
      : { label: 'Failed', tone: 'danger' };
  return { label: 'Answered', tone: 'success' };
}

// Refused by the person's own settings or answer, not failed: nothing is wrong to be fixed.
const isRefusal = isOwnDecision;

/** True for either spelling of the search tool. */
export { isSearchTool };

/** A short phrase for the sidebar: "Claude Desktop searched Documents". */
export function shortActivity(record: ActivityRecord): string {
  const app = clientDisplayName(record.client);
  if (record.security) return `${app} was stopped from leaving a folder`;
  if (record.outcome === 'error')
    return isRefusal(record.errorCode) ? `${app} was refused` : `${app}'s request failed`;
  if (record.outcome === 'cancelled') return `${app} cancelled a request`;
  if (isSearchTool(record.tool))
    return record.search?.root ? `${app} searched ${record.search.root}` : `${app} searched`;
  if (record.tool.startsWith('logic')) return `${app} used the logic catalog`;
  return `${app} used FolderGate`;
}

/** "just now", "3 min ago", "2 h ago", or the local date and time. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 45) return 'just now';
  if (seconds < 3600) return `${Math.max(1, Math.round(seconds / 60))} min ago`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h ago`;
  return formatLocal(iso);
}

/** The tools a filter can pick, in words. */
export const TOOL_CHOICES = [
  { value: SEARCH_TOOL_NAME, label: 'Search by time' },
  { value: 'logic_list', label: 'List logics' },
  { value: 'logic_get', label: 'Read a logic' },
] as const;

const ARG_LABELS: Record<string, string> = {
  root: 'Folder',
  path: 'Inside',
  timeField: 'Time used',
  from: 'From',
  to: 'Until',
  glob: 'Names like',
  exclude: 'Left out',
  includeFiles: 'Files',
  includeDirectories: 'Folders',
  maxDepth: 'Depth',
  sort: 'Order',
  limit: 'At most',
  cursor: 'Page',
  recursive: 'Subfolders',
  name: 'Logic',
};

const SORT_WORDS: Record<string, string> = {
  time_desc: 'newest first',
  time_asc: 'oldest first',
  path_asc: 'by path',
};

/** The arguments as label/value pairs a person can read ("Time used: when changed"). */
export function readableArgs(
  args: Record<string, unknown>,
): Array<{ label: string; value: string }> {
  return Object.entries(args).map(([key, value]) => ({
    label: ARG_LABELS[key] ?? key,
    value: readableValue(key, value),
  }));
}

function readableValue(key: string, value: unknown): string {
  if (key === 'timeField') return value === 'created' ? 'when created' : 'when changed';
  if ((key === 'from' || key === 'to') && typeof value === 'string') {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? value : `${formatLocal(new Date(ms).toISOString())} (${value})`;
  }
  if (key === 'cursor') return 'a next page of an earlier search';
  if (key === 'sort' && typeof value === 'string') return SORT_WORDS[value] ?? value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value === '' ? '(the whole folder)' : value;
  if (typeof value === 'number') return value.toLocaleString();
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(', ');
  return JSON.stringify(value);
}

const FIXES: Record<string, string> = {
  AccessPaused:
    'AI access was paused. Turn it back on in the sidebar when you want AI apps to search again.',
  NoAllowedRoots: 'Add a folder on the Folders screen.',
  RootNotAllowed:
    'Nothing to do, unless you want to allow that folder: add it on the Folders screen.',
  PathTraversalDetected: 'Nothing to do: FolderGate kept the AI app inside your folder.',
  SymlinkEscapeDetected: 'Nothing to do: FolderGate did not follow a link out of your folder.',
  PathNotRelative: 'Nothing to do: FolderGate kept the AI app inside your folder.',
  RootReplaced:
    'Check the folder on the Folders screen: use the folder that is there now, or remove it.',
  PathNotFound: 'The AI app asked for a folder that does not exist; it can try another.',
  TimeoutExceeded:
    'The AI app can search a smaller folder, or you can raise the time limit in Advanced › Search limits.',
  ScanLimitExceeded:
    'The AI app can search a smaller folder, or you can raise the limits in Advanced › Search limits.',
  AccessDenied: 'Check that your user account may read that folder.',
  RpcInvalidParams:
    'The AI app sent a request FolderGate does not understand; updating the app may help.',
};

/** What a person can do about a recorded error. */
export function errorFix(code: string | null): string {
  return (code && FIXES[code]) ?? 'The AI app may try again with different arguments.';
}

/** The time choices of the filter bar. */
export type TimeChoice = 'hour' | 'day' | 'week' | 'all' | 'range';

/** The filter bar's state. */
export interface ActivityControls {
  client: string;
  tool: string;
  /** '' | 'ok' | 'error' | 'cancelled' | 'security'. */
  outcome: string;
  time: TimeChoice;
  /** datetime-local values for 'range'. */
  rangeFrom: string;
  rangeTo: string;
  text: string;
  /** Show FolderGate's own calls (Search preview, the logic catalog); hidden by default. */
  showPreview: boolean;
}

/** Everything shown. */
export const NO_FILTER: ActivityControls = {
  client: '',
  tool: '',
  outcome: '',
  time: 'all',
  rangeFrom: '',
  rangeTo: '',
  text: '',
  showPreview: false,
};

const SPAN_MS = { hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000 } as const;

/** The contract's filter for the controls at `now` (range inputs read as local time). */
export function toActivityFilter(
  c: ActivityControls,
  now: number,
  toIso: (local: string) => string | null,
): ActivityFilter {
  const filter: ActivityFilter = {};
  if (c.client) filter.client = c.client;
  if (c.tool) filter.tool = c.tool;
  if (c.outcome === 'security') filter.securityOnly = true;
  else if (c.outcome === 'ok' || c.outcome === 'error' || c.outcome === 'cancelled')
    filter.outcome = c.outcome;
  if (c.time === 'hour' || c.time === 'day' || c.time === 'week')
    filter.from = new Date(now - SPAN_MS[c.time]).toISOString();
  if (c.time === 'range') {
    const from = c.rangeFrom ? toIso(c.rangeFrom) : null;
    const to = c.rangeTo ? toIso(c.rangeTo) : null;
    if (from) filter.from = from;
    if (to) filter.to = to;
  }
  if (c.text.trim()) filter.text = c.text.trim();
  if (!c.showPreview) filter.hidePreview = true;
  return filter;
}

/** True when the controls hide nothing but FolderGate's own calls (their switch is apart). */
export function isUnfiltered(c: ActivityControls): boolean {
  return (
    !c.client &&
    !c.tool &&
    !c.outcome &&
    !c.text.trim() &&
    (c.time === 'all' || (c.time === 'range' && !c.rangeFrom && !c.rangeTo))
  );
}
