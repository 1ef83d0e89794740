// Issue 35 on the AI apps screen, against a real core and a temp home: Gemini CLI's own lists
// said and fixed with the person's click (only those lists change), Claude Desktop's extension
// built and offered beside the settings file, and FolderGate never in Claude twice.
import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stripComments } from 'jsonc-parser';
import { openScreen, renderWithCore } from '#testing/components/render.js';
import { App } from '../../app/app.js';

async function rowOf(id: string): Promise<HTMLElement> {
  await waitFor(() => expect(screen.getAllByTestId('client-row').length).toBeGreaterThan(0));
  const row = screen.getAllByTestId('client-row').find((r) => r.dataset.client === id);
  if (!row) throw new Error(`no ${id} row`);
  return row;
}

describe('Gemini CLI’s mcp.excluded', () => {
  it('says Connected, but excluded; “Let Gemini CLI use FolderGate” edits only that list', async () => {
    const { user, home } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        fs.mkdirSync(path.join(core.home, '.gemini'));
        await core.invoke('clients:connect', { id: 'gemini-cli' });
        const file = path.join(core.home, '.gemini', 'settings.json');
        const text = fs.readFileSync(file, 'utf8');
        fs.writeFileSync(
          file,
          text.replace('{\n', '{\n  // mine\n  "mcp": { "excluded": ["foldergate"] },\n'),
        );
      },
    });
    const file = path.join(home, '.gemini', 'settings.json');
    await openScreen(user, 'AI apps');
    const row = await rowOf('gemini-cli');
    const note = await within(row).findByTestId('client-problem');
    expect(note.textContent).toContain('Connected, but Gemini CLI’s settings exclude it');
    expect(within(row).getByTestId('client-status').textContent).toBe('Connected');
    await user.click(within(row).getByRole('button', { name: 'Let Gemini CLI use FolderGate' }));
    await waitFor(() => expect(within(row).queryByTestId('client-problem')).toBeNull());
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain('// mine');
    const data = JSON.parse(stripComments(text)) as {
      mcp: { excluded: string[] };
      mcpServers: Record<string, unknown>;
    };
    expect(data.mcp.excluded).toEqual([]);
    expect(data.mcpServers).toHaveProperty('foldergate');
    expect(
      within(row).getByRole('button', { name: 'Undo the list change: Gemini CLI' }),
    ).toBeTruthy();
  });
});

describe('Claude Desktop: settings file or extension, never both', () => {
  it('builds the extension for Claude and offers it; once Claude has it, the row says that way', async () => {
    const { user, home, appData } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        fs.mkdirSync(path.join(core.home, '.config', 'Claude'), { recursive: true });
      },
    });
    await openScreen(user, 'AI apps');
    const row = await rowOf('claude-desktop');
    expect(within(row).getByTestId('client-way').textContent).toContain('Use one way, not both');
    await user.click(within(row).getByRole('button', { name: 'Add to Claude' }));
    const link = await within(row).findByTestId('client-extension-download');
    expect(link.getAttribute('href')).toBe('/api/download/foldergate.mcpb?token=test');
    const bundle = path.join(appData, 'extension', 'foldergate.mcpb');
    expect(fs.readFileSync(bundle).subarray(0, 4).toString('hex')).toBe('504b0304');
    // Claude installed it (its own record of installed extensions).
    const claude = path.join(home, '.config', 'Claude');
    fs.writeFileSync(
      path.join(claude, 'extensions-installations.json'),
      JSON.stringify({
        extensions: { 'local.mcpb.foldergate.foldergate': { manifest: { name: 'foldergate' } } },
      }),
    );
    await user.click(screen.getByTestId('clients-refresh'));
    await waitFor(() =>
      expect(within(row).getByTestId('client-way').textContent).toBe(
        'Connected as a Claude extension.',
      ),
    );
    expect(within(row).queryByRole('button', { name: 'Connect Claude Desktop' })).toBeNull();
  });

  it('both ways at once: says so, and “Remove the settings-file entry” keeps only the extension', async () => {
    const { user, home } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        const claude = path.join(core.home, '.config', 'Claude');
        fs.mkdirSync(claude, { recursive: true });
        await core.invoke('clients:connect', { id: 'claude-desktop' });
        fs.writeFileSync(
          path.join(claude, 'extensions-installations.json'),
          JSON.stringify({ extensions: { x: { manifest: { name: 'foldergate' } } } }),
        );
      },
    });
    await openScreen(user, 'AI apps');
    const row = await rowOf('claude-desktop');
    expect((await within(row).findByTestId('client-problem')).textContent).toContain(
      'FolderGate is in Claude Desktop twice',
    );
    await user.click(within(row).getByRole('button', { name: 'Remove the settings-file entry' }));
    await waitFor(() => expect(within(row).queryByTestId('client-problem')).toBeNull());
    const config = JSON.parse(
      fs.readFileSync(path.join(home, '.config', 'Claude', 'claude_desktop_config.json'), 'utf8'),
    ) as { mcpServers: object };
    expect(config.mcpServers).toEqual({});
  });
});
