// What the server says of itself, in both eras of MCP: its name, icon, capabilities, instructions
// and the protocol versions it speaks; in the handshake era (2024-11-05 … 2025-11-25) through
// `initialize`, in the 2026-07-28 revision through `server/discover` and the identity every result
// carries. No zod and no SDK values here, so that the front desk (front-desk.ts) answers exactly as
// the SDK's Server does before either is loaded (server-identity.test.ts holds the versions to the
// SDK's own; test/front-desk.int.test.ts holds the answers to the full server's).
import { SERVER_ICON } from './server-icon.js';
import { SEARCH_TOOL_ALT_NAME, SEARCH_TOOL_NAME } from '#shared/tools/search-names.js';

/** How tool names are listed: as specified, or with dots turned into underscores. */
export type ToolNameStyle = 'dotted' | 'underscore';

/** The server's name, version and icon, as sent in initialize and stamped on 2026 results. */
export const SERVER_INFO = {
  name: 'foldergate',
  title: 'FolderGate',
  version: '0.1.0',
  icons: [SERVER_ICON],
};

/**
 * The server's capabilities: tools and prompts, whose lists can change (list-changed.ts),
 * completion of the prompts' arguments (prompts.ts), and resources (the allowed folders and saved
 * search results, whose list changes with each search and which can be followed in the app's
 * live index: mcp-server/src/resources/).
 */
export const SERVER_CAPABILITIES = {
  tools: { listChanged: true },
  prompts: { listChanged: true },
  resources: { subscribe: true, listChanged: true },
  completions: {},
};

/**
 * The SDK's protocol versions: the handshake era's (its LATEST_PROTOCOL_VERSION and
 * SUPPORTED_PROTOCOL_VERSIONS; its Server answers a version it supports with itself and any other
 * with the latest) and the stateless revisions `serveStdio` serves (SUPPORTED_MODERN_PROTOCOL_VERSIONS).
 */
export const PROTOCOL_VERSIONS = {
  latest: '2025-11-25',
  supported: ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'],
  modern: ['2026-07-28'],
} as const;

/** The `_meta` keys of the 2026-07-28 revision (the SDK's *_META_KEY constants). */
export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
} as const;

/**
 * How long a 2026 client may keep `tools/list` and `server/discover` (the SDK's default, which the
 * server keeps): immediately stale, never shared. The list names the person's folders and changes
 * whenever they change a folder, a switch or the catalog, so a client asks again when it needs it,
 * and one that listens (`subscriptions/listen`) is told of a change as it happens.
 */
export const CACHE_HINT = { ttlMs: 0, cacheScope: 'private' } as const;

/**
 * The instructions, naming the tools as they are listed now: a tool that is switched off, or the
 * logic tools without a catalog, are not named (issue 35, item 6).
 */
export function serverInstructions(listed: readonly string[]): string {
  const search = listed.find((name) => name === SEARCH_TOOL_NAME || name === SEARCH_TOOL_ALT_NAME);
  const logic = listed.filter((name) => name === 'logic_list' || name === 'logic_get');
  const uses = [
    search ? `Use ${search} to find files by modified or created time` : '',
    logic.length > 0
      ? `${search ? 'and ' : 'Use '}${logic.join(' / ')} to read the custom SQL logics of the logic catalog`
      : '',
  ].filter(Boolean);
  if (uses.length === 0)
    return 'FolderGate lets you search the folders the user allowed, but it offers no tool right now: the user switched them off in FolderGate.';
  return `FolderGate lets you search the folders the user allowed. ${uses.join(', ')}.`;
}

/** The names in a tools/list result, in order. */
export function listedNames(list: { tools: readonly unknown[] }): string[] {
  return list.tools.map((tool) => String((tool as { name?: unknown }).name));
}

/** The initialize result for a client that asked for `asked`, as the SDK's Server builds it. */
export function initializeResult(asked: string, instructions: string): Record<string, unknown> {
  const supported: readonly string[] = PROTOCOL_VERSIONS.supported;
  return {
    protocolVersion: supported.includes(asked) ? asked : PROTOCOL_VERSIONS.latest,
    capabilities: SERVER_CAPABILITIES,
    serverInfo: SERVER_INFO,
    instructions,
  };
}

/**
 * A 2026-07-28 result as the SDK's encoder sends it: `resultType`, the cache hint on the results
 * that take one, and the server's identity in `_meta`.
 */
export function modernResult(
  result: Record<string, unknown>,
  cacheable: boolean,
): Record<string, unknown> {
  return {
    ...result,
    resultType: 'complete',
    ...(cacheable ? CACHE_HINT : {}),
    _meta: { [META.serverInfo]: SERVER_INFO },
  };
}

/** The `server/discover` result, as the SDK's Server builds and encodes it. */
export function discoverResult(instructions: string): Record<string, unknown> {
  return modernResult(
    {
      supportedVersions: [...PROTOCOL_VERSIONS.modern],
      capabilities: SERVER_CAPABILITIES,
      instructions,
    },
    true,
  );
}

/** The search tool's name as listed to a client with this style. */
export function searchToolName(style: ToolNameStyle): string {
  return style === 'underscore' ? SEARCH_TOOL_ALT_NAME : SEARCH_TOOL_NAME;
}
