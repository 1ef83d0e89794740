// A settings file FolderGate could not write is said on the app's card when the AI apps screen
// shows (issue 38 item 5), before the person chooses Connect, with what to do; and after a Connect
// that fails all the same, the card's Details disclosures stay apart.
import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openScreen, renderWithCore } from '#testing/components/render.js';
import { t } from '#shared/i18n/i18n.js';
import { App } from '../../app/app.js';

async function rowOf(id: string): Promise<HTMLElement> {
  return waitFor(() => {
    const row = screen.getAllByTestId('client-row').find((r) => r.dataset.client === id);
    if (!row) throw new Error(`no ${id} row`);
    return row;
  });
}

const TEXT = '{\n  "mcpServers": {}\n}\n';

describe('A settings file that cannot be written', () => {
  for (const language of ['en', 'ko'] as const)
    it(`is said on the card before Connect, with the fix (${language})`, async () => {
      const { user, home } = await renderWithCore((bridge) => <App bridge={bridge} />, {
        before: async (core) => {
          if (language === 'ko') await core.invoke('settings:update', { language: 'ko' });
          // Cursor's file marked read-only (honoured even for root).
          fs.mkdirSync(path.join(core.home, '.cursor'));
          fs.writeFileSync(path.join(core.home, '.cursor', 'mcp.json'), TEXT, { mode: 0o444 });
          // Windsurf's folder is a file: its settings file cannot be made, whoever we are.
          fs.mkdirSync(path.join(core.home, '.codeium'));
          fs.writeFileSync(path.join(core.home, '.codeium', 'windsurf'), 'not a folder');
        },
      });
      const cursorFile = path.join(home, '.cursor', 'mcp.json');
      await openScreen(user, t('shell.nav.apps'));
      const cursor = await rowOf('cursor');
      const note = await within(cursor).findByTestId('client-problem');
      expect(note.querySelector('.callout-title')?.textContent).toBe(
        language === 'en'
          ? 'FolderGate can’t change Cursor’s settings file'
          : 'FolderGate가 Cursor의 설정 파일을 바꿀 수 없습니다',
      );
      expect(note.textContent).toContain(
        language === 'en'
          ? `FolderGate cannot change ${cursorFile}: the file is read-only, so connecting Cursor would not work.`
          : `${cursorFile} 파일이 읽기 전용이라 FolderGate가 바꿀 수 없습니다. 이대로는 Cursor를 연결할 수 없습니다.`,
      );
      expect(note.textContent).toContain(
        language === 'en'
          ? 'Make the file writable for your user (turn off “Read-only” or “Locked” in its properties), then choose Connect.'
          : '파일 속성에서 “읽기 전용”이나 “잠금”을 끄고 내 계정이 쓸 수 있게 한 다음 “연결”을 선택하세요.',
      );
      const windsurf = await rowOf('windsurf');
      const folder = path.join(home, '.codeium', 'windsurf');
      expect((await within(windsurf).findByTestId('client-problem')).textContent).toContain(
        language === 'en'
          ? `FolderGate cannot write in ${folder}, where Windsurf’s settings file goes, so connecting Windsurf would not work.`
          : `Windsurf의 설정 파일이 들어갈 ${folder} 폴더에 FolderGate가 쓸 수 없습니다. 이대로는 Windsurf를 연결할 수 없습니다.`,
      );
      // Nothing was written to find it out.
      expect(fs.readFileSync(cursorFile, 'utf8')).toBe(TEXT);

      // Made writable: the card no longer says so once the list is read again.
      fs.chmodSync(cursorFile, 0o644);
      await openScreen(user, t('shell.nav.folders'));
      await openScreen(user, t('shell.nav.apps'));
      await waitFor(async () =>
        expect(within(await rowOf('cursor')).queryByTestId('client-problem')).toBeNull(),
      );
    });

  it('after a Connect that fails, its error and the card’s Details are separate blocks', async () => {
    const { user } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        fs.mkdirSync(path.join(core.home, '.cursor'));
        fs.writeFileSync(path.join(core.home, '.cursor', 'mcp.json'), TEXT, { mode: 0o444 });
      },
    });
    await openScreen(user, 'AI apps');
    const cursor = await rowOf('cursor');
    await user.click(within(cursor).getByRole('button', { name: 'Connect Cursor' }));
    const error = await within(cursor).findByTestId('client-error');
    const details = within(cursor).getByTestId('client-details');
    // One story: the error tells what the note told, so the note steps aside.
    expect(within(cursor).queryByTestId('client-problem')).toBeNull();
    // Neither disclosure holds the other, and the error comes first.
    expect(error.contains(details) || details.contains(error)).toBe(false);
    expect(error.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
