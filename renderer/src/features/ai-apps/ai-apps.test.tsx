// The AI apps screen against a real core and a temp home: Connect writes the app's own settings
// file, the row says so, Undo gives the file back.
import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openScreen, renderWithCore } from '#testing/components/render.js';
import { App } from '../../app/app.js';

async function cursorRow(): Promise<HTMLElement> {
  const rows = await screen.findAllByTestId('client-row');
  const row = rows.find((r) => r.dataset.client === 'cursor');
  if (!row) throw new Error(`no Cursor row among ${rows.length}`);
  return row;
}

describe('AI apps', () => {
  it('connects Cursor: its mcp.json gets the entry, the row says Connected, Undo restores', async () => {
    const { user, home } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        fs.mkdirSync(path.join(core.home, '.cursor'));
        fs.writeFileSync(
          path.join(core.home, '.cursor', 'mcp.json'),
          '{\n  "mcpServers": {\n    "docs": { "command": "docs-server" }\n  }\n}\n',
        );
      },
    });
    const file = path.join(home, '.cursor', 'mcp.json');
    const before = fs.readFileSync(file, 'utf8');
    await openScreen(user, 'AI apps');
    const row = await cursorRow();
    await user.click(within(row).getByRole('button', { name: 'Connect Cursor' }));

    await waitFor(() =>
      expect(within(row).getByTestId('client-status').textContent).toMatch(/Connected/),
    );
    const written = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      mcpServers: Record<string, { command: string; args: string[] }>;
    };
    expect(Object.keys(written.mcpServers).sort()).toEqual(['docs', 'foldergate']);
    expect(written.mcpServers.foldergate!.args.join(' ')).toContain('--config-dir');
    expect(within(row).getByTestId('client-result').textContent).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'Undo connect: Cursor' }));
    await waitFor(() => expect(fs.readFileSync(file, 'utf8')).toBe(before));
  });

  it('lists every supported app, each with a status in words', async () => {
    const { user } = await renderWithCore((bridge) => <App bridge={bridge} />);
    await openScreen(user, 'AI apps');
    const rows = await screen.findAllByTestId('client-row');
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (const row of rows)
      expect(within(row).getByTestId('client-status').textContent!.trim()).not.toBe('');
  });

  it('after a Node upgrade removed the program every entry names: says so, and Repair all fixes them', async () => {
    const gone = '/home/ann/.nvm/versions/node/v20.1.0/bin/node';
    const entry = { command: gone, args: ['/x/server/index.js'], env: {} };
    const { user, home } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        for (const dir of ['.cursor', '.codeium/windsurf', '.gemini']) {
          fs.mkdirSync(path.join(core.home, dir), { recursive: true });
        }
        const servers = JSON.stringify({ mcpServers: { foldergate: entry } });
        fs.writeFileSync(path.join(core.home, '.cursor', 'mcp.json'), servers);
        fs.writeFileSync(path.join(core.home, '.codeium', 'windsurf', 'mcp_config.json'), servers);
        fs.writeFileSync(path.join(core.home, '.gemini', 'settings.json'), servers);
      },
    });
    await openScreen(user, 'AI apps');
    const button = await screen.findByTestId('clients-repair-all');
    expect(button.textContent).toBe('Repair all 3');
    expect(document.body.textContent).toContain('is no longer on this computer');
    expect((await cursorRow()).textContent).toContain(`starts FolderGate with ${gone}`);
    await user.click(button);
    await waitFor(() =>
      expect(screen.getByTestId('clients-announcement').textContent).toMatch(/^Repaired 3/),
    );
    expect(screen.queryByTestId('clients-repair-all')).toBeNull();
    for (const file of [
      '.cursor/mcp.json',
      '.codeium/windsurf/mcp_config.json',
      '.gemini/settings.json',
    ]) {
      const written = JSON.parse(fs.readFileSync(path.join(home, file), 'utf8')) as {
        mcpServers: { foldergate: { command: string } };
      };
      expect(written.mcpServers.foldergate.command).toBe(process.execPath);
    }
    expect(screen.getByTestId('clients-announcement').textContent).toMatch(/^Repaired 3 AI apps\./);
  });
});
