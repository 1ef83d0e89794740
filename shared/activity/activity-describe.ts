import type { ActivityRecord } from './activity.js';
import type { ClientId } from '../clients/clients.js';
import { isSearchTool } from '../tools/search-names.js';
import { FOLDERS_URI, RESOURCE_READ_TOOL } from '../tools/resource-names.js';
import { currentLanguage, t } from '../i18n/i18n.js';
import { PREVIEW_CLIENT_NAME, PROMPT_GET } from './activity-names.js';
import { PROMPT_NAMES, promptTitle, type PromptName } from '../prompts/prompt-names.js';
import { CLIENT_NAMES, REPORTED_NAMES } from '../clients/client-names.js';
import { plainPattern } from './plain-pattern.js';

export { plainPattern } from './plain-pattern.js';
import { callerApp, callerName, claimedName, type CallerInfo } from '../clients/caller.js';

// One plain sentence per activity record, for people reading the activity screen or an export:
// no tool names, codes or JSON where words will do.

export { isOwnDecision, OWN_DECISION_CODES, PREVIEW_CLIENT_NAME } from './activity-names.js';

/** The name people know a known app by ("VS Code" for vscode; the client descriptors' name). */
export function clientNameOf(id: ClientId): string {
  return CLIENT_NAMES[id];
}

/** The app people know by this name in the activity ("Cursor"); null for one FolderGate does not know. */
export function clientIdOfName(name: string): ClientId | null {
  const own = (Object.keys(CLIENT_NAMES) as ClientId[]).find((id) => CLIENT_NAMES[id] === name);
  return own ?? Object.values(REPORTED_NAMES).find(([, known]) => known === name)?.[0] ?? null;
}

/** FolderGate's own clients, named in the person's language. */
const OWN_CLIENTS: Record<string, 'preview' | 'previewName' | 'demo' | 'test'> = {
  'foldergate-app': 'preview',
  'foldergate-demo': 'demo',
  'foldergate-test': 'test',
  [PREVIEW_CLIENT_NAME.toLowerCase()]: 'previewName',
};

/**
 * The name people know an AI app by: the app FolderGate's entry names ("Cursor" for `--client
 * cursor`), else the name it reported as people know it ("Claude Desktop" for claude-ai), or "An
 * AI app" when it gave none.
 */
export function clientDisplayName(client: CallerInfo | null): string {
  const own = callerApp(client)
    ? undefined
    : OWN_CLIENTS[(client?.name ?? '').trim().toLowerCase()];
  if (own) return t(`describe.${own}`);
  return callerName(client) ?? t('describe.anApp');
}

/** The app's name with what it says it is beside it when that differs: "Cursor (says it is Claude Desktop)". */
export function clientNameWithClaim(client: CallerInfo | null): string {
  const app = clientDisplayName(client);
  const claim = clientClaim(client);
  return claim === null ? app : t('describe.withClaim', { app, claim });
}

/**
 * "says it is Claude Desktop": what an app started from FolderGate's entry reported about itself,
 * when that is not the app the entry names; null when it matches (or there is no entry's name).
 */
export function clientClaim(client: CallerInfo | null): string | null {
  const claimed = claimedName(client);
  return claimed === null ? null : t('describe.saysItIs', { name: claimed });
}

/** Options of {@link describeActivity}: the reader's clock and time zone, for "since Monday". */
export interface DescribeOptions {
  /** Epoch ms of "now"; default Date.now(). */
  now?: number;
  /** IANA time zone for dates; default the runtime's. */
  timeZone?: string;
  /** BCP 47 locale for dates; default the current language's ("3 March", "3월 3일"). */
  locale?: string;
}

/**
 * A sentence saying what happened, e.g. "Claude Desktop looked for PDF files changed since
 * Monday in Documents — 12 files" or "Cursor's search was refused: it tried to leave the
 * allowed folder".
 */
export function describeActivity(record: ActivityRecord, options: DescribeOptions = {}): string {
  const app = clientDisplayName(record.client);
  const sentence = isSearchTool(record.tool)
    ? describeSearch(record, app, options)
    : record.tool === 'logic_list'
      ? describeLogic(record, app, 'list')
      : record.tool === 'logic_get'
        ? describeLogic(record, app, 'read')
        : record.tool === PROMPT_GET
          ? describePrompt(record, app)
          : record.tool === RESOURCE_READ_TOOL
            ? describeResourceRead(record, app)
            : describeOther(record, app);
  return sentence + decisionText(record);
}

function describeSearch(record: ActivityRecord, app: string, options: DescribeOptions): string {
  const where = record.search?.root
    ? t('describe.where', { root: record.search.root, sub: subfolder(record) })
    : '';
  if (record.outcome === 'cancelled') return t('describe.searchStopped', { app, where });
  if (record.outcome === 'error') {
    return t('describe.searchFailed', {
      app,
      owner: possessive(app),
      where,
      reason: refusalOrFailure(record.errorCode),
    });
  }
  const n = record.search?.matchCount ?? 0;
  return t('describe.search', {
    app,
    what: searchedFor(record.args),
    when: timeClause(record.args, options),
    where,
    next: typeof record.args.cursor === 'string' ? t('describe.nextPage') : '',
    result: n === 0 ? t('describe.nothing') : resultCount(record.args, n),
    more: record.search?.partial ? t('describe.more') : '',
  });
}

function describeLogic(record: ActivityRecord, app: string, which: 'list' | 'read'): string {
  const name = quote(stringArg(record.args.name) ?? '');
  if (record.outcome === 'cancelled')
    return which === 'list'
      ? t('describe.logic.listCancelled', { app })
      : t('describe.logic.readCancelled', { app, name });
  if (record.outcome === 'error') {
    if (record.errorCode === 'NOT_FOUND') return t('describe.logic.notFound', { app, name });
    const reason = refusalOrFailure(record.errorCode);
    return which === 'list'
      ? t('describe.logic.listFailed', { app, owner: possessive(app), reason })
      : t('describe.logic.readFailed', { app, owner: possessive(app), name, reason });
  }
  return which === 'list'
    ? t('describe.logic.listed', { app })
    : t('describe.logic.read', { app, name });
}

/** "Claude Desktop used the prompt Recent files": the prompt by its title in the reader's language. */
function describePrompt(record: ActivityRecord, app: string): string {
  const name = stringArg(record.args.name) ?? '';
  const prompt = (PROMPT_NAMES as readonly string[]).includes(name)
    ? promptTitle(name as PromptName, currentLanguage())
    : quote(name);
  if (record.outcome === 'error')
    return t('describe.prompt.failed', {
      app,
      owner: possessive(app),
      prompt,
      reason: refusalOrFailure(record.errorCode),
    });
  return t('describe.prompt.used', { app, prompt });
}

/** "Claude read a saved search result" (or the list of allowed folders): issue 37's resources. */
function describeResourceRead(record: ActivityRecord, app: string): string {
  const which = stringArg(record.args.uri) === FOLDERS_URI ? 'folders' : 'result';
  if (record.outcome !== 'error') return t(`describe.resource.${which}`, { app });
  if (record.errorCode === 'NOT_FOUND') return t('describe.resource.notFound', { app });
  const reason = refusalOrFailure(record.errorCode);
  return t(`describe.resource.${which}Failed`, { app, owner: possessive(app), reason });
}

function describeOther(record: ActivityRecord, app: string): string {
  const tool = quote(record.tool);
  if (record.outcome === 'cancelled') return t('describe.tool.cancelled', { app, tool });
  if (record.errorCode === 'RpcInvalidParams') return t('describe.tool.unknown', { app, tool });
  if (record.outcome === 'error')
    return t('describe.tool.failed', {
      app,
      owner: possessive(app),
      tool,
      reason: refusalOrFailure(record.errorCode),
    });
  return t('describe.tool.used', { app, tool });
}

/** "was refused: …" for refusals, "failed: …" for everything else, in plain words. */
function refusalOrFailure(code: string | null): string {
  return t(`describe.reason.${reasonKey(code)}`);
}

function reasonKey(code: string | null) {
  switch (code) {
    case 'PathTraversalDetected':
    case 'SymlinkEscapeDetected':
    case 'PathNotRelative':
      return 'leave' as const;
    case 'RootNotAllowed':
      return 'notAllowed' as const;
    case 'AccessPaused':
      return 'paused' as const;
    case 'ToolDisabled':
      return 'switchedOff' as const;
    case 'DeniedByUser':
      return 'denied' as const;
    case 'ApprovalUnavailable':
      return 'noApp' as const;
    case 'AccessDenied':
      return 'accessDenied' as const;
    case 'NoAllowedRoots':
      return 'noFolders' as const;
    case 'RootReplaced':
      return 'replaced' as const;
    case 'PathNotFound':
      return 'notFound' as const;
    case 'NotADirectory':
      return 'notAFolder' as const;
    case 'PathExcluded':
      return 'leftOut' as const;
    case 'TimeoutExceeded':
      return 'timeout' as const;
    case 'ScanLimitExceeded':
      return 'tooLarge' as const;
    case 'CursorInvalid':
    case 'CursorVersionMismatch':
    case 'CursorSortMismatch':
      return 'badPage' as const;
    case 'IOFailure':
      return 'unexpected' as const;
    case 'InvalidLogic':
      return 'badLogic' as const;
    default:
      return 'invalid' as const;
  }
}

function subfolder(record: ActivityRecord): string {
  const p = stringArg(record.args.path);
  return p ? t('describe.sub', { path: p.replace(/\\/g, '/').replace(/\/+$/, '') }) : '';
}

// Folders are listed when asked for, unless kinds or sizes are given (they describe files only).
const listsFolders = (args: Record<string, unknown>): boolean =>
  args.includeDirectories === true &&
  args.kinds === undefined &&
  args.minSize === undefined &&
  args.maxSize === undefined;

/** What a search looked for, in words: "files", "PDF files", "folders named like …". */
export function searchedFor(args: Record<string, unknown>): string {
  const files = args.includeFiles !== false;
  const folders = listsFolders(args);
  const kind = t(
    `describe.kind.${files && folders ? 'filesAndFolders' : folders ? 'folders' : 'files'}`,
  );
  const glob = stringArg(args.glob);
  if (!glob || glob === '**' || glob === '**/*' || glob === '*') return kind;
  const plain = plainPattern(glob);
  if (plain) {
    const types = plain.types.map((type) => type.toUpperCase());
    const typed = types.length > 0 ? t('describe.typed', { types: orWords(types), kind }) : kind;
    return plain.contains
      ? t('describe.containing', { what: typed, text: quote(plain.contains) })
      : typed;
  }
  return t('describe.namedLike', { kind, pattern: quote(glob) });
}

// "A", "A or B", "A, B or C".
function orWords(items: string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : t('describe.or', { rest: items.slice(0, -1).join(', '), last: items.at(-1) ?? '' });
}

function resultCount(args: Record<string, unknown>, count: number): string {
  const files = args.includeFiles !== false;
  const folders = listsFolders(args);
  if (files && folders) return t('describe.items', { count });
  if (folders) return t('describe.folders', { count });
  return t('describe.files', { count });
}

/** The time part of a search in words: " changed since Monday", " created between … and …", or ''. */
export function timeClause(args: Record<string, unknown>, options: DescribeOptions): string {
  const verb = t(args.timeField === 'created' ? 'describe.when.created' : 'describe.when.changed');
  const from = parseTime(args.from);
  const to = parseTime(args.to);
  if (from === null && to === null) return '';
  if (from !== null && to !== null)
    return t('describe.when.between', {
      verb,
      from: dayText(from, options),
      to: dayText(to, options),
    });
  if (from !== null) return t('describe.when.since', { verb, from: dayText(from, options) });
  return t('describe.when.before', { verb, to: dayText(to ?? 0, options) });
}

function parseTime(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

const DAY_MS = 86_400_000;

/** "today", "yesterday", "Monday" (within the last week), "3 March", or "3 March 2024". */
function dayText(ms: number, options: DescribeOptions): string {
  const now = options.now ?? Date.now();
  const locale = options.locale ?? (currentLanguage() === 'ko' ? 'ko-KR' : 'en-GB');
  const zone = options.timeZone === undefined ? {} : { timeZone: options.timeZone };
  const dayNumber = (ms: number) => {
    const parts = new Intl.DateTimeFormat('en-CA', {
      ...zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(ms);
    return Math.round(Date.parse(`${parts}T00:00:00Z`) / DAY_MS);
  };
  const ago = dayNumber(now) - dayNumber(ms);
  if (ago === 0) return t('describe.when.today');
  if (ago === 1) return t('describe.when.yesterday');
  if (ago > 1 && ago < 7)
    return new Intl.DateTimeFormat(locale, { ...zone, weekday: 'long' }).format(ms);
  const sameYear =
    new Intl.DateTimeFormat('en-CA', { ...zone, year: 'numeric' }).format(ms) ===
    new Intl.DateTimeFormat('en-CA', { ...zone, year: 'numeric' }).format(now);
  return new Intl.DateTimeFormat(locale, {
    ...zone,
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(ms);
}

// A denial is already said by the refusal ("was refused: you did not allow it"); only why is added.
function decisionText(record: ActivityRecord): string {
  const d = record.decision;
  if (!d) return '';
  if (d.outcome === 'denied') return d.by === 'timeout' ? t('describe.decision.timeout') : '';
  if (d.by === 'rule')
    return d.answer === 'allow-15-min'
      ? t('describe.decision.rule15')
      : t('describe.decision.ruleAlways');
  if (d.answer === 'allow-15-min') return t('describe.decision.allowed15');
  if (d.answer === 'allow-always') return t('describe.decision.allowedAlways');
  return t('describe.decision.allowed');
}

/** `text` in double quotes, cut to 80 characters. */
export function quote(text: string): string {
  return t('describe.quote', { text: text.length > 80 ? `${text.slice(0, 79)}…` : text });
}

/** "Cursor's", "Windsurf's", "Claude Code's" (English only: other languages ignore `owner`). */
function possessive(name: string): string {
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
}

function stringArg(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
