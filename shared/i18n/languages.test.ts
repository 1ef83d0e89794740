// Which language a person gets: their choice, else the first of their system's languages that
// FolderGate has (BCP 47 tags from Electron or the browser, POSIX locales from the environment).
import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatLocal } from './format.js';
import { setLanguage } from './i18n.js';
import { languageFor, posixLanguages } from './languages.js';
import './all-languages.js';

describe('the language', () => {
  it('is the choice when one is made, else the system’s first known language, else English', () => {
    expect(languageFor('ko', ['en-US'])).toBe('ko');
    expect(languageFor('en', ['ko-KR'])).toBe('en');
    expect(languageFor('system', ['ko-KR', 'en-US'])).toBe('ko');
    expect(languageFor('system', ['de-DE', 'ko'])).toBe('ko');
    expect(languageFor('system', ['ko_KR.UTF-8'])).toBe('ko');
    expect(languageFor('system', ['de-DE', 'fr'])).toBe('en');
    expect(languageFor('system', [])).toBe('en');
  });

  it('reads the POSIX environment in its order of precedence', () => {
    expect(posixLanguages({ LANG: 'ko_KR.UTF-8' })).toEqual(['ko_KR.UTF-8']);
    expect(posixLanguages({ LANGUAGE: 'de:ko', LANG: 'en_US.UTF-8' })).toEqual([
      'de',
      'ko',
      'en_US.UTF-8',
    ]);
    // LC_ALL overrides LANGUAGE; C and POSIX say nothing.
    expect(posixLanguages({ LANGUAGE: 'de', LC_ALL: 'ko_KR.UTF-8' })).toEqual(['ko_KR.UTF-8']);
    expect(posixLanguages({ LANG: 'C.UTF-8', LC_ALL: 'POSIX' })).toEqual(['C.UTF-8']);
    expect(languageFor('system', posixLanguages({ LANG: 'C' }))).toBe('en');
  });

  it('writes numbers, sizes and dates as the language does', () => {
    const iso = '2026-11-24T09:01:00.000Z';
    setLanguage('ko');
    try {
      expect(formatCount(1234)).toBe('1,234');
      expect(formatBytes(1536)).toBe('1.5 KB');
      expect(formatLocal(iso, '')).toMatch(/^2026년 11월 24일/);
    } finally {
      setLanguage('en');
    }
    expect(formatLocal(iso, '')).toMatch(/^Nov 24, 2026/);
  });
});
