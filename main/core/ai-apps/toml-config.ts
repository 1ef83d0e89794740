// FolderGate's table in a TOML config (Codex's `[mcp_servers.foldergate]`). Written as its own
// table section, as Codex's documentation shows it: at the end of the file (or where our section
// already is), so no line of the person's file moves and no comment is separated from the table
// it labels; removed as that section, so `unregister` gives back the bytes the file had before.
// An entry written some other way (an inline table, dotted keys, an older FolderGate's root line)
// is edited with @decimalturn/toml-patch, which keeps the rest of the document's comments and
// layout. Every result is parsed again and checked before it is returned.
import { parse, patch, stringify } from '@decimalturn/toml-patch';
import { ConfigSyntaxError } from './client-errors.js';
import type { ConfigEditor } from './config-editor.js';
import { detectEol } from './config-text.js';
import { sameValue } from './entry-compare.js';

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

function load(text: string): Table {
  try {
    return parse(text) as Table;
  } catch (error) {
    const { line, column, message } = error as { line?: number; column?: number; message?: string };
    const reason = (message ?? String(error)).split('\n').pop()?.trim() || 'invalid TOML';
    throw new ConfigSyntaxError(
      reason,
      typeof line === 'number' ? line : null,
      typeof column === 'number' ? column + 1 : null,
    );
  }
}

/** The key path of a `[table]` header line (quotes and spaces normalised), or null. */
function headerPath(line: string): string[] | null {
  const match = /^\s*\[(?!\[)(.*)\]\s*(#.*)?$/.exec(line);
  if (!match) return null;
  const parts: string[] = [];
  for (const raw of match[1]!.split('.')) {
    const part = raw.trim();
    parts.push(/^".*"$|^'.*'$/.test(part) ? part.slice(1, -1) : part);
  }
  return parts;
}

/** True for a line of an array-of-tables header `[[…]]` (ends our section too). */
const isArrayHeader = (line: string): boolean => /^\s*\[\[/.test(line);

/** Lines with their end-of-line kept, so joining them gives the exact text back. */
function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/**
 * Where our `[key.name]` section is, as line indexes [start, end): from its header to its last
 * line of content (sub-tables `[key.name.…]` included); blank lines and comments just before the
 * next header stay with that header.
 */
function sectionOf(lines: string[], key: string, name: string): [number, number] | null {
  const isOurs = (path: string[] | null): boolean =>
    path !== null && path[0] === key && path[1] === name;
  const start = lines.findIndex((line) => {
    const path = headerPath(line);
    return isOurs(path) && path!.length === 2;
  });
  if (start < 0) return null;
  let end = start + 1;
  let lastContent = start + 1;
  for (; end < lines.length; end++) {
    const line = lines[end]!;
    const path = headerPath(line);
    if ((path !== null && !isOurs(path)) || isArrayHeader(line)) break;
    if (!/^\s*(#.*)?\r?\n?$/.test(line)) lastContent = end + 1;
  }
  return [start, lastContent];
}

/** `[key.name]` and its keys, as toml-patch writes them (env and other tables inline). */
function sectionText(key: string, name: string, entry: unknown, eol: string): string {
  const all = stringify({ [key]: { [name]: entry } }, { inlineTableStart: 2, newLine: eol });
  const at = all.indexOf(`[${key}.${name}]`);
  return at < 0 ? all : all.slice(at);
}

function withEntry(text: string, data: Table, key: string, name: string, entry: unknown): string {
  const eol = detectEol(text);
  const lines = linesOf(text);
  const section = sectionOf(lines, key, name);
  const body = sectionText(key, name, entry, eol);
  if (section) {
    // In place: the lines before and after our section keep their bytes.
    const [start, end] = section;
    const after = lines.slice(end).join('');
    const tail = after === '' ? '' : body.endsWith(eol) ? '' : eol;
    return lines.slice(0, start).join('') + body + tail + after;
  }
  const table = servers(data, key);
  let base = text;
  if (table && name in table) {
    // Written another way (a root line, dotted keys, inline): taken out with toml-patch first.
    delete table[name];
    base = patch(text, data, { inlineTableStart: 2 });
  }
  if (isInlineTable(base, key)) {
    // `key = { … }` cannot be extended by a section: ours goes inside, inline, like the rest.
    const again = load(base);
    again[key] = { ...(servers(again, key) ?? {}), [name]: entry };
    return patch(base, again, { inlineTableStart: 2 });
  }
  if (base.trim() === '') return body;
  const ended = base.endsWith('\n') ? base : `${base}${eol}`;
  return `${ended}${eol}${body}`;
}

/** True when `key` is defined as an inline table (`key = { … }`) at the top level. */
function isInlineTable(text: string, key: string): boolean {
  let top = true;
  for (const line of linesOf(text)) {
    if (headerPath(line) !== null || isArrayHeader(line)) top = false;
    if (top && new RegExp(`^\\s*"?${key}"?\\s*=\\s*\\{`).test(line)) return true;
  }
  return false;
}

function withoutEntry(text: string, data: Table, key: string, name: string): string {
  const lines = linesOf(text);
  const section = sectionOf(lines, key, name);
  if (section) {
    const [start, end] = section;
    const before = lines.slice(0, start).join('');
    const after = lines.slice(end).join('');
    if (after.trim() !== '') return before + after;
    // Ours was last: the blank line written before it goes with it.
    const eol = detectEol(text);
    return before.endsWith(`${eol}${eol}`) ? before.slice(0, -eol.length) : before;
  }
  const table = servers(data, key);
  if (!table || !(name in table)) return text;
  delete table[name];
  return patch(text, data, { inlineTableStart: 2 });
}

/** An editor for FolderGate's table under `key` in TOML. */
export function createTomlEditor(key: string, name: string): ConfigEditor {
  return {
    read(text) {
      return servers(load(text), key)?.[name];
    },
    // TOML refuses a table defined twice (so does the client's parser): load() throws.
    copies(text) {
      return servers(load(text), key)?.[name] === undefined ? 0 : 1;
    },
    write(text, entry) {
      const data = load(text); // a file the client cannot read is never edited
      const out =
        entry === undefined
          ? withoutEntry(text, data, key, name)
          : withEntry(text, data, key, name, entry);
      // What the client will read back: exactly the entry, or none.
      const check = servers(load(out), key)?.[name];
      if (entry === undefined ? check !== undefined : !sameValue(check, entry)) {
        throw new ConfigSyntaxError('the edited file would not read back as written', null, null);
      }
      return out;
    },
  };
}
