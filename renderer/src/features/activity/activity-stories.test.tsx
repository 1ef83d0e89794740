// One action, one story on the Activity screen (issue 38 item 2), against a real core reading a
// real activity log: the chart counts the calls the list shows, the app filter offers only apps
// that called, and a call the person refused is advised about as a refusal, in English and Korean.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { searchRecord, writeActivityLog } from '#testing/activity-records.js';
import { giveElementsASize } from '#testing/components/layout.js';
import { openScreen, renderWithCore } from '#testing/components/render.js';
import { App } from '../../app/app.js';

const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('Activity tells one story', () => {
  it('the chart counts what the list shows, and the app filter lists only apps that called', async () => {
    giveElementsASize();
    const now = Date.now();
    const { user } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        const preview = Array.from({ length: 12 }, (_, i) =>
          searchRecord({ time: now - 50_000 + i, client: 'FolderGate preview' }),
        );
        const cursor = Array.from({ length: 5 }, (_, i) =>
          searchRecord({ time: now - 40_000 + i, client: 'cursor' }),
        );
        writeActivityLog(core.appData, [...preview, ...cursor], now);
      },
    });
    await openScreen(user, 'Activity');
    const list = await screen.findByRole('listbox', {}, { timeout: 10_000 });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(5));
    const chart = await screen.findByTestId('activity-chart');
    // 5 shown, 5 counted (the preview's 12 are hidden from both).
    await waitFor(() => expect(chart.textContent).toContain('Last 24 hours, per hour · 5 calls'));
    expect(chart.textContent).not.toContain('17 calls');
    // Only the apps in the records: no Claude Desktop, VS Code, … that never called.
    const apps = screen.getByTestId('activity-filter-app');
    await waitFor(() =>
      expect(options(apps)).toEqual(['All apps', 'Cursor', 'FolderGate preview']),
    );

    await user.click(screen.getByTestId('activity-show-preview'));
    await waitFor(() =>
      expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(17),
    );
    await waitFor(() => expect(chart.textContent).toContain('Last 24 hours, per hour · 17 calls'));
    await user.selectOptions(apps, 'Cursor');
    await waitFor(() =>
      expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(5),
    );
    await waitFor(() => expect(chart.textContent).toContain('Last 24 hours, per hour · 5 calls'));
  });

  it('advises about a refused call as a refusal, by the person or by their rule', async () => {
    giveElementsASize();
    const now = Date.now();
    const refused = (time: number, by: 'person' | 'rule') => ({
      ...searchRecord({ time, client: 'cursor', errorCode: 'DeniedByUser' }),
      decision: { outcome: 'denied' as const, by },
    });
    const { user, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        writeActivityLog(
          core.appData,
          [refused(now - 60_000, 'rule'), refused(now - 30_000, 'person')],
          now,
        );
      },
    });
    await openScreen(user, 'Activity');
    const list = await screen.findByRole('listbox', {}, { timeout: 10_000 });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2));
    const [byPerson, byRule] = within(list).getAllByRole('option');
    await user.click(byPerson!);
    const error = await screen.findByTestId('activity-error');
    expect(error.textContent).toContain('You refused it, so the AI app got nothing.');
    expect(error.textContent).toContain('Control › Ask me first');
    expect(error.textContent).not.toContain('different arguments');
    await user.click(byRule!);
    await waitFor(() =>
      expect(screen.getByTestId('activity-error').textContent).toContain(
        'Your rule for this app refused it without asking.',
      ),
    );

    await invoke('settings:update', { language: 'ko' });
    await waitFor(() =>
      expect(screen.getByTestId('activity-error').textContent).toContain(
        '이 앱에 정해 둔 규칙에 따라 묻지 않고 거부했습니다.',
      ),
    );
    await user.click(within(screen.getByRole('listbox')).getAllByRole('option')[0]!);
    await waitFor(() =>
      expect(screen.getByTestId('activity-error').textContent).toContain(
        '직접 거부했으므로 AI 앱은 아무것도 받지 못했습니다.',
      ),
    );
    expect(screen.getByTestId('activity-error').textContent).not.toContain('다른 인수');
  });
});
