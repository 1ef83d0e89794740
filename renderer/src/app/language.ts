// Which language the window speaks: the person's choice in Advanced › About, or the operating
// system's (the desktop app says which; in a browser, the browser's languages). Applied live.
// English comes with the window; another language's words are fetched (their own file) the first
// time they are needed, before the window speaks it.
import { useLayoutEffect } from 'react';
import { addLanguage, hasLanguage, setLanguage } from '#shared/i18n/i18n.js';
import { languageFor, type Language, type LanguageChoice } from '#shared/i18n/languages.js';

const CATALOGS: Record<Exclude<Language, 'en'>, () => Promise<object>> = {
  ko: () => import('#shared/i18n/ko/index.js').then((m) => m.ko),
};

/** The language `choice` stands for in this window. */
export function windowLanguage(
  choice: LanguageChoice,
  systemLanguages: readonly string[],
): Language {
  return languageFor(choice, systemLanguages.length > 0 ? systemLanguages : navigator.languages);
}

/** Makes `language`'s words available (fetching them once); English when they cannot be had. */
export async function loadLanguage(language: Language): Promise<Language> {
  if (language === 'en' || hasLanguage(language)) return language;
  try {
    addLanguage(language, await CATALOGS[language]());
    return language;
  } catch {
    return 'en';
  }
}

/** Speaks `language` from now on, and says so on <html lang>. */
function speak(language: Language): void {
  setLanguage(language);
  document.documentElement.lang = language;
}

/** Speaks `choice` (or the system's language) once its words are here. */
export async function applyLanguage(
  choice: LanguageChoice,
  systemLanguages: readonly string[],
): Promise<void> {
  speak(await loadLanguage(windowLanguage(choice, systemLanguages)));
}

/** Keeps the window's language in step with the settings. */
export function useLanguage(choice: LanguageChoice, systemLanguages: readonly string[]): void {
  useLayoutEffect(() => {
    const language = windowLanguage(choice, systemLanguages);
    // Already here (the usual case): at once, before the next paint; else when fetched.
    if (language === 'en' || hasLanguage(language)) speak(language);
    else void applyLanguage(choice, systemLanguages);
  }, [choice, systemLanguages]);
}
