import type { ActivityClient, ActivityRecord } from './activity.js';
import { isSearchTool } from '../tools/search-names.js';

// One plain sentence per activity record, for people reading the activity screen or an export:
// no tool names, codes or JSON where words will do.

/**
 * Codes of calls refused by the person's own settings or answer (paused, switched off, denied,
 * no folder allowed): nothing is wrong to be fixed, so they are counted apart from failures.
 */
export const OWN_DECISION_CODES: ReadonlySet<string> = new Set([
  'AccessPaused',
  'NoAllowedRoots',
  'RootNotAllowed',
  'ToolDisabled',
  'DeniedByUser',
  'ApprovalUnavailable',
]);

/** True when a call's error code is one of the person's own decisions (not a failure). */
export function isOwnDecision(code: string | null | undefined): boolean {
  return typeof code === 'string' && OWN_DECISION_CODES.has(code);
}

/** The name FolderGate's own search preview gives in initialize (its calls are logged too). */
export const PREVIEW_CLIENT_NAME = 'FolderGate preview';

// Names AI apps send in initialize → the name people know them by. Unknown names are shown as
// sent, so a new app still reads sensibly.
const CLIENT_NAMES: Record<string, string> = {
  'claude-ai': 'Claude Desktop',
  'claude-code': 'Claude Code',
  'cursor-vscode': 'Cursor',
  cursor: 'Cursor',
  'visual studio code': 'VS Code',
  'visual studio code - insiders': 'VS Code Insiders',
  windsurf: 'Windsurf',
  'windsurf-client': 'Windsurf',
  'gemini-cli-mcp-client': 'Gemini CLI',
  'gemini-cli': 'Gemini CLI',
  'codex-mcp-client': 'Codex',
  codex: 'Codex',
  cline: 'Cline',
  zed: 'Zed',
  goose: 'Goose',
  continue: 'Continue',
  'lm-studio': 'LM Studio',
  'foldergate-app': "FolderGate's search preview",
  'foldergate-demo': 'The FolderGate demo',
};

/** The name people know an AI app by ("Claude Desktop"), or "An AI app" when it gave none. */
export function clientDisplayName(client: ActivityClient | null): string {
  if (!client || client.name.trim() === '') return 'An AI app';
  return CLIENT_NAMES[client.name.trim().toLowerCase()] ?? client.name.trim();
}

/** Options of {@link describeActivity}: the reader's clock and time zone, for "since Monday". */
export interface DescribeOptions {
  /** Epoch ms of "now"; default Date.now(). */
  now?: number;
  /** IANA time zone for dates; default the runtime's. */
  timeZone?: string;
  /** BCP 47 locale for dates; default 'en-GB' (day before month, as in "3 March"). */
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
      ? describeLogic(record, app, 'listed the logics of the logic catalog', 'listing of logics')
      : record.tool === 'logic_get'
        ? describeLogic(
            record,
            app,
            `read the logic ${quote(stringArg(record.args.name) ?? '')}`,
            `request for the logic ${quote(stringArg(record.args.name) ?? '')}`,
          )
        : describeOther(record, app);
  return sentence + decisionText(record);
}

function describeSearch(record: ActivityRecord, app: string, options: DescribeOptions): string {
  const where = record.search?.root ? ` in ${record.search.root}${subfolder(record)}` : '';
  if (record.outcome === 'cancelled') return `${app} stopped its search${where} before it finished`;
  if (record.outcome === 'error') {
    return `${possessive(app)} search${where} ${refusalOrFailure(record.errorCode)}`;
  }
  const what = searchedFor(record.args);
  const when = timeClause(record.args, options);
  const next = typeof record.args.cursor === 'string' ? ' (next page)' : '';
  const n = record.search?.matchCount ?? 0;
  const noun = resultNoun(record.args, n);
  const more = record.search?.partial ? ', more available' : '';
  return `${app} looked for ${what}${when}${where}${next} — ${n === 0 ? 'nothing found' : `${n.toLocaleString('en-US')} ${noun}`}${more}`;
}

function describeLogic(record: ActivityRecord, app: string, did: string, noun: string): string {
  if (record.outcome === 'cancelled') return `${app} cancelled its ${noun}`;
  if (record.outcome === 'error') {
    if (record.errorCode === 'NOT_FOUND')
      return `${app} asked for the logic ${quote(stringArg(record.args.name) ?? '')}, which does not exist`;
    return `${possessive(app)} ${noun} ${refusalOrFailure(record.errorCode)}`;
  }
  return `${app} ${did}`;
}

function describeOther(record: ActivityRecord, app: string): string {
  const tool = quote(record.tool);
  if (record.outcome === 'cancelled') return `${app} cancelled its use of the tool ${tool}`;
  if (record.errorCode === 'RpcInvalidParams')
    return `${app} asked for a tool FolderGate does not have (${tool})`;
  if (record.outcome === 'error')
    return `${possessive(app)} use of the tool ${tool} ${refusalOrFailure(record.errorCode)}`;
  return `${app} used the tool ${tool}`;
}

/** "was refused: …" for refusals, "failed: …" for everything else, in plain words. */
function refusalOrFailure(code: string | null): string {
  switch (code) {
    case 'PathTraversalDetected':
    case 'SymlinkEscapeDetected':
    case 'PathNotRelative':
      return 'was refused: it tried to leave the allowed folder';
    case 'RootNotAllowed':
      return 'was refused: it asked for a folder you have not allowed';
    case 'AccessPaused':
      return 'was refused because AI access is paused';
    case 'ToolDisabled':
      return 'was refused: you switched this tool off';
    case 'DeniedByUser':
      return 'was refused: you did not allow it';
    case 'ApprovalUnavailable':
      return 'was refused: FolderGate was not open to ask you';
    case 'AccessDenied':
      return 'failed: your computer did not allow reading part of the folder';
    case 'NoAllowedRoots':
      return 'was refused: no folder has been allowed yet';
    case 'RootReplaced':
      return 'was refused: the folder was moved or replaced since you chose it';
    case 'PathNotFound':
      return 'failed: the folder was not found';
    case 'NotADirectory':
      return 'failed: it named a file where a folder was expected';
    case 'TimeoutExceeded':
      return 'stopped: it took too long';
    case 'ScanLimitExceeded':
      return 'stopped: the folder is too large to search at once';
    case 'CursorInvalid':
    case 'CursorVersionMismatch':
    case 'CursorSortMismatch':
      return 'failed: it asked for a page of results that is no longer valid';
    case 'IOFailure':
      return 'failed because of an unexpected problem';
    case 'InvalidLogic':
      return 'failed: that logic has a problem in its files';
    default:
      return 'failed: the request was not valid';
  }
}

function subfolder(record: ActivityRecord): string {
  const p = stringArg(record.args.path);
  return p ? ` (${p.replace(/\\/g, '/').replace(/\/+$/, '')})` : '';
}

/** What a search looked for, in words: "files", "PDF files", "folders named like …". */
export function searchedFor(args: Record<string, unknown>): string {
  const files = args.includeFiles !== false;
  const folders = args.includeDirectories === true;
  const kind = files && folders ? 'files and folders' : folders ? 'folders' : 'files';
  const glob = stringArg(args.glob);
  if (!glob || glob === '**' || glob === '**/*' || glob === '*') return kind;
  const plain = plainPattern(glob);
  if (plain) {
    const types = plain.types.map((t) => t.toUpperCase());
    const typed = types.length > 0 ? `${listWords(types, 'or')} ${kind}` : kind;
    return plain.contains ? `${typed} with ${quote(plain.contains)} in the name` : typed;
  }
  return `${kind} named like ${quote(glob)}`;
}

// "[pP]" → "p": a letter in both cases, as the Search preview writes a case-blind pattern.
function caseBlind(text: string): string | null {
  const out = text.replace(/\[(.)(.)\]/g, (all, a: string, b: string) =>
    a.toLowerCase() === b.toLowerCase() && a !== b ? a.toLowerCase() : all,
  );
  return /[[\]{}*?\\]/.test(out) ? null : out;
}

/**
 * The patterns people mean in words: `*.pdf`, `*.{[jJ][pP][gG],[pP][nN][gG]}`, `*rep*`,
 * `*[rR][eE][pP]*.[pP][dD][fF]`, at any depth (an optional leading double star and slash); null for others.
 */
export function plainPattern(glob: string): { types: string[]; contains: string | null } | null {
  const m = /^(?:\*\*\/)?\*(?:([^*/]+)\*)?(?:\.(\{[^/]+\}|[^./{}*]+))?$/.exec(glob);
  if (!m || (m[1] === undefined && m[2] === undefined)) return null;
  const contains = m[1] === undefined ? null : caseBlind(m[1]);
  if (m[1] !== undefined && (contains === null || contains === '')) return null;
  let types: string[] = [];
  if (m[2] !== undefined) {
    const parts = m[2].startsWith('{') ? m[2].slice(1, -1).split(',') : [m[2]];
    const plain = parts.map(caseBlind);
    if (plain.some((p) => p === null || !/^[A-Za-z0-9]{1,10}$/.test(p))) return null;
    types = plain as string[];
  }
  return { types, contains };
}

// "A", "A or B", "A, B or C".
function listWords(items: string[], last: string): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)!}`;
}

function resultNoun(args: Record<string, unknown>, n: number): string {
  const files = args.includeFiles !== false;
  const folders = args.includeDirectories === true;
  if (files && folders) return n === 1 ? 'item' : 'items';
  if (folders) return n === 1 ? 'folder' : 'folders';
  return n === 1 ? 'file' : 'files';
}

/** The time part of a search in words: " changed since Monday", " created between … and …", or ''. */
export function timeClause(args: Record<string, unknown>, options: DescribeOptions): string {
  const verb = args.timeField === 'created' ? 'created' : 'changed';
  const from = parseTime(args.from);
  const to = parseTime(args.to);
  if (from === null && to === null) return '';
  if (from !== null && to !== null)
    return ` ${verb} between ${dayText(from, options)} and ${dayText(to, options)}`;
  if (from !== null) return ` ${verb} since ${dayText(from, options)}`;
  return ` ${verb} before ${dayText(to ?? 0, options)}`;
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
  const locale = options.locale ?? 'en-GB';
  const zone = options.timeZone === undefined ? {} : { timeZone: options.timeZone };
  const dayNumber = (t: number) => {
    const parts = new Intl.DateTimeFormat('en-CA', {
      ...zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(t);
    return Math.round(Date.parse(`${parts}T00:00:00Z`) / DAY_MS);
  };
  const ago = dayNumber(now) - dayNumber(ms);
  if (ago === 0) return 'today';
  if (ago === 1) return 'yesterday';
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
  if (d.outcome === 'denied') return d.by === 'timeout' ? ' (no one answered in time)' : '';
  if (d.by === 'rule')
    return d.answer === 'allow-15-min'
      ? ' (allowed: you allowed this app for 15 minutes)'
      : ' (allowed: you always allow this app)';
  if (d.answer === 'allow-15-min') return ' (you allowed it for 15 minutes)';
  if (d.answer === 'allow-always') return ' (you allowed this app always)';
  return ' (you allowed it)';
}

function possessive(name: string): string {
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
}

/** `text` in double quotes, cut to 80 characters. */
export function quote(text: string): string {
  return `"${text.length > 80 ? `${text.slice(0, 79)}…` : text}"`;
}

function stringArg(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
