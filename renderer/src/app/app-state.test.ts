import { describe, expect, it } from 'vitest';
import { IpcError, type RootView } from '#shared/contract/ipc.js';
import { accessStatus } from './app-state.js';

function root(state: RootView['state'], name = 'Documents'): RootView {
  return { path: `/home/a/${name}`, name, isDefault: false, state, nowAt: null, warnings: [] };
}

describe('accessStatus (the sidebar line)', () => {
  it('is green "AI access on" only with a readable folder and no pause', () => {
    const on = accessStatus(false, [root('ok'), root('missing', 'Old')], null);
    expect(on).toMatchObject({ state: 'on', title: 'AI access on', tone: 'success' });
    expect(on.detail).toBe('AI apps may search 1 folder.');
    expect(accessStatus(false, [root('ok'), root('ok', 'B')], null).detail).toBe(
      'AI apps may search 2 folders.',
    );
  });

  it('says "No folders yet" with a warning dot when no folder is allowed', () => {
    expect(accessStatus(false, [], null)).toEqual({
      state: 'no-folders',
      title: 'No folders yet',
      detail: 'AI can’t see any folders.',
      tone: 'warning',
    });
  });

  it('is not green when every folder is missing or unreadable', () => {
    const one = accessStatus(false, [root('missing')], null);
    expect(one).toMatchObject({ state: 'unreachable', tone: 'warning' });
    expect(one.detail).toBe('Your folder is missing or cannot be read.');
    const two = accessStatus(false, [root('unreadable'), root('not-a-folder', 'B')], null);
    expect(two.detail).toBe('None of your folders can be read right now.');
  });

  it('says paused first, whatever the folders', () => {
    for (const roots of [[], [root('ok')], null]) {
      expect(accessStatus(true, roots, null)).toMatchObject({ state: 'paused', tone: 'warning' });
    }
  });

  it('is neutral while the folders load, and a warning when they could not be read', () => {
    expect(accessStatus(false, null, null)).toMatchObject({ state: 'checking', tone: 'neutral' });
    const error = new IpcError('Internal', 'boom', '');
    expect(accessStatus(false, null, error)).toMatchObject({ state: 'unknown', tone: 'warning' });
  });
});
