// FolderGate's table in a TOML config (Codex's [mcp_servers.foldergate]), edited with
// @decimalturn/toml-patch, which re-emits the existing document with its comments and layout and
// changes only what differs between the parsed and the updated data.
import { parse, patch } from '@decimalturn/toml-patch';
import { ConfigSyntaxError } from './client-errors.js';
import type { ConfigEditor } from './config-editor.js';
import { detectEol } from './config-text.js';

type Table = Record<string, unknown>;

function isTable(value: unknown): value is Table {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)
  );
}

function servers(data: Table, key: string): Table | undefined {
  const value = data[key];
  if (value === undefined) return undefined;
  if (!isTable(value)) throw new ConfigSyntaxError(`"${key}" is not a table`, null, null);
  return value;
}

/** An editor for FolderGate's table under `key` in TOML. */
export function createTomlEditor(key: string, name: string): ConfigEditor {
  const load = (text: string): Table => {
    try {
      return parse(text) as Table;
    } catch (error) {
      const { line, column, message } = error as {
        line?: number;
        column?: number;
        message?: string;
      };
      const reason = (message ?? String(error)).split('\n').pop()?.trim() || 'invalid TOML';
      throw new ConfigSyntaxError(
        reason,
        typeof line === 'number' ? line : null,
        typeof column === 'number' ? column + 1 : null,
      );
    }
  };
  return {
    read(text) {
      return servers(load(text), key)?.[name];
    },
    // TOML refuses a table defined twice (so does the client's parser): load() throws.
    copies(text) {
      return servers(load(text), key)?.[name] === undefined ? 0 : 1;
    },
    write(text, entry) {
      const data = load(text);
      const table = servers(data, key);
      if (entry === undefined) {
        if (!table || !(name in table)) return text;
        delete table[name];
      } else {
        data[key] = { ...(table ?? {}), [name]: entry };
      }
      // Depth 2 ([mcp_servers.foldergate]) becomes a table section; env stays an inline table.
      const out = patch(text, data, { inlineTableStart: 2 });
      return text.trim() === '' && !out.endsWith('\n') ? `${out}${detectEol(text)}` : out;
    },
  };
}
