// The logic catalog's folder (Advanced › Logic catalog) against a real core: a typed folder is
// saved in settings, "Stop using" asks first and then clears it.
import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openScreen, renderWithCore } from '#testing/components/render.js';
import { App } from '../../app/app.js';

describe('Logic catalog folder', () => {
  it('uses a typed folder, and stops using it after asking', async () => {
    const { user, home, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />);
    const catalog = path.join(home, 'my-project');
    fs.mkdirSync(path.join(catalog, 'release', 'logic'), { recursive: true });
    await openScreen(user, 'Advanced');
    await user.click(await screen.findByRole('tab', { name: 'Logic catalog' }));
    const input = await screen.findByLabelText('Folder path');
    await user.type(input, catalog);
    await user.click(screen.getByTestId('logic-catalog-save'));
    await waitFor(async () =>
      expect((await invoke('settings:get', {})).settings.logicCatalog).toBe(catalog),
    );

    const stop = await screen.findByRole('button', { name: 'Stop using' });
    await user.click(stop);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Stop using this catalog?');
    await user.click(within(dialog).getByRole('button', { name: 'Stop using' }));
    await waitFor(async () =>
      expect((await invoke('settings:get', {})).settings.logicCatalog).toBeNull(),
    );
  });
});
