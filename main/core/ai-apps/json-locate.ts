// Where FolderGate's entry is in a JSON or JSONC config, found in one pass over the text without
// building a tree of it: a client's file can be tens of megabytes (Claude Code keeps every
// project's history in ~/.claude.json), and a tree of every value costs tens of times the file
// in memory. The quick pass (json-scan.ts) reads a well-formed file; where it gives up,
// jsonc-parser's own visitor reads it, so a file is refused with the same error at the same place
// as jsonc-parser's parser gives. Only the offsets of the servers object and of the entries named
// FolderGate's are kept; a tree is built of the servers object alone (json-config.ts).
import { printParseErrorCode, visit } from 'jsonc-parser';
import type { ParseOptions } from 'jsonc-parser';
import { ConfigSyntaxError, lineColumnAt } from './client-errors.js';
import { scanEntry } from './json-scan.js';
import type { JsonDialect, JsonLocation } from './json-scan.js';

export type { JsonDialect, JsonLocation, Span } from './json-scan.js';

/** The options jsonc-parser reads `dialect` with. */
export function parseOptions(dialect: JsonDialect): ParseOptions {
  return {
    allowTrailingComma: dialect.trailingCommas,
    disallowComments: !dialect.comments,
    allowEmptyContent: true,
  };
}

function describe(code: string): string {
  // "CommaExpected" → "comma expected"
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

function syntaxError(text: string, offset: number, reason: string): ConfigSyntaxError {
  const at = lineColumnAt(text, offset);
  return new ConfigSyntaxError(reason, at.line, at.column);
}

/**
 * Finds the servers object under `key` and the entries named `name` in it, reading the text once
 * (the quick pass, json-scan.ts; jsonc-parser's visitor when that gives up). Throws
 * ConfigSyntaxError where the client's reader would refuse the file, where the root is not an
 * object, where `key` appears twice (the client reads only the last copy), or where its value is
 * not an object.
 */
export function locateEntry(
  text: string,
  key: string,
  name: string,
  dialect: JsonDialect,
): JsonLocation {
  return scanEntry(text, key, name, dialect) ?? visitEntry(text, key, name, dialect);
}

/** locateEntry with jsonc-parser's visitor: the same errors at the same places as its parser. */
export function visitEntry(
  text: string,
  key: string,
  name: string,
  dialect: JsonDialect,
): JsonLocation {
  const found: JsonLocation = { root: undefined, servers: undefined, copies: 0, entry: undefined };
  // Containers open around the next token; the root is at depth 0, its properties at 1.
  let depth = 0;
  let rootType: 'object' | 'other' | undefined;
  let rootOffset = 0;
  let keyCount = 0;
  let secondKey = 0;
  // The servers value: announced by its key, open (an object at depth 1), or done.
  let servers: 'none' | 'announced' | 'open' | 'done' = 'none';
  let serversStart = 0;
  let serversNotObject = false;
  let entry: 'none' | 'announced' | 'open' = 'none';
  let entryStart = 0;
  let firstError: { code: number; offset: number } | undefined;
  const stop = new Error('first error');

  const begin = (offset: number, isObject: boolean): void => {
    if (depth === 0 && rootType === undefined) {
      rootType = isObject ? 'object' : 'other';
      rootOffset = offset;
      if (isObject) found.root = { offset, end: offset, properties: 0 };
    }
    if (servers === 'announced' && depth === 1) {
      serversStart = offset;
      servers = isObject ? 'open' : 'done';
      serversNotObject = !isObject;
    }
    if (entry === 'announced' && depth === 2) {
      entryStart = offset;
      entry = 'open';
    }
  };
  const end = (endOffset: number): void => {
    if (depth === 0 && found.root) found.root.end = endOffset;
    if (servers === 'open' && depth === 1) {
      found.servers = { offset: serversStart, end: endOffset };
      servers = 'done';
    }
    if (entry === 'open' && depth === 2) {
      found.entry = { offset: entryStart, end: endOffset };
      entry = 'none';
    }
  };

  try {
    visit(
      text,
      {
        onObjectBegin: (offset) => {
          begin(offset, true);
          depth += 1;
        },
        onArrayBegin: (offset) => {
          begin(offset, false);
          depth += 1;
        },
        onObjectEnd: (offset, length) => {
          depth -= 1;
          end(offset + length);
        },
        onArrayEnd: (offset, length) => {
          depth -= 1;
          end(offset + length);
        },
        onLiteralValue: (_value, offset, length) => {
          begin(offset, false);
          end(offset + length);
        },
        onObjectProperty: (property, offset) => {
          if (depth === 1 && found.root) {
            found.root.properties += 1;
            if (property !== key) return;
            keyCount += 1;
            if (keyCount === 1) servers = 'announced';
            if (keyCount === 2) secondKey = offset;
          } else if (depth === 2 && servers === 'open' && property === name) {
            found.copies += 1;
            entry = 'announced';
          }
        },
        onError: (code, offset) => {
          firstError = { code, offset };
          throw stop;
        },
      },
      parseOptions(dialect),
    );
  } catch (error) {
    if (error !== stop) throw error;
  }
  if (firstError)
    throw syntaxError(text, firstError.offset, describe(printParseErrorCode(firstError.code)));
  if (rootType === 'other') throw syntaxError(text, rootOffset, 'the file is not a JSON object');
  if (keyCount > 1)
    throw syntaxError(
      text,
      secondKey,
      `"${key}" appears ${keyCount} times, and the app reads only the last one`,
    );
  if (serversNotObject) throw syntaxError(text, serversStart, `"${key}" is not an object`);
  return found;
}
