// How the activity screen puts a record into words: outcome labels (text, never colour alone), a
// short phrase for the sidebar's live line, readable arguments, what to do about an error, and
// the screen's filter controls turned into the contract's ActivityFilter.
import { clientDisplayName, isOwnDecision } from '#shared/activity/activity-describe.js';
import type { ActivityFilter, ActivityRecord } from '#shared/activity/activity.js';
import { isSearchTool, SEARCH_TOOL_NAME } from '#shared/tools/search-names.js';
import { PROMPT_GET } from '#shared/activity/activity-names.js';
import { RESOURCE_READ_TOOL } from '#shared/tools/resource-names.js';
import { formatLocal } from '../../ui/format.js';
import { t } from '#shared/i18n/i18n.js';
import { formatCount } from '#shared/i18n/format.js';

/** How a row marks its outcome: a word, a tone and whether it is a refused escape. */
export interface OutcomeLabel {
  label: string;
  tone: 'neutral' | 'success' | 'warning' | 'danger';
}

/** "Answered", "Failed", "Refused", "Blocked: left the folder", "Cancelled". */
export function outcomeLabel(record: ActivityRecord): OutcomeLabel {
  if (record.security) return { label: t('activityView.outcome.blocked'), tone: 'danger' };
  if (record.outcome === 'cancelled')
    return { label: t('activityView.outcome.cancelled'), tone: 'neutral' };
  if (record.outcome === 'error')
    return isRefusal(record.errorCode)
      ? { label: t('activityView.outcome.refused'), tone: 'warning' }
      : { label: t('activityView.outcome.failed'), tone: 'danger' };
  return { label: t('activityView.outcome.answered'), tone: 'success' };
}

// Refused by the person's own settings or answer, not failed: nothing is wrong to be fixed.
const isRefusal = isOwnDecision;

/** True for either spelling of the search tool. */
export { isSearchTool };

/** A short phrase for the sidebar: "Claude Desktop searched Documents". */
export function shortActivity(record: ActivityRecord): string {
  const app = clientDisplayName(record.client);
  if (record.security) return t('activityView.short.blocked', { app });
  if (record.outcome === 'error')
    return isRefusal(record.errorCode)
      ? t('activityView.short.refused', { app })
      : t('activityView.short.failed', { app });
  if (record.outcome === 'cancelled') return t('activityView.short.cancelled', { app });
  // A page of the preview's search over several folders is that search ("… searched all allowed
  // folders (8)"), not the one folder it went to.
  if (record.previewSearch && record.outcome === 'ok')
    return t('activityView.short.searchedIn', {
      app,
      root: t('describe.allFolders', { count: record.previewSearch.folders }),
    });
  if (isSearchTool(record.tool))
    return record.search?.root
      ? t('activityView.short.searchedIn', { app, root: record.search.root })
      : t('activityView.short.searched', { app });
  if (record.tool.startsWith('logic')) return t('activityView.short.logic', { app });
  return t('activityView.short.other', { app });
}

/** "just now", "3 min ago", "2 h ago", or the local date and time. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 45) return t('activityView.ago.justNow');
  if (seconds < 3600)
    return t('activityView.ago.minutes', { count: Math.max(1, Math.round(seconds / 60)) });
  if (seconds < 86_400) return t('activityView.ago.hours', { count: Math.round(seconds / 3600) });
  return formatLocal(iso);
}

/** The tools a filter can pick, in words. */
export function toolChoices(): Array<{ value: string; label: string }> {
  return [
    { value: SEARCH_TOOL_NAME, label: t('activityView.tools.search') },
    { value: 'logic_list', label: t('activityView.tools.logicList') },
    { value: 'logic_get', label: t('activityView.tools.logicGet') },
    { value: PROMPT_GET, label: t('activityView.tools.prompt') },
    { value: RESOURCE_READ_TOOL, label: t('activityView.tools.resourceRead') },
  ];
}

const ARG_KEYS = [
  'root',
  'path',
  'timeField',
  'from',
  'to',
  'glob',
  'exclude',
  'includeFiles',
  'includeDirectories',
  'maxDepth',
  'sort',
  'limit',
  'cursor',
  'recursive',
  'name',
] as const;
const isArgKey = (key: string): key is (typeof ARG_KEYS)[number] =>
  (ARG_KEYS as readonly string[]).includes(key);
const isSortWord = (value: string): value is 'time_desc' | 'time_asc' | 'path_asc' =>
  value === 'time_desc' || value === 'time_asc' || value === 'path_asc';

/** The arguments as label/value pairs a person can read ("Time used: when changed"). */
export function readableArgs(
  args: Record<string, unknown>,
): Array<{ label: string; value: string }> {
  return Object.entries(args).map(([key, value]) => ({
    label: isArgKey(key) ? t(`activityView.args.${key}`) : key,
    value: readableValue(key, value),
  }));
}

function readableValue(key: string, value: unknown): string {
  if (key === 'timeField')
    return value === 'created' ? t('activityView.value.created') : t('activityView.value.changed');
  if ((key === 'from' || key === 'to') && typeof value === 'string') {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? value : `${formatLocal(new Date(ms).toISOString())} (${value})`;
  }
  if (key === 'cursor') return t('activityView.value.cursor');
  if (key === 'sort' && typeof value === 'string')
    return isSortWord(value) ? t(`activityView.sort.${value}`) : value;
  if (typeof value === 'boolean')
    return value ? t('activityView.value.yes') : t('activityView.value.no');
  if (typeof value === 'string') return value === '' ? t('activityView.value.wholeFolder') : value;
  if (typeof value === 'number') return formatCount(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(', ');
  return JSON.stringify(value);
}

const FIX_CODES = [
  'AccessPaused',
  'NoAllowedRoots',
  'RootNotAllowed',
  'PathTraversalDetected',
  'SymlinkEscapeDetected',
  'PathNotRelative',
  'RootReplaced',
  'PathNotFound',
  'TimeoutExceeded',
  'ScanLimitExceeded',
  'AccessDenied',
  'RpcInvalidParams',
  'DeniedByUser',
  'ApprovalUnavailable',
  'ToolDisabled',
] as const;

/**
 * What a person can do about a recorded error; a refusal is about the refusal (by the person, or
 * by their rule for the app: `decidedBy`), never "try again with different arguments".
 */
export function errorFix(code: string | null, decidedBy?: string): string {
  if (code === 'DeniedByUser' && decidedBy === 'rule') return t('activityView.fix.deniedByRule');
  const known = FIX_CODES.find((c) => c === code);
  return known ? t(`activityView.fix.${known}`) : t('activityView.fix.other');
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
