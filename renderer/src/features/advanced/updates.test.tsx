// Advanced › About › Updates against a real core whose updater is electron-updater's own, run
// under Node against a local update feed (testing/updates/feed.ts): the check, the download that
// is verified, "Restart to update", a damaged download, the copy that cannot update itself, and
// the switch of automatic checks — in English and in Korean.
import { screen, waitFor, within } from '@testing-library/react';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '#shared/i18n/i18n.js';
import '#shared/i18n/all-languages.js';
import { openScreen, renderWithCore } from '#testing/components/render.js';
import { makeTempDir, removeTempDir } from '#testing/temp-dirs.js';
import { nodeUpdater, startFeed, type LocalFeed } from '#testing/updates/feed.js';
import { portFromAppUpdater, type UpdaterPort } from '#core/updates/updater-port.js';
import { App } from '../../app/app.js';

let feed: LocalFeed;
let tmp: string;
let installs: number;

beforeEach(async () => {
  tmp = makeTempDir('fg-upd-ui-');
  feed = await startFeed({
    version: '0.2.0',
    notes: '<ul><li>Faster first search</li></ul>',
    bytes: Buffer.from('FolderGate 0.2.0 '.repeat(2048)),
  });
  installs = 0;
});

afterEach(async () => {
  setLanguage('en');
  await feed.close();
  delete process.env.APPIMAGE;
  removeTempDir(tmp);
});

function port(): UpdaterPort {
  const updater = nodeUpdater({ url: feed.url, version: '0.1.0', dir: path.join(tmp, 'app') });
  return { ...portFromAppUpdater(updater, 'linux'), install: () => void (installs += 1) };
}

async function openAbout(options: Parameters<typeof renderWithCore>[1] = {}, korean = false) {
  const rendered = await renderWithCore((bridge) => <App bridge={bridge} />, options);
  await openScreen(rendered.user, korean ? '고급' : 'Advanced');
  await rendered.user.click(await screen.findByRole('tab', { name: /^(About|정보)$/ }));
  return rendered;
}

const status = () => screen.getByTestId('updates-status').textContent;

describe('Updates', () => {
  it('checks, shows what changed in the new version, and restarts into it', async () => {
    const { user } = await openAbout({ updates: { port: port(), platform: 'linux' } });
    expect((await screen.findByTestId('updates-status')).textContent).toContain(
      'FolderGate has not checked for a new version yet.',
    );
    await user.click(screen.getByRole('button', { name: 'Check now' }));
    await waitFor(() =>
      expect(status()).toBe('FolderGate 0.2.0 is downloaded and checked, ready to install.'),
    );
    const notes = screen.getByTestId('updates-notes');
    expect(within(notes).getByText('What is new in 0.2.0')).toBeTruthy();
    expect(notes.textContent).toContain('Faster first search');
    expect(screen.getByTestId('updates-running-apps').textContent).toContain(
      'AI apps that are running go on with this version until they start FolderGate again',
    );
    expect(screen.queryByRole('button', { name: 'Check now' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Restart to update to 0.2.0' }));
    await waitFor(() => expect(installs).toBe(1));
  });

  it('says a damaged download was not installed, with the updater’s words under Details', async () => {
    feed.release = { ...feed.release!, corrupt: true };
    const { user } = await openAbout({ updates: { port: port(), platform: 'linux' } });
    await user.click(await screen.findByRole('button', { name: 'Check now' }));
    await waitFor(() =>
      expect(status()).toBe(
        'The download was damaged (it did not match its checksum), so nothing was installed. FolderGate downloads it again at the next check.',
      ),
    );
    expect(screen.getByTestId('updates-problem').textContent).toMatch(/sha512 checksum mismatch/);
    expect(screen.queryByRole('button', { name: /Restart to update/ })).toBeNull();
    expect(installs).toBe(0);
  });

  it('turns automatic checks off and on, kept in the settings', async () => {
    const { user, invoke } = await openAbout({ updates: { port: port(), platform: 'linux' } });
    const toggle = await screen.findByRole('switch', { name: 'Check for updates automatically' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect((await invoke('updates:state', {})).nextCheckAt).not.toBeNull();
    await user.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect((await invoke('settings:get', {})).settings.checkForUpdates).toBe(false);
    expect((await invoke('updates:state', {})).nextCheckAt).toBeNull();
  });

  it('in a browser, says the desktop app updates itself, and offers no check nor its switch', async () => {
    await openAbout();
    expect((await screen.findByTestId('updates-status')).textContent).toContain(
      'FolderGate in a browser does not update itself: the desktop app does.',
    );
    expect(screen.queryByRole('button', { name: 'Check now' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Check for updates automatically' })).toBeNull();
  });

  it('speaks Korean', async () => {
    const { user } = await openAbout(
      {
        updates: { port: port(), platform: 'linux' },
        before: async (core) => {
          await core.invoke('settings:update', { language: 'ko' });
        },
      },
      true,
    );
    expect((await screen.findByTestId('updates-status')).textContent).toContain(
      '아직 새 버전을 확인하지 않았습니다.',
    );
    await user.click(screen.getByRole('button', { name: '지금 확인' }));
    await waitFor(() =>
      expect(status()).toBe(
        'FolderGate 0.2.0 버전을 내려받아 확인했습니다. 설치할 준비가 되었습니다.',
      ),
    );
    expect(screen.getByText('0.2.0 버전의 새로운 점')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '다시 시작해서 0.2.0 버전으로 업데이트' }));
    await waitFor(() => expect(installs).toBe(1));
  });
});
