// The IPC channel of the note on the Folders screen naming the AI apps that still run a server
// from before a per-folder rule in use (shared/settings/folder-rules.ts). shared/contract/ipc.ts
// spreads it into its table.
import * as z from 'zod';
import { FOLDER_RULES } from '../settings/folder-rules.js';

export const FOLDER_RULES_CHANNELS = {
  /**
   * The AI apps still running FolderGate's server from before a per-folder rule the folders use:
   * it would not keep it until the app is opened again.
   */
  'roots:olderServers': {
    request: z.strictObject({}),
    response: z.strictObject({
      apps: z.array(z.string().max(100).nullable()).max(100),
      rules: z.array(z.enum(FOLDER_RULES)),
    }),
  },
} as const;
