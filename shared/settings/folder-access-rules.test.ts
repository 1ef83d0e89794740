import { describe, expect, it } from 'vitest';
import {
  accessViewKey,
  ANY_APP,
  foldersFor,
  hasEnded,
  maySearch,
  nextAccessEnd,
  type AccessRule,
} from './folder-access-rules.js';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const WORK = { path: '/w', name: 'Work', apps: ['claude-desktop', 'cursor'] };
const PICTURES = { path: '/p', name: 'Pictures', apps: ['claude-desktop'] };
const SHARED: AccessRule & { path: string; name: string } = { path: '/s', name: 'Shared' };
const DOWNLOADS = { path: '/d', name: 'Downloads', until: '2026-03-10T13:00:00+01:00' };
const LATER = { path: '/l', name: 'Later', until: '2026-03-10T12:30:00Z' };
const ROOTS = [WORK, PICTURES, SHARED, DOWNLOADS, LATER];
const names = (roots: { name: string }[]) => roots.map((r) => r.name);

describe('foldersFor', () => {
  it('gives each app the folders allowed to all apps and those that name it', () => {
    const settings = { roots: ROOTS, defaultRoot: null };
    expect(names(foldersFor(settings, 'claude-desktop', NOW).roots)).toEqual([
      'Work',
      'Pictures',
      'Shared',
      'Later',
    ]);
    expect(names(foldersFor(settings, 'cursor', NOW).roots)).toEqual(['Work', 'Shared', 'Later']);
    expect(names(foldersFor(settings, 'zed', NOW).roots)).toEqual(['Shared', 'Later']);
  });

  it('gives a caller without identity only the folders allowed to all apps', () => {
    expect(names(foldersFor({ roots: ROOTS, defaultRoot: null }, null, NOW).roots)).toEqual([
      'Shared',
      'Later',
    ]);
  });

  it('gives the preview\'s "All apps" every folder whose time has not ended', () => {
    expect(names(foldersFor({ roots: ROOTS, defaultRoot: null }, ANY_APP, NOW).roots)).toEqual([
      'Work',
      'Pictures',
      'Shared',
      'Later',
    ]);
  });

  it('ends a folder for everyone at its time, to the millisecond', () => {
    const end = Date.parse(LATER.until);
    expect(maySearch(LATER, ANY_APP, end - 1)).toBe(true);
    expect(maySearch(LATER, ANY_APP, end)).toBe(false);
    expect(maySearch(LATER, 'cursor', end)).toBe(false);
    // "+01:00": 13:00 there is 12:00 UTC, already over at NOW.
    expect(hasEnded(DOWNLOADS, NOW)).toBe(true);
    expect(hasEnded({ until: 'not a time' }, 0)).toBe(true);
    expect(hasEnded(SHARED, Number.MAX_SAFE_INTEGER)).toBe(false);
  });

  it('keeps the default only when the caller may search it, else the first folder is', () => {
    const settings = { roots: ROOTS, defaultRoot: '/p' };
    expect(foldersFor(settings, 'claude-desktop', NOW).defaultRoot).toBe('/p');
    expect(foldersFor(settings, 'cursor', NOW).defaultRoot).toBeNull();
  });

  it('grants nothing through an id no app has', () => {
    const root = { path: '/x', name: 'X', apps: ['newer-app'] };
    expect(maySearch(root, 'cursor', NOW)).toBe(false);
    expect(maySearch(root, null, NOW)).toBe(false);
    expect(maySearch(root, 'newer-app', NOW)).toBe(true);
  });
});

describe('nextAccessEnd', () => {
  it('is the nearest end still to come', () => {
    expect(nextAccessEnd(ROOTS, NOW)).toBe(Date.parse(LATER.until));
    expect(nextAccessEnd(ROOTS, Date.parse(LATER.until))).toBeNull();
    expect(nextAccessEnd([SHARED], NOW)).toBeNull();
  });
});

describe('accessViewKey', () => {
  it('reads a plain settings object as foldersFor does', () => {
    const raw = JSON.parse(JSON.stringify({ roots: ROOTS })) as unknown;
    expect(accessViewKey(raw, 'cursor', NOW)).toBe('0,2,4');
    expect(accessViewKey(raw, 'claude-desktop', NOW)).toBe('0,1,2,4');
    expect(accessViewKey(raw, null, NOW)).toBe('2,4');
    expect(accessViewKey(raw, 'cursor', Date.parse(LATER.until))).toBe('0,2');
    expect(accessViewKey({ roots: 'nope' }, 'cursor', NOW)).toBe('');
    expect(accessViewKey(null, 'cursor', NOW)).toBe('');
  });
});
