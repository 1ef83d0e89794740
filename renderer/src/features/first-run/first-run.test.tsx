// The guided start against a real core: each step's title takes the focus, "Continue without
// folders" is allowed, and finishing records the first run as done.
import fs from 'node:fs';
import path from 'node:path';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { searchRecord, writeActivityLog } from '#testing/activity-records.js';
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

  it('Done tells an app that already called that it works, and only the others to restart', async () => {
    const now = Date.now();
    const { user, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      firstRunDone: false,
      before: async (core) => {
        fs.mkdirSync(path.join(core.home, '.codeium', 'windsurf'), { recursive: true });
        fs.writeFileSync(path.join(core.home, '.codeium', 'windsurf', 'mcp_config.json'), '{}\n');
        fs.mkdirSync(path.join(core.home, '.cursor'));
        fs.writeFileSync(path.join(core.home, '.cursor', 'mcp.json'), '{}\n');
        // Cursor searched already ("It works: Cursor searched Documents").
        writeActivityLog(
          core.appData,
          [searchRecord({ time: now - 5_000, client: 'cursor' })],
          now,
        );
      },
    });
    await user.click(await screen.findByTestId('first-run-start'));
    await user.click(await screen.findByRole('button', { name: 'Continue without folders' }));
    const list = await screen.findByTestId('first-run-clients');
    for (const name of ['Cursor', 'Windsurf']) {
      await user.click(await within(list).findByRole('button', { name: `Connect ${name}` }));
      await waitFor(() =>
        expect(within(list).queryByRole('button', { name: `Connect ${name}` })).toBeNull(),
      );
    }
    await waitFor(() =>
      expect(screen.getByTestId('first-run-connect-continue').textContent).toBe('Continue'),
    );
    await user.click(screen.getByTestId('first-run-connect-continue'));
    await screen.findByRole('heading', { name: 'You’re all set' });
    const working = await screen.findByTestId('first-run-done-working');
    expect(working.textContent).toMatch(/^Working now: Cursor has already reached FolderGate/);
    const waiting = screen.getByTestId('first-run-done-apps');
    expect(waiting.textContent).toMatch(/^Connected: Windsurf\. If it is open, restart it/);
    expect(waiting.textContent).not.toContain('Cursor');

    await invoke('settings:update', { language: 'ko' });
    await waitFor(() =>
      expect(screen.getByTestId('first-run-done-working').textContent).toMatch(
        /^이미 작동 중: Cursor에서 FolderGate에 요청을 보냈으므로 다시 시작할 필요가 없습니다/,
      ),
    );
    expect(screen.getByTestId('first-run-done-apps').textContent).toMatch(/^연결됨: Windsurf\./);
  });

  for (const language of ['en', 'ko'] as const)
    it(`Enter adds a typed path and the keyboard stays in the path field, emptied (${language})`, async () => {
      const { user, home } = await renderWithCore((bridge) => <App bridge={bridge} />, {
        firstRunDone: false,
        before: async (core) => {
          sessionStorage.clear();
          if (language === 'ko') await core.invoke('settings:update', { language: 'ko' });
        },
      });
      // A usual folder is offered above the field (its button first in the form); the others
      // are typed.
      fs.mkdirSync(path.join(home, 'Documents'));
      const work = path.join(home, 'Work');
      const notes = path.join(home, 'Notes');
      fs.mkdirSync(work);
      fs.mkdirSync(notes);
      await user.click(await screen.findByTestId('first-run-start'));
      const input = await screen.findByTestId('folder-path-input');
      await user.click(input);
      await user.type(input, work);
      await waitFor(() =>
        expect((screen.getByTestId('add-folder') as HTMLButtonElement).disabled).toBe(false),
      );
      await user.keyboard('{Enter}');
      const list = await screen.findByTestId('first-run-roots');
      expect(within(list).getByText('Work')).toBeTruthy();
      const field = screen.getByTestId('folder-path-input') as HTMLInputElement;
      await waitFor(() => expect(document.activeElement).toBe(field));
      expect(field.value).toBe('');
      // Ready for another: typed at once, added with Enter again.
      await user.keyboard(notes);
      await waitFor(() =>
        expect((screen.getByTestId('add-folder') as HTMLButtonElement).disabled).toBe(false),
      );
      await user.keyboard('{Enter}');
      expect(await within(list).findByText('Notes')).toBeTruthy();
      await waitFor(() => expect(document.activeElement).toBe(field));
      expect(field.value).toBe('');
    });
});
