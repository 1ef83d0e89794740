// Picks the config editor for a client's format and server-list shape.
import { CLIENT_ENTRY_NAME } from '#shared/clients/clients.js';
import type { ClientDescriptor } from './client-descriptors.js';
import type { ConfigEditor } from './config-editor.js';
import { createJsonEditor } from './json-config.js';
import { createTomlEditor } from './toml-config.js';
import { createYamlEditor } from './yaml-config.js';

/** The editor for FolderGate's entry in `descriptor`'s config file. */
export function editorFor(descriptor: ClientDescriptor): ConfigEditor {
  const key = descriptor.serversKey;
  switch (descriptor.format) {
    case 'json':
      return createJsonEditor(key, CLIENT_ENTRY_NAME, { comments: false, trailingCommas: false });
    case 'json-comments':
      return createJsonEditor(key, CLIENT_ENTRY_NAME, { comments: true, trailingCommas: false });
    case 'jsonc':
      return createJsonEditor(key, CLIENT_ENTRY_NAME, { comments: true, trailingCommas: true });
    case 'toml':
      return createTomlEditor(key, CLIENT_ENTRY_NAME);
    case 'yaml':
      return createYamlEditor(key, CLIENT_ENTRY_NAME, descriptor.serversKind);
  }
}
