import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appDataDir, defaultServerCommand, findServerEntry } from './paths.js';

describe('appDataDir', () => {
  it('prefers FOLDERGATE_HOME on every platform', () => {
    expect(appDataDir({ FOLDERGATE_HOME: '/tmp/fg-x' }, 'linux', '/home/u')).toBe('/tmp/fg-x');
    expect(appDataDir({ FOLDERGATE_HOME: 'D:\\fg' }, 'win32', 'C:\\Users\\u')).toBe('D:\\fg');
  });

  it('uses XDG_CONFIG_HOME or ~/.config on Linux', () => {
    expect(appDataDir({}, 'linux', '/home/u')).toBe('/home/u/.config/FolderGate');
    expect(appDataDir({ XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/u')).toBe('/xdg/FolderGate');
    expect(appDataDir({ XDG_CONFIG_HOME: 'relative' }, 'linux', '/home/u')).toBe(
      '/home/u/.config/FolderGate',
    );
  });

  it('uses Application Support on macOS and %APPDATA% on Windows', () => {
    expect(appDataDir({}, 'darwin', '/Users/u')).toBe(
      '/Users/u/Library/Application Support/FolderGate',
    );
    expect(appDataDir({ APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'win32', 'C:\\Users\\u')).toBe(
      'C:\\Users\\u\\AppData\\Roaming\\FolderGate',
    );
    expect(appDataDir({}, 'win32', 'C:\\Users\\u')).toBe(
      'C:\\Users\\u\\AppData\\Roaming\\FolderGate',
    );
  });
});

describe('defaultServerCommand', () => {
  it('runs the built server with node and --config-dir', () => {
    const cmd = defaultServerCommand('/data/fg');
    expect(cmd.command).toBe(process.execPath);
    expect(cmd.args).toEqual([
      '--max-semi-space-size=1',
      '--expose-gc',
      path.resolve(import.meta.dirname, '..', 'mcp-server', 'dist', 'index.js'),
      '--config-dir',
      '/data/fg',
    ]);
  });

  it('finds the server entry from a bundled location too', () => {
    const fromDist = findServerEntry(
      path.resolve(import.meta.dirname, '..', 'main', 'cli', 'dist'),
    );
    expect(fromDist).toBe(
      path.resolve(import.meta.dirname, '..', 'mcp-server', 'dist', 'index.js'),
    );
  });
});
