// The `tools` section of settings.json as a schema (the switches' words and rules are in
// tool-switches.ts, which the renderer uses without zod).
import * as z from 'zod';
import { SEARCH_TOOL_NAME } from './search-names.js';

/**
 * The `tools` key of settings.json. A tool left out is on; an unknown name (a tool of a newer
 * FolderGate, a typo by hand) is kept as it is rather than making the whole file unusable.
 */
export const toolSwitchesSchema = z.looseObject({
  [SEARCH_TOOL_NAME]: z.boolean().default(true),
  logic_list: z.boolean().default(true),
  logic_get: z.boolean().default(true),
  resources: z.boolean().default(true),
  prompts: z.boolean().default(true),
});
/** @see toolSwitchesSchema */
export type ToolSwitches = z.output<typeof toolSwitchesSchema>;
