// The guided start against a real core: each step's title takes the focus, "Continue without
// folders" is allowed, and finishing records the first run as done.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithCore } from '#testing/components/render.js';
import { App } from '../../app/app.js';

describe('First run', () => {
  it('walks Welcome → Folders → Connect → Done, the focus on each title, and finishes', async () => {
    const { user, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      firstRunDone: false,
    });
    expect(await screen.findByRole('heading', { name: 'Welcome to FolderGate' })).toBeTruthy();
    await user.click(screen.getByTestId('first-run-start'));
    const folders = await screen.findByRole('heading', {
      name: 'Choose the folders AI may search',
    });
    expect(document.activeElement).toBe(folders);
    await user.click(screen.getByRole('button', { name: 'Continue without folders' }));
    await waitFor(() =>
      expect(document.activeElement?.classList.contains('wizard-title')).toBe(true),
    );
    await user.click(screen.getByTestId('first-run-connect-continue'));
    const done = await screen.findByRole('heading', { name: 'You’re all set' });
    expect(document.activeElement).toBe(done);
    expect(screen.getByText(/No folders are allowed yet/)).toBeTruthy();
    expect((await invoke('settings:get', {})).settings.firstRunCompleted).toBe(false);

    await user.click(screen.getByTestId('first-run-finish'));
    expect(await screen.findByRole('heading', { name: 'Folders', level: 1 })).toBeTruthy();
    expect((await invoke('settings:get', {})).settings.firstRunCompleted).toBe(true);
  });

  it('comes back to its step after a reload, and starts at Welcome once finished', async () => {
    const { user, bridge } = await renderWithCore((b) => <App bridge={b} />, {
      firstRunDone: false,
    });
    await user.click(await screen.findByTestId('first-run-start'));
    await screen.findByRole('heading', { name: 'Choose the folders AI may search' });
    // The window reloads: the same core, the page drawn again from nothing.
    cleanup();
    render(<App bridge={bridge} />);
    expect(
      await screen.findByRole('heading', { name: 'Choose the folders AI may search' }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue without folders' }));
    await user.click(await screen.findByTestId('first-run-connect-continue'));
    await user.click(await screen.findByTestId('first-run-finish'));
    await screen.findByRole('heading', { name: 'Folders', level: 1 });
    expect(sessionStorage.getItem('foldergate.firstRun')).toBeNull();
  });

  it('Skip setup goes straight to the app', async () => {
    const { user, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      firstRunDone: false,
    });
    await user.click(await screen.findByTestId('first-run-skip'));
    expect(await screen.findByRole('heading', { name: 'Folders', level: 1 })).toBeTruthy();
    expect((await invoke('settings:get', {})).settings.firstRunCompleted).toBe(true);
  });
});
