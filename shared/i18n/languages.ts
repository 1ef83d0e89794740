// The languages FolderGate speaks, and which one a person gets: their choice in Advanced › About,
// or (the default, "system") the first of their operating system's languages FolderGate has.

/** Languages with a complete catalog (shared/i18n/en, shared/i18n/ko). English is the fallback. */
export const LANGUAGES = ['en', 'ko'] as const;
/** @see LANGUAGES */
export type Language = (typeof LANGUAGES)[number];

/** What the settings hold: a language, or "follow the system". */
export const LANGUAGE_CHOICES = ['system', ...LANGUAGES] as const;
/** @see LANGUAGE_CHOICES */
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number];

/** Each language's own name, as its speakers write it (shown in the language choice). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ko: '한국어' };

const isLanguage = (value: string): value is Language =>
  (LANGUAGES as readonly string[]).includes(value);

/**
 * The language to speak: the choice when it is one, else the first of `preferred` (BCP 47 tags
 * such as "ko-KR", or POSIX locales such as "ko_KR.UTF-8") FolderGate has; English otherwise.
 */
export function languageFor(choice: LanguageChoice, preferred: readonly string[]): Language {
  if (choice !== 'system') return choice;
  for (const tag of preferred) {
    const base =
      tag
        .trim()
        .toLowerCase()
        .split(/[-_.@]/)[0] ?? '';
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/**
 * A POSIX environment's languages, most wanted first: `LANGUAGE` (a colon list, GNU), then
 * `LC_ALL`, `LC_MESSAGES`, `LANG`; "C" and "POSIX" say nothing.
 */
export function posixLanguages(env: Readonly<Record<string, string | undefined>>): string[] {
  const tags = [
    ...(env.LC_ALL ? [] : (env.LANGUAGE ?? '').split(':')),
    env.LC_ALL,
    env.LC_MESSAGES,
    env.LANG,
  ];
  return tags.filter(
    (tag): tag is string => tag !== undefined && tag !== '' && tag !== 'C' && tag !== 'POSIX',
  );
}

/** The BCP 47 tag `Intl` formats with for a language. */
export function intlLocale(language: Language): string {
  return language === 'ko' ? 'ko-KR' : 'en-US';
}

/** The product's name, the same in every language. */
export const APP_NAME = 'FolderGate';
