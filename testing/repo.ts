// Where tests find the repository and its built bundles (`npm run build` makes them).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The built MCP server bundle, as AI apps and the app start it. */
export const SERVER_BUNDLE = path.join(REPO_ROOT, 'mcp-server', 'dist', 'index.js');

/** The CLI as a person runs it (the shim that loads main/cli/dist/cli.js). */
export const CLI_SHIM = path.join(REPO_ROOT, 'main', 'cli', 'foldergate.mjs');
