// FolderGate's entry in a YAML config, edited through yaml's Document API (parseDocument, setIn,
// deleteIn, toString), which keeps comments, key order and styles of everything else: Goose's
// `extensions` map (keyed by name) and Continue's `mcpServers` list (the item named foldergate).
import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Document } from 'yaml';
import { ConfigSyntaxError } from './client-errors.js';
import type { ConfigEditor } from './config-editor.js';
import { detectEol, withEol } from './config-text.js';

function load(text: string): Document.Parsed {
  const doc = parseDocument(withEol(text, '\n'), { prettyErrors: true });
  const error = doc.errors[0];
  if (error) {
    const at = error.linePos?.[0];
    throw new ConfigSyntaxError(
      (error.message.split('\n')[0] ?? 'invalid YAML').replace(/ at line \d+, column \d+:?$/, ''),
      at?.line ?? null,
      at?.col ?? null,
    );
  }
  if (
    doc.contents !== null &&
    !isMap(doc.contents) &&
    !(isScalar(doc.contents) && doc.contents.value === null)
  )
    throw new ConfigSyntaxError('the file is not a YAML mapping', 1, 1);
  return doc;
}

function render(doc: Document.Parsed, original: string): string {
  const lf = withEol(original, '\n');
  const out = doc.toString({
    lineWidth: 0,
    // "key:\n- item" (sequences not indented under their key) is kept when the file uses it.
    indentSeq: !/^\S[^\n]*:[ \t]*\n-[ \t]/m.test(lf),
    indent: /^( +)\S/m.exec(lf)?.[1]?.length ?? 2,
  });
  return withEol(out, detectEol(original));
}

/** The collection under `key`, null when absent or empty; throws when it has another shape. */
function collection(doc: Document.Parsed, key: string, kind: 'map' | 'list'): unknown {
  const node = doc.getIn([key], true);
  if (node === undefined || (isScalar(node) && node.value === null)) return null;
  if (kind === 'map' ? isMap(node) : isSeq(node)) return node;
  throw new ConfigSyntaxError(
    `"${key}" is not a ${kind === 'map' ? 'mapping' : 'list'}`,
    null,
    null,
  );
}

/** The indexes of the list items named `name`, in file order (more than one: duplicates). */
function listIndexes(doc: Document.Parsed, key: string, name: string): number[] {
  const seq = collection(doc, key, 'list');
  if (!isSeq(seq)) return [];
  return seq.items.flatMap((item, i) => (isMap(item) && item.get('name') === name ? [i] : []));
}

/** An editor for FolderGate's entry under `key`: a map keyed by name, or a list of named items. */
export function createYamlEditor(key: string, name: string, kind: 'map' | 'list'): ConfigEditor {
  return {
    read(text) {
      const doc = load(text);
      const data = doc.toJS() as Record<string, unknown> | null;
      if (kind === 'map') {
        return isMap(collection(doc, key, 'map'))
          ? (data?.[key] as Record<string, unknown>)[name]
          : undefined;
      }
      const index = listIndexes(doc, key, name).at(-1);
      return index === undefined ? undefined : (data?.[key] as unknown[])[index];
    },
    // A map refuses a key written twice (load() throws: "Map keys must be unique"); a list may
    // hold two items of the same name.
    copies(text) {
      const doc = load(text);
      if (kind === 'list') return listIndexes(doc, key, name).length;
      const map = collection(doc, key, 'map');
      return isMap(map) && map.has(name) ? 1 : 0;
    },
    write(text, entry) {
      const doc = load(text);
      if (kind === 'map') {
        const map = collection(doc, key, 'map');
        if (entry === undefined) {
          if (!isMap(map) || !map.has(name)) return text;
          doc.deleteIn([key, name]);
        } else if (isMap(map)) doc.setIn([key, name], doc.createNode(entry));
        else doc.setIn([key], doc.createNode({ [name]: entry }));
        return render(doc, text);
      }
      const indexes = listIndexes(doc, key, name);
      // Every copy but the last (the one kept and edited in place) goes, the later ones first.
      const extra = entry === undefined ? indexes : indexes.slice(0, -1);
      for (const i of [...extra].reverse()) doc.deleteIn([key, i]);
      const last = indexes.at(-1);
      const index = entry === undefined || last === undefined ? -1 : last - extra.length;
      if (entry === undefined) {
        if (indexes.length === 0) return text;
      } else if (index >= 0) doc.setIn([key, index], doc.createNode(entry));
      else {
        const seq = collection(doc, key, 'list');
        if (isSeq(seq)) seq.add(doc.createNode(entry));
        else doc.setIn([key], doc.createNode([entry]));
      }
      return render(doc, text);
    },
  };
}
