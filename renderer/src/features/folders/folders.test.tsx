// The Folders screen against a real core: a typed path is checked, added, renamed; the problems
// are said next to the field that has them.
import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithCore } from '#testing/components/render.js';
import { App } from '../../app/app.js';

describe('Folders', () => {
  it('checks a typed folder, adds it, and lists it as the default without a badge', async () => {
    const { user, home, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />);
    const documents = path.join(home, 'Documents');
    fs.mkdirSync(documents);
    const input = await screen.findByLabelText('Folder path');
    await user.type(input, documents);
    expect(await screen.findByText(/Ready to add/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add folder' }));

    const row = await screen.findByTestId('root-row');
    expect(within(row).getByText('Documents')).toBeTruthy();
    // Badges only when something is wrong; the default says so in words.
    expect(within(row).queryByText('Available')).toBeNull();
    expect(row.querySelector('.badge')).toBeNull();
    expect(within(row).getByTestId('default-note').textContent).toMatch(/^The default folder/);
    expect(await screen.findByText('Added “Documents”.')).toBeTruthy();
    // The settings file has it: the screen showed what the core saved.
    expect((await invoke('roots:list', {})).roots.map((r) => r.path)).toEqual([documents]);
  });

  it('says why a path cannot be added, next to the field', async () => {
    const { user, home } = await renderWithCore((bridge) => <App bridge={bridge} />);
    const input = await screen.findByLabelText('Folder path');
    await user.type(input, path.join(home, 'nothing-here'));
    const problem = await screen.findByTestId('folder-check-error');
    expect(problem.textContent).toMatch(/does not exist|not found|cannot/i);
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect((screen.getByRole('button', { name: 'Add folder' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('refuses an empty name on rename and keeps the old one on Escape', async () => {
    const { user, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        fs.mkdirSync(path.join(core.home, 'Work'));
        await core.invoke('roots:add', { path: path.join(core.home, 'Work') });
      },
    });
    const row = await screen.findByTestId('root-row');
    await user.click(within(row).getByRole('button', { name: 'Rename Work' }));
    const field = within(row).getByTestId('rename-input');
    await user.clear(field);
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(within(row).getByTestId('rename-problem').textContent).toContain(
      'Type a name for this folder',
    );
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Rename Work' })),
    );
    expect((await invoke('roots:list', {})).roots[0]!.name).toBe('Work');
  });

  it('file types: focus goes into the chooser and back to Change; Escape closes it', async () => {
    const { user } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        const documents = path.join(core.home, 'Documents');
        fs.mkdirSync(documents);
        await core.invoke('roots:add', { path: documents });
      },
    });
    const change = await screen.findByTestId('file-types-edit');
    await user.click(change);
    const form = await screen.findByTestId('file-type-form');
    expect(form.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('file-type-form')).toBeNull());
    expect(document.activeElement).toBe(screen.getByTestId('file-types-edit'));
  });

  it('"Make default" is named with its visible words first', async () => {
    await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        for (const name of ['Documents', 'Pictures']) {
          fs.mkdirSync(path.join(core.home, name));
          await core.invoke('roots:add', { path: path.join(core.home, name) });
        }
      },
    });
    const button = await screen.findByRole('button', { name: 'Make default: Pictures' });
    expect(button.textContent).toBe('Make default');
  });

  it('offers the usual folders with their file counts, and adds one with a click', async () => {
    const { user, home, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        const documents = path.join(core.home, 'Documents');
        fs.mkdirSync(path.join(documents, 'taxes'), { recursive: true });
        for (const name of ['a.pdf', 'b.pdf', 'taxes/c.pdf'])
          fs.writeFileSync(path.join(documents, name), 'x');
        fs.mkdirSync(path.join(core.home, 'Pictures'));
      },
    });
    const offered = await screen.findAllByTestId('folder-suggestion');
    expect(offered.map((b) => b.textContent)).toEqual([
      'Add Documents3 files',
      'Add Picturesempty',
    ]);
    await user.click(screen.getByRole('button', { name: /^Add Documents/ }));
    expect(await screen.findByText('Added “Documents”.')).toBeTruthy();
    expect((await invoke('roots:list', {})).roots.map((r) => r.path)).toEqual([
      path.join(home, 'Documents'),
    ]);
    // What is allowed is not offered again.
    await waitFor(() =>
      expect(screen.getAllByTestId('folder-suggestion').map((b) => b.textContent)).toEqual([
        'Add Picturesempty',
      ]),
    );
    // Done folds the form away; the list comes first, adding is one button away again.
    await user.click(screen.getByTestId('close-add-folder'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('open-add-folder')));
    expect(screen.queryByTestId('folder-suggestion')).toBeNull();
    // Escape in the form folds it away as Done does.
    await user.click(screen.getByTestId('open-add-folder'));
    await user.type(await screen.findByLabelText('Folder path'), '/tm');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('open-add-folder')));
    expect(screen.queryByLabelText('Folder path')).toBeNull();
  });

  it('"Did you mean" a folder in the home folder, and completes a path as it is typed', async () => {
    const { user, home } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        fs.mkdirSync(path.join(core.home, 'Documents'));
        fs.mkdirSync(path.join(core.home, 'Downloads'));
        fs.mkdirSync(path.join(core.home, '.secret'));
      },
    });
    const input = await screen.findByLabelText('Folder path');
    await user.type(input, 'documents');
    const meant = await screen.findByTestId('did-you-mean');
    expect(meant.textContent).toBe(`Did you mean ${path.join(home, 'Documents')}?`);
    await user.click(within(meant).getByRole('button'));
    expect(await screen.findByText(/Ready to add/)).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe(path.join(home, 'Documents'));
    // The suggestion went away: the keyboard is in the path it filled in, not on the page.
    expect(document.activeElement).toBe(input);

    await user.clear(input);
    await user.type(input, path.join(home, 'D'));
    const list = screen.getByTestId('folder-completions');
    await waitFor(() =>
      expect([...list.querySelectorAll('option')].map((o) => o.value)).toEqual([
        path.join(home, 'Documents'),
        path.join(home, 'Downloads'),
      ]),
    );
    expect(input.getAttribute('list')).toBe(list.id);
  });

  it('refuses a folder inside an allowed one: it is included already', async () => {
    const { user, home } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        fs.mkdirSync(path.join(core.home, 'Documents', 'taxes'), { recursive: true });
        await core.invoke('roots:add', { path: path.join(core.home, 'Documents') });
      },
    });
    await user.click(await screen.findByTestId('open-add-folder'));
    await user.type(screen.getByLabelText('Folder path'), path.join(home, 'Documents', 'taxes'));
    expect((await screen.findByTestId('folder-check-error')).textContent).toBe(
      "Already included in 'Documents': AI apps can search this folder already.",
    );
  });

  it('asks before the whole home folder is allowed; Cancel adds nothing', async () => {
    const { user, home, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />);
    await user.type(await screen.findByLabelText('Folder path'), home);
    expect(await screen.findByText(/Ready to add/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add folder' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Allow AI to search your whole home folder?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect((await invoke('roots:list', {})).roots).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Add folder' }));
    await user.click(
      within(
        await screen.findByRole('dialog', { name: 'Allow AI to search your whole home folder?' }),
      ).getByRole('button', { name: 'Allow the whole home folder' }),
    );
    await waitFor(async () =>
      expect((await invoke('roots:list', {})).roots.map((r) => r.path)).toEqual([home]),
    );
  });
});
