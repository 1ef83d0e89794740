// FolderGate's prompts (MCP prompts/list, prompts/get, completion/complete): templates a person
// picks in their AI app ("/recent_files"), in their language, that ask the model to call the
// search with its arguments filled in. Pure: the MCP server (mcp-server/src/protocol/prompts.ts)
// and the window's Search preview (what a person can use) both list them from here.
// docs/contracts/prompts.md is the contract.
import type { ErrorCode } from '../errors/errors.js';
import type { Language } from '../i18n/languages.js';
import { promptWords as EN, type PromptWords } from '../i18n/en/prompts.js';
import { promptWords as KO } from '../i18n/ko/prompts.js';
import { fill } from './fill.js';
import { kindTypesIn, PROMPT_KINDS, typesGlob, type PromptKind } from './prompt-kinds.js';
import {
  localDateTime,
  parsePeriod,
  periodRange,
  PERIODS,
  type PeriodChoice,
} from './prompt-periods.js';

import { PROMPT_NAMES, type PromptName } from './prompt-names.js';

export { PROMPT_NAMES, type PromptName } from './prompt-names.js';
/** The arguments the prompts take. */
export type PromptArgument = 'folder' | 'period' | 'kind';

/** Each prompt's arguments, all required, in order. */
export const PROMPT_ARGUMENTS: Readonly<Record<PromptName, readonly PromptArgument[]>> = {
  recent_files: ['folder', 'period'],
  what_changed: ['period'],
  find_documents: ['kind', 'period'],
};

/** What the prompts depend on: the folders, the language, the switches. */
export interface PromptSettings {
  roots: readonly { name: string; fileTypes?: readonly string[] | undefined }[];
  language: Language;
  /** The `prompts` switch, and whether the search the prompts ask for is on. */
  promptsOn: boolean;
  searchOn: boolean;
}

/** One prompt as prompts/list gives it. */
export interface ListedPrompt {
  name: PromptName;
  title: string;
  description: string;
  arguments: { name: PromptArgument; description: string; required: true }[];
}

/** A prompt message: the person's own, in their language. */
export interface PromptMessage {
  role: 'user';
  content: { type: 'text'; text: string };
}

/**
 * A prompts/get that cannot be answered: a FolderGate error code, a sentence and a fix in the
 * person's language; sent as JSON-RPC -32602 with the 3-line text (docs/contracts/prompts.md).
 */
export class PromptError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fix: string,
  ) {
    super(message);
    this.name = 'PromptError';
  }
}

/** A language's prompt words. */
export function promptWordsOf(language: Language): PromptWords {
  return language === 'ko' ? KO : EN;
}

const isPromptName = (name: string): name is PromptName =>
  (PROMPT_NAMES as readonly string[]).includes(name);

const join = (items: readonly string[]) => items.join(', ');

/** What each argument says of itself, naming what it takes now (folders, periods, kinds). */
function argumentHint(settings: PromptSettings, argument: PromptArgument): string {
  const words = promptWordsOf(settings.language);
  if (argument === 'folder')
    return settings.roots.length === 0
      ? words.args.noFolder
      : fill(words.args.folder, { folders: join(settings.roots.map((root) => root.name)) });
  if (argument === 'period')
    return fill(words.args.period, { periods: join(PERIODS.map((p) => words.periods[p])) });
  return fill(words.args.kind, { kinds: join(PROMPT_KINDS.map((k) => words.kinds[k])) });
}

/** prompts/list: nothing while prompts or the search are switched off. */
export function listPrompts(settings: PromptSettings): ListedPrompt[] {
  if (!settings.promptsOn || !settings.searchOn) return [];
  const words = promptWordsOf(settings.language);
  return PROMPT_NAMES.map((name) => ({
    name,
    title: words.prompts[name].title,
    description: words.prompts[name].description,
    arguments: PROMPT_ARGUMENTS[name].map((argument) => ({
      name: argument,
      description: argumentHint(settings, argument),
      required: true as const,
    })),
  }));
}

/** The error `key` of the person's language, filled. */
function refusal(
  settings: PromptSettings,
  code: ErrorCode,
  key: keyof PromptWords['errors'],
  values: Record<string, string> = {},
): PromptError {
  const text = promptWordsOf(settings.language).errors[key];
  return new PromptError(code, fill(text.message, values), fill(text.fix, values));
}

/** The refusal when the prompts cannot be used at all, or null. */
export function promptsRefusal(settings: PromptSettings): PromptError | null {
  if (!settings.promptsOn) return refusal(settings, 'ToolDisabled', 'off');
  if (!settings.searchOn) return refusal(settings, 'ToolDisabled', 'searchOff');
  return null;
}

/** prompts/get's answer. */
export interface PromptAnswer {
  description: string;
  messages: PromptMessage[];
}

/** What prompts/get needs besides the request: the clock and the search's name as listed. */
export interface PromptContext {
  now: Date;
  toolName: string;
}

/** prompts/get: the prompt's message with the search's arguments filled, or a PromptError. */
export function getPrompt(
  settings: PromptSettings,
  name: string,
  args: Readonly<Record<string, string>> | undefined,
  context: PromptContext,
): PromptAnswer {
  const off = promptsRefusal(settings);
  if (off) throw off;
  if (!isPromptName(name))
    throw refusal(settings, 'InvalidArgument', 'unknownPrompt', {
      name,
      names: join(PROMPT_NAMES),
    });
  const given = args ?? {};
  for (const argument of PROMPT_ARGUMENTS[name]) {
    if ((given[argument] ?? '').trim() === '')
      throw refusal(settings, 'InvalidArgument', 'missing', {
        name: argument,
        hint: argumentHint(settings, argument),
      });
  }
  const words = promptWordsOf(settings.language);
  const period = readPeriod(settings, given.period!);
  const range = periodRange(period, context.now);
  const dateWords = new Intl.DateTimeFormat(settings.language === 'ko' ? 'ko-KR' : 'en-GB', {
    dateStyle: 'full',
  });
  const rangeText =
    range.to === null
      ? fill(words.messages.since, { from: dateWords.format(range.from) })
      : fill(words.messages.between, {
          from: dateWords.format(range.from),
          to: dateWords.format(range.to),
        });
  const time = {
    timeField: 'modified',
    from: localDateTime(range.from),
    ...(range.to === null ? {} : { to: localDateTime(range.to) }),
  };
  const periodText = periodWords(settings.language, period, given.period!);
  const calls: Record<string, unknown>[] = [];
  let ask: string;
  if (name === 'recent_files') {
    const root = readFolder(settings, given.folder!);
    calls.push({ root: root.name, ...time, sort: 'time_desc' });
    ask = fill(words.messages.recent_files, {
      folder: root.name,
      period: periodText,
      range: rangeText,
    });
  } else if (name === 'what_changed') {
    if (settings.roots.length === 0) throw refusal(settings, 'NoAllowedRoots', 'noFolders');
    for (const root of settings.roots) calls.push({ root: root.name, ...time, sort: 'time_desc' });
    ask = fill(words.messages.what_changed, { period: periodText, range: rangeText });
  } else {
    const kind = readKind(settings, given.kind!);
    if (settings.roots.length === 0) throw refusal(settings, 'NoAllowedRoots', 'noFolders');
    for (const root of settings.roots) {
      const types = kindTypesIn(kind, root.fileTypes);
      if (types.length > 0)
        calls.push({ root: root.name, ...time, glob: typesGlob(types), sort: 'time_desc' });
    }
    if (calls.length === 0)
      throw refusal(settings, 'InvalidArgument', 'kindNotAllowed', { kind: words.kinds[kind] });
    ask = fill(words.messages.find_documents, {
      kind: words.kinds[kind],
      period: periodText,
      range: rangeText,
    });
  }
  const call = fill(calls.length === 1 ? words.messages.callOne : words.messages.callEach, {
    tool: context.toolName,
  });
  const text = [ask, call, ...calls.map((c) => JSON.stringify(c)), words.messages.approval].join(
    '\n\n',
  );
  return {
    description: words.prompts[name].description,
    messages: [{ role: 'user', content: { type: 'text', text } }],
  };
}

const foldName = (text: string) => text.trim().toLocaleLowerCase();

/** The allowed folder a `folder` argument names: exactly, else the one that matches in any case. */
function readFolder(settings: PromptSettings, folder: string): PromptSettings['roots'][number] {
  if (settings.roots.length === 0) throw refusal(settings, 'NoAllowedRoots', 'noFolders');
  const exact = settings.roots.find((root) => root.name === folder.trim());
  const folded = settings.roots.filter((root) => foldName(root.name) === foldName(folder));
  const found = exact ?? (folded.length === 1 ? folded[0] : undefined);
  if (!found)
    throw refusal(settings, 'RootNotAllowed', 'unknownFolder', {
      folder,
      folders: join(settings.roots.map((root) => root.name)),
    });
  return found;
}

/** A period in any language FolderGate speaks; a PromptError in the person's otherwise. */
function readPeriod(settings: PromptSettings, period: string): PeriodChoice {
  const choice = parsePeriod(period, [EN.periods, KO.periods]);
  if (choice) return choice;
  const words = promptWordsOf(settings.language);
  throw refusal(settings, 'InvalidArgument', 'badPeriod', {
    period,
    periods: join(PERIODS.map((p) => words.periods[p])),
  });
}

/** The period in the person's words ("this week", "최근 10일", or the date as given). */
function periodWords(language: Language, choice: PeriodChoice, given: string): string {
  const words = promptWordsOf(language);
  if (choice.kind === 'named') return words.periods[choice.period];
  if (choice.kind === 'days') return fill(words.lastDays, { count: choice.days });
  return given.trim();
}

/** A kind by its name in any language FolderGate speaks ("documents", "문서"). */
function readKind(settings: PromptSettings, kind: string): PromptKind {
  const folded = foldName(kind);
  const found = PROMPT_KINDS.find(
    (k) => k === folded || foldName(EN.kinds[k]) === folded || foldName(KO.kinds[k]) === folded,
  );
  if (found) return found;
  const words = promptWordsOf(settings.language);
  throw refusal(settings, 'InvalidEnum', 'badKind', {
    kind,
    kinds: join(PROMPT_KINDS.map((k) => words.kinds[k])),
  });
}

/** Most values completion/complete returns (the protocol's cap). */
export const MAX_COMPLETIONS = 100;

/**
 * completion/complete for a prompt's argument: the values that start with what was typed (any
 * case): the allowed folders' names, the periods and kinds in the person's language (English
 * ones too when what was typed matches only those). Empty for an unknown prompt or argument.
 */
export function completePrompt(
  settings: PromptSettings,
  prompt: string,
  argument: string,
  typed: string,
): string[] {
  if (promptsRefusal(settings) || !isPromptName(prompt)) return [];
  if (!(PROMPT_ARGUMENTS[prompt] as readonly string[]).includes(argument)) return [];
  const prefix = foldName(typed);
  const starting = (values: readonly string[]) =>
    values.filter((value) => foldName(value).startsWith(prefix));
  const words = promptWordsOf(settings.language);
  if (argument === 'folder')
    return starting(settings.roots.map((root) => root.name)).slice(0, MAX_COMPLETIONS);
  const choices = (w: PromptWords) =>
    argument === 'period' ? PERIODS.map((p) => w.periods[p]) : PROMPT_KINDS.map((k) => w.kinds[k]);
  const own = starting(choices(words));
  return own.length > 0 || words === EN ? own : starting(choices(EN));
}
