// Each client's format against files shaped like real users' files: Codex's config.toml in the
// shapes people write it (parsed afterwards with a TOML parser, `unregister` giving back the
// bytes), Gemini CLI's settings.json with comments, Zed's entry as Zed reads it today.
import { parse } from '@decimalturn/toml-patch';
import { parseTree, type ParseError } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { descriptorOf } from './client-descriptors.js';
import { editorFor } from './editor-for.js';

const launch = {
  command: '/usr/local/bin/node',
  args: ['--expose-gc', '/home/u/.config/FolderGate/server/index.js', '--tool-names', 'underscore'],
  env: {},
};

describe('Codex: config.toml', () => {
  const codex = descriptorOf('codex');
  const editor = editorFor(codex);
  const entry = codex.entry(launch);
  const shapes: Record<string, string> = {
    empty: '',
    'comments only': '# Codex, set up by hand\n# model = "o3"\n',
    'a [mcp_servers] header': 'model = "o3"\n\n[mcp_servers]\n',
    'another server, its comment above it':
      'model = "o3" # the model\n\n# documentation server\n[mcp_servers.docs]\ncommand = "npx"\nargs = ["-y", "docs-server"]\n\n[profiles.fast]\nmodel = "o4-mini"\n',
    'sub-tables only':
      '[mcp_servers.docs]\ncommand = "npx"\n\n[mcp_servers.docs.env]\nTOKEN = "x"\n',
    'inline tables': 'mcp_servers = { docs = { command = "npx", args = ["-y", "docs"] } }\n',
    'dotted keys':
      'model = "o3"\nmcp_servers.docs.command = "npx"\nmcp_servers.docs.args = ["-y"]\n',
    CRLF: '# mine\r\nmodel = "o3"\r\n\r\n[mcp_servers.docs]\r\ncommand = "npx"\r\n',
    'no newline at the end': 'model = "o3"\n[mcp_servers.docs]\ncommand = "npx"',
  };

  it.each(Object.entries(shapes))(
    '%s: our own table (inside an inline one), every other line kept',
    (_, text) => {
      const out = editor.write(text, entry);
      const data = parse(out) as { mcp_servers: Record<string, unknown> };
      expect(data.mcp_servers.foldergate).toEqual(entry);
      expect(editor.read(out)).toEqual(entry);
      // Every line of the person's file is still there, in the same order, with its bytes.
      // (An inline `mcp_servers = { … }` cannot be extended by a table: ours goes inside it.)
      const inline = text.includes('mcp_servers = {');
      const lines = inline ? [] : text.split('\n').filter((l) => l.trim() !== '');
      let from = 0;
      for (const line of lines) {
        const at = out.indexOf(line, from);
        expect(at, `kept: ${line}`).toBeGreaterThanOrEqual(0);
        from = at + line.length;
      }
      if (inline) expect(out).toMatch(/docs = \{ command = "npx", args = \["-y", "docs"\] \}/);
      else {
        expect(out).toMatch(/^\[mcp_servers\.foldergate\]\r?$/m);
        // Nothing of ours sits between a comment and the table it labels.
        expect(out.indexOf('[mcp_servers.foldergate]')).toBeGreaterThan(text.trimEnd().length - 1);
      }
      if (text.includes('\r\n')) expect(out.replace(/\r\n/g, '')).not.toContain('\n');
    },
  );

  it.each(Object.entries(shapes))('%s: unregister gives back the original bytes', (name, text) => {
    const registered = editor.write(text, entry);
    const back = editor.write(registered, undefined);
    // A file without a final newline gets one (the line before our table had to end).
    expect(back).toBe(name === 'no newline at the end' ? `${text}\n` : text);
    expect(editor.read(back)).toBeUndefined();
  });

  it('updates its table in place, and a later table and its comment stay', () => {
    const text = shapes['another server, its comment above it']!;
    const once = editor.write(text, entry);
    const withLater = `${once}\n# search server\n[mcp_servers.search]\ncommand = "x"\n`;
    const updated = editor.write(withLater, { ...entry, command: '/opt/node/bin/node' });
    expect(editor.read(updated)).toMatchObject({ command: '/opt/node/bin/node' });
    expect(updated).toContain('\n# search server\n[mcp_servers.search]\ncommand = "x"\n');
    const removed = editor.write(updated, undefined);
    expect(removed).toContain('# documentation server\n[mcp_servers.docs]');
    expect(removed).toContain('# search server\n[mcp_servers.search]');
    expect(removed).not.toContain('foldergate');
  });

  it("moves an older FolderGate's root line into a table of its own", () => {
    const old =
      'model = "o3"\n\n[mcp_servers.docs]\ncommand = "npx"\n' +
      '\n[mcp_servers.foldergate]\ncommand = "/old/node"\nargs = []\n';
    const rootLine = 'model = "o3"\nmcp_servers.foldergate = { command = "/old/node" }\n';
    for (const text of [old, rootLine]) {
      const out = editor.write(text, entry);
      expect(editor.read(out)).toEqual(entry);
      expect(out).toMatch(/^\[mcp_servers\.foldergate\]$/m);
      expect(out).not.toContain('/old/node');
    }
  });
});

describe('Gemini CLI: settings.json with comments', () => {
  const gemini = descriptorOf('gemini-cli');
  const editor = editorFor(gemini);
  const text = [
    '{',
    '  // my theme',
    '  "theme": "GitHub",',
    '  /* servers */',
    '  "mcpServers": {',
    '    "docs": { "command": "npx" } // the docs',
    '  }',
    '}',
    '',
  ].join('\n');

  it('is edited, comments kept, and still reads as Gemini reads it (comments, no trailing comma)', () => {
    const out = editor.write(text, gemini.entry(launch));
    for (const line of [
      '  // my theme',
      '  /* servers */',
      '    "docs": { "command": "npx" } // the docs',
    ])
      expect(out).toContain(line);
    const errors: ParseError[] = [];
    parseTree(out, errors, { disallowComments: false, allowTrailingComma: false });
    expect(errors).toEqual([]);
    expect(editor.write(out, undefined)).toBe(text);
  });

  it('refuses a trailing comma, as Gemini CLI does', () => {
    expect(() => editor.write('{ "mcpServers": {}, }\n', gemini.entry(launch))).toThrow(
      /property name expected|value expected/i,
    );
  });

  it('other strict-JSON clients still refuse comments', () => {
    expect(() => editorFor(descriptorOf('claude-desktop')).read('{ // x\n}')).toThrow();
  });
});

describe('Zed: the entry as Zed reads it today', () => {
  const zed = descriptorOf('zed');

  it('writes command, args and env, without the deprecated "source"', () => {
    expect(zed.entry(launch)).toEqual(launch);
    expect(zed.entry(launch)).not.toHaveProperty('source');
  });
});

describe('Continue and Goose: config.yaml, every line but ours keeps its bytes', () => {
  const realistic = [
    'name: My Assistant # mine',
    'version: 1.0.0',
    'schema: v1',
    'models:',
    '  - name: Llama',
    '    provider: ollama',
    '    model: llama3.1:8b   # local',
    '    roles: [chat, edit]',
    'mcpServers:',
    '  # the other one',
    '  - name: other',
    '    command: npx',
    '    args:',
    '      - -y',
    "      - 'other-server'",
    '',
    'context:',
    '  - provider: code    # code context',
    '',
  ].join('\n');
  const gooseFile = [
    'GOOSE_PROVIDER: openai    # the provider',
    'extensions:',
    '  developer:',
    '    enabled: true',
    '    type: builtin   # built in',
    '    timeout: 300',
    'GOOSE_MODEL: "gpt-4o"',
    '',
  ].join('\n');
  const cases: [string, 'continue' | 'goose', string][] = [
    ['Continue, realistic', 'continue', realistic],
    ['Continue, CRLF', 'continue', realistic.replace(/\n/g, '\r\n')],
    ['Continue, no mcpServers yet', 'continue', 'name: Local\nversion: 1.0.0\nschema: v1\n'],
    [
      'Continue, sequences not indented',
      'continue',
      'name: x\nmcpServers:\n- name: other   # o\n  command: npx\n',
    ],
    ['Goose, realistic', 'goose', gooseFile],
    ['Goose, no extensions yet', 'goose', 'GOOSE_PROVIDER: openai   # p\n'],
  ];

  it.each(cases)(
    '%s: added, changed and removed as a byte diff of our lines only',
    (_, id, text) => {
      const d = descriptorOf(id);
      const editor = editorFor(d);
      const entry = d.entry(launch);
      const added = editor.write(text, entry);
      expect(editor.read(added)).toEqual(entry);
      // Every line of the person's file is in the result, byte for byte and in order.
      const eol = text.includes('\r\n') ? '\r\n' : '\n';
      let from = 0;
      for (const line of text.split(eol).filter((l) => l !== '')) {
        const at = added.indexOf(`${line}${eol}`, from);
        expect(at, `kept byte for byte: ${line}`).toBeGreaterThanOrEqual(0);
        from = at + line.length;
      }
      const changed = editor.write(added, {
        ...entry,
        ...(id === 'goose' ? { cmd: '/n2' } : { command: '/n2' }),
      });
      expect(changed.split(eol).filter((l) => !added.split(eol).includes(l))).toHaveLength(1);
      expect(editor.write(added, undefined)).toBe(text);
    },
  );
});
