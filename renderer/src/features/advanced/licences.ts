import type { Catalog } from '#shared/i18n/i18n.js';

// The open-source parts that ship inside FolderGate, with their licences (About › Licences). A
// test holds this list to package.json and to each package's own licence field.

/** One bundled package. */
export interface BundledPackage {
  name: string;
  licence: string;
  /** What it does in FolderGate (its words: the catalog's about.roles). */
  role: keyof Catalog['about']['roles'];
}

export const BUNDLED_PACKAGES: readonly BundledPackage[] = [
  { name: '@modelcontextprotocol/server', licence: 'Apache-2.0', role: 'mcp' },
  { name: '@modelcontextprotocol/core', licence: 'Apache-2.0', role: 'mcp' },
  { name: '@modelcontextprotocol/sdk', licence: 'MIT', role: 'mcp' },
  { name: 'react', licence: 'MIT', role: 'window' },
  { name: 'react-dom', licence: 'MIT', role: 'window' },
  { name: '@tanstack/react-virtual', licence: 'MIT', role: 'lists' },
  { name: 'zod', licence: 'MIT', role: 'checks' },
  { name: 'jsonc-parser', licence: 'MIT', role: 'json' },
  { name: '@decimalturn/toml-patch', licence: 'MIT', role: 'toml' },
  { name: 'yaml', licence: 'ISC', role: 'yaml' },
  { name: 'picomatch', licence: 'MIT', role: 'patterns' },
  { name: 'proper-lockfile', licence: 'MIT', role: 'lock' },
  { name: 'write-file-atomic', licence: 'ISC', role: 'atomic' },
  { name: 'i18next', licence: 'MIT', role: 'words' },
  { name: 'react-i18next', licence: 'MIT', role: 'words' },
  { name: 'electron-updater', licence: 'MIT', role: 'updates' },
  {
    name: 'simple-icons',
    licence: 'CC0-1.0',
    role: 'marks',
  },
];
