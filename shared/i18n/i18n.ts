// The one message catalog instance of a process (i18next): the renderer binds it to React
// (renderer/src/ui/i18n.ts), the desktop app's tray and notifications and the CLI call `t`.
// Every word a person reads comes from shared/i18n/<language>/; what AI apps read stays English
// and is not here (the tools' descriptions, the 3-line error contract). English, the fallback, is
// always here; another language's catalog is added by `addLanguage` — at once in Node processes
// (./all-languages.ts), fetched when it is needed in the window (renderer/src/app/language.ts).
import i18next from 'i18next';
import { en } from './en/index.js';
import type { later } from './en/later.js';
import type { nodeOnly } from './en/node-only.js';
import { LANGUAGES, type Language } from './languages.js';
import { withParticle } from './josa.js';

/**
 * The shape of a catalog (the English one is the reference; keys are checked by the compiler):
 * the window's first words, the later screens' (added when they load), and the words only the
 * Node processes add (./all-languages.ts).
 */
export type Catalog = typeof en & typeof later & typeof nodeOnly;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalog };
  }
}

/** This process's catalog instance. */
export const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: LANGUAGES,
  initAsync: false,
  // React escapes what it renders; the tray and notifications are plain text.
  interpolation: { escapeValue: false },
  returnEmptyString: false,
});

// Korean particles after a name: {{name, josa(p:이/가)}} (shared/i18n/josa.ts).
// With q:1 the name is quoted and the particle follows the quotation mark: {{name, josa(p:을/를;q:1)}}.
i18n.services.formatter?.add('josa', (value: unknown, _lng, options: { p?: string; q?: unknown }) =>
  withParticle(
    String(value),
    options.p ?? '',
    options.q !== undefined && String(options.q) !== '0',
  ),
);

/** A message in the current language (keys and their values are typed from the catalog). */
export const t = i18n.t;

/** Adds a language's catalog (the English one is always there). */
export function addLanguage(language: Language, catalog: object): void {
  if (!i18n.hasResourceBundle(language, 'translation'))
    i18n.addResourceBundle(language, 'translation', catalog);
}

/** Adds words to a language's catalog (the later screens', the Node processes' own). */
export function addWords(language: Language, words: object): void {
  i18n.addResourceBundle(language, 'translation', words, true, false);
}

/** Whether a language's words are here (English always; another once added). */
export function hasLanguage(language: Language): boolean {
  return i18n.hasResourceBundle(language, 'translation');
}

/** The current language. */
export function currentLanguage(): Language {
  return i18n.language === 'ko' ? 'ko' : 'en';
}

/** Switches this process's language (synchronous: the catalogs are bundled). */
export function setLanguage(language: Language): void {
  if (i18n.language !== language) void i18n.changeLanguage(language);
}
