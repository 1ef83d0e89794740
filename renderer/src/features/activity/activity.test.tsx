// The Activity screen against a real core reading a real activity log: each call as a sentence,
// the details of one, a filter that empties the list and "Show everything" that brings it back.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildActivityRecord } from '#shared/activity/activity-builder.js';
import { searchRecord, writeActivityLog } from '#testing/activity-records.js';
import { giveElementsASize } from '#testing/components/layout.js';
import { openScreen, renderWithCore } from '#testing/components/render.js';
import { App } from '../../app/app.js';

describe('Activity', () => {
  it('lists the calls in words, shows one in detail, and filters', async () => {
    giveElementsASize();
    const now = Date.now();
    const { user } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        writeActivityLog(
          core.appData,
          [
            searchRecord({ time: now - 60_000, client: 'cursor', paths: ['a.pdf', 'b.pdf'] }),
            searchRecord({ time: now - 30_000, client: 'cursor', errorCode: 'PERMISSION_DENIED' }),
          ],
          now,
        );
      },
    });
    await openScreen(user, 'Activity');
    const list = await screen.findByRole('listbox', {}, { timeout: 10_000 });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2));
    const [newest, older] = within(list).getAllByRole('option');
    expect(older!.textContent).toMatch(/^Cursor looked for PDF files in Documents — 2 files/);
    expect(newest!.textContent).toMatch(/Cursor/);
    // A screen reader hears the parts with their pauses (in the text), not run together.
    const heard = older!.textContent!.replaceAll(' · ', '');
    expect(heard).toMatch(
      /^Cursor looked for PDF files in Documents — 2 files[^.]*\. .+, Cursor, \d+ ms\. Answered$/,
    );

    await user.click(older!);
    // In the call's details (What AI saw above lists it too).
    const calls = screen.getByRole('region', { name: 'Calls' });
    expect(await within(calls).findByText(/a\.pdf/)).toBeTruthy();
    expect(screen.getByTestId('activity-found').textContent).toMatch(/^2 matches after looking at/);
    // What it used, as Control names it, not the tool's name an AI app reads.
    expect(screen.getByText('Find files by date')).toBeTruthy();
    expect(screen.queryByText('fs.search_by_time')).toBeNull();
    // A refused call: its error, and no "0 matches after looking at 0 files".
    await user.click(newest!);
    expect(await screen.findByTestId('activity-error')).toBeTruthy();
    expect(screen.queryByTestId('activity-found')).toBeNull();

    await user.selectOptions(screen.getByTestId('activity-filter-outcome'), 'cancelled');
    expect(await screen.findByText('No calls match these filters')).toBeTruthy();
    await user.click(screen.getByTestId('activity-filter-clear'));
    await waitFor(() =>
      expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(2),
    );
  });

  it('says which prompt an AI app used, and filters by prompts', async () => {
    giveElementsASize();
    const now = Date.now();
    const { user } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        const prompt = buildActivityRecord({
          startedAt: now - 10_000,
          endedAt: now - 9_999,
          pid: 4242,
          client: { name: 'claude-ai', version: '0.9.0' },
          tool: 'prompts/get',
          args: { name: 'recent_files', arguments: { folder: 'Documents', period: 'today' } },
          roots: [],
          result: { isError: false },
        });
        writeActivityLog(core.appData, [searchRecord({ time: now - 60_000 }), prompt], now);
      },
    });
    await openScreen(user, 'Activity');
    const list = await screen.findByRole('listbox', {}, { timeout: 10_000 });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2));
    expect(within(list).getAllByRole('option')[0]!.textContent).toMatch(
      /^Claude Desktop used the prompt Recent files/,
    );
    await user.selectOptions(screen.getByTestId('activity-filter-tool'), 'prompts/get');
    await waitFor(() =>
      expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1),
    );
  });

  it('says plainly when no AI app has used FolderGate yet', async () => {
    const { user } = await renderWithCore((bridge) => <App bridge={bridge} />);
    await openScreen(user, 'Activity');
    expect(
      await screen.findByText('No AI app has used FolderGate yet', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    // The recording switch says what is true now.
    expect(screen.getByTestId('activity-enabled-state').textContent).toMatch(/^On: /);
    await user.click(screen.getByTestId('activity-enabled'));
    await waitFor(() =>
      expect(screen.getByTestId('activity-enabled-state').textContent).toMatch(/^Off: /),
    );
  });

  it("leaves FolderGate's own searches out until asked for", async () => {
    giveElementsASize();
    const now = Date.now();
    const { user } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        writeActivityLog(
          core.appData,
          [
            searchRecord({ time: now - 60_000, client: 'FolderGate preview', paths: ['a.pdf'] }),
            searchRecord({ time: now - 30_000, client: 'cursor', paths: ['b.pdf'] }),
          ],
          now,
        );
      },
    });
    await openScreen(user, 'Activity');
    const list = await screen.findByRole('listbox', {}, { timeout: 10_000 });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1));
    expect(within(list).getByRole('option').textContent).toMatch(/^Cursor/);
    await user.click(screen.getByTestId('activity-show-preview'));
    await waitFor(
      () => expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(2),
      { timeout: 5_000 },
    );
  });

  for (const language of ['en', 'ko'] as const)
    it(`says where the log is kept in plain words, the path under a disclosure (${language})`, async () => {
      const { user, appData } = await renderWithCore((bridge) => <App bridge={bridge} />, {
        before: async (core) => {
          if (language === 'ko') await core.invoke('settings:update', { language: 'ko' });
        },
      });
      await openScreen(user, language === 'en' ? 'Activity' : '활동');
      const where = await screen.findByTestId('activity-where', {}, { timeout: 10_000 });
      const section = where.closest('section')!;
      expect(section.textContent).toContain(
        language === 'en'
          ? 'Kept on this computer, in FolderGate’s data folder: one file per day; older days are deleted.'
          : '이 컴퓨터의 FolderGate 데이터 폴더에 하루에 파일 하나씩 보관하며, 오래된 날짜는 지웁니다.',
      );
      // The path is there for whoever looks for it: inside the closed disclosure, to copy.
      expect((where as HTMLDetailsElement).open).toBe(false);
      expect(where.querySelector('summary')?.textContent).toBe(
        language === 'en' ? 'Where the files are' : '파일 위치',
      );
      expect(within(where).getByTestId('activity-log-folder').textContent).toBe(`${appData}/audit`);
      expect(section.textContent!.replace(where.textContent!, '')).not.toContain(appData);
    });
});
