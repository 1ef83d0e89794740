// The folders each AI app may search, where the person meets them against a real core: on each
// app's card in AI apps (with a way to Folders), and in the Search preview's "Search as".
import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openScreen, renderWithCore } from '#testing/components/render.js';
import type { CoreBridge } from '#testing/components/core-bridge.js';
import { App } from '../../app/app.js';

/** Work for Claude Desktop and Cursor, Pictures for Claude Desktop, Shared for every app. */
const threeFolders = {
  before: async (core: CoreBridge) => {
    for (const [name, apps] of [
      ['Work', ['claude-desktop', 'cursor']],
      ['Pictures', ['claude-desktop']],
      ['Shared', null],
    ] as const) {
      const folder = path.join(core.home, name);
      fs.mkdirSync(folder);
      await core.invoke('roots:add', { path: folder });
      await core.invoke('roots:setAccess', { path: folder, apps: apps && [...apps], until: null });
    }
  },
};

const rowOf = async (id: string) =>
  (await screen.findAllByTestId('client-row')).find((row) => row.dataset.client === id)!;

describe('Folders per AI app', () => {
  it('names on each app card the folders it may search, with a way to change them', async () => {
    const { user } = await renderWithCore((bridge) => <App bridge={bridge} />, threeFolders);
    await openScreen(user, 'AI apps');
    const names = async (id: string) =>
      within(await rowOf(id)).getByTestId('client-folders-names').textContent;
    expect(await names('claude-desktop')).toBe('All folders');
    expect(await names('cursor')).toBe('Work and Shared');
    expect(await names('zed')).toBe('Shared');
    await user.click(
      within(await rowOf('cursor')).getByRole('button', {
        name: 'Change in Folders what Cursor may search',
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('root-row')).toHaveLength(3));
  });

  it('offers in Search as only the folders the chosen app may search', async () => {
    const { user } = await renderWithCore((bridge) => <App bridge={bridge} />, threeFolders);
    await openScreen(user, 'Search preview');
    const folderOptions = () =>
      within(screen.getByTestId('search-root'))
        .getAllByRole('option')
        .map((o) => o.textContent);
    await waitFor(() =>
      expect(folderOptions()).toEqual([
        'All allowed folders (3)',
        'Work (default)',
        'Pictures',
        'Shared',
      ]),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Search as' }), 'Cursor');
    expect(folderOptions()).toEqual(['All allowed folders (2)', 'Work (default)', 'Shared']);
  });
});
