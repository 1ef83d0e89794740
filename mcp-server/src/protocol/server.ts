// The full server's MCP side, over the low-level SDK 2.x `Server` (so that the contract holds
// exactly: our own JSON Schemas, the 3-line errors, -32602 for an unknown tool): one instance per
// connection, built by `serveStdio` for the era the connection opened with (server-main.ts). What
// the instances share lives here, once per process: the listing (and the cache the front desk
// answers from: listing-cache.ts), and the watch that tells a client the listing changed
// (`notifications/tools/list_changed`; on a 2026-07-28 connection the SDK sends it on the
// client's `subscriptions/listen` streams), and the prompts' (prompts.ts), watched the same way.
import { Server, type JSONRPCRequest, type ListToolsResult } from '@modelcontextprotocol/server';
import type { jsonSchemaValidator } from '@modelcontextprotocol/server';
import { isToolEnabled } from '#shared/tools/tool-switches.js';
import { SEARCH_TOOL_ALT_NAME, SEARCH_TOOL_NAME } from '#shared/tools/search-names.js';
import type { ConfigSource, ServerConfig } from '#appdata/settings/server-config.js';
import { log } from '#appdata/log.js';
import type { ApprovalGate } from '../runtime/approval-gate.js';
import type { ActivityLog } from '../runtime/activity-log.js';
import { TOOLS, type ToolDefinition } from '../tools/tools.js';
import type { EngineAsk } from '../search/search-context.js';
import { createCallTool, recordRefusal } from './call-tool.js';
import { askingClient } from './client-identity.js';
import { createListChangeWatch } from './list-changed.js';
import { createServerPrompts } from './prompts.js';
import { listingKey, listingView, zoneNow } from './listing-cache.js';
import type { AccessCaller } from '#shared/settings/folder-access-rules.js';
import { writeListing } from './listing-writer.js';
import { checkRequestParams, type RequestRefusal } from './request-params.js';
import {
  listedNames,
  SERVER_CAPABILITIES,
  SERVER_INFO,
  serverInstructions,
  type ToolNameStyle,
} from './server-identity.js';
import { SERVER_ICON } from './server-icon.js';
import { createResultStore } from '../resources/result-store.js';
import { keepSearchResult } from '../resources/keep-result.js';
import { registerResources, resourcesEnabled, type LiveResults } from '../resources/resources.js';
import { foldersResource, listedAs, resultResource } from '../resources/resource-bodies.js';
import { screenListen } from '../resources/live-results.js';

export type { ToolNameStyle };

/** Options of {@link createServer}. */
export interface ServerOptions {
  config: ConfigSource;
  toolNames: ToolNameStyle;
  tools?: ToolDefinition[];
  /** Where every tools/call is recorded (none: nothing is). */
  activity?: Pick<ActivityLog, 'record'>;
  /** Asks the person before a call when they want to be asked (none: never asks). */
  approval?: ApprovalGate;
  /** The app's search engine, asked before a search walks (none: searches always walk). */
  engine?: EngineAsk;
  /** The settings a tools/call asks to be answered under (the preview's "Search as"). */
  viewFor?(meta: Record<string, unknown> | undefined): ConfigSource | null;
  /** Whether a tools/call asks how many entries match its whole search (the preview's). */
  countAll?(meta: Record<string, unknown> | undefined): boolean;
  /**
   * Where the answers to tools/list are remembered for the next server started with the same
   * command line and settings (protocol/listing-cache.ts); none: not remembered.
   */
  listingCache?: { file: string; argv: readonly string[]; caller: AccessCaller };
  /** Follows saved results in the app's live index (none: subscriptions are refused). */
  live?: (
    results: ReturnType<typeof createResultStore>,
    notify: (uri: string) => void,
  ) => LiveResults;
}

/** The connection era a `serveStdio` factory is asked for. */
export type Era = 'legacy' | 'modern';

/** The server of one process: builds the SDK instance of its connection, screens requests. */
export interface FolderGateServer {
  /** The SDK Server for a connection of `era` (serveStdio's factory). */
  create(era: Era): Server;
  /**
   * Tells the client first when the tool list changed, then refuses a handled method with
   * malformed params (-32602, one line) or returns null to let the SDK answer.
   */
  screenRequest(request: JSONRPCRequest): RequestRefusal | null;
  /** Records a tools/call its cancellation dropped before it started (it never runs). */
  dropped(request: JSONRPCRequest): void;
  /** Records the tools/list answer the client already has (the front desk gave it). */
  listed(answer: unknown): void;
}

/**
 * The SDK checks a client's answers to the server's form questions (elicitation) with this; the
 * default builds an Ajv compiler (~1 MB of RSS, and 290 kB of bundle, which the build leaves out:
 * tools/node-bundle.mjs). FolderGate's server never asks the client a question, so an answer it
 * did not ask for is refused.
 */
const NO_FORM_QUESTIONS: jsonSchemaValidator = {
  getValidator: () => () => ({
    valid: false,
    data: undefined,
    errorMessage: 'FolderGate asks no questions of the client (no elicitation)',
  }),
};

/** Creates the server of this process (see {@link FolderGateServer}). */
export function createServer(options: ServerOptions): FolderGateServer {
  const tools = options.tools ?? TOOLS;
  const listedName = (tool: ToolDefinition) =>
    options.toolNames === 'underscore' ? (tool.altName ?? tool.name) : tool.name;
  // The instance serving the connection now (a discarded 2026 probe is replaced by the next).
  let current: Server | null = null;

  const listTools = (): ListToolsResult => {
    const config = options.config.current();
    return {
      // A tool the person switched off is not listed, nor one that has nothing to offer now (the
      // logic tools without a catalog); the watch below announces the change.
      tools: tools
        .filter(
          (tool) => isToolEnabled(config.tools, tool.name) && (tool.offered?.(config) ?? true),
        )
        .map((tool) => ({
          name: listedName(tool),
          title: tool.title,
          description: tool.description(config),
          inputSchema: tool.inputSchema,
          outputSchema: tool.outputSchema,
          annotations: { title: tool.title, ...tool.annotations },
          icons: [SERVER_ICON],
        })),
    };
  };
  const listedNow = () => listedNames(listTools());

  const listWatch = createListChangeWatch({
    compute: listTools,
    notify: () => current?.sendToolListChanged() ?? Promise.resolve(),
  });
  // The prompts name the folders and speak the person's language: their list is watched the same
  // way, and a change sent as prompts/list_changed (on 2026 connections, to the listen streams
  // that asked for promptsListChanged).
  const prompts = createServerPrompts({
    config: options.config,
    searchName: options.toolNames === 'underscore' ? SEARCH_TOOL_ALT_NAME : SEARCH_TOOL_NAME,
    activity: options.activity,
  });
  const promptWatch = createListChangeWatch({
    compute: prompts.list,
    notify: () => current?.sendPromptListChanged() ?? Promise.resolve(),
    what: 'prompts/list_changed',
  });

  // Keys already written by this server (once each: the file is the same for every client).
  const remembered = new Set<string>();
  const remember = (
    answer: ListToolsResult,
    zoneBefore: ReturnType<typeof zoneNow>,
    nowBefore: number,
  ) => {
    const cache = options.listingCache;
    const basis = options.config.listingBasis?.();
    if (!cache || !basis) return;
    const zone = zoneNow();
    // The description names the offset: one that changed while it was written is not kept.
    if (zone.zone !== zoneBefore.zone || zone.offsetMinutes !== zoneBefore.offsetMinutes) return;
    // Nor a listing made while a folder's time ended (the folders it names are then unsure; with
    // one text, a folder only ever leaves the view, so the same view at both ends is the view).
    const view = listingView(basis.settingsText, cache.caller);
    if (view !== listingView(basis.settingsText, cache.caller, nowBefore)) return;
    const key = listingKey({ argv: cache.argv, settingsText: basis.settingsText, view }, zone);
    if (remembered.has(key)) return;
    remembered.add(key);
    // Written before the answer is sent, so a server started right after this one finds it.
    try {
      writeListing(cache.file, { key, tools: answer });
    } catch (error) {
      log(
        `could not remember the tool list in ${cache.file}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };

  // The search answers this connection may read again (resources/), and what it was told of them.
  const results = createResultStore();
  const listResources = () => {
    const config = options.config.current();
    if (!resourcesEnabled(config)) return [];
    // The URIs and what they say: a folder's change (in foldergate://folders' description) too.
    return [foldersResource(config), ...results.list().map(resultResource)].map(listedAs);
  };
  const resourceWatch = createListChangeWatch({
    compute: listResources,
    notify: () => current?.sendResourceListChanged() ?? Promise.resolve(),
  });
  const live = options.live?.(results, (uri) => {
    void current?.sendResourceUpdated({ uri }).catch(() => undefined);
  });
  const deps = {
    ...options,
    tools,
    listedNow,
    keep: (tool: string, args: unknown, out: Record<string, unknown>, config: ServerConfig) =>
      keepSearchResult(results, tool, args, out, config),
  };
  const resourceDeps = {
    ...options,
    results,
    live,
    listed: (uris: string[]) => resourceWatch.listed(uris),
  };

  /**
   * The listing now, remembered for the next server (its front desk answers initialize and
   * tools/list from it): an instance's instructions name the listed tools, so a connection's
   * first answer already computes it, and five AI apps that start at once find it from the second
   * on, though the first app has not listed yet.
   */
  const listAndRemember = (): ListToolsResult => {
    const zoneBefore = zoneNow();
    const nowBefore = Date.now();
    const answer = listTools();
    remember(answer, zoneBefore, nowBefore);
    return answer;
  };

  function create(era: Era): Server {
    const server = new Server(SERVER_INFO, {
      capabilities: SERVER_CAPABILITIES,
      instructions: serverInstructions(listedNames(listAndRemember())),
      jsonSchemaValidator: NO_FORM_QUESTIONS,
    });
    currentInstructions(server, () => serverInstructions(listedNow()));
    current = server;
    server.setRequestHandler('tools/list', () => {
      const answer = listAndRemember();
      listWatch.listed(answer);
      return answer;
    });
    server.setRequestHandler('tools/call', createCallTool(deps, server));
    prompts.install(server, (answer) => promptWatch.listed(answer));
    registerResources(server, resourceDeps, era);
    server.onerror = (error) => log(`protocol: ${error.message}`);
    const watches = [listWatch, promptWatch, resourceWatch];
    server.onclose = () => {
      if (current !== server) return;
      for (const watch of watches) watch.stop();
    };
    // No notification may come before the 2025 handshake ends; a 2026 connection has none (its
    // notifications go to the streams it listens on), so the watches start once it is connected.
    const start = () => watches.forEach((watch) => watch.start());
    if (era === 'legacy') server.oninitialized = start;
    else setImmediate(() => current === server && start());
    return server;
  }

  return {
    create,
    screenRequest(request) {
      listWatch.check();
      promptWatch.check();
      resourceWatch.check();
      const unfollowed = screenListen(request, results, live);
      if (unfollowed) return unfollowed;
      const refusal = checkRequestParams(request);
      if (refusal && request.method === 'tools/call') {
        const meta = (request.params as { _meta?: Record<string, unknown> } | undefined)?._meta;
        recordRefusal(deps, request, refusal, askingClient(current, meta));
      }
      return refusal;
    },
    dropped(request) {
      if (request.method !== 'tools/call') return;
      const meta = (request.params as { _meta?: Record<string, unknown> } | undefined)?._meta;
      recordRefusal(deps, request, null, askingClient(current, meta));
    },
    listed: (answer) => listWatch.listed(answer),
  };
}

/**
 * Keeps the instructions `server/discover` sends the current listing's: the SDK reads them from
 * its instance at each request, and a 2026 client may discover again on the same connection after
 * the person switched a tool or set a catalog. (A 2025 client reads them once, in initialize.)
 */
function currentInstructions(server: Server, now: () => string): void {
  if (!Object.prototype.hasOwnProperty.call(server, '_instructions')) {
    log(
      'protocol: the SDK keeps its instructions elsewhere; server/discover names them as at start',
    );
    return;
  }
  Object.defineProperty(server, '_instructions', { get: now, configurable: true });
}
