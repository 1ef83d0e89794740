// The first run's introduction to "Ask me first" against a real core: its switch turns asking on,
// and "Send a test request" brings up the real approval banner through the app's approval queue;
// the answer is told back as Activity recorded it (marked as a test) and remembered for nobody.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithCore } from '#testing/components/render.js';
import { App } from '../../app/app.js';

describe('First run: Ask me first', () => {
  // The first run's step is kept for a reload of the window: each test starts at Welcome.
  beforeEach(() => sessionStorage.clear());

  it('turns asking on and shows the real banner for a test request, recorded as a test', async () => {
    const { user, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      firstRunDone: false,
    });
    await user.click(await screen.findByTestId('first-run-start'));
    await user.click(await screen.findByRole('button', { name: 'Continue without folders' }));
    await user.click(await screen.findByTestId('first-run-connect-continue'));
    const card = await screen.findByRole('region', { name: 'Ask me first' }, { timeout: 10_000 });

    const toggle = within(card).getByRole('switch', {
      name: 'Ask me before an AI app uses FolderGate',
    });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    await waitFor(async () =>
      expect((await invoke('settings:get', {})).settings.approval.mode).toBe('ask'),
    );
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));

    await user.click(within(card).getByRole('button', { name: 'Send a test request' }));
    const banner = await screen.findByTestId('approval-banner', {}, { timeout: 10_000 });
    expect(within(banner).getByRole('heading').textContent).toMatch(
      /^FolderGate's test request wants to /,
    );
    expect(within(banner).getByTestId('approval-test-note').textContent).toMatch(
      /no AI app is asking/,
    );
    expect(within(banner).getByTestId('approval-countdown')).toBeTruthy();
    // The banner takes the focus, as for an AI app's request.
    expect(document.activeElement).toBe(within(banner).getByRole('heading'));
    expect((await invoke('approval:state', {})).current?.test).toBe(true);

    await user.click(within(banner).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(screen.queryByTestId('approval-banner')).toBeNull());
    expect(
      await within(card).findByText(
        'You denied the test request. Activity lists it, marked as a test.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    const { entries } = await invoke('activity:query', {});
    expect(entries).toHaveLength(1);
    expect(entries[0]!.record).toMatchObject({
      test: true,
      client: { name: 'foldergate-test' },
      outcome: 'error',
      errorCode: 'DeniedByUser',
      decision: { outcome: 'denied', by: 'person', answer: 'deny' },
    });
    // Not something an AI app was shown.
    const seen = await invoke('activity:seen', {
      from: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(seen.apps).toEqual([]);
  });

  it('in Korean, and "Allow always" on a test is remembered for no app', async () => {
    const { user, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      firstRunDone: false,
      before: async (core) => {
        await core.invoke('settings:update', { language: 'ko' });
      },
    });
    await user.click(await screen.findByTestId('first-run-start'));
    await user.click(await screen.findByRole('button', { name: '폴더 없이 계속' }));
    await user.click(await screen.findByTestId('first-run-connect-continue'));
    const card = await screen.findByRole('region', { name: '먼저 묻기' }, { timeout: 10_000 });
    await user.click(within(card).getByRole('button', { name: '테스트 요청 보내기' }));
    expect(
      await within(card).findByText('테스트 요청이 이 창 위쪽에서 답을 기다리고 있습니다.'),
    ).toBeTruthy();
    const banner = await screen.findByTestId('approval-banner', {}, { timeout: 10_000 });
    expect(within(banner).getByRole('heading').textContent).toMatch(/^FolderGate 테스트 요청/);
    expect(within(banner).getByTestId('approval-test-note').textContent).toBe(
      'FolderGate가 스스로 보낸 테스트 요청입니다. 요청한 AI 앱은 없으며, 어떻게 답하든 아무것도 검색하지 않습니다.',
    );
    await user.click(within(banner).getByTestId('approval-allow-always'));
    expect(
      await within(card).findByText(
        '테스트 요청을 허용했습니다. 활동에 테스트로 표시되어 남습니다.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect((await invoke('settings:get', {})).settings.approval.apps).toEqual({});
  });
});
