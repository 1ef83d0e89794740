// What Advanced › About says of the fast first read for each state the search engine reports, in
// English and Korean, and on the About tab against a real core (whose engine does not run here).
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineStatus } from '#shared/contract/ipc.js';
import { setLanguage } from '#shared/i18n/i18n.js';
import '#shared/i18n/all-languages.js';
import { openScreen, renderWithCore } from '#testing/components/render.js';
import { App } from '../../app/app.js';
import { FastFirstRead } from './fast-first-read.js';

const running = (fastFirstRead: EngineStatus['fastFirstRead']): EngineStatus => ({
  running: true,
  fastFirstRead,
  folders: [],
});
const stopped: EngineStatus = { running: false, fastFirstRead: null, folders: [] };

/** The line as a person reads it: its label, then what it says. */
function line(): string {
  const said = screen.getByTestId('about-fast-read');
  return `${said.previousElementSibling?.textContent ?? ''} — ${said.textContent ?? ''}`;
}

afterEach(() => setLanguage('en'));

describe('FastFirstRead', () => {
  it('says in plain words whether new folders are read the fast way, and what off costs', () => {
    const { rerender } = render(<FastFirstRead status={running('on')} instantSearch />);
    expect(line()).toBe('Fast first read — On: new folders are ready for instant search sooner.');
    rerender(<FastFirstRead status={running('off-platform')} instantSearch />);
    expect(line()).toBe(
      'Fast first read — Off on this computer: new folders are read more slowly; searches give the same answers.',
    );
    rerender(<FastFirstRead status={running('off-disabled')} instantSearch />);
    expect(line()).toBe(
      'Fast first read — Off, as set when FolderGate was started: new folders are read more slowly; searches give the same answers.',
    );
    rerender(<FastFirstRead status={running('off-failed')} instantSearch />);
    expect(line()).toBe(
      'Fast first read — Off: it could not start on this computer, so new folders are read more slowly; searches give the same answers.',
    );
  });

  it('says so plainly when no engine runs, and nothing before the engine has said', () => {
    const { rerender, container } = render(
      <FastFirstRead status={stopped} instantSearch={false} />,
    );
    expect(line()).toBe('Fast first read — Not used while instant search is off.');
    rerender(<FastFirstRead status={stopped} instantSearch />);
    expect(line()).toBe('Fast first read — Not known right now: instant search is not running.');
    rerender(<FastFirstRead status={{ ...stopped, elsewhere: true }} instantSearch />);
    expect(line()).toBe(
      'Fast first read — Not known here: another FolderGate on this computer runs instant search for these folders.',
    );
    rerender(<FastFirstRead status={null} instantSearch />);
    expect(container.textContent).toBe('');
    rerender(<FastFirstRead status={running(null)} instantSearch />);
    expect(container.textContent).toBe('');
  });

  it('speaks Korean', () => {
    setLanguage('ko');
    const { rerender } = render(<FastFirstRead status={running('on')} instantSearch />);
    expect(line()).toBe('새 폴더 빠르게 읽기 — 켜짐. 새 폴더가 바로 검색에 더 빨리 준비됩니다.');
    rerender(<FastFirstRead status={running('off-failed')} instantSearch />);
    expect(line()).toBe(
      '새 폴더 빠르게 읽기 — 이 컴퓨터에서 시작하지 못해 꺼져 있습니다. 새 폴더를 더 천천히 읽지만 검색 결과는 같습니다.',
    );
    rerender(<FastFirstRead status={stopped} instantSearch={false} />);
    expect(line()).toBe('새 폴더 빠르게 읽기 — 바로 검색이 꺼져 있어 쓰지 않습니다.');
  });

  it('is on the About tab, and follows the instant search switch', async () => {
    const { user, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />);
    await openScreen(user, 'Advanced');
    await user.click(await screen.findByRole('tab', { name: 'About' }));
    // The component tests' core starts no engine: instant search is on, and nothing runs.
    expect((await screen.findByTestId('about-fast-read')).textContent).toBe(
      'Not known right now: instant search is not running.',
    );
    await invoke('settings:update', { instantSearch: false });
    await waitFor(() =>
      expect(screen.getByTestId('about-fast-read').textContent).toBe(
        'Not used while instant search is off.',
      ),
    );
  });
});
