// Every language's catalog, added at once: for the Node processes (app core, tray, CLI), where
// the few kilobytes do not matter. The window fetches a language only when it speaks it.
import { addLanguage } from './i18n.js';
import { ko } from './ko/index.js';

addLanguage('ko', ko);
