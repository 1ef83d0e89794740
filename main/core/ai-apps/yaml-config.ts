// FolderGate's entry in a YAML config: Goose's `extensions` map (keyed by name) and Continue's
// `mcpServers` list (the item named foldergate). Our entry's own lines are cut out of the text and
// written in, at the node ranges yaml's parser reports, so every other line keeps its bytes
// (spacing before a comment included: re-rendering the whole document with toString() changed
// `8b   # local` to `8b # local`). Where a splice cannot be made (a flow collection, a shape the
// ranges do not cover), yaml's Document API renders the document instead. Every result is parsed
// again and must read back as written.
import { isMap, isScalar, isSeq, parseDocument, stringify } from 'yaml';
import type { Document, Node as YamlNode } from 'yaml';
import { sameValue } from './entry-compare.js';
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

/** Offset of the start of the line holding `offset`. */
function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Offset just after the end of the line holding `offset` (its newline included). */
function lineEnd(text: string, offset: number): number {
  const at = text.indexOf('\n', offset);
  return at < 0 ? text.length : at + 1;
}

/** A block of YAML lines for `value`, each line indented by `indent` spaces. */
function block(value: unknown, indent: number, unit: number): string {
  const text = stringify(value, { lineWidth: 0, indent: unit });
  return text
    .split('\n')
    .map((line) => (line === '' ? line : ' '.repeat(indent) + line))
    .join('\n');
}

/** The range of lines [from, to) that `node` (a block item or pair value) spans. */
function linesOfNode(text: string, from: number, node: YamlNode): [number, number] | null {
  const end = node.range?.[1];
  if (end === undefined) return null;
  return [lineStart(text, from), lineEnd(text, Math.max(from, end - 1))];
}

/** Where the line of the top-level `key:` starts, or null when its position is not known. */
function keyLine(lf: string, doc: Document.Parsed, key: string): number | null {
  const pair = (doc.contents as { items: { key: YamlNode }[] }).items.find(
    (p) => isScalar(p.key) && p.key.value === key,
  );
  const start = pair?.key.range?.[0];
  return start === undefined ? null : lineStart(lf, start);
}

/** The column `offset` is at. */
const columnOf = (text: string, offset: number): number => offset - lineStart(text, offset);

/**
 * The edit as a splice of the LF text, or null when it cannot be made that way. `entry`
 * undefined removes every copy of ours.
 */
function splice(
  lf: string,
  doc: Document.Parsed,
  key: string,
  name: string,
  kind: 'map' | 'list',
  entry: unknown,
  unit: number,
): string | null {
  const node = doc.getIn([key], true) as YamlNode | undefined;
  const present = node !== undefined && !(isScalar(node) && node.value === null);
  if (!present) {
    if (entry === undefined) return lf;
    // Not there yet: the key and our entry go at the end, in block style.
    if (node !== undefined) return null; // `key:` with no value: rendered instead
    const value = kind === 'map' ? { [name]: entry } : [entry];
    const added = `${key}:\n${block(value, kind === 'map' ? unit : 0, unit)}`;
    if (lf.trim() === '') return added;
    return `${lf.endsWith('\n') ? lf : `${lf}\n`}${added}`;
  }
  if (kind === 'list') {
    if (!isSeq(node) || node.flow) return null;
    const ours = node.items.flatMap((item, i) =>
      isMap(item) && item.get('name') === name ? [i] : [],
    );
    const spans: [number, number][] = [];
    for (const i of ours) {
      const item = node.items[i] as YamlNode;
      const start = item.range?.[0];
      if (start === undefined) return null;
      const lines = linesOfNode(lf, start, item);
      if (!lines) return null;
      spans.push(lines);
    }
    const firstStart = (node.items[0] as YamlNode | undefined)?.range?.[0];
    const dashColumn =
      firstStart === undefined
        ? null
        : lf.slice(lineStart(lf, firstStart), firstStart).indexOf('-');
    if (dashColumn === null || dashColumn < 0) return null;
    const rendered = entry === undefined ? '' : block([entry], dashColumn, unit);
    if (entry === undefined) {
      if (spans.length === ours.length && ours.length === node.items.length) {
        // Ours was the only item: the key goes too (it was added with it).
        const from = keyLine(lf, doc, key);
        return from === null ? null : cut(lf, [[from, spans.at(-1)![1]]], '');
      }
      return cut(lf, spans, '');
    }
    if (spans.length > 0) {
      // In place of the last copy (the one the client reads); other copies go.
      return cut(lf, spans, rendered);
    }
    const last = node.items.at(-1) as YamlNode;
    const lastStart = last.range?.[0];
    if (lastStart === undefined) return null;
    const lastLines = linesOfNode(lf, lastStart, last);
    if (!lastLines) return null;
    const at = lastLines[1];
    const before = lf.slice(0, at);
    return `${before.endsWith('\n') ? before : `${before}\n`}${rendered}${lf.slice(at)}`;
  }
  if (!isMap(node) || node.flow) return null;
  const pairs = node.items;
  const index = pairs.findIndex((p) => isScalar(p.key) && p.key.value === name);
  const keyColumnOf = (p: (typeof pairs)[number]): number | null => {
    const start = (p.key as YamlNode | null)?.range?.[0];
    return start === undefined ? null : columnOf(lf, start);
  };
  const spanOf = (p: (typeof pairs)[number]): [number, number] | null => {
    const start = (p.key as YamlNode | null)?.range?.[0];
    const value = p.value as YamlNode | null;
    if (start === undefined || !value) return null;
    return linesOfNode(lf, start, value);
  };
  const column = pairs[0] ? keyColumnOf(pairs[0]) : null;
  if (column === null) return null;
  const rendered = entry === undefined ? '' : block({ [name]: entry }, column, unit);
  if (index >= 0) {
    const span = spanOf(pairs[index]!);
    if (!span) return null;
    if (entry === undefined && pairs.length === 1) {
      const from = keyLine(lf, doc, key);
      return from === null ? null : cut(lf, [[from, span[1]]], '');
    }
    return cut(lf, [span], rendered);
  }
  if (entry === undefined) return lf;
  const span = spanOf(pairs.at(-1)!);
  if (!span) return null;
  const before = lf.slice(0, span[1]);
  return `${before.endsWith('\n') ? before : `${before}\n`}${rendered}${lf.slice(span[1])}`;
}

/** `text` with each span removed, `insert` put where the last one was. */
function cut(text: string, spans: [number, number][], insert: string): string {
  let out = text;
  const sorted = [...spans].sort((a, b) => b[0] - a[0]);
  sorted.forEach(([from, to], i) => {
    out = out.slice(0, from) + (i === 0 ? insert : '') + out.slice(to);
  });
  return out;
}

/** What `text` holds as ours (the last copy in a list), as plain data. */
function readEntry(doc: Document.Parsed, key: string, name: string, kind: 'map' | 'list') {
  const data = doc.toJS() as Record<string, unknown> | null;
  if (kind === 'map') {
    return isMap(collection(doc, key, 'map'))
      ? (data?.[key] as Record<string, unknown>)[name]
      : undefined;
  }
  const index = listIndexes(doc, key, name).at(-1);
  return index === undefined ? undefined : (data?.[key] as unknown[])[index];
}

/** An editor for FolderGate's entry under `key`: a map keyed by name, or a list of named items. */
export function createYamlEditor(key: string, name: string, kind: 'map' | 'list'): ConfigEditor {
  return {
    read(text) {
      return readEntry(load(text), key, name, kind);
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
      collection(doc, key, kind); // a wrong shape is refused before anything is written
      const lf = withEol(text, '\n');
      const unit = /^( +)\S/m.exec(lf)?.[1]?.length ?? 2;
      const spliced = splice(lf, doc, key, name, kind, entry, unit);
      if (spliced !== null) {
        const check = load(spliced);
        const back = readEntry(check, key, name, kind);
        const copies = kind === 'list' ? listIndexes(check, key, name).length : back ? 1 : 0;
        if (entry === undefined ? copies === 0 : sameValue(back, entry) && copies === 1)
          return withEol(spliced, detectEol(text));
      }
      return rendered(doc, text, key, name, kind, entry);
    },
  };
}

/** The edit through yaml's Document API, the document rendered again (see the header). */
function rendered(
  doc: Document.Parsed,
  text: string,
  key: string,
  name: string,
  kind: 'map' | 'list',
  entry: unknown,
): string {
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
}
