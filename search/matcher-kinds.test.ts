// Kinds and sizes in the matcher the walk, the scan pool, the engine's index and the check of the
// engine's matches share: kinds narrow the folder's file types (never widen them), sizes are
// inclusive bounds, and with either no folder is listed.
import { describe, expect, it } from 'vitest';
import { SEARCH_KINDS, searchKindTypes } from '#shared/tools/file-types.js';
import { createMatcher, type MatchEntry, type MatchQuery } from './matcher.js';

const query = (overrides: Partial<MatchQuery>): MatchQuery => ({
  timeField: 'modified',
  fromMs: null,
  toMs: null,
  glob: null,
  includeFiles: true,
  includeDirectories: true,
  includeUnknownTime: false,
  fileTypes: null,
  kinds: null,
  minSize: null,
  maxSize: null,
  ...overrides,
});

const entry = (rel: string, size: number, isDirectory = false): MatchEntry => ({
  rel,
  isDirectory,
  stat: () => ({ size, mtimeMs: 1_700_000_000_000, birthtimeMs: 1_700_000_000_000 }),
});

const ENTRIES = [
  entry('docs', 0, true),
  entry('docs/report.PDF', 500),
  entry('docs/notes.md', 10),
  entry('photo.jpg', 2048),
  entry('song.mp3', 4096),
  entry('main.ts', 100),
  entry('README', 50),
  entry('.docx', 7),
];

function listed(q: MatchQuery): string[] {
  const matcher = createMatcher(q);
  return ENTRIES.filter((e) => matcher.candidateOf(e) !== null).map((e) => e.rel);
}

describe('kinds and sizes in the matcher', () => {
  it('keeps today’s answer when neither is given (folders listed when asked)', () => {
    expect(listed(query({}))).toEqual(ENTRIES.map((e) => e.rel));
  });

  it('lists files of the kinds asked for, by extension in any case, and no folder', () => {
    expect(listed(query({ kinds: ['document'] }))).toEqual(['docs/report.PDF', 'docs/notes.md']);
    expect(listed(query({ kinds: ['image', 'audio'] }))).toEqual(['photo.jpg', 'song.mp3']);
  });

  it('intersects kinds with the folder’s file types', () => {
    const q = query({ fileTypes: ['.pdf', '.jpg'], kinds: ['document', 'code'] });
    expect(listed(q)).toEqual(['docs/report.PDF']);
  });

  it('bounds sizes inclusively, and lists no folder with a size either', () => {
    expect(listed(query({ minSize: 100, maxSize: 2048 }))).toEqual([
      'docs/report.PDF',
      'photo.jpg',
      'main.ts',
    ]);
    expect(listed(query({ maxSize: 10 }))).toEqual(['docs/notes.md', '.docx']);
    expect(listed(query({ minSize: 0 }))).toEqual(ENTRIES.slice(1).map((e) => e.rel));
  });

  it('derives every kind from the chooser’s groups', () => {
    expect(searchKindTypes(['document'])).toEqual(
      ['.doc', '.docx', '.md', '.odt', '.pages', '.pdf', '.rtf', '.txt'].sort(),
    );
    for (const kind of SEARCH_KINDS) expect(searchKindTypes([kind]).length).toBeGreaterThan(0);
    const all = searchKindTypes(SEARCH_KINDS);
    expect(new Set(all).size).toBe(all.length);
  });
});
