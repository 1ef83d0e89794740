// `foldergate demo [folder]`: starts the built MCP server on the demo folder (or the given one),
// shows it answering, and points to `foldergate clients register` to connect AI apps.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { appDataDir } from '#appdata/paths.js';
import { PACKAGE_ROOT, packageVersion } from './repo-paths.js';

const SERVER_ENTRY = path.join(PACKAGE_ROOT, 'mcp-server', 'dist', 'index.js');
const DEMO_FOLDER = path.join(PACKAGE_ROOT, 'mcp-server', 'examples', 'demo-folder');

interface Match {
  path: string;
  modifiedAt: string;
}

/** A shell-safe rendering of one argument. */
export function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** Runs the demo; resolves with the exit code. */
export async function runDemo(folder: string | undefined): Promise<number> {
  if (!existsSync(SERVER_ENTRY)) {
    console.error('The server is not built yet: run `npm run build` (npm start does it for you).');
    return 1;
  }
  const root = path.resolve(folder ?? DEMO_FOLDER);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER_ENTRY, '--root', root],
    env: { PATH: process.env.PATH ?? '' },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'foldergate-demo', version: packageVersion() });
  await client.connect(transport);
  const { tools } = await client.listTools();
  console.log(`FolderGate MCP server started on ${root}`);
  console.log(`Tools: ${tools.map((t) => t.name).join(', ')}\n`);

  const show = async (title: string, args: Record<string, unknown>): Promise<void> => {
    const result = await client.callTool({ name: 'fs.search_by_time', arguments: args });
    const content = result.content as Array<{ type: string; text?: string }>;
    console.log(`> ${title}\n  ${content[0]?.text ?? ''}`);
    const matches = ((result.structuredContent as { matches?: Match[] } | undefined)?.matches ??
      []) as Match[];
    for (const m of matches) console.log(`  ${m.modifiedAt}  ${path.relative(root, m.path)}`);
    console.log('');
  };
  await show('The 5 most recently modified files', { timeField: 'modified', limit: 5 });
  await show('Markdown files, by path', { timeField: 'modified', glob: '*.md', sort: 'path_asc' });
  await client.close();

  const args = [SERVER_ENTRY, '--root', root];
  console.log('Connect your AI apps (no config file to edit by hand):\n');
  console.log('  foldergate clients list                 which AI apps are on this computer');
  console.log('  foldergate clients register --all-detected   connect every one found');
  console.log('  foldergate clients register cursor vscode    or only the ones you name');
  console.log(
    `\n  They then search the folders chosen in FolderGate (settings in ${appDataDir()}):`,
  );
  console.log('  foldergate roots add <folder>');
  console.log(
    `\n  To try this demo folder in the MCP Inspector:\n    npx @modelcontextprotocol/inspector ${shellQuote(process.execPath)} ${args.map(shellQuote).join(' ')}`,
  );
  return 0;
}
