// Every language's catalog, added at once, with the later screens' English words and the words
// only the Node processes speak (the CLI's): for the Node processes (app core, tray, CLI), where the few kilobytes do not matter.
// The window fetches a language only when it speaks it, and never the CLI's words.
import { addLanguage, addWords } from './i18n.js';
import { ko } from './ko/index.js';
import { later as enLater } from './en/later.js';
import { nodeOnly as enNodeOnly } from './en/node-only.js';
import { nodeOnly as koNodeOnly } from './ko/node-only.js';

addLanguage('ko', ko);
addWords('en', enLater);
addWords('en', enNodeOnly);
addWords('ko', koNodeOnly);
