import { describe, expect, it } from 'vitest';
import { CLIENT_IDS, type ClientState } from '#shared/clients/clients.js';
import {
  entryText,
  mainAction,
  problemWhere,
  resultMessage,
  sortClients,
  statusView,
} from './client-status.js';

function client(over: Partial<ClientState> = {}): ClientState {
  return {
    id: 'cursor',
    name: 'Cursor',
    installed: true,
    status: 'not-connected',
    configPath: '/home/a/.cursor/mcp.json',
    problem: null,
    currentEntry: null,
    expectedEntry: { command: '/usr/bin/node' },
    restartHint: 'Cursor picks it up by itself.',
    canUndo: false,
    undoes: null,
    extension: null,
    ...over,
  };
}

describe('statusView', () => {
  it('says every status in plain words, without protocol jargon', () => {
    const labels = (
      ['connected', 'not-connected', 'needs-repair', 'unreadable', 'not-installed'] as const
    ).map((s) => statusView(s).label);
    expect(labels).toEqual([
      'Connected',
      'Not connected',
      'Needs repair — FolderGate moved or was updated',
      'Can’t read its settings file',
      'Not found on this computer',
    ]);
    for (const label of labels) expect(label).not.toMatch(/MCP|stdio|JSON/);
  });
});

describe('mainAction', () => {
  it('offers one action per status and none for a file that cannot be read', () => {
    expect(mainAction(client({ status: 'not-connected' }))).toBe('connect');
    expect(mainAction(client({ status: 'not-installed', installed: false }))).toBe('connect');
    expect(mainAction(client({ status: 'connected' }))).toBe('disconnect');
    expect(mainAction(client({ status: 'needs-repair' }))).toBe('repair');
    expect(mainAction(client({ status: 'unreadable' }))).toBeNull();
  });
});

describe('sortClients', () => {
  it('puts the apps found on this computer first and keeps the order within each group', () => {
    const all = CLIENT_IDS.map((id) =>
      client({
        id,
        name: id,
        installed: id === 'windsurf' || id === 'claude-code' || id === 'goose',
      }),
    );
    expect(sortClients(all).map((c) => c.id)).toEqual([
      'claude-code',
      'windsurf',
      'goose',
      'claude-desktop',
      'cursor',
      'vscode',
      'cline',
      'zed',
      'gemini-cli',
      'antigravity-cli',
      'codex',
      'lm-studio',
      'continue',
    ]);
  });
});

describe('resultMessage', () => {
  const result = (status: ClientState['status'], changed: boolean) => ({
    client: client({ status }),
    changed,
    backupPath: null,
  });

  it('says what changed', () => {
    expect(resultMessage('connect', result('connected', true))).toBe(
      'Cursor is connected to FolderGate.',
    );
    expect(resultMessage('disconnect', result('not-connected', true))).toBe(
      'Cursor is no longer connected to FolderGate.',
    );
    expect(resultMessage('repair', result('connected', true))).toMatch(/repaired/);
    expect(resultMessage('undo', result('not-connected', true))).toMatch(/back to how it was/);
  });

  it('says so when nothing had to change', () => {
    expect(resultMessage('connect', result('connected', false))).toBe(
      'Cursor was already connected; nothing changed.',
    );
    expect(resultMessage('disconnect', result('not-connected', false))).toMatch(/already not/);
  });
});

describe('problemWhere / entryText', () => {
  it('names the line and column of a syntax error when known', () => {
    const problem = { kind: 'unreadable' as const, message: 'm', fix: 'f', line: 3, column: 17 };
    expect(problemWhere(problem)).toBe('Line 3, column 17');
    expect(problemWhere({ ...problem, column: null })).toBe('Line 3');
    expect(problemWhere({ ...problem, line: null, column: null })).toBeNull();
  });

  it('prints an entry as indented text', () => {
    expect(entryText({ command: 'x' })).toBe('{\n  "command": "x"\n}');
    expect(entryText(undefined)).toBe('none');
  });
});
