// The server's prompts, in both eras: prompts/list and prompts/get (shared/prompts/prompts.ts
// builds them, in the person's language: the settings' `language`, "system" read from this
// process's LANG as the app reads the system's), completion/complete for their arguments, and one
// Activity record per prompts/get. The listing is watched as the tools' is (list-changed.ts):
// `notifications/prompts/list_changed` when the folders, the language or a switch change it.
import type {
  CompleteRequest,
  CompleteResult,
  GetPromptRequest,
  GetPromptResult,
  ListPromptsResult,
  Server,
  ServerContext,
} from '@modelcontextprotocol/server';
import { formatToolError } from '#shared/errors/errors.js';
import { PROMPT_GET } from '#shared/activity/activity-names.js';
import { languageFor, posixLanguages, type Language } from '#shared/i18n/languages.js';
import {
  completePrompt,
  getPrompt,
  listPrompts,
  PromptError,
  type PromptSettings,
} from '#shared/prompts/prompts.js';
import { SEARCH_TOOL_NAME } from '#shared/tools/search-names.js';
import { isToolEnabled } from '#shared/tools/tool-switches.js';
import type { ConfigSource, ServerConfig } from '#appdata/settings/server-config.js';
import type { ActivityLog } from '../runtime/activity-log.js';
import { askingClient } from './client-identity.js';
import { RPC_ERROR } from './json-rpc.js';

/** The method and `tool` of the Activity record of a prompt's use. */
export const PROMPT_GET_METHOD = PROMPT_GET;

/** What the prompts need of the server around them. */
export interface PromptDeps {
  config: ConfigSource;
  /** The search's name as tools/list gives it (the message names it so). */
  searchName: string;
  activity?: Pick<ActivityLog, 'record'>;
  /** The languages of this process's environment (default: LANGUAGE, LC_ALL, …, LANG). */
  systemLanguages?: readonly string[];
  now?: () => Date;
}

/** The language the prompts speak under `config`. */
export function promptLanguage(config: ServerConfig, system: readonly string[]): Language {
  return languageFor(config.language, system);
}

/** What the prompts depend on, from the settings in force. */
export function promptSettings(config: ServerConfig, system: readonly string[]): PromptSettings {
  return {
    roots: config.roots,
    language: promptLanguage(config, system),
    promptsOn: isToolEnabled(config.tools, 'prompts'),
    searchOn: isToolEnabled(config.tools, SEARCH_TOOL_NAME),
  };
}

/** The prompts of one server: its list (for the watch) and the handlers of each SDK instance. */
export interface ServerPrompts {
  /** The prompts/list answer as it would be sent now. */
  list(): ListPromptsResult;
  /** Sets prompts/list, prompts/get and completion/complete on `server`. */
  install(server: Server, listed: (answer: ListPromptsResult) => void): void;
}

/** Creates the prompts of a server. */
export function createServerPrompts(deps: PromptDeps): ServerPrompts {
  const system = deps.systemLanguages ?? posixLanguages(process.env);
  const now = deps.now ?? (() => new Date());
  const settingsNow = () => {
    const config = deps.config.current();
    return { config, settings: promptSettings(config, system) };
  };
  const list = (): ListPromptsResult => ({ prompts: listPrompts(settingsNow().settings) });

  const get = (server: Server, request: GetPromptRequest, ctx: ServerContext): GetPromptResult => {
    const startedAt = Date.now();
    const { config, settings } = settingsNow();
    const { name, arguments: args } = request.params;
    const record = (text: string | null) =>
      deps.activity?.record({
        startedAt,
        endedAt: Date.now(),
        client: askingClient(server, ctx.mcpReq.envelope),
        tool: PROMPT_GET_METHOD,
        args: { name, ...(args ? { arguments: args } : {}) },
        config,
        aborted: false,
        result:
          text === null ? { isError: false } : { isError: true, content: [{ type: 'text', text }] },
      });
    try {
      const answer = getPrompt(settings, name, args, { now: now(), toolName: deps.searchName });
      record(null);
      return { ...answer };
    } catch (error) {
      if (!(error instanceof PromptError)) throw error;
      const text = formatToolError(error);
      record(text);
      // A JSON-RPC error (a prompt has no error result): the 3-line text, and its parts in data.
      throw Object.assign(new Error(text), {
        code: RPC_ERROR.InvalidParams,
        data: { errorCode: error.code, message: error.message, fix: error.fix },
      });
    }
  };

  const complete = (request: CompleteRequest): CompleteResult => {
    const { ref, argument } = request.params;
    const values =
      ref.type === 'ref/prompt'
        ? completePrompt(settingsNow().settings, ref.name, argument.name, argument.value)
        : [];
    return { completion: { values, total: values.length, hasMore: false } };
  };

  return {
    list,
    install(server, listed) {
      server.setRequestHandler('prompts/list', () => {
        const answer = list();
        listed(answer);
        return answer;
      });
      server.setRequestHandler('prompts/get', (request, ctx) => get(server, request, ctx));
      server.setRequestHandler('completion/complete', (request) => complete(request));
    },
  };
}
