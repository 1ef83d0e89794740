// Every tool this server offers, in the order tools/list gives them.
import { logicGetTool, logicListTool } from './logic-tools.js';
import { searchTool } from './search-tool.js';
import type { ToolDefinition } from './tool-definition.js';

export type { ToolContext, ToolDefinition } from './tool-definition.js';
export { searchTool } from './search-tool.js';

/** Every tool this server offers. */
export const TOOLS: ToolDefinition[] = [searchTool, logicListTool, logicGetTool];
