// FolderGate's entry in a JSON or JSONC config, edited through jsonc-parser so that comments,
// key order, indentation and trailing commas outside the entry stay exactly as they were.
import {
  createScanner,
  getNodeValue,
  modify,
  applyEdits,
  parseTree,
  printParseErrorCode,
} from 'jsonc-parser';
import type { Node, ParseError } from 'jsonc-parser';
import { ConfigSyntaxError, lineColumnAt } from './client-errors.js';
import { detectEol, detectIndent } from './config-text.js';
import type { ConfigEditor } from './config-editor.js';

/** What a client's own reader accepts beyond strict JSON. */
export interface JsonDialect {
  comments: boolean;
  trailingCommas: boolean;
}

function parseRoot(text: string, dialect: JsonDialect): Node | undefined {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, {
    allowTrailingComma: dialect.trailingCommas,
    disallowComments: !dialect.comments,
    allowEmptyContent: true,
  });
  const first = errors[0];
  if (first) {
    const at = lineColumnAt(text, first.offset);
    throw new ConfigSyntaxError(describe(printParseErrorCode(first.error)), at.line, at.column);
  }
  if (root && root.type !== 'object') {
    const at = lineColumnAt(text, root.offset);
    throw new ConfigSyntaxError('the file is not a JSON object', at.line, at.column);
  }
  return root;
}

function describe(code: string): string {
  // "CommaExpected" → "comma expected"
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/**
 * The object under `keys`. A key on the way that appears twice is refused: the client reads
 * only the last copy (JSON.parse), and which servers the person meant is theirs to say.
 */
function container(text: string, root: Node | undefined, keys: string[]): Node | undefined {
  let node = root;
  for (const [i, key] of keys.entries()) {
    if (!node) return undefined;
    const found = propertiesNamed(node, key);
    const second = found[1];
    if (second) {
      const at = lineColumnAt(text, second.offset);
      throw new ConfigSyntaxError(
        `"${keys.slice(0, i + 1).join('.')}" appears ${found.length} times, and the app reads only the last one`,
        at.line,
        at.column,
      );
    }
    node = found[0]?.children?.[1];
  }
  if (node && node.type !== 'object') {
    const at = lineColumnAt(text, node.offset);
    throw new ConfigSyntaxError(`"${keys.join('.')}" is not an object`, at.line, at.column);
  }
  return node;
}

/** The properties of object `node` named `key`, in file order (more than one: duplicates). */
function propertiesNamed(node: Node, key: string): Node[] {
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
 * An editor for FolderGate's entry under `keys` (an object of servers) in JSON, JSON with
 * comments, or JSONC: a file is refused only when the client's own reader would refuse it.
 */
export function createJsonEditor(keys: string[], name: string, dialect: JsonDialect): ConfigEditor {
  return {
    read(text) {
      const servers = container(text, parseRoot(text, dialect), keys);
      const value = servers && propertiesNamed(servers, name).at(-1)?.children?.[1];
      return value ? (getNodeValue(value) as unknown) : undefined;
    },
    copies(text) {
      const servers = container(text, parseRoot(text, dialect), keys);
      return servers ? propertiesNamed(servers, name).length : 0;
    },
    write(text, entry) {
      // Extra copies go first, the one the client reads (the last) is kept to be edited in
      // place; removing the entry removes every copy.
      const keep = entry === undefined ? 0 : 1;
      for (;;) {
        const servers = container(text, parseRoot(text, dialect), keys);
        const found = servers ? propertiesNamed(servers, name) : [];
        const property = found.length > keep ? found[0] : undefined;
        if (!servers || !property) break;
        const index = servers.children?.indexOf(property) ?? 0;
        text = removeProperty(text, property, servers.children?.[index - 1]);
      }
      if (entry === undefined) return text;
      const base = text.trim() === '' ? '{}' : text;
      // A file on one line (`~/.claude.json` as some tools write it) stays on one line: the
      // entry goes in compact, unformatted; any other file gets the entry in its own indentation.
      const oneLine = text.trim() !== '' && !text.trim().includes('\n');
      const edits = modify(base, [...keys, name], entry, {
        formattingOptions: oneLine ? undefined : { ...detectIndent(base), eol: detectEol(base) },
        // New entries go first: the edit then touches no line of another entry.
        getInsertionIndex: () => 0,
      });
      const out = applyEdits(base, edits);
      return text.trim() === '' && !out.endsWith('\n') ? `${out}${detectEol(text)}` : out;
    },
  };
}
