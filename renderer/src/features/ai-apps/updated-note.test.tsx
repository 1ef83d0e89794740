// The notice on an app's card after FolderGate rewrote its own entry for a new version: shown
// from the state the core reads out of its record of writes, in English and Korean, with Undo.
import fs from 'node:fs';
import path from 'node:path';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientState } from '#shared/clients/clients.js';
import { setLanguage } from '#shared/i18n/i18n.js';
import { openScreen, renderWithCore } from '#testing/components/render.js';
import { App } from '../../app/app.js';
import { UpdatedNote } from './updated-note.js';

const OLD = '/opt/FolderGate-1.4/foldergate';

afterEach(() => setLanguage('en'));

function cursor(over: Partial<ClientState> = {}): ClientState {
  return {
    id: 'cursor',
    name: 'Cursor',
    installed: true,
    status: 'connected',
    configPath: '/home/a/.cursor/mcp.json',
    problem: null,
    currentEntry: null,
    expectedEntry: { command: '/usr/bin/node' },
    restartHint: 'Cursor picks it up by itself.',
    canUndo: true,
    undoes: 'repair',
    extension: null,
    updatedForNewVersion: { at: '2026-11-27T09:00:00.000Z', from: OLD },
    ...over,
  };
}

describe('the notice of an entry updated for the new version', () => {
  it('shows on the app’s card, and Undo takes the change back', async () => {
    const { user, home } = await renderWithCore((bridge) => <App bridge={bridge} />, {
      before: async (core) => {
        fs.mkdirSync(path.join(core.home, '.cursor'));
        fs.writeFileSync(path.join(core.home, '.cursor', 'mcp.json'), '{\n  "mcpServers": {}\n}\n');
        await core.invoke('clients:connect', { id: 'cursor' });
        // FolderGate's last write to Cursor's file, as the check at start records an update.
        const dir = path.join(core.appData, 'clients');
        const name = fs.readdirSync(dir).find((n) => n.endsWith('.json'))!;
        const record = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as {
          writes: Record<string, unknown>[];
        };
        Object.assign(record.writes.at(-1)!, { what: 'repair', updatedFrom: OLD });
        fs.writeFileSync(path.join(dir, name), JSON.stringify(record));
      },
    });
    await openScreen(user, 'AI apps');
    const rows = await screen.findAllByTestId('client-row');
    const row = rows.find((r) => r.dataset.client === 'cursor')!;
    expect(within(row).getByTestId('client-updated').textContent).toBe(
      'Updated FolderGate’s entry for the new version',
    );
    expect(within(row).getByTestId('client-updated-from').textContent).toBe(
      `Previous program: ${OLD}`,
    );
    await user.click(within(row).getByRole('button', { name: 'Undo repair: Cursor' }));
    await waitFor(() => expect(within(row).queryByTestId('client-updated')).toBeNull());
    expect(fs.readFileSync(path.join(home, '.cursor', 'mcp.json'), 'utf8')).toBe(
      '{\n  "mcpServers": {}\n}\n',
    );
  });

  it('speaks Korean', () => {
    setLanguage('ko');
    render(<UpdatedNote client={cursor()} />);
    expect(screen.getByTestId('client-updated').textContent).toBe(
      '새 버전에 맞게 FolderGate 항목을 업데이트했습니다',
    );
    expect(screen.getByTestId('client-updated-from').textContent).toBe(`이전 프로그램: ${OLD}`);
  });

  it('says nothing without an update, or once the entry needs repair again', () => {
    const { container, rerender } = render(
      <UpdatedNote client={cursor({ updatedForNewVersion: null })} />,
    );
    expect(container.textContent).toBe('');
    rerender(<UpdatedNote client={cursor({ status: 'needs-repair' })} />);
    expect(container.textContent).toBe('');
  });
});
