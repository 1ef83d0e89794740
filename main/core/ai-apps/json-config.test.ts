// The JSON editor that reads a config in one pass (json-scan.ts, json-locate.ts) and edits only
// the lines it touches (json-edit.ts), held to the editor it replaced — a tree of the whole file
// and jsonc-parser's modify() on the whole text, kept below as the reference — on thousands of
// random files, valid and broken: the same entry, the same count, the same bytes written and the
// same error at the same line and column. The quick pass never accepts what jsonc-parser refuses.
import {
  applyEdits,
  createScanner,
  getNodeValue,
  modify,
  parseTree,
  printParseErrorCode,
} from 'jsonc-parser';
import type { Node, ParseError } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { createRng, propertySeeds, type Rng } from '#testing/property/property-tree.js';
import { ConfigSyntaxError, lineColumnAt } from './client-errors.js';
import { detectEol, detectIndent } from './config-text.js';
import type { ConfigEditor } from './config-editor.js';
import { createJsonEditor } from './json-config.js';
import { visitEntry, type JsonDialect } from './json-locate.js';
import { scanEntry } from './json-scan.js';

// ---------------------------------------------------------------------------------------------
// The reference: the editor as it was (a tree of the whole file per call, modify() on it).

function refRoot(text: string, dialect: JsonDialect): Node | undefined {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, {
    allowTrailingComma: dialect.trailingCommas,
    disallowComments: !dialect.comments,
    allowEmptyContent: true,
  });
  const first = errors[0];
  const fail = (offset: number, reason: string): never => {
    const at = lineColumnAt(text, offset);
    throw new ConfigSyntaxError(reason, at.line, at.column);
  };
  if (first)
    fail(
      first.offset,
      printParseErrorCode(first.error)
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase(),
    );
  if (root && root.type !== 'object') fail(root.offset, 'the file is not a JSON object');
  return root;
}

const named = (node: Node, key: string): Node[] =>
  (node.children ?? []).filter((p) => p.children?.[0]?.value === key);

function refContainer(text: string, root: Node | undefined, key: string): Node | undefined {
  if (!root) return undefined;
  const found = named(root, key);
  if (found[1]) {
    const at = lineColumnAt(text, found[1].offset);
    throw new ConfigSyntaxError(
      `"${key}" appears ${found.length} times, and the app reads only the last one`,
      at.line,
      at.column,
    );
  }
  const node = found[0]?.children?.[1];
  if (node && node.type !== 'object') {
    const at = lineColumnAt(text, node.offset);
    throw new ConfigSyntaxError(`"${key}" is not an object`, at.line, at.column);
  }
  return node;
}

function refNext(text: string, from: number): { kind: number; offset: number } {
  const scanner = createScanner(text, true);
  scanner.setPosition(from);
  const kind: number = scanner.scan();
  return { kind, offset: scanner.getTokenOffset() };
}

function refRemove(text: string, property: Node, previous: Node | undefined): string {
  let start = property.offset;
  let end = property.offset + property.length;
  const after = refNext(text, end);
  let commaBefore: number | null = null;
  if (after.kind === 5) end = after.offset + 1;
  else if (previous) {
    const comma = refNext(text, previous.offset + previous.length);
    if (comma.kind === 5) commaBefore = comma.offset;
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

function referenceEditor(key: string, name: string, dialect: JsonDialect): ConfigEditor {
  return {
    read(text) {
      const servers = refContainer(text, refRoot(text, dialect), key);
      const value = servers && named(servers, name).at(-1)?.children?.[1];
      return value ? (getNodeValue(value) as unknown) : undefined;
    },
    copies(text) {
      const servers = refContainer(text, refRoot(text, dialect), key);
      return servers ? named(servers, name).length : 0;
    },
    write(text, entry) {
      const keep = entry === undefined ? 0 : 1;
      for (;;) {
        const servers = refContainer(text, refRoot(text, dialect), key);
        const found = servers ? named(servers, name) : [];
        const property = found.length > keep ? found[0] : undefined;
        if (!servers || !property) break;
        const index = servers.children?.indexOf(property) ?? 0;
        text = refRemove(text, property, servers.children?.[index - 1]);
      }
      if (entry === undefined) return text;
      const base = text.trim() === '' ? '{}' : text;
      // A one-line file stays one line: the entry goes in compact, as modify() writes it unformatted.
      const oneLine = text.trim() !== '' && !text.trim().includes('\n');
      const edits = modify(base, [key, name], entry, {
        formattingOptions: oneLine ? undefined : { ...detectIndent(base), eol: detectEol(base) },
        getInsertionIndex: () => 0,
      });
      const out = applyEdits(base, edits);
      return text.trim() === '' && !out.endsWith('\n') ? `${out}${detectEol(text)}` : out;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Random config files: other settings of every kind, servers with our entry 0 to 3 times, in every
// layout (indented by spaces or tabs, one line, CRLF, comments and trailing commas where allowed).

const KEY = 'mcpServers';
const NAME = 'foldergate';
const DIALECTS: JsonDialect[] = [
  { comments: false, trailingCommas: false },
  { comments: true, trailingCommas: false },
  { comments: true, trailingCommas: true },
];

interface Layout {
  indent: string;
  eol: string;
  oneLine: boolean;
  comments: boolean;
  trailingCommas: boolean;
}

const STRINGS = [
  '',
  'plain',
  'é 한글 🙂',
  'quote " and \\ slash',
  'tab\tnew\nline',
  '\u0001',
  NAME,
  KEY,
];
const NUMBERS = ['0', '-1', '12.5', '-0.25e-3', '1E+9', '123456789012345678901234567890'];

function otherValue(rng: Rng, depth: number): unknown {
  const kind = rng.int(0, depth > 2 ? 3 : 5);
  if (kind === 0) return rng.pick(STRINGS);
  if (kind === 1) return rng.pick([true, false, null]);
  if (kind === 2 || kind === 3) return { raw: rng.pick(NUMBERS) };
  if (kind === 4) return Array.from({ length: rng.int(0, 3) }, () => otherValue(rng, depth + 1));
  return Object.fromEntries(
    Array.from({ length: rng.int(0, 3) }, () => [rng.pick(STRINGS), otherValue(rng, depth + 1)]),
  );
}

/** `value` written in `layout` (numbers as written, keys may repeat: a list of pairs). */
function print(rng: Rng, value: unknown, layout: Layout, level: number): string {
  if (value !== null && typeof value === 'object' && 'raw' in value)
    return String((value as { raw: string }).raw);
  if (value !== null && typeof value === 'object' && 'pairs' in value) {
    const pairs = (value as { pairs: [string, unknown][] }).pairs;
    return block(
      rng,
      '{',
      '}',
      pairs.map(([k, v]) => `${JSON.stringify(k)}: ${print(rng, v, layout, level + 1)}`),
      layout,
      level,
    );
  }
  if (Array.isArray(value))
    return block(
      rng,
      '[',
      ']',
      value.map((v) => print(rng, v, layout, level + 1)),
      layout,
      level,
    );
  if (value !== null && typeof value === 'object')
    return print(rng, { pairs: Object.entries(value) }, layout, level);
  return JSON.stringify(value);
}

function block(
  rng: Rng,
  open: string,
  close: string,
  items: string[],
  l: Layout,
  level: number,
): string {
  if (items.length === 0) return `${open}${close}`;
  const comment = (): string =>
    l.comments && rng.chance(0.15)
      ? rng.pick([' /* note */', ' // note' + l.eol + l.indent.repeat(level + 1)])
      : '';
  const trailing = l.trailingCommas && rng.chance(0.3) ? ',' : '';
  if (l.oneLine) return `${open}${items.map((i) => i + comment()).join(',')}${trailing}${close}`;
  const pad = l.eol + l.indent.repeat(level + 1);
  const lines = items.map(
    (item, i) => `${pad}${item}${i < items.length - 1 ? ',' : trailing}${comment()}`,
  );
  return `${open}${lines.join('')}${l.eol}${l.indent.repeat(level)}${close}`;
}

function randomConfig(rng: Rng, dialect: JsonDialect): string {
  const layout: Layout = {
    indent: rng.pick(['  ', '    ', '\t']),
    eol: rng.chance(0.3) ? '\r\n' : '\n',
    oneLine: rng.chance(0.2),
    comments: dialect.comments && rng.chance(0.6),
    trailingCommas: dialect.trailingCommas && rng.chance(0.6),
  };
  if (rng.chance(0.05)) return rng.pick(['', '  \n', dialect.comments ? '// nothing yet\n' : '\n']);
  const servers: [string, unknown][] = [];
  for (let i = rng.int(0, 3); i > 0; i--)
    servers.push([`other-${i}`, { command: 'npx', args: ['-y'] }]);
  for (let i = rng.pick([0, 0, 1, 1, 2, 3]); i > 0; i--)
    servers.splice(rng.int(0, servers.length), 0, [
      NAME,
      { command: `/bin/node-${i}`, env: { A: 'b' } },
    ]);
  const root: [string, unknown][] = [];
  for (let i = rng.int(0, 4); i > 0; i--) root.push([`setting${i}`, otherValue(rng, 0)]);
  if (!rng.chance(0.2)) root.splice(rng.int(0, root.length), 0, [KEY, { pairs: servers }]);
  const before = layout.comments && rng.chance(0.3) ? `// settings${layout.eol}` : '';
  const after = rng.chance(0.5) ? layout.eol : '';
  return `${before}${print(rng, { pairs: root }, layout, 0)}${after}`;
}

/** `text` broken (or not) by one random change of the kind hand edits make. */
function mutate(rng: Rng, text: string): string {
  const at = rng.int(0, text.length);
  const kind = rng.int(0, 3);
  if (kind === 0) return text.slice(0, at) + text.slice(at + 1);
  if (kind === 1) return text.slice(0, at);
  const inserted = rng.pick([
    ',',
    '{',
    '}',
    '[',
    ']',
    '"',
    ':',
    '/',
    '*',
    '\\',
    '0',
    '-',
    'x',
    '\u000b',
    '\u00a0',
    ' ',
    '\n',
    'true',
    '/* c */',
    '// c\n',
    `"${KEY}": 1,`,
    `"${NAME}": {},`,
  ]);
  return text.slice(0, at) + inserted + text.slice(at);
}

type Outcome = { value: unknown } | { error: string };

function outcome(run: () => unknown): Outcome {
  try {
    return { value: run() };
  } catch (error) {
    if (!(error instanceof ConfigSyntaxError)) throw error;
    return { error: `${error.reason} @${error.line}:${error.column}` };
  }
}

const ENTRY = { command: '/usr/bin/node', args: ['--expose-gc', '/a/index.js'], env: {} };

function compare(text: string, dialect: JsonDialect): void {
  const mine = createJsonEditor(KEY, NAME, dialect);
  const ref = referenceEditor(KEY, NAME, dialect);
  const context = `${JSON.stringify(dialect)} ${JSON.stringify(text)}`;
  expect(
    outcome(() => mine.read(text)),
    context,
  ).toEqual(outcome(() => ref.read(text)));
  expect(
    outcome(() => mine.copies(text)),
    context,
  ).toEqual(outcome(() => ref.copies(text)));
  expect(
    outcome(() => mine.write(text, ENTRY)),
    context,
  ).toEqual(outcome(() => ref.write(text, ENTRY)));
  expect(
    outcome(() => mine.write(text, undefined)),
    context,
  ).toEqual(outcome(() => ref.write(text, undefined)));
  // The quick pass finds what jsonc-parser's visitor finds, or gives up; never more.
  const quick = scanEntry(text, KEY, NAME, dialect);
  const slow = outcome(() => visitEntry(text, KEY, NAME, dialect));
  if ('error' in slow) expect(quick, context).toBeNull();
  else if (quick !== null) expect(quick, context).toEqual(slow.value);
}

describe('the JSON editor against the whole-file editor it replaced', () => {
  it.each(propertySeeds([1, 2, 3, 4]))(
    'seed %i: 250 random files per dialect, and each broken once',
    (seed) => {
      const rng = createRng(seed);
      let quick = 0;
      for (const dialect of DIALECTS)
        for (let n = 0; n < 250; n++) {
          const text = randomConfig(rng, dialect);
          compare(text, dialect);
          if (scanEntry(text, KEY, NAME, dialect) !== null) quick += 1;
          compare(mutate(rng, text), dialect);
        }
      // Well-formed files are read by the quick pass (the slow one only words what is wrong).
      expect(quick).toBeGreaterThan(600);
    },
  );

  it('writes the same bytes as the reference into a one-line file (kept one line) and an indented one', () => {
    const projects = Object.fromEntries(
      Array.from({ length: 300 }, (_, i) => [`/home/p/${i}`, { history: ['é', i], ok: true }]),
    );
    const oneLine = JSON.stringify({
      numStartups: 3,
      [KEY]: { other: { command: 'x' } },
      projects,
    });
    const indented = JSON.stringify(JSON.parse(oneLine), null, 2);
    for (const text of [oneLine, indented, indented.replace(/\n/g, '\r\n')])
      for (const dialect of DIALECTS) compare(text, dialect);
    const written = createJsonEditor(KEY, NAME, DIALECTS[0]!).write(oneLine, { command: 'node' });
    expect(written).not.toMatch(/[\r\n]/);
    expect(written.length - oneLine.length).toBe(`"${NAME}": {"command":"node"},`.length);
  });
});
