// The catalogs stay complete and in use: every key in both languages (plural forms as each
// language needs them), the same placeholders and tags on both sides, no key that no source file
// asks for, and Korean that is not English left untranslated.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './en/index.js';
import { ko } from './ko/index.js';
import { later as enLater } from './en/later.js';
import { nodeOnly as enNodeOnly } from './en/node-only.js';
import { nodeOnly as koNodeOnly } from './ko/node-only.js';
import { i18n, setLanguage, t } from './i18n.js';
import './all-languages.js';

const REPO = path.resolve(import.meta.dirname, '..', '..');
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every leaf of a catalog as "a.b.c" → text. */
function leaves(catalog: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of leaves(value as object, full)) out.set(k, v);
  }
  return out;
}

const EN = leaves({ ...en, ...enLater, ...enNodeOnly });
const KO = leaves({ ...ko, ...koNodeOnly });
/** A key without its plural suffix: what the code asks for. */
const base = (key: string): string => key.replace(PLURAL, '');
const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]!).sort();
const tags = (text: string): string[] => [...text.matchAll(/<(\d+)>/g)].map((m) => m[1]!).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (['node_modules', 'dist', '.build'].includes(name)) return [];
    if (/[\\/]shared[\\/]i18n[\\/](en|ko)$/.test(full)) return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The keys the code asks for: literal ones, and patterns for keys built from a variable. */
function usedKeys(): { literal: Set<string>; patterns: RegExp[] } {
  const literal = new Set<string>();
  const patterns: RegExp[] = [];
  const roots = ['renderer/src', 'shared', 'main', 'appdata'];
  for (const root of roots) {
    for (const file of sourceFiles(path.join(REPO, root))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:\bt|translate)\(\s*'([\w.-]+)'/g)) literal.add(m[1]!);
      for (const m of text.matchAll(/i18nKey="([\w.-]+)"/g)) literal.add(m[1]!);
      for (const m of text.matchAll(/(?:\bt|translate)\(\s*`([^`]+)`/g)) {
        const source = m[1]!
          .split(/\$\{[^}]+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[\\w-]+');
        patterns.push(new RegExp(`^${source}$`));
      }
      // A key handed on as data: { key: 'a.b', values }.
      for (const m of text.matchAll(/\bkey:\s*'([a-z]\w*(?:\.[\w-]+)+)'/g)) literal.add(m[1]!);
      // A key chosen by a condition: t(cond ? 'a.b' : 'a.c').
      for (const m of text.matchAll(
        /\?\s*'([a-z]\w*(?:\.[\w-]+)+)'\s*:\s*'([a-z]\w*(?:\.[\w-]+)+)'/g,
      )) {
        literal.add(m[1]!);
        literal.add(m[2]!);
      }
    }
  }
  return { literal, patterns };
}

describe('the message catalogs', () => {
  it('have every key in both languages, each with the plural forms its language needs', () => {
    const enBases = new Set([...EN.keys()].map(base));
    const koBases = new Set([...KO.keys()].map(base));
    expect([...enBases].filter((k) => !koBases.has(k))).toEqual([]);
    expect([...koBases].filter((k) => !enBases.has(k))).toEqual([]);
    // English needs "one" and "other" wherever a count chooses the words; Korean only "other".
    for (const key of EN.keys()) {
      if (key.endsWith('_one')) expect(EN.has(key.replace(/_one$/, '_other')), key).toBe(true);
      if (key.endsWith('_other')) expect(EN.has(key.replace(/_other$/, '_one')), key).toBe(true);
    }
    for (const key of KO.keys())
      expect(key.endsWith('_one'), `${key}: Korean has no "one"`).toBe(false);
    for (const key of enBases) {
      if (EN.has(`${key}_other`))
        expect(KO.has(`${key}_other`), `${key}_other in Korean`).toBe(true);
    }
  });

  it('give both languages the same placeholders and the same tags', () => {
    for (const [key, text] of KO) {
      const english = EN.get(key) ?? EN.get(`${base(key)}_other`) ?? EN.get(base(key));
      expect(english, key).toBeDefined();
      // English names an app's own things with {{owner}} ("Cursor's"); Korean says {{app}}.
      const same = (list: string[]) =>
        [...new Set(list.map((p) => (p === 'owner' ? 'app' : p)))].sort();
      expect(same(placeholders(text)), key).toEqual(same(placeholders(english!)));
      expect(tags(text), key).toEqual(tags(english!));
    }
  });

  it('hold no key that no source file asks for', () => {
    const { literal, patterns } = usedKeys();
    const unused = [...new Set([...EN.keys()].map(base))].filter(
      (key) => !literal.has(key) && !patterns.some((p) => p.test(key)),
    );
    expect(unused).toEqual([]);
    // And the code asks for no key the catalog lacks.
    const enBases = new Set([...EN.keys()].map(base));
    const missing = [...literal].filter(
      (key) =>
        /^[a-z]\w*\.[\w.-]+$/.test(key) && !enBases.has(key) && !/\.(js|ts|tsx|json)$/.test(key),
    );
    expect(missing).toEqual([]);
  });

  it('translate every sentence (a Korean text equal to the English one is a name or a format)', () => {
    const same = [...KO].filter(
      ([key, text]) => EN.get(key) === text && /[a-z]{3,} [a-z]{2,}/i.test(text),
    );
    expect(same.map(([key]) => key)).toEqual([]);
  });

  it('speak Korean as a Korean product writer writes it, not as a translation', () => {
    // Each pattern is a habit of translated Korean (docs/glossary-ko.md says the words to use).
    const habits: [RegExp, string][] = [
      [
        /\((이|가|을|를|은|는|과|와|으로)\)/,
        'a particle in brackets: the name takes its own (josa)',
      ],
      [/(고치기|연결|끊기|변경) 되돌리기/, '"Undo repair" word for word: "고치기 전으로 되돌리기"'],
      [/하는 때|멈추는 때/, '"When …" as a noun: "…하는 조건" or a sentence'],
      [
        /이날 이전|이날 이후/,
        '"(before)" / "(on or after)" word for word: "(이날 전까지)", "(이날부터)"',
      ],
      [/실행 취소/, 'Undo is "되돌리기"'],
      [/까닭/, 'a written-language word: "이유"'],
      [/에 대한 주의 사항/, '"warnings about": "알아 둘 점"'],
    ];
    const found = [...KO].flatMap(([key, text]) =>
      habits.filter(([habit]) => habit.test(text)).map(([, why]) => `${key}: ${why}`),
    );
    expect(found).toEqual([]);
    // "Missing" is a folder that cannot be found, not "none" (없음).
    expect(KO.get('folderRow.state.missing.label')).toBe('찾을 수 없음');
  });

  it('speak Korean with Korean plurals and numbers, and fall back to English for nothing', () => {
    setLanguage('ko');
    try {
      expect(t('shell.access.onDetail', { count: 1234 })).toBe(
        'AI 앱이 폴더 1,234개를 검색할 수 있습니다.',
      );
      expect(t('shell.nav.folders')).toBe('폴더');
      expect(i18n.language).toBe('ko');
    } finally {
      setLanguage('en');
    }
    expect(t('shell.access.onDetail', { count: 1 })).toBe('AI apps may search 1 folder.');
    expect(t('shell.access.onDetail', { count: 1234 })).toBe('AI apps may search 1,234 folders.');
  });
});
