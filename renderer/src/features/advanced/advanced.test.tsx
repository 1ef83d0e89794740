// Advanced against a real core: the tabs follow the WAI-ARIA pattern (arrows move between them),
// search limits are checked as typed and saved to settings, and About names the version.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openScreen, renderWithCore } from '#testing/components/render.js';
import { App } from '../../app/app.js';

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

    await user.clear(files);
    await user.type(files, '5000');
    expect(screen.queryByTestId('limit-files-problem')).toBeNull();
    await user.click(screen.getByTestId('settings-save'));
    expect(await screen.findByTestId('settings-saved')).toBeTruthy();
    await waitFor(async () =>
      expect((await invoke('settings:get', {})).settings.limits.maxFilesScanned).toBe(5000),
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
});
