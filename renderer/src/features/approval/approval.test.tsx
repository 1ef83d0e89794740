// The approval banner against a real core and a real request over the approval channel (the
// one an AI app's server sends): the question in words, Allow once answers the waiting app,
// Deny refuses it.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { approvalPaths } from '#shared/approval/approval.js';
import { setLanguage } from '#shared/i18n/i18n.js';
import '#shared/i18n/all-languages.js';
import { requestApproval } from '#appdata/approval/approval-client.js';
import { startedByOf } from '#appdata/approval/approval-broker.js';
import { renderWithCore, type Rendered } from '#testing/components/render.js';
import { App } from '../../app/app.js';
import { ENTER_GUARD_MS, requestFolder, requestOrigin, timeLeft } from './approval-banner.js';

afterEach(() => setLanguage('en'));

async function askFirst(): Promise<Rendered> {
  return renderWithCore((bridge) => <App bridge={bridge} />, {
    before: async (core) => {
      await core.invoke('approval:setSettings', { mode: 'ask' });
    },
  });
}

function ask(appData: string, timeoutMs?: number) {
  const paths = approvalPaths(appData, process.platform);
  return requestApproval({
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    socketPath: paths.socketPath,
    secretPath: paths.secretPath,
    clientName: 'Cursor',
    clientVersion: '1.0.0',
    tool: 'fs.search_by_time',
    args: { timeField: 'modified', glob: '*.pdf' },
  });
}

describe('Approval', () => {
  it('shows the waiting request in words; Allow once lets that one call through', async () => {
    const { user, appData } = await askFirst();
    const answer = ask(appData);
    const banner = await screen.findByTestId('approval-banner', {}, { timeout: 10_000 });
    expect(banner.textContent).toMatch(/Cursor wants to list PDF files/);
    await user.click(screen.getByTestId('approval-allow-once'));
    expect(await answer).toMatchObject({ decision: 'allow' });
    await waitFor(() => expect(screen.queryByTestId('approval-banner')).toBeNull());
  });

  it('answers by keyboard: Escape denies; Enter allows once (not a key already on its way)', async () => {
    const { user, appData } = await askFirst();
    const denied = ask(appData);
    await screen.findByTestId('approval-banner', {}, { timeout: 10_000 });
    await waitFor(() => expect(document.activeElement?.id).toBe('approval-title'));
    await user.keyboard('{Escape}');
    expect(await denied).toMatchObject({ decision: 'deny' });
    await waitFor(() => expect(screen.queryByTestId('approval-banner')).toBeNull());

    const allowed = ask(appData);
    await screen.findByTestId('approval-banner', {}, { timeout: 10_000 });
    await waitFor(() => expect(document.activeElement?.id).toBe('approval-title'));
    // Enter counts once the request has been on screen a moment (ENTER_GUARD_MS).
    await waitFor(
      () => expect(screen.getByTestId('approval-banner').dataset.enterAllows).toBe('true'),
      { timeout: ENTER_GUARD_MS * 10 },
    );
    await user.keyboard('{Enter}');
    expect(await allowed).toMatchObject({ decision: 'allow' });
  });

  it("counts down to the server's own refusal (45 s by default, or the wait it asked for)", async () => {
    const { user, appData } = await askFirst();
    const first = ask(appData);
    await screen.findByTestId('approval-banner', {}, { timeout: 10_000 });
    expect(screen.getByTestId('approval-countdown').textContent).toMatch(
      /^The app waits for your answer\. Refused automatically in 0:4[45]\.$/,
    );
    await user.click(screen.getByTestId('approval-deny'));
    await first;
    const second = ask(appData, 30_000);
    await waitFor(() =>
      expect(screen.getByTestId('approval-countdown').textContent).toMatch(/in 0:(29|30)\./),
    );
    await user.click(screen.getByTestId('approval-deny'));
    await second;
  });

  it('says which program sent the request: this process, its executable, what started it', async () => {
    const { user, appData, invoke } = await askFirst();
    const answer = ask(appData);
    const origin = await screen.findByTestId('approval-origin', {}, { timeout: 10_000 });
    // The asking server is this test's process; Linux proves it (approval-peer.ts).
    if (process.platform === 'linux') {
      // Plain words outside; the process, its program and what started it inside Details.
      expect(within(origin).getByTestId('approval-origin-plain').textContent).toBe(
        'Sent by an app that calls itself “Cursor”. FolderGate checked which program on this computer sent it.',
      );
      const details = within(origin).getByTestId('approval-origin-details') as HTMLDetailsElement;
      expect(details.open).toBe(false);
      expect(details.querySelector('summary')?.textContent).toBe('Details');
      expect(within(details).getByTestId('approval-origin-full').textContent).toBe(
        `Sent by an app that calls itself “Cursor” from process ${process.pid} (${process.execPath}), which the program “${startedByOf(process.pid)}” started.`,
      );
      // The program's path is shown as a path, never as words of the sentence.
      expect(details.querySelector('code.path')?.textContent).toBe(process.execPath);
      // Nothing about processes or programs is read outside the disclosure.
      const outside = origin.textContent!.replace(details.textContent!, '');
      expect(outside).not.toMatch(/process|node|started/);
      await invoke('settings:update', { language: 'ko' });
      await waitFor(() =>
        expect(screen.getByTestId('approval-origin-plain').textContent).toBe(
          '스스로 “Cursor”라고 밝힌 앱이 보낸 요청입니다. 이 컴퓨터의 어느 프로그램이 보냈는지 FolderGate가 확인했습니다.',
        ),
      );
      expect(
        screen.getByTestId('approval-origin-details').querySelector('summary')?.textContent,
      ).toBe('자세히');
    } else
      expect(origin.textContent).toBe(
        'Sent by an app that calls itself “Cursor”, through FolderGate’s connection. This system does not tell FolderGate which program sent it.',
      );
    await user.click(screen.getByTestId('approval-deny'));
    await answer;
  });

  it('says so when it could not check which program sent a request, in English and Korean', () => {
    const claude = { client: { name: 'Claude Desktop', version: '1' }, pid: 4321 };
    const checked = { ...claude, origin: 'checked' as const, executable: '/usr/bin/node' };
    const unchecked = { ...claude, origin: 'unchecked' as const, executable: null };
    const elsewhere = { ...claude, origin: 'unsupported' as const, executable: null };
    expect(requestOrigin({ ...checked, startedBy: 'claude' })).toBe(
      'Sent by an app that calls itself “Claude Desktop” from process 4321 (/usr/bin/node), which the program “claude” started.',
    );
    expect(requestOrigin({ ...checked, startedBy: null })).toBe(
      'Sent by an app that calls itself “Claude Desktop” from process 4321 (/usr/bin/node).',
    );
    expect(requestOrigin({ ...unchecked, startedBy: null })).toBe(
      'Sent by an app that calls itself “Claude Desktop”. FolderGate could not check which program sent it: deny it unless you expected it.',
    );
    expect(requestOrigin({ ...elsewhere, startedBy: null })).toBe(
      'Sent by an app that calls itself “Claude Desktop”, through FolderGate’s connection. This system does not tell FolderGate which program sent it.',
    );
    // A name with the message's own marks in it stays a name.
    expect(
      requestOrigin({ ...checked, client: { name: '<0>x</0>', version: '1' }, startedBy: null }),
    ).toBe('Sent by an app that calls itself “<0>x</0>” from process 4321 (/usr/bin/node).');
    setLanguage('ko');
    expect(requestOrigin({ ...checked, startedBy: 'claude' })).toBe(
      '스스로 “Claude Desktop”이라고 밝힌 앱이 프로세스 4321(/usr/bin/node)에서 보낸 요청입니다. 이 프로세스를 시작한 프로그램은 “claude”입니다.',
    );
    expect(requestOrigin({ ...unchecked, startedBy: null })).toBe(
      '스스로 “Claude Desktop”이라고 밝힌 앱이 보낸 요청입니다. 어느 프로그램이 보냈는지 FolderGate가 확인하지 못했습니다. 예상한 요청이 아니면 거부하세요.',
    );
  });

  it('writes the time left as m:ss, never below zero', () => {
    expect(timeLeft(45_000, 0)).toBe('0:45');
    expect(timeLeft(45_000, 44_001)).toBe('0:01');
    expect(timeLeft(125_000, 0)).toBe('2:05');
    expect(timeLeft(1_000, 5_000)).toBe('0:00');
  });

  it('Deny refuses the call and the banner goes', async () => {
    const { user, appData } = await askFirst();
    const answer = ask(appData);
    await screen.findByTestId('approval-banner', {}, { timeout: 10_000 });
    await user.click(screen.getByTestId('approval-deny'));
    expect(await answer).toMatchObject({ decision: 'deny' });
    await waitFor(() => expect(screen.queryByTestId('approval-banner')).toBeNull());
  });

  it('names the exact folder a request is about', () => {
    const roots = [
      {
        path: '/h/Documents',
        name: 'Documents',
        isDefault: true,
        state: 'ok' as const,
        nowAt: null,
        warnings: [],
      },
      {
        path: '/h/Pictures',
        name: 'Pictures',
        isDefault: false,
        state: 'ok' as const,
        nowAt: null,
        warnings: [],
      },
    ];
    expect(requestFolder({}, roots)).toBe('/h/Documents');
    expect(requestFolder({ root: 'Pictures', path: '2024' }, roots)).toBe('/h/Pictures/2024');
    expect(requestFolder({ root: '/elsewhere' }, roots)).toBe('/elsewhere');
    expect(requestFolder({}, [])).toBeNull();
  });
});
