// The desktop app's approval attention logic under plain Node (the Electron binary cannot be
// downloaded here): a fake core that emits real queue states, as the approval service does.
import { describe, expect, it } from 'vitest';
import type { ApprovalQueueState, PendingApproval } from '#shared/approval/approval.js';
import type { IpcEvent } from '#shared/contract/ipc.js';
import {
  keepOnTopWhileWaiting,
  approvalMenuItems,
  attendToApprovals,
  promptPlacement,
  approvalWaitingText,
  needsAttention,
  watchApprovalRequests,
} from './approval-attention.js';
import { trayMenuTemplate, trayTooltip } from './tray-menu.js';

const request = (id: string): PendingApproval => ({
  id,
  client: { name: 'claude-ai', version: '1' },
  pid: 1,
  origin: 'unsupported',
  executable: null,
  startedBy: null,
  tool: 'fs.search_by_time',
  args: {},
  description: 'Claude Desktop wants to list files in Documents',
  receivedAt: 0,
  refusedAt: 45_000,
});
const state = (...ids: string[]): ApprovalQueueState => {
  const pending = ids.map(request);
  return { pending, current: pending[0] ?? null };
};

describe('approval attention', () => {
  it('says how many requests wait, in the tray menu too', () => {
    expect(approvalWaitingText(0)).toBeNull();
    expect(approvalWaitingText(1)).toBe('1 AI request waits for your answer');
    expect(approvalWaitingText(3)).toBe('3 AI requests wait for your answer');
    let opened = 0;
    const items = approvalMenuItems(2, () => opened++);
    expect(items[0]?.label).toBe('2 AI requests wait for your answer…');
    items[0]?.click?.({} as never, undefined, {} as never);
    expect(opened).toBe(1);
    expect(approvalMenuItems(0, () => {})).toEqual([]);
  });

  it('brings the window forward once per new request to answer, and reports counts', () => {
    expect(needsAttention(state(), state('a'))).toBe(true);
    expect(needsAttention(state('a'), state('a', 'b'))).toBe(false);
    expect(needsAttention(state('a', 'b'), state('b'))).toBe(true);
    expect(needsAttention(state('a'), state())).toBe(false);

    let emit: (s: ApprovalQueueState) => void = () => {};
    const core = {
      on(event: IpcEvent, listener: (s: ApprovalQueueState) => void) {
        expect(event).toBe('approval:changed');
        emit = listener;
        return () => {};
      },
    };
    let shown = 0;
    const counts: number[] = [];
    watchApprovalRequests(
      core as never,
      () => shown++,
      (n) => counts.push(n),
    );
    for (const s of [state('a'), state('a', 'b'), state('b'), state()]) emit(s);
    expect(shown).toBe(2);
    expect(counts).toEqual([1, 2, 1, 0]);
  });

  it('keeps the window on top while requests wait, and lets it go after', () => {
    const calls: boolean[] = [];
    let destroyed = false;
    const win = {
      isDestroyed: () => destroyed,
      setAlwaysOnTop: (flag: boolean, level?: string) => {
        expect(level).toBe('floating');
        calls.push(flag);
      },
    };
    const onCount = keepOnTopWhileWaiting(() => win);
    onCount(2);
    onCount(1);
    onCount(0);
    destroyed = true;
    onCount(1);
    keepOnTopWhileWaiting(() => null)(1);
    expect(calls).toEqual([true, true, false]);
  });

  it('puts the count first in the tray tooltip and menu', () => {
    expect(trayTooltip(false, undefined, 2)).toBe('FolderGate: 2 AI requests wait for your answer');
    expect(trayTooltip(false)).toBe('FolderGate: AI apps can search your allowed folders');
    const actions = {
      open: () => {},
      setPaused: () => {},
      quit: () => {},
      restartToUpdate: () => {},
    };
    const ids = trayMenuTemplate(false, actions, [], 1).map((item) => item.id ?? item.type);
    expect(ids.slice(0, 4)).toEqual(['open', 'separator', 'approval', 'separator']);
  });

  it('a new request: the banner when the main window is open, else the prompt window', () => {
    const calls: string[] = [];
    const main = {
      visible: true,
      minimized: false,
      isDestroyed: () => false,
      isVisible: () => main.visible,
      isMinimized: () => main.minimized,
      setAlwaysOnTop: (flag: boolean) => calls.push(`top:${flag}`),
    };
    const attention = attendToApprovals({
      main: () => main,
      showMain: () => calls.push('main'),
      openPrompt: () => calls.push('prompt'),
      closePrompt: () => calls.push('close-prompt'),
    });
    attention.show();
    main.visible = false; // hidden in the tray
    attention.show();
    main.visible = true;
    main.minimized = true;
    attention.show();
    attention.onCount(1);
    attention.onCount(0);
    expect(calls).toEqual(['main', 'prompt', 'prompt', 'top:true', 'top:false', 'close-prompt']);
    expect(promptPlacement(null)).toBe('prompt');
  });
});
