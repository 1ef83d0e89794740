// FolderGate's entry in a JSON or JSONC config, edited so that comments, key order, indentation
// and trailing commas outside the entry stay exactly as they were. A config can be tens of
// megabytes: the file is read in one pass that builds no tree (json-locate.ts), and only the
// servers object and the lines of the entry are parsed or formatted (json-edit.ts).
import { parse, parseTree } from 'jsonc-parser';
import { detectEol, detectIndent } from './config-text.js';
import type { ConfigEditor } from './config-editor.js';
import { applyFormatted, propertiesNamed, propertyEdit, withoutCopies } from './json-edit.js';
import type { Edit } from 'jsonc-parser';
import type { ObjectAt } from './json-edit.js';
import { locateEntry, parseOptions } from './json-locate.js';
import type { JsonDialect, JsonLocation, Span } from './json-locate.js';

export type { JsonDialect } from './json-locate.js';

// The last text located, for the calls of one synchronous step (a read, then the write or the
// count of copies on the same text): forgotten at the next microtask, so a large file is
// never held after the step that read it.
let last: { id: string; text: string; location: JsonLocation } | undefined;

/**
 * An editor for FolderGate's entry `name` under `key` (an object of servers) in JSON, JSON with
 * comments, or JSONC: a file is refused only when the client's own reader would refuse it.
 */
export function createJsonEditor(key: string, name: string, dialect: JsonDialect): ConfigEditor {
  const id = JSON.stringify([key, name, dialect.comments, dialect.trailingCommas]);
  const options = parseOptions(dialect);

  const locate = (text: string): JsonLocation => {
    if (last?.id === id && last.text === text) return last.location;
    const location = locateEntry(text, key, name, dialect);
    if (last === undefined) queueMicrotask(() => (last = undefined));
    last = { id, text, location };
    return location;
  };

  /** The servers object, its properties counted and the entry's value found, if it has one. */
  const serversAt = (text: string, servers: Span): ObjectAt => {
    const tree = parseTree(text.slice(servers.offset, servers.end), [], options);
    const value = tree && propertiesNamed(tree, name)[0]?.children?.[1];
    return {
      offset: servers.offset,
      properties: tree?.children?.length ?? 0,
      ...(value
        ? { existing: { offset: servers.offset + value.offset, length: value.length } }
        : {}),
    };
  };

  /** The edit modify() makes: into the servers object, else a servers key first in the root. */
  const entryEdit = (text: string, location: JsonLocation, entry: unknown): Edit => {
    if (location.servers) return propertyEdit(serversAt(text, location.servers), name, entry);
    const servers = { [name]: entry };
    if (location.root) return propertyEdit(location.root, key, servers);
    // Only comments: the object goes before them, as modify() puts it.
    return { offset: 0, length: 0, content: JSON.stringify({ [key]: servers }) };
  };

  return {
    read(text) {
      const { entry } = locate(text);
      return entry
        ? (parse(text.slice(entry.offset, entry.end), [], options) as unknown)
        : undefined;
    },
    copies(text) {
      return locate(text).copies;
    },
    write(text, entry) {
      // Extra copies go first, the one the client reads (the last) is kept to be edited in
      // place; removing the entry removes every copy.
      const keep = entry === undefined ? 0 : 1;
      let location = locate(text);
      const { servers } = location;
      if (servers && location.copies > keep) {
        const inner = withoutCopies(text.slice(servers.offset, servers.end), name, keep, options);
        text = text.slice(0, servers.offset) + inner + text.slice(servers.end);
        const end = servers.offset + inner.length;
        location = { ...location, servers: { offset: servers.offset, end }, copies: keep };
      }
      if (entry === undefined) return text;
      const empty = text.trim() === '';
      const base = empty ? '{}' : text;
      const edit = entryEdit(base, empty ? locate(base) : location, entry);
      // A file on one line (`~/.claude.json` as some tools write it) stays on one line: the
      // entry goes in compact, unformatted; any other file gets the entry in its own indentation.
      if (!empty && !text.trim().includes('\n'))
        return base.slice(0, edit.offset) + edit.content + base.slice(edit.offset + edit.length);
      const out = applyFormatted(base, edit, { ...detectIndent(base), eol: detectEol(base) });
      return empty && !out.endsWith('\n') ? `${out}${detectEol(text)}` : out;
    },
  };
}
