// The shell against a real core: each navigation shows exactly one screen and moves the focus
// to its title (also for the screens whose code loads on first use).
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openScreen, renderWithCore } from '#testing/components/render.js';
import { App } from './app.js';

describe('the shell', () => {
  it('shows one screen per navigation and moves the focus to its title', async () => {
    const { user } = await renderWithCore((bridge) => <App bridge={bridge} />);
    for (const name of [
      'AI apps',
      'Activity',
      'Folders',
      'Control',
      'Search preview',
      'Advanced',
      'Folders',
    ]) {
      await openScreen(user, name);
      const title = await screen.findByRole('heading', { level: 1, name });
      await waitFor(() => expect(document.activeElement).toBe(title));
      expect(document.querySelectorAll('.content [data-page-title]')).toHaveLength(1);
    }
  });
});
