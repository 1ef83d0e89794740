// Undo for Remove folder (issue 38 item 6) against a real core: the folder comes back exactly as
// it was — its place in the list, the default mark, file types, apps, until and what it leaves
// out — by keyboard, with the screen saying so in a live region; in English and in Korean.
import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithCore, type Rendered } from '#testing/components/render.js';
import type { CoreBridge } from '#testing/components/core-bridge.js';
import { App } from '../../app/app.js';

const UNTIL = new Date(Date.now() + 3 * 86_400_000).toISOString();

/** Two folders; the first, the default, with every per-folder setting there is. */
async function twoFolders(core: CoreBridge): Promise<void> {
  for (const name of ['Documents', 'Work']) {
    fs.mkdirSync(path.join(core.home, name, 'Private'), { recursive: true });
    await core.invoke('roots:add', { path: path.join(core.home, name) });
  }
  const docs = path.join(core.home, 'Documents');
  await core.invoke('roots:setDefault', { path: docs });
  await core.invoke('roots:setFileTypes', { path: docs, fileTypes: ['.pdf', '.docx'] });
  await core.invoke('roots:setAccess', { path: docs, apps: ['cursor'], until: UNTIL });
  await core.invoke('roots:setLeaveOut', {
    path: docs,
    change: { op: 'addFolder', folder: path.join(docs, 'Private') },
  });
  await core.invoke('roots:setLeaveOut', { path: docs, change: { op: 'addName', name: '*.key' } });
}

async function settings(invoke: Rendered['invoke']) {
  const { settings } = await invoke('settings:get', {});
  return { roots: settings.roots, defaultRoot: settings.defaultRoot };
}

describe('Undo for Remove folder', () => {
  it('puts the folder back exactly as it was, by keyboard, and says so', async () => {
    const { user, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: twoFolders,
    });
    const before = await settings(invoke);
    expect(before.roots[0]!.apps).toEqual(['cursor']); // the setup took
    const row = (await screen.findAllByTestId('root-row'))[0]!;
    await user.click(within(row).getByRole('button', { name: 'Remove Documents' }));
    await user.click(await screen.findByRole('button', { name: 'Remove folder' }));

    const note = await screen.findByTestId('removed-note');
    expect(note.textContent).toContain('Removed “Documents”. AI apps can no longer search it.');
    // Announced: it is inside a live region that was there before it.
    expect(note.closest('[role="status"]')).toBeTruthy();
    const undo = screen.getByRole('button', { name: 'Undo: put “Documents” back' });
    await waitFor(() => expect(document.activeElement).toBe(undo));
    expect((await settings(invoke)).roots.map((r) => r.name)).toEqual(['Work']);

    await user.keyboard('{Enter}');
    expect((await screen.findByTestId('restored-note')).textContent).toBe(
      '“Documents” is back, with all its settings.',
    );
    expect(await settings(invoke)).toEqual(before);
    const rows = screen.getAllByTestId('root-row');
    expect(within(rows[0]!).getByTestId('default-note')).toBeTruthy();
    // The keyboard is back on the folder.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(rows[0]!).getByRole('button', { name: 'Remove Documents' }),
      ),
    );
    // An id is used once: a second Undo finds nothing to put back.
    await expect(invoke('roots:restore', { undo: 'no-such-removal' })).rejects.toThrow();
  });

  it('says it in Korean, and Close takes the note away', async () => {
    const { user, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        await twoFolders(core);
        await core.invoke('settings:update', { language: 'ko' });
      },
    });
    const row = (await screen.findAllByTestId('root-row'))[1]!;
    await user.click(within(row).getByRole('button', { name: 'Work 제거' }));
    await user.click(await screen.findByRole('button', { name: '폴더 제거' }));
    const note = await screen.findByTestId('removed-note');
    expect(note.textContent).toContain(
      '“Work” 폴더를 제거했습니다. 이제 AI 앱이 이 폴더를 검색할 수 없습니다.',
    );
    expect(screen.getByRole('button', { name: '되돌리기: “Work” 폴더를 다시 허용' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '닫기' }));
    expect(screen.queryByTestId('removed-note')).toBeNull();
    expect((await settings(invoke)).roots.map((r) => r.name)).toEqual(['Documents']);
  });
});
