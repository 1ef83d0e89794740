// The Folders screen against a real core: a typed path is checked, added, renamed; the problems
// are said next to the field that has them.
import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithCore } from '#testing/components/render.js';
import { App } from '../../app/app.js';

describe('Folders', () => {
  it('checks a typed folder, adds it, and lists it as Available and Default', async () => {
    const { user, home, invoke } = await renderWithCore((bridge) => <App bridge={bridge} />);
    const documents = path.join(home, 'Documents');
    fs.mkdirSync(documents);
    const input = await screen.findByLabelText('Folder path');
    await user.type(input, documents);
    expect(await screen.findByText(/Ready to add/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add folder' }));

    const row = await screen.findByTestId('root-row');
    expect(within(row).getByText('Documents')).toBeTruthy();
    expect(within(row).getByText('Available')).toBeTruthy();
    expect(within(row).getByText('Default')).toBeTruthy();
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
});
