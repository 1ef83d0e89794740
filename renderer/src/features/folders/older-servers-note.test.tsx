// The note naming the AI apps that still run a server from before a per-folder rule in use: a real
// core, a real roster of running servers (a live process reported in as an older Cursor server),
// and the settings file changed as another FolderGate or a hand edit changes it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { rosterDir } from '#appdata/servers/server-roster.js';
import { renderWithCore } from '#testing/components/render.js';
import { App } from '../../app/app.js';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** Sets (or, with undefined, removes) a rule on every folder in settings.json, as a hand edit would. */
function setRule(appData: string, rule: string, value: unknown): void {
  const file = path.join(appData, 'settings.json');
  const settings = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    roots: Record<string, unknown>[];
  };
  for (const root of settings.roots) root[rule] = value;
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(settings));
  fs.renameSync(`${file}.tmp`, file);
}

it('names an AI app whose older server would not keep who may search a folder, until it is not in use', async () => {
  const { invoke, appData } = await renderWithCore((bridge) => <App bridge={bridge} />, {
    before: async (core) => {
      fs.mkdirSync(path.join(core.home, 'Work'));
      await core.invoke('roots:add', { path: path.join(core.home, 'Work') });
      // A server from before the rules: its roster record says nothing of what it keeps.
      const older = spawn('sleep', ['600'], { stdio: 'ignore' });
      children.push(older);
      fs.mkdirSync(rosterDir(core.appData), { recursive: true });
      fs.writeFileSync(
        path.join(rosterDir(core.appData), `${older.pid}.json`),
        JSON.stringify({ pid: older.pid, client: 'cursor', program: 'node', preview: false }),
      );
      setRule(core.appData, 'apps', ['claude-desktop']);
      await core.invoke('roots:list', {});
    },
  });
  const note = await screen.findByTestId('older-servers');
  expect(note.textContent).toContain('Quit and reopen Cursor');
  expect(note.textContent).toContain('which AI apps may search a folder');
  expect(note.getAttribute('role') ?? note.firstElementChild?.getAttribute('role')).toBe('status');
  // Every folder for every app again: nothing an older server would not keep, no note.
  setRule(appData, 'apps', undefined);
  await invoke('roots:list', {});
  await waitFor(() => expect(screen.queryByTestId('older-servers')).toBeNull());
});
