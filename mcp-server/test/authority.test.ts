// Issue 18 item 2, the run itself as the wait: the person changes the settings while a call runs
// (the search tool's own run, wrapped so that the change lands exactly mid-call instead of at a
// moment timed by the clock). The answer is given under the settings in force when it is sent.
import { Client, InMemoryTransport, type CallToolResult } from '@modelcontextprotocol/client';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseToolErrorText } from '#shared/errors/errors.js';
import { createConfigSource } from '#appdata/settings/server-config.js';
import { createServer } from '#server/protocol/server.js';
import { searchTool, type ToolDefinition } from '#server/tools/tools.js';
import { makeTempDir, removeTempDir } from '#testing/mcp-server.js';

let tmp: string;
let docs: string;
let settingsFile: string;

function writeSettings(change: Record<string, unknown> = {}): void {
  // A new inode each time, as the app's atomic write makes: the server sees every change.
  const temp = `${settingsFile}.tmp`;
  fs.writeFileSync(
    temp,
    JSON.stringify({ version: 2, roots: [{ path: docs, name: 'Docs' }], ...change }),
  );
  fs.renameSync(temp, settingsFile);
}

/** The search tool, with `during` run just before the tool's own run returns (once). */
function searchWith(during: () => void): ToolDefinition {
  let done = false;
  return {
    ...searchTool,
    async run(args, ctx) {
      const result = await searchTool.run(args, ctx);
      if (!done) {
        done = true;
        during();
      }
      return result;
    },
  };
}

async function call(tool: ToolDefinition): Promise<CallToolResult> {
  const config = createConfigSource(tmp, {});
  const server = createServer({ config, toolNames: 'dotted', tools: [tool] }).create('legacy');
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  await server.connect(serverEnd);
  const client = new Client({ name: 'authority-test', version: '1' });
  await client.connect(clientEnd);
  try {
    return (await client.callTool({
      name: 'fs.search_by_time',
      arguments: { timeField: 'modified' },
    })) as CallToolResult;
  } finally {
    await client.close();
  }
}

function codeOf(result: CallToolResult): string | undefined {
  const first = result.content[0];
  return parseToolErrorText(first?.type === 'text' ? first.text : '')?.code;
}

function names(result: CallToolResult): string[] {
  const matches = (result.structuredContent as { matches: { path: string }[] }).matches;
  return matches.map((m) => path.basename(m.path)).sort();
}

beforeEach(() => {
  tmp = makeTempDir('fg-authority-');
  docs = path.join(tmp, 'Docs');
  fs.mkdirSync(docs);
  for (const name of ['a.pdf', 'b.txt', 'c.docx']) fs.writeFileSync(path.join(docs, name), name);
  settingsFile = path.join(tmp, 'settings.json');
  writeSettings();
});

afterEach(() => {
  removeTempDir(tmp);
});

describe('settings changed while a call runs', () => {
  it('answers as usual when nothing changed', async () => {
    const result = await call(searchWith(() => undefined));
    expect(names(result)).toEqual(['a.pdf', 'b.txt', 'c.docx']);
  });

  it('refuses with AccessPaused when access was paused meanwhile', async () => {
    const result = await call(searchWith(() => writeSettings({ paused: true })));
    expect(codeOf(result)).toBe('AccessPaused');
  });

  it('refuses with NoAllowedRoots when the folder was removed meanwhile', async () => {
    const result = await call(searchWith(() => writeSettings({ roots: [] })));
    expect(codeOf(result)).toBe('NoAllowedRoots');
  });

  it('refuses with ToolDisabled when the tool was switched off meanwhile', async () => {
    const result = await call(
      searchWith(() => writeSettings({ tools: { 'fs.search_by_time': false } })),
    );
    expect(codeOf(result)).toBe('ToolDisabled');
  });

  it("answers with the folder's narrowed file types when they changed meanwhile", async () => {
    const result = await call(
      searchWith(() =>
        writeSettings({ roots: [{ path: docs, name: 'Docs', fileTypes: ['.pdf'] }] }),
      ),
    );
    expect(result.isError).toBeFalsy();
    expect(names(result)).toEqual(['a.pdf']);
  });
});
