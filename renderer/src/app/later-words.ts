// The later screens' English words (Activity, the Search preview, Advanced with the logic
// catalog), added to the catalog when the first of those screens' files loads: each of them, and
// each of their modules that words a text outside a component, imports this module, so the words
// come with them rather than before the window shows.
import { addWords } from '#shared/i18n/i18n.js';
import { later } from '#shared/i18n/en/later.js';

addWords('en', later);
