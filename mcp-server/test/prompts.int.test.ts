// FolderGate's prompts through real clients against the built server, in both eras: the official
// Python SDK (prompts/list, prompts/get, completion/complete, list changes), the TypeScript SDK
// 2.x Client, and the MCP Inspector CLI (`--method prompts/list`, `prompts/get`). The prompts
// speak the person's language (Korean under a Korean setting, or under "system" with a Korean
// LANG), are refused while switched off, are recorded in Activity, and a client is told when
// adding a folder changes them (docs/contracts/prompts.md).
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditRecords, makeDocsAppData } from '#testing/docs-app-data.js';
import { removeTempDir, SERVER_ENTRY } from '#testing/mcp-server.js';
import { startPythonClient, type PythonClient, type PythonMode } from '#testing/python-client.js';
import { runInspector } from '#testing/test-clients.js';
import { waitFor } from '#testing/time.js';

const TITLES_EN = ['Recent files', 'What changed', 'Find documents'];
const TITLES_KO = ['최근 파일', '바뀐 내용 살펴보기', '문서 찾기'];
const NAMES = ['recent_files', 'what_changed', 'find_documents'];

let tmp: string;
let appData: string;
let docs: string;
let music: string;

/** The settings, written as the app writes them: `Docs` (and `Music`) allowed, and `more`. */
function settings(more: Record<string, unknown> = {}, withMusic = false): void {
  const file = path.join(appData, 'settings.json');
  const roots = [
    { path: docs, name: 'Docs' },
    ...(withMusic ? [{ path: music, name: 'Music', fileTypes: ['.mp3'] }] : []),
  ];
  fs.writeFileSync(`${file}.next`, JSON.stringify({ version: 2, roots, ...more }));
  fs.renameSync(`${file}.next`, file);
}

/** The search arguments a prompt's message asks for. */
function searchCalls(text: string): Record<string, unknown>[] {
  return text
    .split('\n\n')
    .filter((part) => part.startsWith('{'))
    .map((part) => JSON.parse(part) as Record<string, unknown>);
}

beforeAll(() => {
  ({ tmp, appData, docs } = makeDocsAppData('fg-pr-', [{ path: 'a.txt', mtime: Date.now() }]));
  music = path.join(tmp, 'Music');
  fs.mkdirSync(music);
});

afterAll(() => {
  if (tmp) removeTempDir(tmp);
});

describe('the Python SDK', () => {
  const clients: PythonClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  const start = async (how: PythonMode) => {
    const client = await startPythonClient(how, ['--config-dir', appData], { name: 'py-prompts' });
    clients.push(client);
    return client;
  };

  const modes: [string, PythonMode][] = [
    ['2025-11-25', { mode: 'legacy', handshake: '2025-11-25' }],
    ['2026-07-28', { mode: '2026-07-28' }],
  ];

  for (const [label, how] of modes) {
    it(`${label}: lists, gets and completes the prompts, refuses bad arguments, and is recorded`, async () => {
      settings({ language: 'en' });
      const python = await start(how);
      const { prompts } = (await python.send({ op: 'prompts' })) as {
        prompts: { name: string; title: string; arguments: { name: string }[] }[];
      };
      expect(prompts.map((p) => [p.name, p.title])).toEqual(
        NAMES.map((name, i) => [name, TITLES_EN[i]]),
      );
      expect(prompts[0]!.arguments.map((a) => a.name)).toEqual(['folder', 'period']);

      const before = auditRecords(appData).length;
      const got = (await python.send({
        op: 'prompt',
        name: 'recent_files',
        arguments: { folder: 'docs', period: 'last 7 days' },
      })) as { messages: { role: string; text: string }[] };
      expect(got.messages).toHaveLength(1);
      expect(got.messages[0]!.role).toBe('user');
      expect(got.messages[0]!.text).toMatch(/^Show me the files changed in my folder "Docs"/);
      expect(got.messages[0]!.text).toContain("Use FolderGate's tool fs.search_by_time");
      expect(searchCalls(got.messages[0]!.text)).toEqual([
        expect.objectContaining({ root: 'Docs', timeField: 'modified', sort: 'time_desc' }),
      ]);

      const complete = async (prompt: string, argument: string, value: string) =>
        ((await python.send({ op: 'complete', prompt, argument, value })) as { values: string[] })
          .values;
      expect(await complete('recent_files', 'folder', 'd')).toEqual(['Docs']);
      expect(await complete('what_changed', 'period', 'this')).toEqual(['this week', 'this month']);
      expect(await complete('find_documents', 'kind', 'sp')).toEqual(['spreadsheets']);

      const bad = await python.send({
        op: 'prompt',
        name: 'what_changed',
        arguments: { period: 'someday' },
      });
      expect(bad.error?.code).toBe(-32602);
      expect(bad.error?.message).toMatch(
        /ErrorCode: InvalidArgument\nMessage: "someday" is not a period FolderGate knows\.\nFix: Use today, yesterday/,
      );

      const recorded = auditRecords(appData).slice(before);
      expect(recorded.map((r) => [r.tool, r.args.name, r.outcome, r.errorCode])).toEqual([
        ['prompts/get', 'recent_files', 'ok', null],
        ['prompts/get', 'what_changed', 'error', 'InvalidArgument'],
      ]);
      expect(recorded[0]!.client).toMatchObject({ name: 'py-prompts' });
    });

    it(`${label}: speaks Korean under a Korean setting; switched off, lists nothing and refuses`, async () => {
      settings({ language: 'ko' });
      const python = await start(how);
      const { prompts } = (await python.send({ op: 'prompts' })) as {
        prompts: { title: string; description: string }[];
      };
      expect(prompts.map((p) => p.title)).toEqual(TITLES_KO);
      const got = (await python.send({
        op: 'prompt',
        name: 'find_documents',
        arguments: { kind: '문서', period: '이번 주' },
      })) as { messages: { text: string }[] };
      expect(got.messages[0]!.text).toMatch(
        /^내 폴더에서 바뀐 문서 파일을 찾아 줘\. 기간: 이번 주\(/,
      );
      const values = (await python.send({
        op: 'complete',
        prompt: 'what_changed',
        argument: 'period',
        value: '최근',
      })) as { values: string[] };
      expect(values.values).toEqual(['최근 7일', '최근 30일']);

      settings({ language: 'ko', tools: { prompts: false } });
      expect(((await python.send({ op: 'prompts' })) as { prompts: unknown[] }).prompts).toEqual(
        [],
      );
      const off = await python.send({
        op: 'prompt',
        name: 'what_changed',
        arguments: { period: '오늘' },
      });
      expect(off.error?.message).toMatch(
        /^ErrorCode: ToolDisabled\nMessage: 사용자가 FolderGate의 프롬프트를 꺼 두었습니다\./,
      );
    });

    it(`${label}: is told the prompts changed when a folder is added`, async () => {
      settings({ language: 'en' });
      const python = await start(how);
      await python.send({ op: 'listen' });
      const { prompts } = (await python.send({ op: 'prompts' })) as {
        prompts: { arguments: { description: string }[] }[];
      };
      expect(prompts[0]!.arguments[0]!.description).toBe('The allowed folder to look in: Docs.');
      settings({ language: 'en' }, true);
      await waitFor('prompts/list_changed', async () => {
        const { changes } = await python.send({ op: 'promptChanges' });
        return Number(changes) >= 1;
      });
      const again = (await python.send({ op: 'prompts' })) as { prompts: typeof prompts };
      expect(again.prompts[0]!.arguments[0]!.description).toBe(
        'The allowed folder to look in: Docs, Music.',
      );
      // Music shows AI apps only .mp3 files: no documents there, so one search, in Docs.
      const got = (await python.send({
        op: 'prompt',
        name: 'find_documents',
        arguments: { kind: 'documents', period: 'today' },
      })) as { messages: { text: string }[] };
      expect(searchCalls(got.messages[0]!.text).map((call) => call.root)).toEqual(['Docs']);
    });
  }
});

describe('the TypeScript SDK 2.x', () => {
  const clients: Client[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  async function connect(mode: 'legacy' | '2026-07-28', env: Record<string, string> = {}) {
    let changes = 0;
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [SERVER_ENTRY, '--config-dir', appData],
      env: { PATH: process.env.PATH ?? '', ...env },
      stderr: 'pipe',
    });
    const client = new Client(
      { name: 'ts-prompts', version: '2.4.0' },
      {
        versionNegotiation: { mode: mode === 'legacy' ? 'legacy' : { pin: mode } },
        listChanged: {
          prompts: { autoRefresh: false, debounceMs: 0, onChanged: () => void changes++ },
        },
      },
    );
    await client.connect(transport);
    clients.push(client);
    return { client, changes: () => changes };
  }

  for (const mode of ['legacy', '2026-07-28'] as const) {
    it(`${mode}: lists, gets and completes, and is told when a folder is added`, async () => {
      settings({ language: 'en' });
      const { client, changes } = await connect(mode);
      const { prompts } = await client.listPrompts();
      expect(prompts.map((p) => p.title)).toEqual(TITLES_EN);
      const got = await client.getPrompt({
        name: 'what_changed',
        arguments: { period: 'yesterday' },
      });
      const first = got.messages[0]!.content;
      expect(first.type === 'text' ? first.text : '').toMatch(/^What changed in my folders\?/);
      const { completion } = await client.complete({
        ref: { type: 'ref/prompt', name: 'recent_files' },
        argument: { name: 'folder', value: 'DO' },
      });
      expect(completion.values).toEqual(['Docs']);
      await expect(
        client.getPrompt({ name: 'recent_files', arguments: { folder: 'Nope', period: 'today' } }),
      ).rejects.toThrow(/RootNotAllowed[\s\S]*No allowed folder is named "Nope"/);

      settings({ language: 'en' }, true);
      await waitFor('prompts/list_changed', () => changes() >= 1);
      const again = await client.listPrompts();
      expect(again.prompts[0]!.arguments![0]!.description).toContain('Docs, Music');
      settings({ language: 'en' });
    });
  }

  it('follows the system language (LANG) when the setting says "system"', async () => {
    settings({ language: 'system' });
    const { client } = await connect('2026-07-28', { LANG: 'ko_KR.UTF-8' });
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.title)).toEqual(TITLES_KO);
  });
});

describe('the MCP Inspector CLI', () => {
  /** Runs the Inspector once with `method`, on a server of its own. */
  function run(era: string, method: string[]) {
    const home = path.join(tmp, 'home');
    fs.mkdirSync(home, { recursive: true });
    return runInspector<unknown>({
      era,
      server: [SERVER_ENTRY, '--config-dir', appData],
      method,
      home,
    });
  }

  for (const era of ['legacy', 'modern']) {
    it(`${era}: prompts/list and prompts/get`, async () => {
      settings({ language: 'en' });
      const listed = await run(era, ['prompts/list']);
      expect(listed.code).toBe(0);
      const prompts = (listed.answer as { result: { prompts: { name: string }[] } }).result.prompts;
      expect(prompts.map((p) => p.name)).toEqual(NAMES);
      const got = await run(era, [
        'prompts/get',
        '--prompt-name',
        'recent_files',
        '--prompt-args',
        'folder=Docs',
        'period=today',
      ]);
      expect(got.code).toBe(0);
      const messages = (got.answer as { result: { messages: { content: { text: string } }[] } })
        .result.messages;
      expect(messages[0]!.content.text).toMatch(/^Show me the files changed in my folder "Docs"/);
      expect(searchCalls(messages[0]!.content.text)[0]).toMatchObject({ root: 'Docs' });
    });
  }
});
