// Which language the window speaks: the person's choice in Advanced › About, or the operating
// system's (the desktop app says which; in a browser, the browser's languages). Applied live.
import { useLayoutEffect } from 'react';
import { setLanguage } from '#shared/i18n/i18n.js';
import { languageFor, type LanguageChoice } from '#shared/i18n/languages.js';

/** Speaks `choice` (or the system's language) from now on, and says so on <html lang>. */
export function applyLanguage(choice: LanguageChoice, systemLanguages: readonly string[]): void {
  const language = languageFor(
    choice,
    systemLanguages.length > 0 ? systemLanguages : navigator.languages,
  );
  setLanguage(language);
  document.documentElement.lang = language;
}

/** Keeps the window's language in step with the settings. */
export function useLanguage(choice: LanguageChoice, systemLanguages: readonly string[]): void {
  useLayoutEffect(() => applyLanguage(choice, systemLanguages), [choice, systemLanguages]);
}
