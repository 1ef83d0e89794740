#!/usr/bin/env node
// FolderGate's command line. `demo` (what `npm start` runs until the desktop app lands) starts
// the built MCP server on the demo folder, shows it answering, and prints how to connect AI apps.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const serverEntry = path.join(repo, 'mcp-server', 'dist', 'index.js');
const demoFolder = path.join(repo, 'mcp-server', 'examples', 'demo-folder');

async function demo(folder) {
  if (!existsSync(serverEntry)) {
    console.error('The server is not built yet: run `npm run build` (npm start does it for you).');
    process.exit(1);
  }
  const root = path.resolve(folder ?? demoFolder);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [serverEntry, '--root', root],
    env: { PATH: process.env.PATH ?? '' },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'foldergate-demo', version: '0.1.0' });
  await client.connect(transport);
  const { tools } = await client.listTools();
  console.log(`FolderGate MCP server started on ${root}`);
  console.log(`Tools: ${tools.map((t) => t.name).join(', ')}\n`);

  const show = async (title, args) => {
    const result = await client.callTool({ name: 'fs.search_by_time', arguments: args });
    console.log(`> ${title}\n  ${result.content[0].text}`);
    for (const m of result.structuredContent?.matches ?? []) {
      console.log(`  ${m.modifiedAt}  ${path.relative(root, m.path)}`);
    }
    console.log('');
  };
  await show('The 5 most recently modified files', { timeField: 'modified', limit: 5 });
  await show('Markdown files, by path', { timeField: 'modified', glob: '*.md', sort: 'path_asc' });
  await client.close();

  const args = [serverEntry, '--root', root];
  console.log('Connect an AI app (it starts its own copy of the server over stdio):\n');
  console.log('  Claude Desktop / Cursor / Windsurf (mcpServers in their JSON config):');
  console.log(
    JSON.stringify({ mcpServers: { foldergate: { command: 'node', args } } }, null, 2)
      .split('\n')
      .map((l) => `    ${l}`)
      .join('\n'),
  );
  console.log(`\n  Claude Code:   claude mcp add foldergate -- node ${args.map(quote).join(' ')}`);
  console.log(`  Inspector:     npx @modelcontextprotocol/inspector node ${args.map(quote).join(' ')}`);
  console.log('\n  Clients that reject dotted tool names (Cursor, Codex, …): add "--tool-names", "underscore".');
}

function quote(arg) {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'demo') {
  await demo(rest[0]);
} else {
  console.error('Usage: foldergate demo [folder]');
  process.exit(command ? 2 : 0);
}
