// Folders › Leave out against a real core: a subfolder typed as a full path (the web host has no
// folder dialog) is saved with its identity, a name is added, a suggestion chip adds a subfolder
// found near the top, Remove takes one back, a path outside the folder is refused in words, and
// the Search preview counts what is left out.
import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openScreen, renderWithCore } from '#testing/components/render.js';
import { App } from '../../app/app.js';

async function withDocuments() {
  return renderWithCore((bridge) => <App bridge={bridge} />, {
    before: async (core) => {
      const documents = path.join(core.home, 'Documents');
      for (const dir of ['Taxes/2024', 'Work/Private', 'code/node_modules/x', 'Photos'])
        fs.mkdirSync(path.join(documents, dir), { recursive: true });
      await core.invoke('roots:add', { path: documents });
    },
  });
}

describe('Folders › Leave out', () => {
  it('adds a typed subfolder (with its identity), a name and a suggestion; Remove takes one back', async () => {
    const { user, home, invoke } = await withDocuments();
    const documents = path.join(home, 'Documents');
    const row = await screen.findByTestId('root-row');
    expect(within(row).getByTestId('leave-out-summary').textContent).toBe('nothing');
    await user.click(
      within(row).getByRole('button', { name: 'Change what AI apps never see in Documents' }),
    );
    const panel = await screen.findByRole('region', { name: 'Leave out of Documents' });
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { level: 3 }));

    // The web host has no folder dialog: Add subfolder… shows a path field.
    await user.click(within(panel).getByTestId('leave-out-add-folder'));
    const field = within(panel).getByLabelText(
      'Subfolder to leave out (full path, inside Documents)',
    );
    await user.type(field, path.join(documents, 'Taxes'));
    await user.click(within(panel).getByTestId('leave-out-folder-submit'));
    await waitFor(() =>
      expect(within(panel).getByTestId('leave-out-folders').textContent).toContain('Taxes'),
    );
    const saved = (await invoke('settings:get', {})).settings.roots[0]!.leaveOut!;
    const st = fs.statSync(path.join(documents, 'Taxes'), { bigint: true });
    expect(saved.folders).toEqual([
      { rel: 'Taxes', id: { dev: st.dev.toString(), ino: st.ino.toString() } },
    ]);

    // A name pattern, typed.
    await user.type(within(panel).getByLabelText(/Name or pattern to leave out/), '.*');
    await user.click(within(panel).getByTestId('leave-out-name-submit'));
    await waitFor(() =>
      expect(within(panel).getByTestId('leave-out-names').textContent).toContain('.*'),
    );

    // Suggestions: a private-looking subfolder below the top, and a noisy name.
    const chips = await within(panel).findByTestId('leave-out-suggestions');
    expect(within(chips).queryByText(/Leave out Taxes/)).toBeNull(); // left out already
    expect(
      within(chips).getByRole('button', { name: /Leave out every “node_modules”/ }),
    ).toBeTruthy();
    await user.click(within(chips).getByRole('button', { name: /Leave out Work\/Private/ }));
    await waitFor(() =>
      expect(within(panel).getByTestId('leave-out-folders').textContent).toContain('Work/Private'),
    );

    await user.click(within(panel).getByRole('button', { name: 'Remove .*' }));
    await waitFor(() => expect(within(panel).queryByTestId('leave-out-names')).toBeNull());
    const now = (await invoke('settings:get', {})).settings.roots[0]!.leaveOut!;
    expect(now.folders.map((f) => f.rel)).toEqual(['Taxes', 'Work/Private']);
    expect(now.names).toEqual([]);

    await user.click(within(panel).getByTestId('leave-out-done'));
    await waitFor(() => expect(screen.queryByTestId('leave-out-panel')).toBeNull());
    expect(document.activeElement).toBe(within(row).getByTestId('leave-out-edit'));
    expect(within(row).getByTestId('leave-out-summary').textContent).toBe('2 items');
  });

  it('refuses a folder outside the allowed folder and a name with a separator, in words', async () => {
    const { user, home, invoke } = await withDocuments();
    fs.mkdirSync(path.join(home, 'Elsewhere'));
    await user.click(await screen.findByTestId('leave-out-edit'));
    const panel = await screen.findByTestId('leave-out-panel');
    await user.click(within(panel).getByTestId('leave-out-add-folder'));
    await user.type(
      within(panel).getByTestId('leave-out-folder-input'),
      path.join(home, 'Elsewhere'),
    );
    await user.click(within(panel).getByTestId('leave-out-folder-submit'));
    expect((await within(panel).findByTestId('error-title')).textContent).toBe(
      'Choose a subfolder inside “Documents”: only what is inside it can be left out',
    );
    await user.type(within(panel).getByTestId('leave-out-name-input'), 'a/b');
    await user.click(within(panel).getByTestId('leave-out-name-submit'));
    const input = within(panel).getByTestId('leave-out-name-input');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect((await invoke('settings:get', {})).settings.roots[0]!.leaveOut).toBeUndefined();
  });

  it('the Search preview says how much a folder leaves out', async () => {
    const { user, home, invoke } = await withDocuments();
    const documents = path.join(home, 'Documents');
    await invoke('roots:setLeaveOut', {
      path: documents,
      change: { op: 'addFolder', folder: 'Taxes' },
    });
    await invoke('roots:setLeaveOut', { path: documents, change: { op: 'addName', name: '.git' } });
    await screen.findByTestId('root-row');
    await openScreen(user, 'Search preview');
    await screen.findByRole('heading', { name: 'Search preview', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    // Near the results, whatever the search answered (no preview server runs in these tests).
    expect((await screen.findByTestId('search-left-out')).textContent).toBe(
      '2 subfolders and names left out of Documents',
    );
  });
});
