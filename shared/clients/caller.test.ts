// Who is asking: the identity FolderGate's entry gives an app (`--client`) against the name the app
// reports, through rules, the activity's names and its filter (issue 35, item 4).
import { describe, expect, it } from 'vitest';
import { appOfKey, callerKey, claimedName, legacyKeyOf } from './caller.js';
import { CLIENT_NAMES } from './client-names.js';
import { CLIENT_IDS } from './client-ids.js';
import {
  clientDisplayName,
  clientIdOfName,
  clientNameWithClaim,
} from '../activity/activity-describe.js';
import { compileActivityFilter } from '../activity/activity-filter.js';
import type { ActivityRecord } from '../activity/activity.js';
import { checkApproval, withApprovalAppRule, type ApprovalSettings } from '../approval/approval.js';
import { setLanguage } from '../i18n/i18n.js';
import '../i18n/all-languages.js';

const NOW = Date.parse('2026-07-28T10:00:00.000Z');

describe('who is asking', () => {
  it('keys an app started from FolderGate’s entry on its identity, else on what it reports', () => {
    expect(callerKey({ name: 'cursor-vscode', app: 'cursor' })).toBe('app:cursor');
    // Two spellings of VS Code are one app once the entry names it.
    expect(callerKey({ name: 'Visual Studio Code', app: 'vscode' })).toBe(
      callerKey({ name: 'Visual-Studio-Code', app: 'vscode' }),
    );
    // A hand-written entry (no --client) keys on the reported name, as before.
    expect(callerKey({ name: 'Cursor-VSCode' })).toBe('cursor-vscode');
    // An id this build does not know is not an identity.
    expect(callerKey({ name: 'x', app: 'future-app' })).toBe('x');
    expect(appOfKey('app:zed')).toBe('zed');
    expect(appOfKey('zed')).toBeNull();
  });

  it('shows the app’s own name, and what it says it is only when that differs', () => {
    setLanguage('en');
    for (const id of CLIENT_IDS) {
      expect(clientDisplayName({ name: '', app: id })).toBe(CLIENT_NAMES[id]);
      expect(clientIdOfName(CLIENT_NAMES[id])).toBe(id);
    }
    expect(clientNameWithClaim({ name: 'cursor-vscode', app: 'cursor' })).toBe('Cursor');
    expect(clientNameWithClaim({ name: 'Visual-Studio-Code', app: 'vscode' })).toBe('VS Code');
    expect(claimedName({ name: 'claude-ai', app: 'cursor' })).toBe('Claude Desktop');
    expect(clientNameWithClaim({ name: 'claude-ai', app: 'cursor' })).toBe(
      'Cursor (says it is Claude Desktop)',
    );
    expect(clientNameWithClaim({ name: 'my-agent', app: 'zed' })).toBe('Zed (says it is my-agent)');
    // Without an identity the reported name is the name, as before.
    expect(clientNameWithClaim({ name: 'claude-ai' })).toBe('Claude Desktop');
    setLanguage('ko');
    expect(clientNameWithClaim({ name: 'claude-ai', app: 'cursor' })).toBe(
      'Cursor(스스로 밝힌 이름: Claude Desktop)',
    );
    setLanguage('en');
  });

  it('filters the activity by the app, whatever it reported', () => {
    const record = (client: ActivityRecord['client']) => ({ client }) as ActivityRecord;
    const cursor = compileActivityFilter({ client: 'Cursor' }, clientDisplayName);
    expect(cursor.matches(record({ name: 'claude-ai', version: '1', app: 'cursor' }))).toBe(true);
    expect(cursor.matches(record({ name: 'cursor-vscode', version: '1' }))).toBe(true);
    const claude = compileActivityFilter({ client: 'Claude Desktop' }, clientDisplayName);
    // An app the entry names Cursor is never counted as Claude's, whatever it says.
    expect(claude.matches(record({ name: 'claude-ai', version: '1', app: 'cursor' }))).toBe(false);
    expect(claude.matches(record({ name: 'Claude Desktop', version: '1', app: 'cursor' }))).toBe(
      false,
    );
  });
});

describe('approval rules on identities', () => {
  const off: ApprovalSettings = { mode: 'off', apps: {} };
  const verdict = (settings: ApprovalSettings, name: string, app?: string) =>
    checkApproval({ settings, grants: {}, clientName: name, clientApp: app, tool: 't', now: NOW })
      .verdict;

  it('a rule for an identified app is not had by a process that only says its name', () => {
    const allow = withApprovalAppRule({ ...off, mode: 'ask' }, 'app:claude-desktop', 'allow');
    expect(allow.apps).toEqual({ 'app:claude-desktop': 'allow' });
    expect(verdict(allow, 'claude-ai', 'claude-desktop')).toBe('allow');
    expect(verdict(allow, 'claude-ai')).toBe('ask');
    expect(verdict(allow, 'claude-ai', 'cursor')).toBe('ask');
  });

  it('rules made before identities carry over to the same app, never to another', () => {
    const legacy: ApprovalSettings = {
      mode: 'off',
      apps: { 'cursor-vscode': 'ask', 'my-agent': 'ask' },
    };
    expect(legacyKeyOf({ name: 'cursor-vscode', app: 'cursor' })).toBe('cursor-vscode');
    expect(verdict(legacy, 'cursor-vscode', 'cursor')).toBe('ask');
    // A name FolderGate does not know, from the app the entry names: that app's old rule.
    expect(verdict(legacy, 'my-agent', 'zed')).toBe('ask');
    // Cursor's old rule is not had by an app that says it is Cursor but is started as Zed.
    expect(verdict(legacy, 'cursor-vscode', 'zed')).toBe('not-required');
    // The identity's rule replaces the app's old ones (one row per app in Control).
    const now = withApprovalAppRule(legacy, 'app:cursor', 'allow');
    expect(now.apps).toEqual({ 'app:cursor': 'allow', 'my-agent': 'ask' });
    expect(verdict(now, 'cursor-vscode', 'cursor')).toBe('allow');
  });
});
