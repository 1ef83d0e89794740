// Test fixtures: for each config format, a realistic file with other servers, other settings and
// (where the format has them) comments, plus a malformed file and the line its error is on.
// Shared by the client tests; not part of the app.
import fs from 'node:fs';
import path from 'node:path';
import type { ClientDescriptor } from '#core/ai-apps/client-descriptors.js';
import { createClientService } from '#core/ai-apps/client-service.js';
import type { ServerLauncher } from '#core/ai-apps/types.js';
import type { ClientService } from '#core/ai-apps/types.js';
import { SERVER_BUNDLE } from './repo.js';

/** The built server bundle (`npm run build` makes it). */
export { SERVER_BUNDLE };

/** A config file another program wrote, and a broken one. */
export interface Fixture {
  text: string;
  /** Lines that must survive byte for byte (comments and other entries). */
  kept: string[];
  malformed: string;
  /** 1-based line of the syntax error in `malformed`. */
  malformedLine: number;
}

function jsonFixture(key: string, jsonc: boolean): Fixture {
  const text = jsonc
    ? [
        '{',
        '    // Editor settings, hand-written',
        '    "editor.fontSize": 14,',
        `    "${key}": {`,
        '        "other": { "command": "npx", "args": ["-y", "other-server"] }, // keep me',
        '    },',
        '    /* the inputs */',
        '    "inputs": [],',
        '}',
        '',
      ].join('\n')
    : [
        '{',
        '  "theme": "dark",',
        `  "${key}": {`,
        '    "other": {',
        '      "command": "npx",',
        '      "args": ["-y", "other-server"]',
        '    }',
        '  },',
        '  "numbers": [1, 2, 3]',
        '}',
        '',
      ].join('\n');
  const kept = jsonc
    ? [
        '    // Editor settings, hand-written',
        '        "other": { "command": "npx", "args": ["-y", "other-server"] }, // keep me',
        '    /* the inputs */',
        '    "inputs": [],',
      ]
    : ['  "theme": "dark",', '      "args": ["-y", "other-server"]', '  "numbers": [1, 2, 3]'];
  return {
    text,
    kept,
    malformed: `{\n  "${key}": {\n    "other": {},,\n  }\n}\n`,
    malformedLine: 3,
  };
}

const TOML_FIXTURE: Fixture = {
  text: [
    '# Codex settings, hand-written',
    'model = "o3" # the model',
    '',
    '[mcp_servers.other]',
    'command = "npx"',
    'args = ["-y", "other-server"]',
    '',
    '[profiles.fast]',
    'model = "o4-mini"',
    '',
  ].join('\n'),
  kept: ['# Codex settings, hand-written', 'model = "o3" # the model', '[profiles.fast]'],
  // The parsers report the line where they noticed the problem.
  malformed: 'model = "o3"\n[mcp_servers\ncommand = "x"\n',
  malformedLine: 3,
};

const GOOSE_FIXTURE: Fixture = {
  text: [
    '# Goose settings, hand-written',
    'GOOSE_PROVIDER: openai',
    'extensions:',
    '  developer:',
    '    enabled: true',
    '    name: developer',
    '    type: builtin # built in',
    '    timeout: 300',
    'GOOSE_MODEL: gpt-4o',
    '',
  ].join('\n'),
  kept: ['# Goose settings, hand-written', '    type: builtin # built in', 'GOOSE_MODEL: gpt-4o'],
  malformed: 'GOOSE_PROVIDER: openai\nextensions:\n  developer: [1, 2\n',
  malformedLine: 4,
};

const CONTINUE_FIXTURE: Fixture = {
  text: [
    'name: My Assistant # mine',
    'version: 1.0.0',
    'schema: v1',
    'models:',
    '  - name: Llama',
    '    provider: ollama',
    '    model: llama3',
    'mcpServers:',
    '  # the other one',
    '  - name: other',
    '    command: npx',
    '    args:',
    '      - -y',
    '      - other-server',
    '',
  ].join('\n'),
  kept: ['name: My Assistant # mine', '  # the other one', '      - other-server'],
  malformed: 'name: x\nmcpServers:\n  - name: [a\n',
  malformedLine: 4,
};

/** The fixture for a client's format. */
export function fixtureFor(d: ClientDescriptor): Fixture {
  if (d.format === 'toml') return TOML_FIXTURE;
  if (d.format === 'yaml') return d.serversKind === 'list' ? CONTINUE_FIXTURE : GOOSE_FIXTURE;
  return jsonFixture(d.serversKey, d.format === 'jsonc');
}

/**
 * A client service on a temp HOME (only HOME is set, with `env`'s extra variables: nothing points
 * at the real ~), its launcher `launcher` (default: this Node, no environment).
 */
export function serviceFor(
  home: string,
  appDataDir: string,
  env: NodeJS.ProcessEnv = {},
  launcher: ServerLauncher = { command: process.execPath, args: [], env: {} },
): ClientService {
  return createClientService({
    appDataDir,
    serverBundle: SERVER_BUNDLE,
    launcher,
    platform: 'linux',
    env: { HOME: home, ...env },
    appVersion: '0.1.0',
  });
}

/** The backups FolderGate made beside `file`. */
export function backupsOf(file: string): string[] {
  const dir = path.dirname(file);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((n) => n.startsWith(`${path.basename(file)}.foldergate-backup-`))
    .sort();
}
