import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APPROVAL_ERROR_CODES } from '../approval/approval.js';
import {
  CLIENT_ERROR_CODES,
  IPC_ERROR_CODES,
  PAGE_ERROR_CODES,
  UNKNOWN_ERROR_CODE,
} from './error-codes.js';
import { ERROR_CODES } from './errors.js';
import { hasPersonError, PERSON_ERROR_CODES, personError } from './person-errors.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

// Every list of codes in the sources: a code added to any of them fails this test until the table
// has words for it.
const LISTED_CODES = [
  ...ERROR_CODES,
  ...APPROVAL_ERROR_CODES,
  ...Object.values(IPC_ERROR_CODES),
  ...Object.values(CLIENT_ERROR_CODES),
  ...Object.values(PAGE_ERROR_CODES),
  UNKNOWN_ERROR_CODE,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    // The message catalogs hold words (a file type group named "Code"), never error codes.
    if (name === 'node_modules' || name === 'dist' || name === 'i18n') return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

// Codes written as literals where an error is made (`new IpcError('X', …)`, `?? 'Unknown'` as an
// activity record's code), so a code that is in no list is caught too.
function literalCodes(): Set<string> {
  const codes = new Set<string>();
  const made = /new (?:IpcError|ToolError)\(\s*'([A-Za-z_]+)'/g;
  const fallback = /(?:errorCode|code):[^\n]*?\?\? '([A-Z][A-Za-z_]*)'|code: '([A-Z][A-Za-z_]*)',/g;
  for (const root of [
    'shared',
    'appdata',
    'search',
    'engine/src',
    'main',
    'mcp-server/src',
    'renderer/src',
  ]) {
    for (const file of sourceFiles(path.join(REPO, root))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(made)) codes.add(m[1]!);
      for (const m of text.matchAll(fallback)) codes.add((m[1] ?? m[2])!);
    }
  }
  return codes;
}

// Words the person should never have to know.
const JARGON =
  /\b(glob|root|roots|cursor|nextCursor|inclusive|exclusive|symbolic link|symlink|json|fs[._]search_by_time|logic_list|logic_get|stdio|ipc|payload|enum)\b/i;

// A plain sample of what each kind of code's message looks like (function entries read it).
function sample(code: string): { code: string; message: string; fix: string } {
  return { code, message: 'Something about the folder ‘Test’.', fix: 'Do something plain.' };
}

describe('the person-facing error table', () => {
  it('has words for every code in the source lists', () => {
    expect(Object.values(PAGE_ERROR_CODES)).toContain('MissingAccessKey');
    const missing = LISTED_CODES.filter((code) => !hasPersonError(code));
    expect(missing).toEqual([]);
  });

  it('has words for every code written as a literal where errors are made', () => {
    const literals = [...literalCodes()];
    expect(literals.length).toBeGreaterThan(20);
    expect(literals.filter((code) => !hasPersonError(code))).toEqual([]);
  });

  it('has no entry for a code that no source produces', () => {
    const known = new Set<string>([...LISTED_CODES, ...literalCodes()]);
    expect(PERSON_ERROR_CODES.filter((code) => !known.has(code))).toEqual([]);
  });

  it('speaks plainly: a title and a next step without jargon for every code', () => {
    for (const code of PERSON_ERROR_CODES) {
      const { title, fix } = personError(sample(code));
      expect(title.length, code).toBeGreaterThan(5);
      expect(fix.length, code).toBeGreaterThan(5);
      expect(`${title} ${fix}`, code).not.toMatch(JARGON);
      expect(title, code).not.toContain(code);
      expect(title, code).not.toMatch(/\.$/);
    }
  });

  it('never repeats the AI’s words for the errors the issue named', () => {
    const range = personError({
      code: 'InvalidRange',
      message: "'from' must not be later than 'to'.",
      fix: "Set 'from' <= 'to' (from inclusive, to exclusive; from == to is valid and matches nothing).",
    });
    expect(range).toEqual({
      title: 'The end of the time range is before its start',
      fix: 'Choose a “To” date after the “From” date, or clear one of them.',
    });
    const paused = personError({
      code: 'AccessPaused',
      message: 'AI access is paused in FolderGate.',
      fix: 'Ask the user to resume AI access in FolderGate, then call again.',
    });
    expect(paused.fix).not.toMatch(/ask the user|call again/i);
    const missing = personError({
      code: 'PathNotFound',
      message: "'reports/2031' does not exist.",
      fix: 'Check the spelling, or search from the root and use glob to find it.',
      params: { about: 'subfolder', name: 'reports/2031' },
    });
    expect(missing.title).toBe('“reports/2031” was not found');
    expect(missing.fix).not.toMatch(JARGON);
  });

  it('keeps the useful specifics from the error’s parts: a settings file’s line and column', () => {
    const error = personError({
      code: 'ClientConfigUnreadable',
      // The words are the parts' business alone: the message is never read back.
      message: 'Something else entirely.',
      fix: 'Open it in a text editor.',
      params: { file: '/home/ana/.config/app/settings.txt', line: 3, column: 7 },
    });
    expect(error.title).toBe('The app’s settings file has a mistake (line 3, column 7)');
    expect(error.fix).toContain('/home/ana/.config/app/settings.txt');
    expect(error.fix).toContain('fix line 3');
  });

  it('names a missing allowed folder, and a catalog problem as such', () => {
    expect(
      personError({
        code: 'PathNotFound',
        message: "The allowed folder 'Photos' does not exist anymore.",
        fix: '',
        params: { about: 'allowed-folder', name: 'Photos' },
      }).title,
    ).toBe('The folder “Photos” is no longer there');
    expect(
      personError({
        code: 'PathNotFound',
        message: 'The logic catalog folder configured in FolderGate does not exist.',
        fix: '',
        params: { about: 'logic-catalog' },
      }).title,
    ).toBe('The logic catalog folder was not found');
    // Without parts, the plain general title: the English message is not parsed.
    expect(
      personError({
        code: 'PathNotFound',
        message: "The allowed folder 'Photos' does not exist anymore.",
        fix: '',
      }).title,
    ).toBe('That subfolder was not found');
  });

  it('uses the app’s own sentence where it was written for people', () => {
    expect(
      personError({
        code: 'InvalidFolder',
        message: 'This folder does not exist.',
        fix: 'Choose an existing folder that is not already allowed.',
      }),
    ).toEqual({
      title: 'This folder does not exist',
      fix: 'Choose an existing folder that is not already allowed.',
    });
  });

  it('falls back to a generic title for a code it does not know', () => {
    expect(personError({ code: 'Brand-new', message: 'x', fix: 'Do y.' })).toEqual({
      title: 'Something went wrong',
      fix: 'Do y.',
    });
  });
});
