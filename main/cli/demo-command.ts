// `foldergate demo [folder]`: starts the built MCP server on the demo folder (or the given one),
// shows it answering, and points to `foldergate clients register` to connect AI apps.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { appDataDir } from '#appdata/paths.js';
import { PACKAGE_ROOT, packageVersion } from './repo-paths.js';
import { t } from '#shared/i18n/i18n.js';

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
    console.error(t('cli.demo.notBuilt'));
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
  console.log(t('cli.demo.started', { root }));
  console.log(`${t('cli.demo.tools', { tools: tools.map((tool) => tool.name).join(', ') })}\n`);

  const show = async (title: string, args: Record<string, unknown>): Promise<void> => {
    const result = await client.callTool({ name: 'fs.search_by_time', arguments: args });
    const content = result.content as Array<{ type: string; text?: string }>;
    console.log(`> ${title}\n  ${content[0]?.text ?? ''}`);
    const matches = ((result.structuredContent as { matches?: Match[] } | undefined)?.matches ??
      []) as Match[];
    for (const m of matches) console.log(`  ${m.modifiedAt}  ${path.relative(root, m.path)}`);
    console.log('');
  };
  await show(t('cli.demo.newest'), { timeField: 'modified', limit: 5 });
  await show(t('cli.demo.markdown'), { timeField: 'modified', glob: '*.md', sort: 'path_asc' });
  await client.close();

  const args = [SERVER_ENTRY, '--root', root];
  console.log(`${t('cli.demo.connect')}\n`);
  console.log(`  foldergate clients list                 ${t('cli.demo.list')}`);
  console.log(`  foldergate clients register --all-detected   ${t('cli.demo.all')}`);
  console.log(`  foldergate clients register cursor vscode    ${t('cli.demo.named')}`);
  console.log(`\n  ${t('cli.demo.folders', { dir: appDataDir() })}`);
  console.log('  foldergate roots add <folder>');
  console.log(
    `\n  ${t('cli.demo.inspector')}\n    npx @modelcontextprotocol/inspector ${shellQuote(process.execPath)} ${args.map(shellQuote).join(' ')}`,
  );
  return 0;
}
