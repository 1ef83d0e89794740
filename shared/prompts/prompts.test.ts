// The prompts as both the server and the window list them: names, arguments, the message with the
// search's arguments filled, periods in the person's zone, kinds as patterns, completion, errors,
// in English and Korean.
import { describe, expect, it } from 'vitest';
import { promptWords as EN } from '../i18n/en/prompts.js';
import { promptWords as KO } from '../i18n/ko/prompts.js';
import { fill } from './fill.js';
import { kindTypesIn, typesGlob } from './prompt-kinds.js';
import { localDateTime, parsePeriod, periodRange } from './prompt-periods.js';
import {
  completePrompt,
  getPrompt,
  listPrompts,
  PromptError,
  type PromptSettings,
} from './prompts.js';

const settings = (over: Partial<PromptSettings> = {}): PromptSettings => ({
  roots: [{ name: 'Documents' }, { name: 'Projects', fileTypes: ['.pdf', '.md'] }],
  language: 'en',
  promptsOn: true,
  searchOn: true,
  ...over,
});
// A Thursday, 15:30 local time.
const now = new Date(2026, 10, 26, 15, 30);
const context = { now, toolName: 'fs.search_by_time' };

/** The search arguments the message asks for, in order. */
function calls(text: string): Record<string, unknown>[] {
  return text
    .split('\n\n')
    .filter((part) => part.startsWith('{'))
    .map((part) => JSON.parse(part) as Record<string, unknown>);
}

function thrown(run: () => unknown): PromptError {
  try {
    run();
  } catch (error) {
    if (error instanceof PromptError) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe('prompts', () => {
  it('lists three prompts with localized titles and arguments naming the folders', () => {
    const en = listPrompts(settings());
    expect(en.map((p) => [p.name, p.title, p.arguments.map((a) => a.name)])).toEqual([
      ['recent_files', 'Recent files', ['folder', 'period']],
      ['what_changed', 'What changed', ['period']],
      ['find_documents', 'Find documents', ['kind', 'period']],
    ]);
    expect(en[0]!.arguments[0]!.description).toBe(
      'The allowed folder to look in: Documents, Projects.',
    );
    const ko = listPrompts(settings({ language: 'ko' }));
    expect(ko.map((p) => p.title)).toEqual(['최근 파일', '바뀐 내용 살펴보기', '문서 찾기']);
    expect(ko[0]!.arguments[1]!.description).toMatch(/^기간: 오늘, 어제, 이번 주/);
    expect(listPrompts(settings({ promptsOn: false }))).toEqual([]);
    expect(listPrompts(settings({ searchOn: false }))).toEqual([]);
  });

  it('fills the search for recent_files from the folder and the period, in local time', () => {
    const answer = getPrompt(
      settings(),
      'recent_files',
      { folder: 'documents', period: 'this week' },
      context,
    );
    const text = answer.messages[0]!.content.text;
    expect(calls(text)).toEqual([
      {
        root: 'Documents',
        timeField: 'modified',
        from: localDateTime(new Date(2026, 10, 23)),
        sort: 'time_desc',
      },
    ]);
    expect(text).toMatch(
      /^Show me the files changed in my folder "Documents", newest first\. Period: this week \(since Monday, 23 November 2026\)\./,
    );
    expect(text).toContain("Use FolderGate's tool fs.search_by_time with these arguments:");
    expect(text).toMatch(/may ask me to approve/);
  });

  it('speaks Korean under a Korean setting and reads Korean periods and kinds', () => {
    const answer = getPrompt(
      settings({ language: 'ko' }),
      'find_documents',
      { kind: '문서', period: '어제' },
      context,
    );
    const text = answer.messages[0]!.content.text;
    expect(text).toMatch(
      /^내 폴더에서 바뀐 문서 파일을 찾아 줘\. 기간: 어제\(2026년 11월 25일 수요일부터/,
    );
    expect(text).toContain('FolderGate의 도구 fs.search_by_time을 아래 폴더마다');
    const [documents, projects] = calls(text);
    expect(documents).toMatchObject({
      root: 'Documents',
      from: localDateTime(new Date(2026, 10, 25)),
      to: localDateTime(new Date(2026, 10, 26)),
    });
    expect(String(documents!.glob)).toContain('[dD][oO][cC][xX]');
    // Projects shows AI apps PDFs and Markdown only: the search asks for those.
    expect(projects!.glob).toBe('*.{[mM][dD],[pP][dD][fF]}');
  });

  it('refuses bad arguments with a code, a sentence and a fix, in the person language', () => {
    const folder = thrown(() =>
      getPrompt(
        settings({ language: 'ko' }),
        'recent_files',
        { folder: 'Screen', period: '오늘' },
        context,
      ),
    );
    expect(folder.code).toBe('RootNotAllowed');
    expect(folder.message).toBe('허용한 폴더 중에 Screen이 없습니다.');
    expect(folder.fix).toBe('허용한 폴더 중 하나를 쓰세요: Documents, Projects');
    const period = thrown(() =>
      getPrompt(settings(), 'what_changed', { period: 'someday' }, context),
    );
    expect([period.code, period.message]).toEqual([
      'InvalidArgument',
      '"someday" is not a period FolderGate knows.',
    ]);
    expect(thrown(() => getPrompt(settings(), 'what_changed', {}, context)).message).toBe(
      'The argument "period" is missing.',
    );
    expect(thrown(() => getPrompt(settings(), 'nope', {}, context)).code).toBe('InvalidArgument');
    expect(
      thrown(() =>
        getPrompt(settings({ promptsOn: false }), 'what_changed', { period: 'today' }, context),
      ).code,
    ).toBe('ToolDisabled');
    expect(
      thrown(() =>
        getPrompt(
          settings({ roots: [{ name: 'Pics', fileTypes: ['.jpg'] }] }),
          'find_documents',
          { kind: 'pdfs', period: 'today' },
          context,
        ),
      ).message,
    ).toBe('None of your allowed folders lets AI apps see PDFs.');
  });

  it('completes folders, periods and kinds by prefix in any case', () => {
    expect(completePrompt(settings(), 'recent_files', 'folder', 'pro')).toEqual(['Projects']);
    expect(completePrompt(settings(), 'recent_files', 'folder', '')).toEqual([
      'Documents',
      'Projects',
    ]);
    expect(completePrompt(settings(), 'what_changed', 'period', 'THIS')).toEqual([
      'this week',
      'this month',
    ]);
    expect(completePrompt(settings({ language: 'ko' }), 'what_changed', 'period', '최근')).toEqual([
      '최근 7일',
      '최근 30일',
    ]);
    // English words still complete under Korean when nothing Korean starts so.
    expect(completePrompt(settings({ language: 'ko' }), 'what_changed', 'period', 'yes')).toEqual([
      'yesterday',
    ]);
    expect(completePrompt(settings(), 'find_documents', 'kind', 'p')).toEqual([
      'presentations',
      'PDFs',
    ]);
    expect(completePrompt(settings(), 'find_documents', 'folder', '')).toEqual([]);
    expect(completePrompt(settings({ promptsOn: false }), 'recent_files', 'folder', '')).toEqual(
      [],
    );
  });
});

describe('periods', () => {
  const words = [EN.periods, KO.periods];
  it('reads named periods, last N days and dates in both languages', () => {
    expect(parsePeriod(' Last_7_Days ', words)).toEqual({ kind: 'named', period: 'last_7_days' });
    expect(parsePeriod('지난 달', words)).toEqual({ kind: 'named', period: 'last_month' });
    expect(parsePeriod('최근 10일', words)).toEqual({ kind: 'days', days: 10 });
    expect(parsePeriod('last 400 days', words)).toBeNull();
    expect(parsePeriod('2026-02-30', words)).toBeNull();
    expect(periodRange({ kind: 'date', year: 2026, month: 3, day: 1 }, now)).toEqual({
      from: new Date(2026, 2, 1),
      to: new Date(2026, 2, 2),
    });
    expect(periodRange({ kind: 'named', period: 'last_month' }, now)).toEqual({
      from: new Date(2026, 9, 1),
      to: new Date(2026, 10, 1),
    });
  });

  it('writes local times with their offset', () => {
    expect(localDateTime(new Date(2026, 0, 5, 7, 8, 9))).toMatch(
      /^2026-01-05T07:08:09[+-]\d{2}:\d{2}$/,
    );
  });
});

describe('kinds and words', () => {
  it('match a kind in any case, within what a folder shows', () => {
    expect(kindTypesIn('documents', undefined)).toContain('.pdf');
    expect(typesGlob(['.7z', '.tar'])).toBe('*.{7[zZ],[tT][aA][rR]}');
  });

  it('fill placeholders with Korean particles, and both languages have the same words', () => {
    expect(fill('{{a, josa(p:을/를)}} {{b}}', { a: 'Cursor', b: 1 })).toBe('Cursor를 1');
    const keys = (o: object, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'string' ? [`${p}${k}`] : keys(v as object, `${p}${k}.`),
      );
    expect(keys(KO)).toEqual(keys(EN));
  });
});
