import { describe, expect, it } from 'vitest';
import {
  APPROVAL_ALLOW_FOR_MS,
  APPROVAL_ARG_MAX_CHARS,
  approvalDecisionRecord,
  approvalDecisionRecordSchema,
  approvalPaths,
  approvalRefusal,
  approvalSettingsSchema,
  checkApproval,
  encodeApprovalMessage,
  shortenApprovalArgs,
  withApprovalAppRule,
  type ApprovalSettings,
} from './approval.js';
import { formatToolError, parseToolErrorText } from '../errors/errors.js';
import { describeApprovalRequest } from './approval-words.js';

const NOW = Date.parse('2025-03-13T10:00:00.000Z'); // a Thursday
const check = (settings: ApprovalSettings, clientName: string, grants = {}, now = NOW) =>
  checkApproval({ settings, grants, clientName, tool: 'fs.search_by_time', now });

describe('approval settings', () => {
  it('is off by default and normalizes app names', () => {
    expect(approvalSettingsSchema.parse({})).toEqual({ mode: 'off', apps: {} });
    expect(approvalSettingsSchema.parse({ mode: 'ask', apps: { ' Cursor ': 'allow' } })).toEqual({
      mode: 'ask',
      apps: { cursor: 'allow' },
    });
    expect(approvalSettingsSchema.safeParse({ mode: 'sometimes' }).success).toBe(false);
    expect(approvalSettingsSchema.safeParse({ apps: { x: 'deny' } }).success).toBe(false);
    // A key of a newer version (or a hand edit) is kept, never a reason to refuse the file.
    expect(approvalSettingsSchema.parse({ mode: 'off', extra: 1 })).toEqual({
      mode: 'off',
      apps: {},
      extra: 1,
    });
  });

  it('sets and removes one app’s rule', () => {
    const on: ApprovalSettings = { mode: 'ask', apps: {} };
    const always = withApprovalAppRule(on, 'Claude-AI', 'allow');
    expect(always).toEqual({ mode: 'ask', apps: { 'claude-ai': 'allow' } });
    expect(withApprovalAppRule(always, 'claude-ai', null)).toEqual(on);
    expect(on.apps).toEqual({});
  });
});

describe('checkApproval', () => {
  it('asks nobody when off, everybody when on', () => {
    expect(check({ mode: 'off', apps: {} }, 'claude-ai')).toEqual({ verdict: 'not-required' });
    expect(check({ mode: 'ask', apps: {} }, 'claude-ai')).toEqual({ verdict: 'ask' });
    expect(check({ mode: 'ask', apps: {} }, '')).toEqual({ verdict: 'ask' });
  });

  it('asks one app only when only that app is set to ask', () => {
    const settings: ApprovalSettings = { mode: 'off', apps: { cursor: 'ask' } };
    expect(check(settings, 'Cursor')).toEqual({ verdict: 'ask' });
    expect(check(settings, 'claude-ai')).toEqual({ verdict: 'not-required' });
  });

  it('allows an app allowed always, and only that app', () => {
    const settings: ApprovalSettings = { mode: 'ask', apps: { 'claude-ai': 'allow' } };
    expect(check(settings, 'claude-ai')).toEqual({ verdict: 'allow', rule: 'allow-always' });
    expect(check(settings, 'cursor')).toEqual({ verdict: 'ask' });
  });

  it('honours "Allow for 15 minutes" until it runs out', () => {
    const settings: ApprovalSettings = { mode: 'ask', apps: {} };
    const grants = { 'claude-ai': NOW + APPROVAL_ALLOW_FOR_MS };
    const at = (minutes: number) => check(settings, 'claude-ai', grants, NOW + minutes * 60_000);
    expect(at(14)).toEqual({ verdict: 'allow', rule: 'allow-15-min' });
    expect(at(15)).toEqual({ verdict: 'ask' });
    expect(at(16)).toEqual({ verdict: 'ask' });
    expect(check(settings, 'cursor', grants)).toEqual({ verdict: 'ask' });
  });
});

describe('outcomes', () => {
  it('records every kind of decision in the activity shape', () => {
    expect(
      approvalDecisionRecord({ decision: 'allow', by: 'person', answer: 'allow-once' }),
    ).toEqual({ outcome: 'allowed', by: 'person', answer: 'allow-once' });
    for (const by of ['timeout', 'unavailable', 'cancelled'] as const) {
      const record = approvalDecisionRecord({ decision: 'deny', by });
      expect(approvalDecisionRecordSchema.parse(record)).toEqual({ outcome: 'denied', by });
    }
  });

  it('refuses in the 3-line format, and not at all when allowed or cancelled', () => {
    expect(approvalRefusal({ decision: 'allow', by: 'rule' })).toBeNull();
    expect(approvalRefusal({ decision: 'deny', by: 'cancelled' })).toBeNull();
    const unavailable = approvalRefusal({ decision: 'deny', by: 'unavailable' })!;
    expect(unavailable.code).toBe('ApprovalUnavailable');
    expect(unavailable.fix).toMatch(/open the FolderGate app/);
    const denied = approvalRefusal({ decision: 'deny', by: 'person', answer: 'deny' })!;
    expect(denied.code).toBe('DeniedByUser');
    const late = approvalRefusal({ decision: 'deny', by: 'timeout' })!;
    expect(late.code).toBe('DeniedByUser');
    expect(late.message).toMatch(/in time/);
    for (const refusal of [unavailable, denied, late]) {
      expect(parseToolErrorText(formatToolError(refusal))).toEqual({ ...refusal });
    }
  });
});

describe('approvalPaths', () => {
  it('puts the socket and secret in <appData>/approval, a per-user pipe on Windows', () => {
    expect(approvalPaths('/home/ann/.config/FolderGate/', 'linux')).toEqual({
      dir: '/home/ann/.config/FolderGate/approval',
      socketPath: '/home/ann/.config/FolderGate/approval/approval.sock',
      secretPath: '/home/ann/.config/FolderGate/approval/secret',
    });
    const ann = approvalPaths('C:\\Users\\Ann\\AppData\\Roaming\\FolderGate', 'win32');
    expect(ann.secretPath).toBe('C:\\Users\\Ann\\AppData\\Roaming\\FolderGate\\approval\\secret');
    expect(ann.socketPath).toMatch(/^\\\\\.\\pipe\\foldergate-approval-[0-9a-f]{16}$/);
    const bob = approvalPaths('C:\\Users\\Bob\\AppData\\Roaming\\FolderGate', 'win32');
    expect(bob.socketPath).not.toBe(ann.socketPath);
    expect(approvalPaths('c:\\users\\ann\\appdata\\roaming\\foldergate', 'win32').socketPath).toBe(
      ann.socketPath,
    );
  });
});

describe('messages', () => {
  it('never encodes a message over the cap; shortened arguments always fit', () => {
    const huge = { type: 'request', id: '1', tool: 't', args: { a: 'x'.repeat(70_000) } } as const;
    expect(encodeApprovalMessage(huge)).toBeNull();
    const args = shortenApprovalArgs({
      cursor: 'c'.repeat(40_000),
      deep: { a: { b: { c: { d: 1 } } } },
      list: Array.from({ length: 100 }, (_, i) => i),
    });
    expect((args.cursor as string).length).toBe(APPROVAL_ARG_MAX_CHARS);
    expect(args.deep).toEqual({ a: { b: '…' } });
    expect(args.list).toHaveLength(20);
    expect(encodeApprovalMessage({ ...huge, args: shortenApprovalArgs(huge.args) })).toMatch(/\n$/);
  });
});

describe('describeApprovalRequest', () => {
  const words = (client: string | null, tool: string, args: Record<string, unknown>) =>
    describeApprovalRequest(client, tool, args, { now: NOW, timeZone: 'UTC' });

  it('says what a search would list, in plain words', () => {
    expect(
      words('claude-ai', 'fs.search_by_time', { root: 'Documents', from: '2025-03-10T00:00:00Z' }),
    ).toBe('Claude Desktop wants to list files changed since Monday in Documents');
    expect(
      words('cursor', 'fs_search_by_time', {
        root: '/home/ann/Projects/',
        path: 'src\\app',
        glob: '*.pdf',
        timeField: 'created',
        from: '2025-01-02T00:00:00Z',
        to: '2025-03-13T08:00:00Z',
      }),
    ).toBe(
      'Cursor wants to list PDF files created between 2 January and today in Projects (src/app)',
    );
    expect(words(null, 'fs.search_by_time', { includeDirectories: true, to: '2024-12-01' })).toBe(
      'An AI app wants to list files and folders changed before 1 December 2024 in your default folder',
    );
  });

  it('describes the logic tools and unknown tools', () => {
    expect(words('My Agent', 'logic_list', {})).toBe(
      'My Agent wants to list the logics of the logic catalog',
    );
    expect(words('zed', 'logic_get', { name: 'admin/users' })).toBe(
      'Zed wants to read the logic "admin/users" of the logic catalog',
    );
    expect(words('zed', 'rm_rf', {})).toBe('Zed wants to use the tool "rm_rf"');
  });

  it('describes a resource read (issue 37)', () => {
    expect(
      words('cursor', 'resources/read', { uri: 'foldergate://results/0123456789abcdef' }),
    ).toBe('Cursor wants to read a saved search result');
    expect(words('cursor', 'resources/read', { uri: 'foldergate://folders' })).toBe(
      'Cursor wants to read the list of allowed folders',
    );
  });
});
