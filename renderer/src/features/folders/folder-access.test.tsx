// Who may search a folder and for how long, on its row in Folders, against a real core: chosen
// apps and a time saved to the settings servers read, an ended folder said so with Allow again.
import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithCore } from '#testing/components/render.js';
import { App } from '../../app/app.js';

const withWork = {
  before: async (core: {
    home: string;
    invoke: (c: 'roots:add', r: { path: string }) => Promise<unknown>;
  }) => {
    fs.mkdirSync(path.join(core.home, 'Work'));
    await core.invoke('roots:add', { path: path.join(core.home, 'Work') });
  },
};

describe('Folders › Who may search', () => {
  it('saves chosen apps and an hour, and says until when', async () => {
    const { user, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />, withWork);
    const row = await screen.findByTestId('root-row');
    expect(within(row).getByTestId('access-apps').textContent).toBe('All connected apps');
    await user.click(
      within(row).getByRole('button', {
        name: 'Change which AI apps may search Work, and for how long',
      }),
    );
    await user.click(within(row).getByRole('radio', { name: 'Only these apps' }));
    // None chosen: said next to the choices, nothing saved.
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(within(row).getByRole('alert').textContent).toBe(
      'Choose at least one app, or allow all connected apps.',
    );
    await user.click(within(row).getByRole('checkbox', { name: 'Cursor' }));
    await user.click(within(row).getByRole('checkbox', { name: 'Claude Desktop' }));
    await user.click(within(row).getByRole('radio', { name: 'For 1 hour' }));
    const before = Date.now();
    await user.click(within(row).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(within(row).getByTestId('access-apps').textContent).toBe('Cursor and Claude Desktop'),
    );
    expect(within(row).getByTestId('access-until').textContent).toMatch(/^Allowed until /);
    const root = (await invoke('settings:get', {})).settings.roots[0]!;
    expect(root.apps).toEqual(['cursor', 'claude-desktop']);
    const ends = Date.parse(root.until!);
    expect(ends).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 3_600_000);
    // Focus goes back to Change.
    expect(document.activeElement).toBe(within(row).getByTestId('access-edit'));
  });

  it('shows a folder whose time ended as ended, and allows it again', async () => {
    const { user, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        await withWork.before(core);
        const work = path.join(core.home, 'Work');
        await core.invoke('roots:setAccess', {
          path: work,
          apps: null,
          until: new Date(Date.now() - 60_000).toISOString(),
        });
      },
    });
    const row = await screen.findByTestId('root-row');
    expect((await within(row).findByTestId('access-ended')).textContent).toMatch(
      /^Access ended at .+ AI apps can no longer search this folder/,
    );
    await user.click(
      within(row).getByRole('button', { name: 'Allow again: let AI apps search Work' }),
    );
    await waitFor(() => expect(within(row).queryByTestId('access-ended')).toBeNull());
    expect((await invoke('settings:get', {})).settings.roots[0]!.until).toBeUndefined();
  });
});
