import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode as RpcErrorCode,
  ListToolsRequestSchema,
  type CallToolRequest,
  type CallToolResult,
  type JSONRPCRequest,
  type ListToolsResult,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import * as z from 'zod';
import type { ApprovalDecisionRecord } from '#shared/approval/approval.js';
import {
  ERROR_PARAMS_META,
  formatToolError,
  isToolError,
  ToolError,
} from '#shared/errors/errors.js';
import { isToolEnabled, toolDisabledText } from '#shared/tools/tool-switches.js';
import { isPausedAt } from '#shared/settings/settings.js';
import {
  ApprovalCancelledError,
  ApprovalRefusedError,
  type ApprovalGate,
} from '../runtime/approval-gate.js';
import type { ActivityLog } from '../runtime/activity-log.js';
import type { ConfigSource, ServerConfig } from '#appdata/settings/server-config.js';
import { createListChangeWatch } from './list-changed.js';
import { listingKey, zoneNow } from './listing-cache.js';
import { writeListing } from './listing-writer.js';
import {
  SERVER_CAPABILITIES,
  SERVER_INFO,
  serverInstructions,
  type ToolNameStyle,
} from './server-identity.js';
import { log } from '#appdata/log.js';
import { checkRequestParams, type RequestRefusal } from './request-params.js';
import { TOOLS, type ToolDefinition } from '../tools/tools.js';
import type { ScannedSoFar } from '../tools/tool-definition.js';
import type { EngineAsk } from '../search/search-context.js';

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
  /**
   * Where the answers to initialize and tools/list are remembered for the next server started
   * with the same command line and settings (protocol/listing-cache.ts); none: not remembered.
   */
  listingCache?: { file: string; argv: readonly string[] };
  /** The tools/list answer the client already has (the front answered it: front-desk.ts). */
  listedBefore?: unknown;
}

/** The server and what its transport runs on every request before the SDK sees it. */
export interface FolderGateServer {
  server: Server;
  /**
   * Tells the client first when the tool list changed, then refuses a handled method with
   * malformed params (-32602, one line) or returns null to let the SDK answer.
   */
  screenRequest(request: JSONRPCRequest): RequestRefusal | null;
}

function listedToolName(tool: ToolDefinition, style: ToolNameStyle): string {
  return style === 'underscore' ? (tool.altName ?? tool.name) : tool.name;
}

/**
 * The SDK checks a client's answers to the server's form questions (elicitation) with this; the
 * default builds an Ajv compiler in every server at start (~1 MB of RSS, and 280 kB of bundle,
 * which the build leaves out: mcp-server/build.mjs). FolderGate's server never asks the client a
 * question, so an answer it did not ask for is refused.
 */
const NO_FORM_QUESTIONS: jsonSchemaValidator = {
  getValidator: () => () => ({
    valid: false,
    data: undefined,
    errorMessage: 'FolderGate asks no questions of the client (no elicitation)',
  }),
};

/**
 * The MCP server over the low-level SDK `Server`, so that the contract holds exactly: input errors
 * are isError results in the 3-line format (docs/contracts/error-codes.md), and an unknown tool or a malformed request is
 * a JSON-RPC error (-32602).
 */
export function createServer(options: ServerOptions): FolderGateServer {
  const tools = options.tools ?? TOOLS;
  // The same identity the front desk answers initialize with (server-identity.ts).
  const server = new Server(SERVER_INFO, {
    capabilities: SERVER_CAPABILITIES,
    instructions: serverInstructions(options.toolNames),
    jsonSchemaValidator: NO_FORM_QUESTIONS,
  });

  const listedName = (tool: ToolDefinition) => listedToolName(tool, options.toolNames);

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
        })),
    };
  };

  const listWatch = createListChangeWatch({
    compute: listTools,
    notify: () => server.sendToolListChanged(),
  });
  if (options.listedBefore !== undefined) listWatch.listed(options.listedBefore);
  server.oninitialized = () => listWatch.start();
  server.onclose = () => listWatch.stop();

  // Keys already written by this server (once each: the file is the same for every client).
  const remembered = new Set<string>();
  const remember = (answer: ListToolsResult, zoneBefore: ReturnType<typeof zoneNow>) => {
    const cache = options.listingCache;
    const basis = options.config.listingBasis?.();
    if (!cache || !basis) return;
    const zone = zoneNow();
    // The description names the offset: one that changed while it was written is not kept.
    if (zone.zone !== zoneBefore.zone || zone.offsetMinutes !== zoneBefore.offsetMinutes) return;
    const key = listingKey({ argv: cache.argv, settingsText: basis.settingsText }, zone);
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

  server.setRequestHandler(ListToolsRequestSchema, () => {
    const zoneBefore = zoneNow();
    const answer = listTools();
    listWatch.listed(answer);
    remember(answer, zoneBefore);
    return answer;
  });

  // The SDK's Protocol parses a request with the handler's schema before Server's own tools/call
  // validation runs, and reports that failure as -32603. Over stdio, screenRequest refuses bad
  // params first with a one-line -32602; this loose envelope keeps any other transport at -32602
  // too (through Server's validation).
  const callToolEnvelope = z.object({ method: z.literal('tools/call'), params: z.unknown() });
  // One record per tools/call, however it ends: answered, refused, thrown (unknown tool) or
  // cancelled. The config is read once, so the record names the roots the call ran with.
  server.setRequestHandler(callToolEnvelope, async (raw, extra): Promise<CallToolResult> => {
    const request = CallToolRequestSchema.parse(raw); // already validated by Server: cannot fail
    const startedAt = Date.now();
    // The settings the call ran with: re-read after each wait (see callTool), and recorded.
    const ran = { config: options.config.current() };
    const approval: { decision: ApprovalDecisionRecord | null } = { decision: null };
    // What the walk looked at before a cancellation (the answer's stats say it otherwise).
    const walked: { soFar: ScannedSoFar | null } = { soFar: null };
    const record = (ending: { result: CallToolResult } | { thrown: unknown }) =>
      options.activity?.record({
        startedAt,
        endedAt: Date.now(),
        client: server.getClientVersion(),
        tool: request.params.name,
        args: request.params.arguments,
        config: ran.config,
        aborted: extra.signal.aborted,
        decision: approval.decision ?? undefined,
        scannedSoFar: walked.soFar ?? undefined,
        ...ending,
      });
    try {
      const result = await callTool(request, extra, ran, approval, walked);
      record({ result });
      return result;
    } catch (error) {
      record({ thrown: error });
      throw error;
    }
  });

  async function callTool(
    request: CallToolRequest,
    extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
    ran: { config: ServerConfig },
    approval: { decision: ApprovalDecisionRecord | null },
    walked: { soFar: ScannedSoFar | null },
  ): Promise<CallToolResult> {
    let config = ran.config;
    const { name, arguments: args } = request.params;
    const tool = tools.find((t) => t.name === name || t.altName === name);
    if (!tool) {
      const names = tools.map(listedName).join(', ');
      // Not an McpError: its message starts "MCP error -32602: ", and clients add their own
      // prefix to what they show, so the model read it twice.
      throw Object.assign(new Error(`Unknown tool: ${name}. Available tools: ${names}.`), {
        code: RpcErrorCode.InvalidParams,
      });
    }
    const progressToken = request.params._meta?.progressToken;
    let lastProgress = -1;
    // Progress must only grow: the tool's own progress counts on from the waiting ticks.
    let progressBase = 0;
    const progress = (value: number, message: string) => {
      value += progressBase;
      if (progressToken === undefined || value <= lastProgress) return;
      lastProgress = value;
      void extra
        .sendNotification({
          method: 'notifications/progress',
          params: { progressToken, progress: value, message },
        })
        .catch(() => undefined);
    };
    try {
      // The person's controls are checked before the call, again after every wait (the person's
      // decision, the run itself), and the answer is given only under the settings in force when
      // it is sent: a folder removed, access paused, the tool switched off or file types
      // narrowed while the call waited or ran apply to it (issue 18, item 2).
      checkAuthority(tool, name, args, config);
      if (options.approval) {
        let ticks = 0;
        const passed = await options.approval.pass({
          client: server.getClientVersion(),
          tool: name,
          args: args ?? {},
          settings: config.approval,
          signal: extra.signal,
          // Keeps the AI app from timing out while the person decides (when it sent a token).
          onWaiting: (waitedMs) => {
            progress(
              ++ticks,
              `Waiting for the person to approve this in FolderGate (${Math.round(waitedMs / 1000)} s)…`,
            );
            progressBase = ticks;
          },
        });
        approval.decision = passed.decision;
        config = ran.config = options.config.current();
        checkAuthority(tool, name, args, config);
      }
      const runWith = (settings: ServerConfig) =>
        tool.run(args ?? {}, {
          config: settings,
          signal: extra.signal,
          progress,
          wantsProgress: progressToken !== undefined,
          engine: options.engine,
          scanned: (counts) => {
            walked.soFar = {
              scannedFiles: counts.scannedFiles,
              scannedDirectories: counts.scannedDirectories,
            };
          },
        });
      let answer = await runWith(config);
      for (let run = 1; ; run++) {
        const now = options.config.current();
        if (authorityOf(tool, now) === authorityOf(tool, config)) break;
        // What this call may see changed while it ran: answered (or refused) as it is now.
        config = ran.config = now;
        checkAuthority(tool, name, args, config);
        if (run >= MAX_RUNS) {
          throw new ToolError(
            'IOFailure',
            "FolderGate's settings kept changing while this call ran.",
            'Call again in a moment.',
          );
        }
        answer = await runWith(config);
      }
      const { structured, summary } = answer;
      return {
        content: [
          { type: 'text', text: summary },
          { type: 'text', text: JSON.stringify(structured) },
        ],
        structuredContent: structured,
        isError: false,
      };
    } catch (error) {
      if (error instanceof ApprovalRefusedError || error instanceof ApprovalCancelledError)
        approval.decision = error.decision;
      if (extra.signal.aborted) throw error; // cancelled: the SDK sends no response
      if (isToolError(error)) return errorResult(error);
      log(
        `${tool.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return errorResult(
        new ToolError(
          'IOFailure',
          `${tool.name} failed because of an unexpected error.`,
          'Try again in a moment; if it keeps failing, narrow the request.',
        ),
      );
    }
  }

  // A tools/call refused before the SDK sees it (malformed params) is a call too.
  const recordRefusal = (request: JSONRPCRequest, refusal: RequestRefusal) => {
    const params = (request.params ?? {}) as Record<string, unknown>;
    const now = Date.now();
    options.activity?.record({
      startedAt: now,
      endedAt: now,
      client: server.getClientVersion(),
      tool: typeof params.name === 'string' ? params.name : '(no tool name)',
      args: params.arguments,
      config: options.config.current(),
      aborted: false,
      thrown: Object.assign(new Error(refusal.message), { code: refusal.code }),
    });
  };

  return {
    server,
    screenRequest(request) {
      listWatch.check();
      const refusal = checkRequestParams(request);
      if (refusal && request.method === 'tools/call') recordRefusal(request, refusal);
      return refusal;
    },
  };
}

/** Runs of one call when the settings change under it (the last is refused if they change again). */
const MAX_RUNS = 3;

/**
 * Throws the refusal that applies to this call under `config`: the tool switched off, access
 * paused, or the tool's own check (a folder that is not allowed, or no longer the same folder).
 */
function checkAuthority(
  tool: ToolDefinition,
  name: string,
  args: unknown,
  config: ServerConfig,
): void {
  if (!isToolEnabled(config.tools, tool.name)) {
    const { message, fix } = toolDisabledText(name);
    throw new ToolError('ToolDisabled', message, fix);
  }
  if (isPausedAt(config, Date.now())) {
    throw new ToolError(
      'AccessPaused',
      'AI access is paused in FolderGate.',
      'Ask the user to resume AI access in FolderGate, then call again.',
    );
  }
  tool.check?.(args ?? {}, config);
}

/** The settings that shape what a call of `tool` may see; an answer is sent only if unchanged. */
function authorityOf(tool: ToolDefinition, config: ServerConfig): string {
  return JSON.stringify([
    isToolEnabled(config.tools, tool.name),
    config.paused,
    config.pausedUntil,
    tool.scope?.(config) ?? null,
  ]);
}

function errorResult(error: ToolError): CallToolResult {
  const result: CallToolResult = {
    content: [{ type: 'text', text: formatToolError(error) }],
    isError: true,
  };
  if (Object.keys(error.params).length > 0) result._meta = { [ERROR_PARAMS_META]: error.params };
  return result;
}
