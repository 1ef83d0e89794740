import { SEARCH_TOOL_ALT_NAME, SEARCH_TOOL_NAME } from './search-names.js';
import type { ToolSwitches } from './tool-switches-schema.js';

export type { ToolSwitches } from './tool-switches-schema.js';

// Per-tool switches: the person turns a tool off and no AI app sees or can use it any more. The
// setting (`tools` in settings.json) maps each tool's name to on/off; a server lists only the
// tools that are on and refuses a call to one that is off with ToolDisabled.

/** The tools a person can switch, in the order the app shows them. */
export const SWITCHABLE_TOOLS = [SEARCH_TOOL_NAME, 'logic_list', 'logic_get'] as const;
/** One of {@link SWITCHABLE_TOOLS}. */
export type SwitchableTool = (typeof SWITCHABLE_TOOLS)[number];

/** Every tool on: a fresh install, and a settings file from before the switches. */
export const DEFAULT_TOOL_SWITCHES: Readonly<Record<SwitchableTool, boolean>> = {
  [SEARCH_TOOL_NAME]: true,
  logic_list: true,
  logic_get: true,
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

/** What each switch lets an AI app do, in one plain sentence (the app shows it by the switch). */
export const TOOL_SWITCH_TEXT: Readonly<
  Record<SwitchableTool, { title: string; text: string; offText: string }>
> = {
  [SEARCH_TOOL_NAME]: {
    title: 'Find files by date',
    text: 'Lets an AI app list the names, sizes and dates of files in your allowed folders (never their contents).',
    offText: 'Off: no AI app can list your files now; they are told this is switched off.',
  },
  logic_list: {
    title: 'List the logic catalog',
    text: 'Lets an AI app see the names of the SQL logics in your logic catalog.',
    offText: 'Off: no AI app can see your logic catalog now.',
  },
  logic_get: {
    title: 'Read a logic',
    text: 'Lets an AI app read one logic’s SQL text, parameters and sign-in settings.',
    offText: 'Off: no AI app can read a logic now.',
  },
};

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
