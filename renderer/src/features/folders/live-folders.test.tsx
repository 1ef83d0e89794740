// The Folders screen and the sidebar follow the folders on disk while the window is open (issue
// 38 item 1): the core looks at each folder on its clock (here one the test fires) and pushes the
// list; no reload, no focus event, no AI call needed.
import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithCore } from '#testing/components/render.js';
import type { RootWatchClock } from '#core/folders/root-watch.js';
import { t } from '#shared/i18n/i18n.js';
import { App } from '../../app/app.js';

/** A clock whose ticks the test gives. */
function handClock(): { clock: RootWatchClock; tick(): void } {
  const runs = new Set<() => void>();
  return {
    clock: {
      every(run) {
        runs.add(run);
        return () => runs.delete(run);
      },
    },
    tick: () => {
      for (const run of runs) run();
    },
  };
}

async function openWithThreeFolders(language: 'en' | 'ko') {
  const hand = handClock();
  const rendered = await renderWithCore((bridge) => <App bridge={bridge} />, {
    rootWatch: { clock: hand.clock },
    before: async (core) => {
      if (language === 'ko') await core.invoke('settings:update', { language: 'ko' });
      // Documents first: the default. Desktop and Downloads can be made the default.
      for (const name of ['Documents', 'Desktop', 'Downloads']) {
        fs.mkdirSync(path.join(core.home, name));
        await core.invoke('roots:add', { path: path.join(core.home, name) });
      }
    },
  });
  const rowOf = (name: string): HTMLElement => {
    const row = screen
      .getAllByTestId('root-row')
      .find((r) => r.querySelector('.root-name')?.textContent === name);
    if (!row) throw new Error(`no row for ${name}`);
    return row;
  };
  // A badge only when something is wrong (its words may appear elsewhere in the row).
  const badgeOf = (name: string): string | null =>
    rowOf(name).querySelector('.root-title .badge')?.textContent ?? null;
  await waitFor(() => expect(screen.getAllByTestId('root-row')).toHaveLength(3));
  return { ...rendered, tick: hand.tick, rowOf, badgeOf };
}

describe('Folders follow the disk while the window is open', () => {
  for (const language of ['en', 'ko'] as const) {
    it(`a folder renamed away is Missing at once, and one replaced is Moved or replaced (${language})`, async () => {
      const { home: given, tick, rowOf, badgeOf } = await openWithThreeFolders(language);
      const home = fs.realpathSync(given);
      const access = screen.getByTestId('access-sub');
      expect(access.textContent).toBe(t('shell.access.onDetail', { count: 3 }));
      const makeDefaultDesktop = t('folderRow.makeDefaultLabel', { name: 'Desktop' });
      expect(
        within(rowOf('Desktop')).getByRole('button', { name: makeDefaultDesktop }),
      ).toBeTruthy();

      // Desktop renamed away on disk while Folders is open.
      fs.renameSync(path.join(home, 'Desktop'), path.join(home, 'Desktop (old)'));
      tick();
      const missing = t('folderRow.state.missing.label');
      expect(badgeOf('Desktop')).toBeNull();
      await waitFor(() => expect(badgeOf('Desktop')).toBe(missing));
      expect(
        within(rowOf('Desktop')).queryByRole('button', { name: makeDefaultDesktop }),
      ).toBeNull();
      expect(access.textContent).toBe(t('shell.access.onDetail', { count: 2 }));

      // Downloads replaced by a new folder of the same name.
      fs.renameSync(path.join(home, 'Downloads'), path.join(home, 'Downloads (old)'));
      fs.mkdirSync(path.join(home, 'Downloads'));
      tick();
      const replaced = t('folderRow.state.replaced.label');
      await waitFor(() => expect(badgeOf('Downloads')).toBe(replaced));
      expect(access.textContent).toBe(t('shell.access.onDetail', { count: 1 }));
      // What it says is true: the path is the same, the folder there is another one.
      const where = within(rowOf('Downloads')).getByTestId('root-now-at').textContent;
      expect(where).toBe(
        language === 'en'
          ? `The folder at ${path.join(home, 'Downloads')} is not the one you chose. Until you choose “Use this folder”, FolderGate lets no AI app search it.`
          : `지금 ${path.join(home, 'Downloads')}에 있는 폴더는 처음 선택한 폴더가 아닙니다. “이 폴더 사용”을 선택하기 전에는 FolderGate가 어떤 AI 앱도 이 폴더를 검색하게 하지 않습니다.`,
      );
      expect(where).not.toMatch(/now leads to|가리킵니다/);

      // Desktop comes back: Missing goes as it came.
      fs.renameSync(path.join(home, 'Desktop (old)'), path.join(home, 'Desktop'));
      tick();
      await waitFor(() => expect(badgeOf('Desktop')).toBeNull());
      expect(
        within(rowOf('Desktop')).getByRole('button', { name: makeDefaultDesktop }),
      ).toBeTruthy();
      expect(access.textContent).toBe(t('shell.access.onDetail', { count: 2 }));
    });
  }

  it('a path that now leads elsewhere (a link) says where', async () => {
    const { home: given, tick, rowOf } = await openWithThreeFolders('en');
    const home = fs.realpathSync(given);
    fs.renameSync(path.join(home, 'Downloads'), path.join(home, 'Downloads (old)'));
    fs.mkdirSync(path.join(home, 'Elsewhere'));
    fs.symlinkSync(path.join(home, 'Elsewhere'), path.join(home, 'Downloads'));
    tick();
    await waitFor(() =>
      expect(within(rowOf('Downloads')).getByTestId('root-now-at').textContent).toBe(
        `Its location now leads to ${path.join(home, 'Elsewhere')}`,
      ),
    );
  });
});
