// "What AI saw" against a real core reading a real activity log: the files search answers showed
// to AI apps, one list per app with the folder each file is in, today or the last 7 days; the
// app's own Search preview, refused calls and older days left out; live as answers arrive; Korean.
import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activityDay, activityFileName } from '#shared/activity/activity.js';
import { PREVIEW_CLIENT_NAME } from '#shared/activity/activity-describe.js';
import { searchRecord, writeActivityLog } from '#testing/activity-records.js';
import { giveElementsASize } from '#testing/components/layout.js';
import { openScreen, renderWithCore } from '#testing/components/render.js';
import { App } from '../../app/app.js';

const DAY = 86_400_000;

function appendRecord(appData: string, record: object, at: number): void {
  const file = path.join(appData, 'audit', activityFileName(activityDay(at)));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.appendFileSync(file, `${JSON.stringify(record)}\n`);
}

describe('What AI saw', () => {
  it('lists the files shown to each AI app today, with their folders, and the last 7 days', async () => {
    giveElementsASize();
    const now = Date.now();
    const { user, appData, invoke, home } = await renderWithCore(
      (bridge) => <App bridge={bridge} />,
      {
        before: async (core) => {
          fs.mkdirSync(path.join(core.home, 'Documents'));
          await core.invoke('roots:add', { path: path.join(core.home, 'Documents') });
          writeActivityLog(
            core.appData,
            [
              searchRecord({
                time: now - 9_000,
                client: 'cursor',
                paths: ['tax/2026.pdf', 'a.pdf'],
              }),
              searchRecord({ time: now - 6_000, client: 'cursor', paths: ['a.pdf'] }),
              searchRecord({ time: now - 5_000, client: 'claude-ai', paths: ['notes.txt'] }),
              searchRecord({ time: now - 4_000, client: 'cursor', errorCode: 'RootNotAllowed' }),
              searchRecord({ time: now - 3_000, client: PREVIEW_CLIENT_NAME, paths: ['own.pdf'] }),
            ],
            now,
          );
          // Three days ago: only in the last 7 days.
          const before = now - 3 * DAY;
          appendRecord(
            core.appData,
            searchRecord({ time: before, client: 'cursor', paths: ['old.doc'] }),
            before,
          );
        },
      },
    );
    await openScreen(user, 'Activity');
    const card = await screen.findByRole('region', { name: 'What AI saw' }, { timeout: 10_000 });
    await waitFor(() => expect(within(card).getAllByTestId('seen-app')).toHaveLength(2));
    const [cursor, claude] = within(card).getAllByTestId('seen-app');
    expect(within(cursor!).getByRole('heading').textContent).toBe(
      'Cursor 2 files · from 2 searches',
    );
    const files = within(cursor!).getByRole('list', { name: 'Files shown to Cursor' });
    const rows = within(files)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    const documents = path.join(home, 'Documents');
    expect(rows[0]).toMatch(
      new RegExp(`^a\\.pdf\\. In ${escape(documents)}\\. Shown 2 times, last at `),
    );
    expect(rows[1]).toMatch(
      new RegExp(`^2026\\.pdf\\. In ${escape(path.join(documents, 'tax'))}\\. Shown once, at `),
    );
    expect(within(claude!).getByRole('heading').textContent).toBe(
      'Claude Desktop 1 file · from 1 search',
    );
    expect(card.textContent).not.toMatch(/own\.pdf|old\.doc/);
    expect(screen.getByText('3 files shown to AI apps')).toBeTruthy();

    await user.click(within(card).getByRole('radio', { name: 'Last 7 days' }));
    await waitFor(() => expect(within(card).getByText('old.doc')).toBeTruthy());
    expect(within(card).getAllByTestId('seen-app')[0]!.querySelector('h3')!.textContent).toBe(
      'Cursor 3 files · from 3 searches',
    );

    // A new answer shows at once; a folder no longer allowed is said so.
    appendRecord(
      appData,
      searchRecord({ time: Date.now(), client: 'windsurf', paths: ['new.md'] }),
      Date.now(),
    );
    await waitFor(() => expect(within(card).getByText('new.md')).toBeTruthy(), { timeout: 10_000 });
    // Where a file is follows the allowed folders, without a reload.
    await invoke('roots:remove', { path: documents });
    await waitFor(() =>
      expect(
        within(card)
          .getAllByTestId('seen-file')
          .filter((li) => li.textContent!.includes('In Documents, a folder no longer allowed'))
          .length,
      ).toBeGreaterThan(0),
    );
  });

  it('says when no AI app was shown anything, in Korean too', async () => {
    giveElementsASize();
    const { user, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        writeActivityLog(core.appData, [
          searchRecord({ time: Date.now() - 5000, client: PREVIEW_CLIENT_NAME }),
        ]);
      },
    });
    await openScreen(user, 'Activity');
    const card = await screen.findByRole('region', { name: 'What AI saw' }, { timeout: 10_000 });
    expect(await within(card).findByText('No AI app has been shown a file today')).toBeTruthy();
    await invoke('settings:update', { language: 'ko' });
    const ko = await screen.findByRole('region', { name: 'AI가 본 파일' }, { timeout: 10_000 });
    expect(await within(ko).findByText('오늘 AI 앱에 보여 준 파일이 없습니다')).toBeTruthy();
    await user.click(within(ko).getByRole('radio', { name: '최근 7일' }));
    expect(
      await within(ko).findByText('최근 7일 동안 AI 앱에 보여 준 파일이 없습니다'),
    ).toBeTruthy();
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
