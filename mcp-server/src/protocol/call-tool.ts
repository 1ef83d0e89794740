// tools/call, in both eras: the person's controls (switch, pause, folders, file types, approval)
// checked before the call and again after every wait, the tool run (again) under the settings in
// force when the answer is sent, progress while the person decides or the walk runs, and one
// Activity record per call however it ends. The contract holds exactly: input errors are isError
// results in the 3-line format (docs/contracts/error-codes.md), an unknown tool is a JSON-RPC
// error (-32602).
import type {
  CallToolRequest,
  CallToolResult,
  ContentBlock,
  JSONRPCRequest,
  Server,
  ServerContext,
} from '@modelcontextprotocol/server';
import type { ApprovalDecisionRecord } from '#shared/approval/approval.js';
import {
  formatToolError,
  isToolError,
  ToolError,
  ERROR_PARAMS_META,
} from '#shared/errors/errors.js';
import { isToolEnabled, toolDisabledText } from '#shared/tools/tool-switches.js';
import { isPausedAt } from '#shared/settings/settings.js';
import type { ConfigSource, ServerConfig } from '#appdata/settings/server-config.js';
import { log } from '#appdata/log.js';
import { PREVIEW_TOTAL_META } from '#shared/activity/preview-search.js';
import {
  ApprovalCancelledError,
  ApprovalRefusedError,
  type ApprovalGate,
} from '../runtime/approval-gate.js';
import type { ActivityLog } from '../runtime/activity-log.js';
import type { ScannedSoFar } from '../tools/tool-definition.js';
import type { ToolDefinition } from '../tools/tools.js';
import type { EngineAsk } from '../search/search-context.js';
import { askingClient, type AskingClient } from './client-identity.js';
import type { RequestRefusal } from './request-params.js';

/** What a tools/call needs of the server around it. */
export interface CallToolDeps {
  config: ConfigSource;
  tools: ToolDefinition[];
  /** The names tools/list gives now (the unknown-tool error names them). */
  listedNow(): string[];
  activity?: Pick<ActivityLog, 'record'>;
  approval?: ApprovalGate;
  engine?: EngineAsk;
  /** The settings a call asks to be answered under (the preview's "Search as"); null: `config`. */
  viewFor?(meta: Record<string, unknown> | undefined): ConfigSource | null;
  /** Whether a call asks how many entries match its whole search (the preview's, `--preview`). */
  countAll?(meta: Record<string, unknown> | undefined): boolean;
  /** Keeps a search's answer as a resource; returns the link its content carries (keep-result.ts). */
  keep?(
    tool: string,
    args: unknown,
    structured: Record<string, unknown>,
    config: ServerConfig,
  ): ContentBlock | null;
}

/** The tools/call handler of one SDK Server. */
export type CallToolHandler = (
  request: CallToolRequest,
  ctx: ServerContext,
) => Promise<CallToolResult>;

/** What a call answers: its structured content is always an object (the tools' outputSchema). */
type ToolAnswer = CallToolResult & { structuredContent?: Record<string, unknown> };

/** Runs of one call when the settings change under it (the last is refused if they change again). */
const MAX_RUNS = 3;

/** The tools/call handler for `server` (which knows the client of a 2025-era connection). */
export function createCallTool(deps: CallToolDeps, server: Server): CallToolHandler {
  // One record per tools/call, however it ends: answered, refused, thrown (unknown tool) or
  // cancelled. The config is read once, so the record names the roots the call ran with.
  return async (request, ctx) => {
    const startedAt = Date.now();
    const client = askingClient(server, ctx.mcpReq.envelope);
    const view = deps.viewFor?.(ctx.mcpReq._meta as Record<string, unknown> | undefined) ?? null;
    const call = view ? { ...deps, config: view } : deps;
    // The settings the call ran with: re-read after each wait (see callTool), and recorded.
    const ran = { config: call.config.current() };
    const approval: { decision: ApprovalDecisionRecord | null } = { decision: null };
    // What the walk looked at before a cancellation (the answer's stats say it otherwise).
    const walked: { soFar: ScannedSoFar | null } = { soFar: null };
    const record = (ending: { result: ToolAnswer } | { thrown: unknown }) =>
      deps.activity?.record({
        startedAt,
        endedAt: Date.now(),
        client,
        tool: request.params.name,
        args: request.params.arguments,
        config: ran.config,
        aborted: ctx.mcpReq.signal.aborted,
        decision: approval.decision ?? undefined,
        scannedSoFar: walked.soFar ?? undefined,
        meta: ctx.mcpReq._meta as Record<string, unknown> | undefined,
        ...ending,
      });
    try {
      const result = await callTool(call, request, ctx, { client, ran, approval, walked });
      record({ result });
      return result;
    } catch (error) {
      record({ thrown: error });
      throw error;
    }
  };
}

/** What one call keeps while it runs (recorded at its end). */
interface CallState {
  client: AskingClient | undefined;
  ran: { config: ServerConfig };
  approval: { decision: ApprovalDecisionRecord | null };
  walked: { soFar: ScannedSoFar | null };
}

async function callTool(
  deps: CallToolDeps,
  request: CallToolRequest,
  ctx: ServerContext,
  state: CallState,
): Promise<ToolAnswer> {
  const { ran, approval, walked } = state;
  const signal = ctx.mcpReq.signal;
  let config = ran.config;
  const { name, arguments: args } = request.params;
  const tool = deps.tools.find((t) => t.name === name || t.altName === name);
  if (!tool) throw unknownTool(name, deps.listedNow());
  const progressToken = ctx.mcpReq._meta?.progressToken;
  let lastProgress = -1;
  // Progress must only grow: the tool's own progress counts on from the waiting ticks.
  let progressBase = 0;
  const progress = (value: number, message: string) => {
    value += progressBase;
    if (progressToken === undefined || value <= lastProgress) return;
    lastProgress = value;
    void ctx.mcpReq
      .notify({
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
    if (deps.approval) {
      let ticks = 0;
      const passed = await deps.approval.pass({
        client: state.client,
        tool: name,
        args: args ?? {},
        settings: config.approval,
        signal,
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
      config = ran.config = deps.config.current();
      checkAuthority(tool, name, args, config);
    }
    const runWith = (settings: ServerConfig) =>
      tool.run(args ?? {}, {
        config: settings,
        signal,
        progress,
        wantsProgress: progressToken !== undefined,
        engine: deps.engine,
        countAll: deps.countAll?.(ctx.mcpReq._meta as Record<string, unknown> | undefined) ?? false,
        scanned: (counts) => {
          walked.soFar = {
            scannedFiles: counts.scannedFiles,
            scannedDirectories: counts.scannedDirectories,
          };
        },
      });
    let answer = await runWith(config);
    for (let run = 1; ; run++) {
      const now = deps.config.current();
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
    const { structured, summary, total } = answer;
    const link = deps.keep?.(tool.name, args, structured, config) ?? null;
    return {
      content: [
        { type: 'text', text: summary },
        { type: 'text', text: JSON.stringify(structured) },
        ...(link ? [link] : []),
      ],
      structuredContent: structured,
      isError: false,
      ...(total === undefined ? {} : { _meta: { [PREVIEW_TOTAL_META]: total } }),
    };
  } catch (error) {
    if (error instanceof ApprovalRefusedError || error instanceof ApprovalCancelledError)
      approval.decision = error.decision;
    if (signal.aborted) throw error; // cancelled: the SDK sends no response
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

/**
 * The JSON-RPC error for a tool the server does not have, naming the tools listed now. Not a
 * ProtocolError: clients add their own prefix to what they show, so a code in the message would
 * be read twice.
 */
function unknownTool(name: string, listed: string[]): Error {
  const offered =
    listed.length > 0
      ? `Available tools: ${listed.join(', ')}.`
      : 'No tool is available right now: the user switched them off in FolderGate.';
  return Object.assign(new Error(`Unknown tool: ${name}. ${offered}`), { code: -32602 });
}

/**
 * Records a tools/call refused before the SDK saw it (malformed params), or (`refusal` null)
 * cancelled before it started: a call too.
 */
export function recordRefusal(
  deps: Pick<CallToolDeps, 'activity' | 'config'>,
  request: JSONRPCRequest,
  refusal: RequestRefusal | null,
  client: AskingClient | undefined,
): void {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const now = Date.now();
  deps.activity?.record({
    startedAt: now,
    endedAt: now,
    client,
    tool: typeof params.name === 'string' ? params.name : '(no tool name)',
    args: params.arguments,
    config: deps.config.current(),
    aborted: refusal === null,
    thrown: refusal ? Object.assign(new Error(refusal.message), { code: refusal.code }) : undefined,
  });
}

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

function errorResult(error: ToolError): ToolAnswer {
  const result: ToolAnswer = {
    content: [{ type: 'text', text: formatToolError(error) }],
    isError: true,
  };
  if (Object.keys(error.params).length > 0) result._meta = { [ERROR_PARAMS_META]: error.params };
  return result;
}
