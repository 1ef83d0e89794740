// What the server says of itself in `initialize`: its name, capabilities, instructions and the
// protocol versions it speaks. No zod and no SDK values here, so that the front desk
// (front-desk.ts) answers initialize exactly as the SDK's Server does, before either is loaded
// (server-identity.test.ts holds the versions to the SDK's own).
import { SEARCH_TOOL_ALT_NAME, SEARCH_TOOL_NAME } from '#shared/tools/search-names.js';

/** How tool names are listed: as specified, or with dots turned into underscores. */
export type ToolNameStyle = 'dotted' | 'underscore';

/** The server's name and version as sent in initialize. */
export const SERVER_INFO = { name: 'foldergate', title: 'FolderGate', version: '0.1.0' } as const;

/** The server's capabilities: tools, whose list can change (list-changed.ts). */
export const SERVER_CAPABILITIES = { tools: { listChanged: true } } as const;

/**
 * The MCP SDK's LATEST_PROTOCOL_VERSION and SUPPORTED_PROTOCOL_VERSIONS (its Server answers a
 * version it supports with itself and any other with the latest).
 */
export const PROTOCOL_VERSIONS = {
  latest: '2025-11-25',
  supported: ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'],
} as const;

/** The initialize instructions, naming the search tool as it is listed to this client. */
export function serverInstructions(toolNames: ToolNameStyle): string {
  const search = toolNames === 'underscore' ? SEARCH_TOOL_ALT_NAME : SEARCH_TOOL_NAME;
  return `FolderGate lets you search the folders the user allowed. Use ${search} to find files by modified or created time, and logic_list / logic_get to read the custom SQL logics of the logic catalog.`;
}

/** The initialize result for a client that asked for `asked`, as the SDK's Server builds it. */
export function initializeResult(asked: string, toolNames: ToolNameStyle): Record<string, unknown> {
  const supported: readonly string[] = PROTOCOL_VERSIONS.supported;
  return {
    protocolVersion: supported.includes(asked) ? asked : PROTOCOL_VERSIONS.latest,
    capabilities: SERVER_CAPABILITIES,
    serverInfo: SERVER_INFO,
    instructions: serverInstructions(toolNames),
  };
}
