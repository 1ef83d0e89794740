import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { electronServerCommand } from './server-command.js';

describe('electronServerCommand', () => {
  const base = {
    execPath: '/opt/FolderGate/foldergate',
    resourcesPath: '/opt/FolderGate/resources',
    repoRoot: '/src/foldergate',
    appDataDir: '/home/u/.config/FolderGate',
  };

  it('runs the packaged server from resources with the app executable in Node mode', () => {
    expect(electronServerCommand({ ...base, isPackaged: true })).toEqual({
      command: '/opt/FolderGate/foldergate',
      args: [
        '--max-semi-space-size=1',
        '--expose-gc',
        path.join('/opt/FolderGate/resources', 'mcp-server', 'index.js'),
        '--config-dir',
        '/home/u/.config/FolderGate',
      ],
      env: { ELECTRON_RUN_AS_NODE: '1' },
    });
  });

  it("runs the repo's build in development", () => {
    const command = electronServerCommand({ ...base, isPackaged: false });
    expect(command.args[2]).toBe(path.join('/src/foldergate', 'mcp-server', 'dist', 'index.js'));
    expect(command.env.ELECTRON_RUN_AS_NODE).toBe('1');
  });
});
