// The shell against a real core: each navigation shows exactly one screen and moves the focus
// to its title (also for the screens whose code loads on first use).
import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { searchRecord, writeActivityLog } from '#testing/activity-records.js';
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

  it('names the screen in the window title', async () => {
    const { user } = await renderWithCore((bridge) => <App bridge={bridge} />);
    await waitFor(() => expect(document.title).toBe('Folders — FolderGate'));
    await openScreen(user, 'Search preview');
    await waitFor(() => expect(document.title).toBe('Search preview — FolderGate'));
  });

  it('the sidebar shows the newest call from the log, also one from before the window opened', async () => {
    const now = Date.now();
    await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        const record = searchRecord({ time: now - 120_000, client: 'cursor', paths: ['a.pdf'] });
        writeActivityLog(core.appData, [record], now);
      },
    });
    const live = await screen.findByTestId('live-activity');
    await waitFor(() => expect(live.textContent).toMatch(/Cursor.*2 min ago/));
    expect(live.textContent).not.toMatch(/No AI calls/);
  });

  it('the sidebar says which AI apps are connected and raises one that needs the person', async () => {
    const { user } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        fs.mkdirSync(path.join(core.home, '.cursor'));
        await core.invoke('clients:connect', { id: 'cursor' });
        const claude = path.join(core.home, '.config', 'Claude');
        fs.mkdirSync(claude, { recursive: true });
        fs.writeFileSync(path.join(claude, 'claude_desktop_config.json'), '{ "mcpServers": {,, }');
      },
    });
    const summary = await screen.findByTestId('apps-summary');
    expect(summary.textContent).toContain('Cursor connected');
    expect(screen.getByTestId('apps-summary-need').textContent).toBe(
      'Claude Desktop’s settings can’t be read Fix',
    );
    await user.click(within(summary).getByRole('button', { name: 'Fix' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'AI apps' })).toBeTruthy();
    // A change on the AI apps screen shows in the sidebar at once.
    await user.click(await screen.findByRole('button', { name: 'Disconnect Cursor' }));
    await waitFor(() => expect(summary.textContent).toContain('No AI app connected yet'));
  });
});

describe('the window and the host between its first load and its events', () => {
  it('shows a change made before it listened to the host (read again once it listens)', async () => {
    // The headless host's event stream opens a moment after the first load: an event sent in
    // between never reaches the window. Here the window listens only when the test says so.
    let listen: (() => void) | null = null;
    let listening = false;
    const { invoke, appData } = await renderWithCore((bridge) => (
      <App
        bridge={{
          ...bridge,
          on: (event, listener) =>
            bridge.on(event, (payload) => {
              if (listening) listener(payload);
            }),
          onListening: (listener) => {
            listen = () => {
              listening = true;
              listener();
            };
            return () => {};
          },
        }}
      />
    ));
    await screen.findByRole('heading', { level: 1, name: 'Folders' });
    // The settings file becomes unusable; the change the host reports is lost to the window.
    fs.writeFileSync(path.join(appData, 'settings.json'), '{ "version": 2, "roots": [');
    await expect(invoke('roots:add', { path: appData })).rejects.toThrow();
    expect(screen.queryByRole('note')).toBeNull();
    expect(listen).not.toBeNull();
    listen!();
    const notice = await screen.findByRole('note');
    expect(notice.textContent).toMatch(/Your settings file could not be read/);
  });
});
