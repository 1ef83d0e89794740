import { describe, expect, it } from 'vitest';
import { buildActivityRecord, type ActivityCallFacts } from './activity-builder.js';
import { CLIENT_IDS } from '../clients/client-ids.js';
import {
  clientDisplayName,
  clientIdOfName,
  clientNameOf,
  describeActivity,
  searchedFor,
} from './activity-describe.js';
import { activityDayOfFile, activityRecordSchema, parseActivityLine } from './activity.js';
import { compileActivityFilter } from './activity-filter.js';
import { setLanguage } from '../i18n/i18n.js';
import '../i18n/all-languages.js';

const ROOTS = [
  { name: 'Documents', path: '/home/ann/Documents' },
  { name: 'Docs-evil', path: '/home/ann/Documents-evil' },
];
const START = Date.parse('2025-03-13T10:00:00.000Z'); // a Thursday

function facts(over: Partial<ActivityCallFacts>): ActivityCallFacts {
  return {
    startedAt: START,
    endedAt: START + 42,
    pid: 7,
    client: { name: 'claude-ai', version: '0.9' },
    tool: 'fs.search_by_time',
    args: { timeField: 'modified' },
    roots: ROOTS,
    ...over,
  };
}

const ok = (paths: string[], nextCursor: string | null = null) => ({
  isError: false,
  structuredContent: {
    matches: paths.map((p) => ({ path: p })),
    nextCursor,
    stats: { scannedFiles: 120, scannedDirectories: 9, returned: paths.length },
  },
});
const failed = (code: string) => ({
  isError: true,
  content: [{ type: 'text', text: `ErrorCode: ${code}\nMessage: Nope.\nFix: Do this.` }],
});

describe('buildActivityRecord', () => {
  it('records a search with the root name and paths relative to it, never absolute', () => {
    const record = buildActivityRecord(
      facts({
        args: { root: '/home/ann/Documents/', glob: '*.pdf', timeField: 'modified' },
        result: ok(['/home/ann/Documents/tax/2024.pdf', '/home/ann/Documents/a.pdf'], 'next'),
      }),
    );
    expect(activityRecordSchema.parse(record)).toEqual({
      v: 1,
      time: '2025-03-13T10:00:00.000Z',
      durationMs: 42,
      pid: 7,
      client: { name: 'claude-ai', version: '0.9' },
      tool: 'fs.search_by_time',
      outcome: 'ok',
      errorCode: null,
      errorMessage: null,
      security: false,
      args: { root: 'Documents', glob: '*.pdf', timeField: 'modified' },
      search: {
        root: 'Documents',
        matchCount: 2,
        partial: true,
        scannedFiles: 120,
        scannedDirectories: 9,
        paths: ['tax/2024.pdf', 'a.pdf'],
      },
    });
    expect(JSON.stringify(record)).not.toContain('/home/ann');
  });

  it('compares roots by segment: Documents-evil is not inside Documents', () => {
    const record = buildActivityRecord(facts({ result: ok(['/home/ann/Documents-evil/x.txt']) }));
    expect(record.search).toMatchObject({ root: 'Docs-evil', paths: ['x.txt'] });
  });

  it('marks refused escapes as security events and keeps what the AI asked for', () => {
    const record = buildActivityRecord(
      facts({
        args: { timeField: 'modified', path: '../../etc' },
        result: failed('PathTraversalDetected'),
      }),
    );
    expect(record).toMatchObject({
      outcome: 'error',
      errorCode: 'PathTraversalDetected',
      errorMessage: 'Nope.',
      security: true,
      args: { path: '../../etc' },
      search: { root: 'Documents', matchCount: 0, paths: [] },
    });
    expect(buildActivityRecord(facts({ result: failed('AccessPaused') })).security).toBe(false);
  });

  it('cancelled, thrown (unknown tool), no client yet, odd arguments', () => {
    expect(buildActivityRecord(facts({ aborted: true, thrown: new Error('x') })).outcome).toBe(
      'cancelled',
    );
    const unknown = buildActivityRecord(
      facts({
        tool: 'rm_rf',
        client: undefined,
        args: 'not an object',
        thrown: Object.assign(new Error('Unknown tool: rm_rf'), { code: -32602 }),
      }),
    );
    expect(unknown).toMatchObject({
      client: null,
      outcome: 'error',
      errorCode: 'RpcInvalidParams',
      args: { _value: 'not an object' },
    });
    expect(unknown.search).toBeUndefined();
    const long = buildActivityRecord(facts({ args: { cursor: 'c'.repeat(40_000) } }));
    expect(String(long.args.cursor)).toHaveLength(4096);
  });
});

describe('describeActivity', () => {
  const opts = { now: START, timeZone: 'UTC' };
  const say = (over: Partial<ActivityCallFacts>) =>
    describeActivity(buildActivityRecord(facts(over)), opts);

  it('says an AI app read a saved search result or the folder list (issue 37)', () => {
    const read = (uri: string, result: Partial<ActivityCallFacts>['result']) =>
      say({ tool: 'resources/read', args: { uri }, result });
    const summary = { isError: false, content: [{ type: 'text', text: 'Page 1 of 1' }] };
    expect(read('foldergate://results/0123456789abcdef01234567', summary)).toBe(
      'Claude Desktop read a saved search result',
    );
    expect(read('foldergate://folders', summary)).toBe(
      'Claude Desktop read the list of allowed folders',
    );
    expect(read('foldergate://results/0123456789abcdef01234567', failed('NOT_FOUND'))).toBe(
      'Claude Desktop asked for a saved search result that is no longer kept',
    );
    expect(read('foldergate://results/0123456789abcdef01234567', failed('AccessPaused'))).toBe(
      "Claude Desktop's request for a saved search result was refused because AI access is paused",
    );
  });

  it('says what an AI app looked for, where, and what it got, in plain words', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => `/home/ann/Documents/${i}.pdf`);
    expect(
      say({
        args: { timeField: 'modified', glob: '*.pdf', from: '2025-03-10T00:00:00Z' },
        result: ok(twelve),
      }),
    ).toBe('Claude Desktop looked for PDF files changed since Monday in Documents — 12 files');
    expect(
      say({
        client: { name: 'cursor-vscode', version: '1' },
        args: {
          timeField: 'created',
          root: 'Documents',
          path: 'tax',
          from: '2025-01-01T00:00:00Z',
          to: '2025-03-13T00:00:00Z',
        },
        result: ok([], 'more'),
      }),
    ).toBe(
      'Cursor looked for files created between 1 January and today in Documents (tax) — nothing found, more available',
    );
    expect(say({ client: null, result: ok(['/home/ann/Documents/a']) })).toBe(
      'An AI app looked for files in Documents — 1 file',
    );
  });

  it('explains refusals and failures without codes', () => {
    const cursor = { name: 'cursor-vscode', version: '1' };
    expect(say({ client: cursor, result: failed('SymlinkEscapeDetected') })).toBe(
      "Cursor's search in Documents was refused: it tried to leave the allowed folder",
    );
    expect(say({ args: { root: '/etc' }, result: failed('RootNotAllowed') })).toBe(
      "Claude Desktop's search was refused: it asked for a folder you have not allowed",
    );
    expect(say({ result: failed('AccessPaused') })).toBe(
      "Claude Desktop's search in Documents was refused because AI access is paused",
    );
    expect(say({ client: { name: 'Codex', version: '1' }, aborted: true })).toBe(
      'Codex CLI stopped its search in Documents before it finished',
    );
  });

  it('says which prompt an AI app used, by its title, in English and Korean', () => {
    const prompt = (args: Record<string, unknown>, result = { isError: false }) =>
      say({ tool: 'prompts/get', args, result });
    const recent = { name: 'recent_files', arguments: { folder: 'Documents', period: 'today' } };
    expect(prompt(recent)).toBe('Claude Desktop used the prompt Recent files');
    expect(prompt({ name: 'what_changed' }, failed('InvalidArgument'))).toBe(
      "Claude Desktop's use of the prompt What changed failed: the request was not valid",
    );
    setLanguage('ko');
    try {
      expect(prompt(recent)).toBe('Claude Desktop: 프롬프트 최근 파일을 사용함');
      expect(prompt({ name: 'find_documents' })).toBe(
        'Claude Desktop: 프롬프트 문서 찾기를 사용함',
      );
    } finally {
      setLanguage('en');
    }
  });

  it('describes the logic tools, unknown tools and decisions', () => {
    expect(say({ tool: 'logic_list', args: {}, result: { structuredContent: {} } })).toBe(
      'Claude Desktop listed the logics of the logic catalog',
    );
    expect(say({ tool: 'logic_get', args: { name: 'x' }, result: failed('NOT_FOUND') })).toBe(
      'Claude Desktop asked for the logic "x", which does not exist',
    );
    expect(
      say({ tool: 'nope', thrown: Object.assign(new Error('Unknown tool'), { code: -32602 }) }),
    ).toBe('Claude Desktop asked for a tool FolderGate does not have ("nope")');
    expect(
      say({
        result: ok([]),
        decision: { outcome: 'allowed', by: 'person', answer: 'allow-once' },
      }),
    ).toBe('Claude Desktop looked for files in Documents — nothing found (you allowed it)');
    expect(
      say({ result: ok([]), decision: { outcome: 'allowed', by: 'rule', answer: 'allow-always' } }),
    ).toBe(
      'Claude Desktop looked for files in Documents — nothing found (allowed: you always allow this app)',
    );
    expect(
      say({ result: failed('DeniedByUser'), decision: { outcome: 'denied', by: 'timeout' } }),
    ).toBe(
      "Claude Desktop's search in Documents was refused: you did not allow it (no one answered in time)",
    );
    expect(say({ tool: 'logic_list', args: {}, result: failed('ToolDisabled') })).toBe(
      "Claude Desktop's listing of logics was refused: you switched this tool off",
    );
  });

  it('names known apps the way people know them', () => {
    expect(clientDisplayName({ name: 'Visual Studio Code', version: '1' })).toBe('VS Code');
    expect(clientDisplayName({ name: 'my-agent', version: '1' })).toBe('my-agent');
    expect(clientDisplayName(null)).toBe('An AI app');
  });

  it('names every app FolderGate knows, and finds the app back from its name', () => {
    for (const id of CLIENT_IDS) expect(clientIdOfName(clientNameOf(id)), id).toBe(id);
    expect(clientNameOf('vscode')).toBe('VS Code');
    expect(clientIdOfName('VS Code Insiders')).toBe('vscode');
    expect(clientIdOfName('my-agent')).toBeNull();
  });
});

describe('day files and filters', () => {
  it('names day files by real UTC days only', () => {
    expect(activityDayOfFile('2025-03-13.jsonl')).toBe('2025-03-13');
    expect(activityDayOfFile('2025-02-30.jsonl')).toBeNull();
    expect(activityDayOfFile('2025-03-13.jsonl.tmp')).toBeNull();
  });

  it('parses only records of this version', () => {
    const record = buildActivityRecord(facts({ result: ok([]) }));
    expect(parseActivityLine(JSON.stringify(record))).toEqual(record);
    expect(parseActivityLine(JSON.stringify({ ...record, v: 2 }))).toBeNull();
    expect(parseActivityLine('{"torn')).toBeNull();
  });

  it('matches app display names, either tool spelling and text in returned paths', () => {
    const record = buildActivityRecord(facts({ result: ok(['/home/ann/Documents/Tax/2024.pdf']) }));
    const match = (f: Parameters<typeof compileActivityFilter>[0]) =>
      compileActivityFilter(f, clientDisplayName).matches(record);
    expect(match({ client: 'Claude Desktop', tool: 'fs_search_by_time', text: 'tax/2024' })).toBe(
      true,
    );
    expect(match({ client: 'claude-ai', outcome: 'ok' })).toBe(true);
    expect(match({ client: 'Cursor' })).toBe(false);
    expect(match({ from: '2025-03-13T10:00:00.001Z' })).toBe(false);
    expect(match({ to: '2025-03-13T10:00:00Z' })).toBe(false);
    expect(match({ securityOnly: true })).toBe(false);
  });
});

describe('hidePreview', () => {
  it("leaves out FolderGate's own calls and keeps every AI app's", async () => {
    const { compileActivityFilter } = await import('./activity-filter.js');
    const { PREVIEW_CLIENT_NAME, clientDisplayName } = await import('./activity-describe.js');
    const record = (name: string) =>
      ({
        time: '2026-01-01T00:00:00.000Z',
        tool: 'fs.search_by_time',
        args: {},
        outcome: 'ok',
        security: false,
        client: { name, version: '1' },
      }) as unknown as Parameters<ReturnType<typeof compileActivityFilter>['matches']>[0];
    const hiding = compileActivityFilter({ hidePreview: true }, clientDisplayName);
    expect(hiding.matches(record(PREVIEW_CLIENT_NAME))).toBe(false);
    expect(hiding.matches(record('claude-ai'))).toBe(true);
    expect(compileActivityFilter({}, clientDisplayName).matches(record(PREVIEW_CLIENT_NAME))).toBe(
      true,
    );
  });
});

describe('searchedFor: the pattern in words', () => {
  it('says the Search preview’s case-blind patterns as people would', () => {
    expect(searchedFor({ glob: '*.[pP][dD][fF]' })).toBe('PDF files');
    expect(searchedFor({ glob: '**/*.pdf' })).toBe('PDF files');
    expect(searchedFor({ glob: '*.{[jJ][pP][gG],[pP][nN][gG],[gG][iI][fF]}' })).toBe(
      'JPG, PNG or GIF files',
    );
    expect(searchedFor({ glob: '*[rR][eE][pP]*' })).toBe('files with "rep" in the name');
    expect(searchedFor({ glob: '*[rR][eE][pP]*.[pP][dD][fF]' })).toBe(
      'PDF files with "rep" in the name',
    );
    // What is not one of those stays a pattern, quoted.
    expect(searchedFor({ glob: 'src/**/*.ts' })).toBe('files named like "src/**/*.ts"');
    expect(searchedFor({ glob: '*[ab]*' })).toBe('files named like "*[ab]*"');
  });
});
