// How the app starts the search engine: the engine bundle beside the server bundle it was given.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineCommand } from './engine-supervisor.js';

describe('engineCommand', () => {
  it('runs engine.js beside the server bundle, with the same flags, data folder and environment', () => {
    const bundle = path.join('/opt', 'FolderGate', 'mcp-server', 'index.js');
    const command = engineCommand({
      command: '/opt/FolderGate/foldergate',
      args: [
        '--max-semi-space-size=1',
        '--expose-gc',
        bundle,
        '--config-dir',
        '/home/me/.config/FolderGate',
      ],
      env: { ELECTRON_RUN_AS_NODE: '1' },
    });
    expect(command).toEqual({
      command: '/opt/FolderGate/foldergate',
      args: [
        '--max-semi-space-size=1',
        '--expose-gc',
        path.join('/opt', 'FolderGate', 'mcp-server', 'engine.js'),
        '--config-dir',
        '/home/me/.config/FolderGate',
      ],
      env: { ELECTRON_RUN_AS_NODE: '1', MALLOC_ARENA_MAX: '1' },
    });
  });

  it('refuses a command that does not name the server bundle', () => {
    expect(() => engineCommand({ command: 'node', args: ['-e', ''], env: {} })).toThrow(
      /server bundle/,
    );
  });
});
