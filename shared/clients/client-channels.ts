// The AI apps' channels of the IPC contract (shared/contract/ipc.ts spreads them into its table):
// each app's state, connect, disconnect, repair, undo, showing a config file, Gemini CLI's lists
// and Claude Desktop's extension.
import * as z from 'zod';
import { clientActionResultSchema, clientIdSchema, clientStateSchema } from './clients.js';

const clientRequest = z.strictObject({ id: clientIdSchema });

/** Where the web host serves the built extension bundle (GET, with the page's token). */
export const EXTENSION_DOWNLOAD_PATH = '/api/download/foldergate.mcpb';

/** The clients:* channels: request and response schemas. */
export const CLIENT_CHANNELS = {
  /** Every AI app FolderGate can connect, with its status (re-read from its config file). */
  'clients:list': {
    request: z.strictObject({}),
    response: z.strictObject({ clients: z.array(clientStateSchema) }),
  },
  /** Adds FolderGate to the app's config file (a backup first; nothing else in it changes). */
  'clients:connect': { request: clientRequest, response: clientActionResultSchema },
  /** Removes exactly FolderGate's entry from the app's config file. */
  'clients:disconnect': { request: clientRequest, response: clientActionResultSchema },
  /** Rewrites an entry that no longer matches this FolderGate (moved or updated). */
  'clients:repair': { request: clientRequest, response: clientActionResultSchema },
  /**
   * "Back up and repair" a settings file that cannot be read: what could be read of it with
   * FolderGate's entry, the original kept as a backup (clients:undo gives it back).
   */
  'clients:rebuild': { request: clientRequest, response: clientActionResultSchema },
  /** Restores FolderGate's last backup of the file, if nobody changed it since. */
  'clients:undo': { request: clientRequest, response: clientActionResultSchema },
  /** Electron only: show the app's config file (or its folder) in the file manager. */
  'clients:reveal': { request: clientRequest, response: z.strictObject({}) },
  /**
   * Gemini CLI: lets it start FolderGate's server, changing only its `mcp.excluded` and
   * `mcp.allowed` lists (the row's one-click fix, which the person selects; Undo takes it back).
   */
  'clients:allow': { request: clientRequest, response: clientActionResultSchema },
  /**
   * Claude Desktop: builds FolderGate's extension (`<appData>/extension/foldergate.mcpb`) and,
   * where the host can, opens it with Claude (`opened`); the web page offers `downloadUrl`'s path.
   */
  'clients:extension': {
    request: clientRequest,
    response: z.strictObject({
      client: clientStateSchema,
      path: z.string(),
      opened: z.boolean(),
      /** Where the web page downloads the file (its token is added by the page). */
      downloadPath: z.string().nullable(),
    }),
  },
} as const;
