// The command line speaks the person's language: the one chosen in the app (settings.json's
// `language`), else the system's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG). An error's own English
// sentence is kept in English; in another language the person's words for its code are used.
import fs from 'node:fs';
import path from 'node:path';
import { personError } from '#shared/errors/person-errors.js';
import { currentLanguage, setLanguage } from '#shared/i18n/i18n.js';
import { languageFor, posixLanguages, type LanguageChoice } from '#shared/i18n/languages.js';
import { parseSettingsDocument, parseSettingsJson } from '#shared/settings/settings.js';

/** The language choice saved in `<appData>/settings.json` (the one reading of the file that
 * the app and servers share); "system" when it cannot be read. */
export function savedLanguage(appData: string): LanguageChoice {
  try {
    const json = parseSettingsJson(fs.readFileSync(path.join(appData, 'settings.json'), 'utf8'));
    const document = json.ok ? parseSettingsDocument(json.raw) : null;
    return document?.ok ? document.settings.language : 'system';
  } catch {
    return 'system';
  }
}

/** Sets this process's language from the settings and the environment. */
export function speakCliLanguage(appData: string, env: NodeJS.ProcessEnv = process.env): void {
  setLanguage(languageFor(savedLanguage(appData), posixLanguages(env)));
}

/** An error's sentence and fix as the command line prints them. */
export function errorWords(error: { code: string; message: string; fix: string }): {
  message: string;
  fix: string;
} {
  if (currentLanguage() === 'en') return { message: error.message, fix: error.fix };
  const words = personError(error);
  return { message: words.title, fix: words.fix };
}
