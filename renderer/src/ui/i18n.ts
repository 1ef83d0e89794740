// The renderer's side of the message catalog: react-i18next bound to the one catalog instance
// (shared/i18n/i18n.ts), so every component and shared word-table speaks the same language.
import { setI18n, Trans, useTranslation } from 'react-i18next';
import { i18n } from '#shared/i18n/i18n.js';

setI18n(i18n);

/** The current language's `t`; the component renders again when the language changes. */
export function useT(): typeof i18n.t {
  return useTranslation().t;
}

export { Trans };
