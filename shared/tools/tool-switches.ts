import { SEARCH_TOOL_ALT_NAME, SEARCH_TOOL_NAME } from './search-names.js';
import type { ToolSwitches } from './tool-switches-schema.js';

export type { ToolSwitches } from './tool-switches-schema.js';

// Per-tool switches: the person turns a tool off and no AI app sees or can use it any more. The
// setting (`tools` in settings.json) maps each tool's name to on/off; a server lists only the
// tools that are on and refuses a call to one that is off with ToolDisabled. `prompts` switches
// FolderGate's prompts (shared/prompts/prompts.ts) the same way.

/** The tools a person can switch, in the order the app shows them. */
export const SWITCHABLE_TOOLS = [
  SEARCH_TOOL_NAME,
  'logic_list',
  'logic_get',
  'resources',
  'prompts',
] as const;
/** One of {@link SWITCHABLE_TOOLS}. */
export type SwitchableTool = (typeof SWITCHABLE_TOOLS)[number];

/** Every tool on: a fresh install, and a settings file from before the switches. */
export const DEFAULT_TOOL_SWITCHES: Readonly<Record<SwitchableTool, boolean>> = {
  [SEARCH_TOOL_NAME]: true,
  logic_list: true,
  logic_get: true,
  // Not tools: the server's resources (foldergate://folders, saved search results) and prompts.
  resources: true,
  prompts: true,
};

/** The switch name of a tool as called (either spelling of the search); null when none. */
export function switchOf(tool: string): SwitchableTool | null {
  if (tool === SEARCH_TOOL_ALT_NAME) return SEARCH_TOOL_NAME;
  return (SWITCHABLE_TOOLS as readonly string[]).includes(tool) ? (tool as SwitchableTool) : null;
}

/** True unless the person switched `tool` off (tools without a switch are always on). */
export function isToolEnabled(switches: ToolSwitches, tool: string): boolean {
  const name = switchOf(tool);
  return name === null || switches[name];
}

/**
 * The ToolDisabled refusal's message and fix (3-line format): the model should not try to work
 * around it, and should tell the person where the switch is.
 */
export function toolDisabledText(tool: string): { message: string; fix: string } {
  return {
    message: `The person switched off the tool '${tool}' in FolderGate.`,
    fix: 'Do not retry; tell the person this tool is off and that they can switch it on in FolderGate (Control).',
  };
}
