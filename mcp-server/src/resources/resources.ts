// The server's resources on one SDK Server, in both eras (docs/contracts/resources.md):
// resources/list, resources/templates/list, resources/read, and (handshake era)
// resources/subscribe and resources/unsubscribe. Every read is checked like a tool call: the
// `resources` switch, pause, the folders and file types allowed now, the person's approval when
// they want to be asked ("resources/read"), and one Activity record however it ends.
import type { ReadResourceResult, Server, ServerContext } from '@modelcontextprotocol/server';
import { formatToolError, isToolError, ToolError } from '#shared/errors/errors.js';
import { isPausedAt } from '#shared/settings/settings.js';
import { isToolEnabled } from '#shared/tools/tool-switches.js';
import {
  parseResourceUri,
  RESOURCE_READ_TOOL,
  RESOURCES_SWITCH,
  RESULTS_URI_TEMPLATE,
  RESULT_PAGE_SIZE,
} from '#shared/tools/resource-names.js';
import type { ApprovalDecisionRecord } from '#shared/approval/approval.js';
import type { ConfigSource, ServerConfig } from '#appdata/settings/server-config.js';
import { log } from '#appdata/log.js';
import { ApprovalRefusedError, type ApprovalGate } from '../runtime/approval-gate.js';
import type { ActivityLog } from '../runtime/activity-log.js';
import type { EngineAsk } from '../search/search-context.js';
import { askingClient } from '../protocol/client-identity.js';
import {
  foldersResource,
  listedAs,
  readFolders,
  readResult,
  resultResource,
  rootNow,
} from './resource-bodies.js';
import type { ResultStore, SavedResult } from './result-store.js';

/** Follows saved results in the live index (live-results.ts); absent: subscriptions refused. */
export interface LiveResults {
  /** Starts following `saved` (throws a ToolError when the app's engine cannot be asked). */
  follow(saved: SavedResult): Promise<void>;
  /** Stops following the result at `uri`. */
  unfollow(uri: string): void;
}

/** What the resource handlers need of the server around them. */
export interface ResourceDeps {
  config: ConfigSource;
  results: ResultStore;
  activity?: Pick<ActivityLog, 'record'> | undefined;
  approval?: ApprovalGate | undefined;
  engine?: EngineAsk | undefined;
  live?: LiveResults | undefined;
  /** Told the URIs of each resources/list answer (the list-changed watch: list-changed.ts). */
  listed?(entries: string[]): void;
}

/** JSON-RPC codes: "resource not found" (the SDK sends -32002 as -32602 in both eras, as the 2025-11-25 revision says), and a refusal by the person's settings. */
export const RESOURCE_NOT_FOUND = -32602;
export const RESOURCE_REFUSED = -32001;

/** Whether the person lets AI apps read resources now (the `resources` switch). */
export function resourcesEnabled(config: ServerConfig): boolean {
  return isToolEnabled(config.tools, RESOURCES_SWITCH);
}

/** Registers the resource handlers on `server`. */
export function registerResources(
  server: Server,
  deps: ResourceDeps,
  era: 'legacy' | 'modern',
): void {
  server.setRequestHandler('resources/list', () => {
    const config = deps.config.current();
    const resources = resourcesEnabled(config)
      ? [foldersResource(config), ...deps.results.list().map(resultResource)]
      : [];
    deps.listed?.(resources.map(listedAs));
    return { resources };
  });
  server.setRequestHandler('resources/templates/list', () => {
    const config = deps.config.current();
    if (!resourcesEnabled(config)) return { resourceTemplates: [] };
    return {
      resourceTemplates: [
        {
          uriTemplate: RESULTS_URI_TEMPLATE,
          name: 'search-result',
          title: 'A saved search result',
          description: `The answer of an fs.search_by_time call of this connection (its resultUri), ${RESULT_PAGE_SIZE} matches per page. Names, sizes and dates only.`,
          mimeType: 'application/json',
        },
      ],
    };
  });
  server.setRequestHandler('resources/read', (request, ctx) =>
    readResource(server, deps, request.params.uri, ctx),
  );
  if (era !== 'legacy') return; // 2026-07-28: subscriptions/listen (live-results.ts)
  server.setRequestHandler('resources/subscribe', async (request) => {
    const saved = checkedResult(deps, request.params.uri);
    if (!deps.live) throw rpcError(noEngine());
    try {
      await deps.live.follow(saved);
    } catch (error) {
      throw rpcError(error);
    }
    return {};
  });
  server.setRequestHandler('resources/unsubscribe', (request) => {
    deps.live?.unfollow(request.params.uri);
    return {};
  });
}

/** The saved result at `uri`, if the person's settings let it be followed now. */
function checkedResult(deps: ResourceDeps, uri: string): SavedResult {
  const config = deps.config.current();
  try {
    checkAccess(config);
    const address = parseResourceUri(uri);
    if (address?.kind === 'folders') {
      throw new ToolError(
        'InvalidArgument',
        'foldergate://folders is not followed: a change of the folders is announced as a change of the resource list.',
        'Listen for notifications/resources/list_changed and read foldergate://folders again when told.',
      );
    }
    const saved = address?.kind === 'result' ? deps.results.get(address.id) : null;
    if (!saved) throw notFound(uri);
    rootNow(saved, config);
    return saved;
  } catch (error) {
    throw rpcError(error);
  }
}

/** The refusal of a subscription without the app's live index. */
export function noEngine(): ToolError {
  return new ToolError(
    'IOFailure',
    "FolderGate's app is not running, so nothing tells this server when files change.",
    'Ask the person to open the FolderGate app (with instant search on), then subscribe again; or read the result again later.',
  );
}

async function readResource(
  server: Server,
  deps: ResourceDeps,
  uri: string,
  ctx: ServerContext,
): Promise<ReadResourceResult> {
  const startedAt = Date.now();
  const client = askingClient(server, ctx.mcpReq.envelope);
  let config = deps.config.current();
  let decision: ApprovalDecisionRecord | null = null;
  const record = (result: { isError: boolean; text: string }) =>
    deps.activity?.record({
      startedAt,
      endedAt: Date.now(),
      client,
      tool: RESOURCE_READ_TOOL,
      args: { uri },
      config,
      aborted: ctx.mcpReq.signal.aborted,
      decision: decision ?? undefined,
      result: { isError: result.isError, content: [{ type: 'text', text: result.text }] },
    });
  try {
    const address = parseResourceUri(uri);
    if (!address) throw notFound(uri);
    checkAccess(config);
    const saved = address.kind === 'result' ? deps.results.get(address.id) : null;
    if (address.kind === 'result' && !saved) throw notFound(uri);
    if (saved) rootNow(saved, config);
    if (deps.approval) {
      const passed = await deps.approval.pass({
        client,
        tool: RESOURCE_READ_TOOL,
        args: { uri },
        settings: config.approval,
        signal: ctx.mcpReq.signal,
        onWaiting: () => undefined,
      });
      decision = passed.decision;
      config = deps.config.current();
      checkAccess(config);
    }
    const answer = saved
      ? readResult(saved, address.kind === 'result' ? address.page : 1, config)
      : await readFolders(config, deps.engine);
    record({ isError: false, text: answer.summary });
    return answer.result;
  } catch (error) {
    if (error instanceof ApprovalRefusedError) decision = error.decision;
    const refusal = isToolError(error) ? error : unexpected(error);
    record({ isError: true, text: formatToolError(refusal) });
    throw rpcError(refusal);
  }
}

/** The `resources` switch and pause, as a tool call checks its switch and pause. */
function checkAccess(config: ServerConfig): void {
  if (!resourcesEnabled(config)) {
    throw new ToolError(
      'ToolDisabled',
      "The person switched off FolderGate's resources (the folder list and saved search results).",
      'Do not retry; tell the person resources are off and that they can switch them on in FolderGate (Control).',
    );
  }
  if (isPausedAt(config, Date.now())) {
    throw new ToolError(
      'AccessPaused',
      'AI access is paused in FolderGate.',
      'Ask the user to resume AI access in FolderGate, then read again.',
    );
  }
}

function notFound(uri: string): ToolError {
  return new ToolError(
    'NOT_FOUND',
    `No resource ${JSON.stringify(uri.slice(0, 200))}: a saved result is kept only while this connection lasts, and the oldest are let go after 32 results or 8 MB.`,
    'Run the search again (fs.search_by_time) and read its new resultUri.',
  );
}

function unexpected(error: unknown): ToolError {
  log(
    `resources/read failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  return new ToolError(
    'IOFailure',
    'The resource could not be read because of an unexpected error.',
    'Try again in a moment.',
  );
}

/** A ToolError as a JSON-RPC error: the 3-line text, and its code and fix in `data`. */
function rpcError(error: unknown): Error {
  const refusal = isToolError(error) ? error : unexpected(error);
  return Object.assign(new Error(formatToolError(refusal)), {
    code: refusal.code === 'NOT_FOUND' ? RESOURCE_NOT_FOUND : RESOURCE_REFUSED,
    data: { errorCode: refusal.code, fix: refusal.fix },
  });
}
