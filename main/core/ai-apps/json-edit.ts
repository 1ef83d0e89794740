// The edits FolderGate makes to a JSON or JSONC config, on the smallest text that holds them: the
// servers object alone to remove extra copies of the entry, and the lines around the entry to set
// it. The result is exactly jsonc-parser's modify() + applyEdits() on the whole file (the same
// edit, formatted the same way), without its parse of the whole file into a tree or its formatter
// re-joining the whole text once per formatting edit.
import { createScanner, format, parseTree } from 'jsonc-parser';
import type { Edit, FormattingOptions, Node, ParseOptions } from 'jsonc-parser';

/** The properties of object `node` named `key`, in file order (more than one: duplicates). */
export function propertiesNamed(node: Node, key: string): Node[] {
  return (node.children ?? []).filter((p) => p.children?.[0]?.value === key);
}

// jsonc-parser's SyntaxKind is a const enum, which verbatimModuleSyntax cannot import.
const COMMA_TOKEN = 5;

/** The next token after `from`, skipping whitespace and comments. */
function nextToken(text: string, from: number): { kind: number; offset: number } {
  const scanner = createScanner(text, true);
  scanner.setPosition(from);
  const kind: number = scanner.scan();
  return { kind, offset: scanner.getTokenOffset() };
}

/**
 * Removes one property and its comma, and its line when it stood alone on it; every comment
 * (even one between the previous property and ours) is kept.
 */
function removeProperty(text: string, property: Node, previous: Node | undefined): string {
  let start = property.offset;
  let end = property.offset + property.length;
  const after = nextToken(text, end);
  let commaBefore: number | null = null;
  if (after.kind === COMMA_TOKEN) end = after.offset + 1;
  else if (previous) {
    const comma = nextToken(text, previous.offset + previous.length);
    if (comma.kind === COMMA_TOKEN) commaBefore = comma.offset;
  }
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const rest = /^[ \t]*(\r?\n)?/.exec(text.slice(end)) ?? [''];
  if (/^[ \t]*$/.test(text.slice(lineStart, start)) && rest[1] !== undefined) {
    start = lineStart;
    end += rest[0].length;
  } else end += rest[0].length - (rest[1]?.length ?? 0);
  let out = text.slice(0, start) + text.slice(end);
  if (commaBefore !== null) out = out.slice(0, commaBefore) + out.slice(commaBefore + 1);
  return out;
}

/**
 * `servers` (the text of one JSON object, nothing around it) with the properties named `name`
 * removed, the first ones first, until `keep` are left. Nothing outside a removed property's
 * lines changes, so the object's text can be put back where it was.
 */
export function withoutCopies(
  servers: string,
  name: string,
  keep: number,
  options: ParseOptions,
): string {
  for (;;) {
    const tree = parseTree(servers, [], options);
    const found = tree ? propertiesNamed(tree, name) : [];
    const property = found.length > keep ? found[0] : undefined;
    if (!tree || !property) return servers;
    const index = tree.children?.indexOf(property) ?? 0;
    servers = removeProperty(servers, property, tree.children?.[index - 1]);
  }
}

/** An object in the text: where it starts, how many properties it has, its value under a name. */
export interface ObjectAt {
  offset: number;
  properties: number;
  /** The value of the property being set, when the object has it. */
  existing?: { offset: number; length: number };
}

/**
 * The edit jsonc-parser's modify() makes to set property `name` of `parent` to `value`, a new
 * property going first (getInsertionIndex 0): the value replaced, or the property inserted.
 */
export function propertyEdit(parent: ObjectAt, name: string, value: unknown): Edit {
  if (parent.existing) return { ...parent.existing, content: JSON.stringify(value) };
  const property = `${JSON.stringify(name)}: ${JSON.stringify(value)}`;
  return {
    offset: parent.offset + 1,
    length: 0,
    content: parent.properties === 0 ? property : `${property},`,
  };
}

/** Where the line holding `at` starts (after the \n or \r before it). */
function lineStart(text: string, at: number): number {
  if (at <= 0) return 0;
  return Math.max(text.lastIndexOf('\n', at - 1), text.lastIndexOf('\r', at - 1)) + 1;
}

/** Where the line holding `at` ends (at its \n or \r, or the end of the text). */
function lineEnd(text: string, at: number): number {
  const lf = text.indexOf('\n', at);
  const cr = text.indexOf('\r', at);
  const ends = [lf, cr].filter((i) => i >= 0);
  return ends.length === 0 ? text.length : Math.min(...ends);
}

/** Edits applied in one pass (jsonc-parser's applyEdits copies the whole text per edit). */
function applyAll(text: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.offset - b.offset);
  const parts: string[] = [];
  let at = 0;
  for (const edit of sorted) {
    parts.push(text.slice(at, edit.offset), edit.content);
    at = edit.offset + edit.length;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** jsonc-parser's withFormatting(): the edit applied and its lines formatted, as one edit. */
function formattedEdit(text: string, edit: Edit, options: FormattingOptions): Edit {
  const changed = applyAll(text, [edit]);
  let begin = edit.offset;
  let end = edit.offset + edit.content.length;
  if (edit.length === 0 || edit.content.length === 0) {
    begin = lineStart(changed, begin);
    end = lineEnd(changed, end);
  }
  const edits = format(
    changed,
    { offset: begin, length: end - begin },
    {
      ...options,
      keepLines: false,
    },
  );
  for (let i = edits.length - 1; i >= 0; i--) {
    const e = edits[i]!;
    begin = Math.min(begin, e.offset);
    end = Math.max(end, e.offset + e.length) + e.content.length - e.length;
  }
  const result = applyAll(changed, edits);
  const length = text.length - (result.length - end) - begin;
  return { offset: begin, length, content: result.substring(begin, end) };
}

/** The first line break in text[from, to), or -1. */
function firstBreak(text: string, from: number, to: number): number {
  const lf = text.indexOf('\n', from);
  const cr = text.indexOf('\r', from);
  const at = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
  return at >= 0 && at < to ? at : -1;
}

/**
 * The line ending the formatter writes: the first one of the whole text once edited (its
 * getEOL() looks there before the options), or none when the text has no line break.
 */
function documentEol(text: string, edit: Edit): string {
  let at = firstBreak(text, 0, edit.offset);
  if (at < 0) at = firstBreak(text, edit.offset + edit.length, text.length);
  if (at < 0) return '';
  if (text.charCodeAt(at) === 10) return '\n';
  return text.charCodeAt(at + 1) === 10 ? '\r\n' : '\r';
}

/**
 * `text` with `edit` applied and formatted as jsonc-parser's modify() formats it. Only the lines
 * the edit touches are handed to the formatter (it reads nothing else but the text's first line
 * ending, put before them), so the work is the size of those lines, plus one copy of the text.
 */
export function applyFormatted(text: string, edit: Edit, options: FormattingOptions): string {
  const from = lineStart(text, edit.offset);
  const to = lineEnd(text, edit.offset + edit.length);
  const eol = documentEol(text, edit);
  const lines = eol + text.slice(from, to);
  const shift = from - eol.length;
  const local = formattedEdit(lines, { ...edit, offset: edit.offset - shift }, options);
  return applyAll(text, [{ ...local, offset: local.offset + shift }]);
}
