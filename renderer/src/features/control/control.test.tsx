// The Control screen against a real core: a tool switched off is saved in settings, pausing
// shows the banner everywhere and Resume takes it away.
import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openScreen, renderWithCore } from '#testing/components/render.js';
import { searchRecord, writeActivityLog } from '#testing/activity-records.js';
import { App } from '../../app/app.js';
import { pauseChoices, untilText } from './pause-switch.js';
import { formatTime } from '#shared/i18n/format.js';

describe('Control', () => {
  it('switches a tool off and on, as the settings say', async () => {
    const { user, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />);
    await openScreen(user, 'Control');
    const search = await screen.findByTestId('tool-switch-fs.search_by_time');
    expect(search.getAttribute('aria-checked')).toBe('true');
    await user.click(search);
    await waitFor(async () => {
      const view = await invoke('settings:get', {});
      expect(view.settings.tools['fs.search_by_time']).toBe(false);
    });
    expect(search.getAttribute('aria-checked')).toBe('false');
    // The words under a switch say what is true now.
    expect(screen.getByTestId('tool-state-fs.search_by_time').textContent).toMatch(/^Off: /);
    await user.click(search);
    await waitFor(() => expect(search.getAttribute('aria-checked')).toBe('true'));
  });

  it("switches FolderGate's prompts off and on beside the tools", async () => {
    const { user, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />);
    await openScreen(user, 'Control');
    const prompts = await screen.findByTestId('tool-switch-prompts');
    expect(screen.getByTestId('tool-row-prompts').textContent).toContain(
      'Offer ready-made prompts',
    );
    expect(prompts.getAttribute('aria-checked')).toBe('true');
    await user.click(prompts);
    await waitFor(async () => {
      const view = await invoke('settings:get', {});
      expect(view.settings.tools.prompts).toBe(false);
    });
    expect(screen.getByTestId('tool-state-prompts').textContent).toBe(
      'Off: AI apps no longer offer FolderGate’s prompts.',
    );
    // The search stays as it was.
    expect((await invoke('settings:get', {})).settings.tools['fs.search_by_time']).toBe(true);
    await user.click(prompts);
    await waitFor(() => expect(prompts.getAttribute('aria-checked')).toBe('true'));
  });

  it('shows the logic tools only while a logic catalog is set', async () => {
    const { user, invoke, home } = await renderWithCore((bridge) => <App bridge={bridge} />);
    await openScreen(user, 'Control');
    await screen.findByTestId('tool-switch-fs.search_by_time');
    expect(screen.queryByTestId('tool-switch-logic_list')).toBeNull();
    expect(screen.queryByTestId('tool-switch-logic_get')).toBeNull();
    fs.mkdirSync(path.join(home, 'catalog'));
    await invoke('logic:setCatalog', { path: path.join(home, 'catalog') });
    expect(await screen.findByTestId('tool-switch-logic_list')).toBeTruthy();
    expect(screen.getByTestId('tool-switch-logic_get')).toBeTruthy();
  });

  it('pauses AI access from the Control screen and resumes from the banner', async () => {
    const { user, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />);
    await openScreen(user, 'Control');
    await user.click(await screen.findByTestId('pause-switch-control'));
    expect(await screen.findByTestId('paused-banner')).toBeTruthy();
    expect((await invoke('settings:get', {})).settings.paused).toBe(true);
    await user.click(screen.getByTestId('resume-access'));
    await waitFor(() => expect(screen.queryByTestId('paused-banner')).toBeNull());
    expect((await invoke('settings:get', {})).settings.paused).toBe(false);
  });

  it('pauses for an hour: the banner says until when, and Resume ends it early', async () => {
    const { user, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />);
    await openScreen(user, 'Control');
    const before = Date.now();
    await user.click(await screen.findByTestId('pause-hour'));
    const banner = await screen.findByTestId('paused-banner');
    const until = (await invoke('settings:get', {})).settings.pausedUntil;
    expect(Date.parse(until!) - before).toBeGreaterThanOrEqual(3_600_000);
    expect(Date.parse(until!) - before).toBeLessThan(3_600_000 + 60_000);
    const time = formatTime(new Date(until!));
    expect(screen.getByTestId('paused-text').textContent).toMatch(
      new RegExp(`^AI access is paused until (tomorrow, )?${time}\\.`),
    );
    expect(screen.getByTestId('pause-until').textContent).toContain('comes back by itself');
    expect(banner).toBeTruthy();
    // The chosen button went with the pause: the focus is on the switch that says paused.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByTestId('pause-switch-control')),
    );
    await user.click(screen.getByTestId('resume-access'));
    await waitFor(() => expect(screen.queryByTestId('paused-banner')).toBeNull());
    expect((await invoke('settings:get', {})).settings).toMatchObject({
      paused: false,
      pausedUntil: null,
    });
  });

  it('"Pause until tomorrow" ends at the next local midnight', () => {
    const now = new Date(2026, 10, 25, 21, 40);
    expect(pauseChoices(now).tomorrow).toEqual(new Date(2026, 10, 26, 0, 0));
    expect(untilText(new Date(2026, 10, 26, 0, 0), now)).toMatch(/^until tomorrow, /);
    expect(untilText(new Date(2026, 10, 25, 22, 40), now)).toMatch(/^until \d/);
  });

  it('says what "Ask me first" does now, on and off', async () => {
    const { user } = await renderWithCore((bridge) => <App bridge={bridge} />);
    await openScreen(user, 'Control');
    const state = await screen.findByTestId('approval-mode-state');
    expect(state.textContent).toMatch(/^Off: /);
    await user.click(screen.getByTestId('approval-mode'));
    await waitFor(() => expect(state.textContent).toMatch(/^On: FolderGate asks you/));
  });

  it('lists per app the connected apps and every app in the records kept, with their calls', async () => {
    const now = Date.now();
    const { user, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        fs.mkdirSync(path.join(core.home, '.cursor'));
        fs.writeFileSync(path.join(core.home, '.cursor', 'mcp.json'), '{}\n');
        await core.invoke('clients:connect', { id: 'cursor' });
        // Windsurf called once, then Claude Desktop 1,200 times: Windsurf is not among the
        // newest 1,000 records, and Cursor (connected) never called.
        const records = [
          searchRecord({ time: now - 3_600_000, client: 'windsurf' }),
          ...Array.from({ length: 1200 }, (_, i) =>
            searchRecord({ time: now - 1_200_000 + i * 1000, client: 'claude-ai' }),
          ),
        ];
        writeActivityLog(core.appData, records, now);
      },
    });
    await openScreen(user, 'Control');
    await waitFor(
      () =>
        expect(
          screen.getAllByTestId('approval-app').map((li) => li.querySelector('label')?.textContent),
        ).toEqual([
          'Claude Desktop 1,200 calls',
          'Cursor Connected, no calls yet',
          'Windsurf 1 call',
        ]),
      { timeout: 10_000 },
    );

    await invoke('settings:update', { language: 'ko' });
    await waitFor(() =>
      expect(screen.getAllByTestId('approval-app-calls').map((s) => s.textContent)).toEqual([
        '호출 1,200개',
        '연결됨, 아직 호출 없음',
        '호출 1개',
      ]),
    );
  });
});
