// The open-source parts that ship inside FolderGate, with their licences (About › Licences). A
// test holds this list to package.json and to each package's own licence field.

/** One bundled package. */
export interface BundledPackage {
  name: string;
  licence: string;
  /** What it does in FolderGate, in a few words. */
  role: string;
}

export const BUNDLED_PACKAGES: readonly BundledPackage[] = [
  { name: '@modelcontextprotocol/sdk', licence: 'MIT', role: 'talks MCP with AI apps' },
  { name: 'react', licence: 'MIT', role: 'draws the window' },
  { name: 'react-dom', licence: 'MIT', role: 'draws the window' },
  { name: '@tanstack/react-virtual', licence: 'MIT', role: 'long lists in Activity' },
  { name: 'zod', licence: 'MIT', role: 'checks every message and setting' },
  { name: 'jsonc-parser', licence: 'MIT', role: 'edits AI apps’ JSON settings, comments kept' },
  { name: '@decimalturn/toml-patch', licence: 'MIT', role: 'edits Codex’s TOML settings' },
  { name: 'yaml', licence: 'ISC', role: 'edits Goose’s YAML settings' },
  { name: 'picomatch', licence: 'MIT', role: 'name patterns in searches' },
  { name: 'proper-lockfile', licence: 'MIT', role: 'one writer of each settings file' },
  { name: 'write-file-atomic', licence: 'ISC', role: 'never half-written files' },
  {
    name: 'simple-icons',
    licence: 'CC0-1.0',
    role: 'the AI apps’ marks (each mark its owner’s trademark)',
  },
];
