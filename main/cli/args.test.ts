import { describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from './args.js';

describe('parseCliArgs', () => {
  it('parses every command', () => {
    expect(parseCliArgs([])).toEqual({ kind: 'help' });
    expect(parseCliArgs(['start'])).toEqual({ kind: 'start', port: 0 });
    expect(parseCliArgs(['web', '--port', '8123'])).toEqual({ kind: 'web', port: 8123 });
    expect(parseCliArgs(['web', '--port=0'])).toEqual({ kind: 'web', port: 0 });
    expect(parseCliArgs(['roots', 'list'])).toEqual({ kind: 'roots-list' });
    expect(parseCliArgs(['roots', 'add', '~/Docs', '--name', 'Docs'])).toEqual({
      kind: 'roots-add',
      dir: '~/Docs',
      name: 'Docs',
    });
    expect(parseCliArgs(['roots', 'add', '--name', 'D', 'x'])).toEqual({
      kind: 'roots-add',
      dir: 'x',
      name: 'D',
    });
    expect(parseCliArgs(['roots', 'remove', 'x'])).toEqual({ kind: 'roots-remove', dir: 'x' });
    expect(parseCliArgs(['demo'])).toEqual({ kind: 'demo' });
    expect(parseCliArgs(['demo', 'folder'])).toEqual({ kind: 'demo', folder: 'folder' });
    expect(parseCliArgs(['clients', 'list'])).toEqual({ kind: 'clients-list', json: false });
    expect(parseCliArgs(['clients', 'list', '--json'])).toEqual({
      kind: 'clients-list',
      json: true,
    });
    expect(parseCliArgs(['clients', 'register', 'cursor', 'vscode'])).toEqual({
      kind: 'clients-register',
      ids: ['cursor', 'vscode'],
      allDetected: false,
    });
    expect(parseCliArgs(['clients', 'register', '--all-detected'])).toEqual({
      kind: 'clients-register',
      ids: [],
      allDetected: true,
    });
    expect(parseCliArgs(['clients', 'unregister', 'zed'])).toEqual({
      kind: 'clients-unregister',
      ids: ['zed'],
      all: false,
    });
    expect(parseCliArgs(['clients', 'unregister', '--all'])).toEqual({
      kind: 'clients-unregister',
      ids: [],
      all: true,
    });
    expect(parseCliArgs(['clients', 'undo', 'codex'])).toEqual({
      kind: 'clients-undo',
      ids: ['codex'],
    });
  });

  it.each([
    [['web', '--port', '70000']],
    [['web', '--port', '-1']],
    [['web', '--port']],
    [['web', 'extra']],
    [['roots']],
    [['roots', 'list', 'x']],
    [['roots', 'add']],
    [['roots', 'add', ' ']],
    [['roots', 'add', 'a', 'b']],
    [['roots', 'remove', 'a', '--name', 'b']],
    [['roots', 'delete', 'a']],
    [['demo', 'a', 'b']],
    [['serve']],
    [['clients']],
    [['clients', 'list', 'x']],
    [['clients', 'register']],
    [['clients', 'register', 'word']],
    [['clients', 'register', '--all-detected', 'cursor']],
    [['clients', 'undo']],
    [['clients', 'undo', 'cursor', 'zed']],
    [['clients', 'unregister', 'cursor', '--json']],
  ])('refuses %j with a UsageError', (argv) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError);
  });
});
