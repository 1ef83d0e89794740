import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  autostartFilePath,
  isLinuxAutostartEnabled,
  linuxAutostartEntry,
  linuxLaunchCommand,
  quoteExecArg,
  setLinuxAutostart,
} from './linux-autostart.js';

describe('linuxLaunchCommand', () => {
  it('prefers $APPIMAGE (execPath moves with every AppImage mount)', () => {
    expect(
      linuxLaunchCommand(
        { APPIMAGE: '/home/u/Apps/FolderGate.AppImage' },
        '/tmp/.mount_Fold1234/foldergate',
      ),
    ).toBe('/home/u/Apps/FolderGate.AppImage');
  });
  it('falls back to the executable (deb install, or a relative APPIMAGE)', () => {
    expect(linuxLaunchCommand({}, '/opt/FolderGate/foldergate')).toBe('/opt/FolderGate/foldergate');
    expect(linuxLaunchCommand({ APPIMAGE: '' }, '/opt/FolderGate/foldergate')).toBe(
      '/opt/FolderGate/foldergate',
    );
    expect(linuxLaunchCommand({ APPIMAGE: 'FolderGate.AppImage' }, '/opt/x')).toBe('/opt/x');
  });
});

describe('autostartFilePath', () => {
  it('uses XDG_CONFIG_HOME, else ~/.config', () => {
    expect(autostartFilePath({ XDG_CONFIG_HOME: '/cfg' }, '/home/u')).toBe(
      '/cfg/autostart/foldergate.desktop',
    );
    expect(autostartFilePath({}, '/home/u')).toBe('/home/u/.config/autostart/foldergate.desktop');
    expect(autostartFilePath({ XDG_CONFIG_HOME: 'relative' }, '/home/u')).toBe(
      '/home/u/.config/autostart/foldergate.desktop',
    );
  });
});

describe('linuxAutostartEntry', () => {
  it('writes a desktop entry that starts FolderGate hidden in the tray', () => {
    const text = linuxAutostartEntry('/home/u/Apps/FolderGate.AppImage');
    const lines = text.split('\n');
    expect(lines[0]).toBe('[Desktop Entry]');
    expect(lines).toContain('Type=Application');
    expect(lines).toContain('Name=FolderGate');
    expect(lines).toContain('Exec=/home/u/Apps/FolderGate.AppImage --hidden');
    expect(lines).toContain('X-GNOME-Autostart-enabled=true');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('quotes and escapes paths per the Desktop Entry spec', () => {
    expect(quoteExecArg('/opt/Folder Gate/app')).toBe('"/opt/Folder Gate/app"');
    // $ is escaped inside quotes (\$), then the backslash is doubled for the string value.
    expect(quoteExecArg('/a$b')).toBe('"/a\\\\$b"');
    expect(quoteExecArg('/a"b')).toBe('"/a\\\\"b"');
    expect(quoteExecArg('/100%/x')).toBe('/100%%/x');
    const exec = linuxAutostartEntry('/home/u/My Apps/FolderGate.AppImage', [
      'main.cjs',
      '--hidden',
    ])
      .split('\n')
      .find((l) => l.startsWith('Exec='));
    expect(exec).toBe('Exec="/home/u/My Apps/FolderGate.AppImage" main.cjs --hidden');
  });

  it('cannot be broken into extra lines or keys', () => {
    const text = linuxAutostartEntry('/x\nHidden=true');
    expect(text.split('\n').filter((l) => l.startsWith('Hidden='))).toEqual([]);
  });
});

describe('setLinuxAutostart', () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'fg-autostart-'));
  afterAll(() => fs.rmSync(home, { recursive: true, force: true }));

  it('creates and removes the entry', async () => {
    const file = autostartFilePath({ XDG_CONFIG_HOME: path.join(home, 'config') }, home);
    expect(await isLinuxAutostartEnabled(file)).toBe(false);
    expect(await setLinuxAutostart(file, true, linuxAutostartEntry('/opt/fg'))).toBe(true);
    expect(await isLinuxAutostartEnabled(file)).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toContain('Exec=/opt/fg --hidden');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['foldergate.desktop']);
    expect(await setLinuxAutostart(file, false, '')).toBe(false);
    expect(await isLinuxAutostartEnabled(file)).toBe(false);
    expect(await setLinuxAutostart(file, false, '')).toBe(false);
  });
});
