// How the app starts the search engine: the engine's bundle in its own folder beside the server
// bundle it was given, packaged and in a checkout.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineCommand } from './engine-supervisor.js';

describe('engineCommand', () => {
  it('runs <resources>/engine/engine.js for <resources>/mcp-server/index.js, with the same flags, data folder and environment', () => {
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
        path.join('/opt', 'FolderGate', 'engine', 'engine.js'),
        '--config-dir',
        '/home/me/.config/FolderGate',
      ],
      env: { ELECTRON_RUN_AS_NODE: '1', MALLOC_ARENA_MAX: '1' },
    });
  });

  it("runs engine/dist/engine.js for a checkout's mcp-server/dist/index.js", () => {
    const command = engineCommand({
      command: 'node',
      args: [path.join('/src', 'fg', 'mcp-server', 'dist', 'index.js'), '--config-dir', '/d'],
      env: {},
    });
    expect(command.args).toEqual([
      path.join('/src', 'fg', 'engine', 'dist', 'engine.js'),
      '--config-dir',
      '/d',
    ]);
  });

  it('refuses a command that does not name the server bundle', () => {
    expect(() => engineCommand({ command: 'node', args: ['-e', ''], env: {} })).toThrow(
      /server bundle/,
    );
  });
});
