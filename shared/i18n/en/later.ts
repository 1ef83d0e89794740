// The English words of the screens the window fetches after it shows (Activity, the Search
// preview, Advanced with its logic catalog): they come with those screens' files
// (renderer/src/app/later-words.ts), not before the window shows; the Node processes add them
// at once (../all-languages.ts). Korean is one file of its own already, fetched whole.
import {
  activity,
  activityChart,
  activityDetails,
  activityExport,
  activitySeen,
  activitySettings,
} from './activity.js';
import { about, advanced } from './advanced.js';
import { firstRunAsk } from './first-run-ask.js';
import { help } from './help.js';
import { logic } from './logic.js';
import { search } from './search.js';

export const later = {
  activity,
  activityDetails,
  activityChart,
  activitySettings,
  activityExport,
  activitySeen,
  advanced,
  about,
  help,
  logic,
  search,
  firstRunAsk,
} as const;
