import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  ToolError,
  formatToolError,
  isToolError,
  parseToolErrorText,
} from './errors.js';

// Every code of docs/contracts/error-codes.md (§3–§6), written out here so a dropped code fails the test.
const SEED_002_CODES = [
  'InvalidDateTime',
  'InvalidRange',
  'InvalidEnum',
  'LimitOutOfRange',
  'GlobTooLong',
  'PathTooLong',
  'CursorTooLong',
  'MaxDepthOutOfRange',
  'RootNotAllowed',
  'PathNotRelative',
  'PathTraversalDetected',
  'SymlinkEscapeDetected',
  'AccessDenied',
  'CursorInvalid',
  'CursorVersionMismatch',
  'CursorSortMismatch',
  'ScanLimitExceeded',
  'TimeoutExceeded',
  'IOFailure',
];

describe('ERROR_CODES', () => {
  it('contains every code of the error codes page', () => {
    for (const code of [...SEED_002_CODES, 'InvalidArgument']) {
      expect(ERROR_CODES, code).toContain(code);
    }
  });

  it('has no duplicates and only single-word codes', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    // NOT_FOUND is spelled as the logic tools' original contract names it (logic-tools.md §6).
    for (const code of ERROR_CODES) expect(code).toMatch(/^(?:[A-Z][A-Za-z]+|NOT_FOUND)$/);
  });
});

describe('ToolError', () => {
  it('keeps code, message, fix and the params (never in the text)', () => {
    const error = new ToolError('PathNotFound', 'gone.', 'Re-add it.', {
      about: 'allowed-folder',
      name: 'Docs',
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ToolError');
    expect(error.code).toBe('PathNotFound');
    expect(error.message).toBe('gone.');
    expect(error.fix).toBe('Re-add it.');
    expect(error.params).toEqual({ about: 'allowed-folder', name: 'Docs' });
    expect(formatToolError(error)).not.toContain('allowed-folder');
    expect(new ToolError('InvalidRange', 'm', 'f').params).toEqual({});
    expect(isToolError(error)).toBe(true);
    expect(isToolError(new Error('x'))).toBe(false);
    expect(isToolError({ code: 'InvalidRange', message: 'm', fix: 'f' })).toBe(false);
  });
});

describe('formatToolError', () => {
  it('gives exactly the 3 seed lines', () => {
    const text = formatToolError(
      new ToolError('InvalidRange', "'from' must not be later than 'to'.", "Set 'from' <= 'to'."),
    );
    expect(text).toBe(
      "ErrorCode: InvalidRange\nMessage: 'from' must not be later than 'to'.\nFix: Set 'from' <= 'to'.",
    );
    expect(text.split('\n')).toHaveLength(3);
  });

  it('folds newlines in message and fix into one line', () => {
    const text = formatToolError(
      new ToolError('InvalidArgument', 'first line\n  second line\r\nthird', 'do\nthis'),
    );
    expect(text.split('\n')).toEqual([
      'ErrorCode: InvalidArgument',
      'Message: first line second line third',
      'Fix: do this',
    ]);
  });

  it('folds CR, NEL, U+2028 and U+2029 too, so no reader sees a fourth line', () => {
    const text = formatToolError(
      new ToolError('PathNotFound', "'a\rb\u2028c\u2029d\u0085e' does not exist.", 'x\u2028y'),
    );
    expect(text.split(/\r\n|[\n\r\u0085\u2028\u2029]/)).toEqual([
      'ErrorCode: PathNotFound',
      "Message: 'a b c d e' does not exist.",
      'Fix: x y',
    ]);
  });

  it('accepts a plain object', () => {
    expect(formatToolError({ code: 'CursorInvalid', message: 'bad', fix: 'omit' })).toBe(
      'ErrorCode: CursorInvalid\nMessage: bad\nFix: omit',
    );
  });
});

describe('parseToolErrorText', () => {
  it('round-trips the 3-line form', () => {
    const error = new ToolError('PathNotRelative', "'path' must be relative: C:\\x.", "Use 'a/b'.");
    expect(parseToolErrorText(formatToolError(error))).toEqual({
      code: 'PathNotRelative',
      message: "'path' must be relative: C:\\x.",
      fix: "Use 'a/b'.",
    });
  });

  it('reads details after the 3 lines (a server that adds them)', () => {
    const text = `${formatToolError(new ToolError('IOFailure', 'm: x', 'f'))}\nline 4\nline 5`;
    expect(parseToolErrorText(text)).toEqual({
      code: 'IOFailure',
      message: 'm: x',
      fix: 'f',
      details: 'line 4\nline 5',
    });
  });

  it('round-trips a folded message', () => {
    const parsed = parseToolErrorText(
      formatToolError(new ToolError('InvalidEnum', 'a\nb', 'c\nd')),
    );
    expect(parsed).toEqual({ code: 'InvalidEnum', message: 'a b', fix: 'c d' });
  });

  it('keeps the code when the echoed message holds CR, U+2028, U+2029 or LF', () => {
    for (const echoed of ['a\rb', 'a\u2028b', 'a\u2029b', 'a\r\nb', '\r', 'x\nFix: fake\ny']) {
      const text = `ErrorCode: PathNotFound\nMessage: 'docs/${echoed}' does not exist.\nFix: Check it.`;
      expect(parseToolErrorText(text), JSON.stringify(echoed)).toEqual({
        code: 'PathNotFound',
        message: `'docs/${echoed}' does not exist.`,
        fix: 'Check it.',
      });
    }
    // As the server formats it (every line break folded to a space): a clean round trip.
    const formatted = formatToolError(
      new ToolError('PathNotFound', "'a\rb\u2028c\u2029d' does not exist.", 'Fix\u2028it.'),
    );
    expect(parseToolErrorText(formatted)).toEqual({
      code: 'PathNotFound',
      message: "'a b c d' does not exist.",
      fix: 'Fix it.',
    });
  });

  it('parses very long text, CRLF line ends and an empty message', () => {
    // 600,000 line-break characters: a parser that split on them and rejoined would be quadratic
    // (minutes); this one cuts at fixed prefixes (the test's own timeout is the bound).
    const long = `'${'\r\u2028x'.repeat(200_000)}' does not exist.`;
    expect(parseToolErrorText(`ErrorCode: PathTooLong\nMessage: ${long}\nFix: f`)).toEqual({
      code: 'PathTooLong',
      message: long,
      fix: 'f',
    });
    expect(parseToolErrorText('ErrorCode: X\r\nMessage: m\r\nFix: f\r\nd')).toEqual({
      code: 'X',
      message: 'm',
      fix: 'f',
      details: 'd',
    });
    expect(parseToolErrorText('ErrorCode: X\nMessage: \nFix: f')).toEqual({
      code: 'X',
      message: '',
      fix: 'f',
    });
  });

  it('rejects text that is not the 3-line form', () => {
    expect(parseToolErrorText('')).toBeNull();
    expect(parseToolErrorText('Invalid range.')).toBeNull();
    expect(parseToolErrorText('ErrorCode: X\nMessage: m')).toBeNull();
    expect(parseToolErrorText('Message: m\nErrorCode: X\nFix: f')).toBeNull();
    expect(parseToolErrorText('ErrorCode: X Y\nMessage: m\nFix: f')).toBeNull();
  });
});
