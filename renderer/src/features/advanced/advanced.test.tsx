// Advanced against a real core: the tabs follow the WAI-ARIA pattern (arrows move between them),
// search limits are checked as typed and saved to settings, and About names the version.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openScreen, renderWithCore } from '#testing/components/render.js';
import { App } from '../../app/app.js';
import { BUNDLED_PACKAGES } from './licences.js';

describe('Advanced', () => {
  it('checks a limit as it is typed, then saves it to settings', async () => {
    const { user, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />);
    await openScreen(user, 'Advanced');
    const files = await screen.findByTestId('limit-files');
    await user.clear(files);
    await user.type(files, '0');
    const problem = await screen.findByTestId('limit-files-problem');
    expect(files.getAttribute('aria-invalid')).toBe('true');
    expect(files.getAttribute('aria-describedby')).toContain(problem.id);
    // Nothing to save while a field is wrong: Save is off and says why.
    expect((screen.getByTestId('settings-save') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('settings-blocked').textContent).toBe(
      'Fix the marked field to save.',
    );

    await user.clear(files);
    await user.type(files, '5000');
    expect(screen.queryByTestId('limit-files-problem')).toBeNull();
    // The number as people read it, with its separator.
    expect(screen.getByText((5000).toLocaleString() + ' files')).toBeTruthy();
    await user.click(screen.getByTestId('settings-save'));
    expect(await screen.findByTestId('settings-saved')).toBeTruthy();
    await waitFor(async () =>
      expect((await invoke('settings:get', {})).settings.limits.maxFilesScanned).toBe(5000),
    );
  });

  it('keeps limits typed and not saved yet while another tab is open', async () => {
    const { user, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />);
    await openScreen(user, 'Advanced');
    const files = await screen.findByTestId('limit-files');
    await user.clear(files);
    await user.type(files, '7000');
    await user.click(screen.getByRole('tab', { name: 'About' }));
    await screen.findByTestId('panel-about');
    await user.click(screen.getByRole('tab', { name: 'Search limits' }));
    expect(((await screen.findByTestId('limit-files')) as HTMLInputElement).value).toBe('7000');
    expect((screen.getByTestId('settings-save') as HTMLButtonElement).disabled).toBe(false);
    // Not saved until Save: the settings still hold the old limit.
    expect((await invoke('settings:get', {})).settings.limits.maxFilesScanned).not.toBe(7000);
  });

  it('turns instant search off and on, saved in settings', async () => {
    const { user, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />);
    await openScreen(user, 'Advanced');
    const toggle = await screen.findByRole('switch', { name: 'Instant search' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(toggle.getAttribute('aria-describedby')).toBe('instant-search-desc');
    await user.click(toggle);
    await waitFor(async () =>
      expect((await invoke('settings:get', {})).settings.instantSearch).toBe(false),
    );
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    await user.click(toggle);
    await waitFor(async () =>
      expect((await invoke('settings:get', {})).settings.instantSearch).toBe(true),
    );
  });

  it('moves between tabs with the arrow keys; About names the version', async () => {
    const { user } = await renderWithCore((bridge) => <App bridge={bridge} />);
    await openScreen(user, 'Advanced');
    const tabs = within(await screen.findByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Search limits',
      'Preview engine',
      'Logic catalog',
      'About',
    ]);
    tabs[0]!.focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('About'));
    expect(document.activeElement?.getAttribute('aria-selected')).toBe('true');
    expect((await screen.findByTestId('about-version')).textContent).toBe('0.0.0-test');
  });

  it('About says what FolderGate never does, how to remove it, and where its data is', async () => {
    const { user, appData } = await renderWithCore((bridge) => <App bridge={bridge} />);
    await openScreen(user, 'Advanced');
    await user.click(await screen.findByRole('tab', { name: 'About' }));
    expect((await screen.findByTestId('about-privacy')).textContent).toMatch(
      /never sends your files/,
    );
    expect(screen.getByTestId('about-uninstall').querySelectorAll('li')).toHaveLength(4);
    expect(screen.getByTestId('about-data-folder').textContent).toBe(appData);
    // In the browser there is no file manager to open: the path can be copied instead.
    expect(screen.queryByTestId('open-data-folder')).toBeNull();
    expect(screen.getByTestId('copy-data-folder')).toBeTruthy();
    expect(screen.getByTestId('about-licences').querySelectorAll('tbody tr').length).toBe(
      BUNDLED_PACKAGES.length,
    );
  });
});
