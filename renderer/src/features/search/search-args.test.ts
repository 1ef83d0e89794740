import picomatch from 'picomatch';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSearchArguments, SEARCH_LIMITS } from '#shared/tools/search-by-time.js';
import { FILE_TYPE_GROUPS } from '#shared/tools/file-types.js';
import {
  buildArguments,
  buildNameGlob,
  checkForm,
  literalPattern,
  NAME_CONTAINS_MAX,
  SEARCH_FILE_TYPES,
} from './search-args.js';
import type { FormState } from './search-args.js';
import { fileTypeGroupName } from '#shared/i18n/file-types-words.js';

const base: FormState = {
  root: 'Documents',
  path: '',
  timeField: 'modified',
  from: '',
  to: '',
  preset: 'any',
  fileType: 'any',
  nameContains: '',
  glob: '',
  recursive: true,
  maxDepth: '',
  includeFiles: true,
  includeDirectories: false,
  includeUnknownTime: false,
  sort: 'time_desc',
  limit: '100',
  kinds: [],
  minSize: '',
  minUnit: 'MB',
  maxSize: '',
  maxUnit: 'MB',
};

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('buildArguments', () => {
  it('leaves empty fields out and passes the tool contract', () => {
    const args = buildArguments(base);
    expect(args).toEqual({
      timeField: 'modified',
      root: 'Documents',
      recursive: true,
      includeFiles: true,
      includeDirectories: false,
      sort: 'time_desc',
      limit: 100,
    });
    expect(() => parseSearchArguments(args)).not.toThrow();
  });

  it('sends local date-times with their offset, trimmed text and numbers', () => {
    process.env.TZ = 'Asia/Seoul';
    const args = buildArguments({
      ...base,
      path: ' reports/2025 ',
      glob: '*.pdf',
      from: '2025-12-01T00:00',
      to: '2025-12-15T09:30',
      maxDepth: '2',
      limit: '25',
      timeField: 'created',
      includeUnknownTime: true,
    });
    expect(args).toMatchObject({
      path: 'reports/2025',
      glob: '*.pdf',
      from: '2025-12-01T00:00:00+09:00',
      to: '2025-12-15T09:30:00+09:00',
      maxDepth: 2,
      limit: 25,
      includeUnknownTime: true,
    });
    const parsed = parseSearchArguments(args);
    expect(parsed.fromMs).toBe(Date.UTC(2025, 10, 30, 15, 0));
  });

  it('drops maxDepth when not recursive and includeUnknownTime unless searching by created time', () => {
    const args = buildArguments({
      ...base,
      recursive: false,
      maxDepth: '3',
      includeUnknownTime: true,
    });
    expect(args).not.toHaveProperty('maxDepth');
    expect(args).not.toHaveProperty('includeUnknownTime');
    expect(args.recursive).toBe(false);
  });

  it('passes an out-of-range limit through so the tool reports it', () => {
    const args = buildArguments({ ...base, limit: '5000' });
    expect(() => parseSearchArguments(args)).toThrow(/limit/);
  });
});

// The server's matcher for a pattern without "/" (search/matcher.ts compileGlob),
// case-sensitive as on Linux.
function serverMatch(glob: string): (name: string) => boolean {
  return picomatch(glob, { dot: true, basename: !glob.includes('/'), nocase: false });
}

describe('buildNameGlob', () => {
  it('is null when both say "anything"', () => {
    expect(buildNameGlob('any', '')).toBeNull();
    expect(buildNameGlob('any', '   ')).toBeNull();
  });

  it('finds a name part in any case, at any depth', () => {
    const glob = buildNameGlob('any', 'pdf');
    expect(glob).toBe('*[pP][dD][fF]*');
    const match = serverMatch(glob!);
    expect(match('report.PDF')).toBe(true);
    expect(match('pdf-notes.txt')).toBe(true);
    expect(match('archive/2024/My PdF scans.zip')).toBe(true);
    expect(match('report.txt')).toBe(false);
  });

  it('finds a file type whatever the case of its extension', () => {
    const match = serverMatch(buildNameGlob('images', '')!);
    expect(match('IMG_2041.JPG')).toBe(true);
    expect(match('photos/beach.jpg')).toBe(true);
    expect(match('scan.Png')).toBe(true);
    expect(match('notes.txt')).toBe(false);
    expect(match('jpg.txt')).toBe(false);
    expect(match('IMG_2041.JPG.bak')).toBe(false);
    expect(buildNameGlob('pdfs', '')).toBe('*.[pP][dD][fF]');
  });

  it('combines a name part and a type: both must hold', () => {
    const match = serverMatch(buildNameGlob('pdfs', 'invoice')!);
    expect(match('Invoice-March.PDF')).toBe(true);
    expect(match('2024/invoice.pdf')).toBe(true);
    expect(match('invoice.docx')).toBe(false);
    expect(match('receipt.pdf')).toBe(false);
  });

  it('offers every group of the folders’ chooser and the search’s own, each matching its types', () => {
    expect(SEARCH_FILE_TYPES.map((g) => fileTypeGroupName(g.id))).toEqual([
      'Documents',
      'Spreadsheets',
      'PDFs',
      'Images',
      'Presentations',
      'Audio',
      'Video',
      'Code',
      'Archives',
    ]);
    for (const group of SEARCH_FILE_TYPES) {
      const glob = buildNameGlob(group.id, '')!;
      expect(glob.length).toBeLessThanOrEqual(SEARCH_LIMITS.globMaxLength);
      const match = serverMatch(glob);
      for (const type of group.types) {
        expect(match(`a${type}`), `${group.id} ${type}`).toBe(true);
        expect(match(`A${type.toUpperCase()}`), `${group.id} ${type}`).toBe(true);
      }
      expect(match('a.nothing-like-it'), group.id).toBe(false);
    }
  });

  it.each([
    ['brackets', '[draft]', 'report [draft] v2.txt', 'report d v2.txt'],
    ['a closing bracket alone', 'a]b', 'xa]by', 'xaby'],
    ['stars', '*final*', 'my *final* copy', 'my final copy'],
    ['question marks', 'why?', 'why?.md', 'whyX.md'],
    ['braces and commas', '{a,b}', 'x{a,b}y', 'xay'],
    ['parentheses and bangs', '!(x)', 'note !(x).txt', 'note x.txt'],
    ['a caret, plus and at', '^+@', 'v^+@2', 'v2'],
    ['a pipe', 'a|b', 'a|b.txt', 'a.txt'],
    ['spaces', 'tax return', 'My Tax Return 2024.pdf', 'tax-return.pdf'],
    ['a backslash', 'a\\b', 'xa\\b', 'xab'],
    ['dots and dashes', 'v1.2-rc', 'app-v1.2-rc.zip', 'app-v1x2-rc.zip'],
    ['accented letters', 'été', 'Notes ÉTÉ 2024.txt', 'Notes ete 2024.txt'],
    ['Cyrillic', 'отчёт', 'Годовой ОТЧЁТ.docx', 'Годовой.docx'],
    ['CJK', '報告書', '2024年報告書.pdf', '2024年.pdf'],
    ['emoji', '🎉party', 'x 🎉PARTY.txt', 'x party.txt'],
    ['quotes', `"it's"`, `say "it's" ok`, 'say its ok'],
  ])('matches %s literally', (_what, text, hit, miss) => {
    const glob = buildNameGlob('any', text)!;
    const match = serverMatch(glob);
    expect(match(hit), `${glob} vs ${hit}`).toBe(true);
    expect(match(miss), `${glob} vs ${miss}`).toBe(false);
  });

  it('gives case classes only to letters with two cases', () => {
    expect(literalPattern('a1')).toBe('[aA]1');
    expect(literalPattern('*')).toBe('[*]');
    expect(literalPattern('報')).toBe('[報]');
    expect(literalPattern('🎉')).toBe('🎉');
  });

  it('stays within the server’s pattern length for the longest name and the largest group', () => {
    const longest = 'É'.repeat(NAME_CONTAINS_MAX);
    const widest = SEARCH_FILE_TYPES.reduce((a, b) => (a.types.length >= b.types.length ? a : b));
    const glob = buildNameGlob(widest.id, longest)!;
    expect(glob.length).toBeLessThanOrEqual(SEARCH_LIMITS.globMaxLength);
  });
});

describe('buildArguments with the name fields', () => {
  it('sends the built pattern, and a pattern typed under More options instead of it', () => {
    expect(buildArguments({ ...base, fileType: 'pdfs', nameContains: 'inv' }).glob).toBe(
      '*[iI][nN][vV]*.[pP][dD][fF]',
    );
    expect(
      buildArguments({ ...base, fileType: 'pdfs', nameContains: 'inv', glob: ' reports/*.md ' })
        .glob,
    ).toBe('reports/*.md');
    expect(() =>
      parseSearchArguments(buildArguments({ ...base, fileType: 'code', nameContains: '[x]' })),
    ).not.toThrow();
  });
});

describe('checkForm', () => {
  it('accepts the defaults', () => {
    expect(checkForm(base)).toEqual({});
  });

  it('flags a “To” that is not after “From”, on the To field', () => {
    expect(checkForm({ ...base, from: '2024-04-01T00:00', to: '2024-03-01T00:00' })).toEqual({
      to: '“To” must be later than “From”.',
    });
    expect(checkForm({ ...base, from: '2024-03-01T00:00', to: '2024-03-01T00:00' }).to).toBe(
      '“To” must be later than “From”.',
    );
    expect(checkForm({ ...base, from: '2024-03-01T00:00', to: '2024-04-01T00:00' })).toEqual({});
    expect(checkForm({ ...base, from: '', to: '2024-03-01T00:00' })).toEqual({});
  });

  it('flags numbers that are not whole or out of range', () => {
    for (const limit of ['0', '1001', '2.5', 'ten', '-3']) {
      expect(checkForm({ ...base, limit }).limit, limit).toBe(
        'Enter a whole number from 1 to 1,000.',
      );
    }
    expect(checkForm({ ...base, limit: '' })).toEqual({});
    expect(checkForm({ ...base, maxDepth: '257' }).maxDepth).toMatch(/0 to 256/);
    expect(checkForm({ ...base, maxDepth: '-1' }).maxDepth).toMatch(/0 to 256/);
    expect(checkForm({ ...base, maxDepth: '3' })).toEqual({});
    // Not searched inside subfolders: the depth is not used, so not checked.
    expect(checkForm({ ...base, recursive: false, maxDepth: 'x' })).toEqual({});
  });

  it('flags a name with a folder separator or too long, and nothing to include', () => {
    expect(checkForm({ ...base, nameContains: 'a/b' }).nameContains).toMatch(/cannot contain/);
    expect(
      checkForm({ ...base, nameContains: 'x'.repeat(NAME_CONTAINS_MAX + 1) }).nameContains,
    ).toMatch(/at most/);
    expect(checkForm({ ...base, includeFiles: false }).include).toBe(
      'Choose files, folders or both.',
    );
  });
});

describe('SEARCH_FILE_TYPES', () => {
  it("offers exactly the groups of the folders' file type chooser, in the same order", () => {
    expect(SEARCH_FILE_TYPES.map((t) => t.id)).toEqual(FILE_TYPE_GROUPS.map((g) => g.id));
  });
});

describe('kinds and sizes', () => {
  it('sends the kinds chosen and the sizes in bytes, and the tool accepts them', () => {
    const args = buildArguments({
      ...base,
      kinds: ['document', 'image'],
      minSize: '1.5',
      minUnit: 'KB',
      maxSize: '2',
      maxUnit: 'MB',
    });
    expect(args).toMatchObject({ kinds: ['document', 'image'], minSize: 1536, maxSize: 2097152 });
    expect(parseSearchArguments(args)).toMatchObject({ minSize: 1536, maxSize: 2097152 });
    expect(buildArguments(base)).not.toHaveProperty('kinds');
    expect(buildArguments(base)).not.toHaveProperty('minSize');
  });

  it('rounds a fraction of a byte inward, and accepts a decimal comma', () => {
    const args = buildArguments({ ...base, minSize: '0,001', minUnit: 'KB', maxSize: '0.001' });
    expect(args).toMatchObject({ minSize: 2, maxSize: 1048 });
  });

  it('flags a size that is not a number, and “At most” below “At least”', () => {
    expect(checkForm({ ...base, minSize: 'ten' })).toEqual({ minSize: expect.any(String) });
    expect(checkForm({ ...base, maxSize: '-1' })).toEqual({ maxSize: expect.any(String) });
    const wrongWay = {
      ...base,
      minSize: '2',
      minUnit: 'MB' as const,
      maxSize: '1',
      maxUnit: 'MB' as const,
    };
    expect(checkForm(wrongWay).maxSize).toContain('At least');
    expect(checkForm({ ...wrongWay, maxUnit: 'GB' })).toEqual({});
  });
});
