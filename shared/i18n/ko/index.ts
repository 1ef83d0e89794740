// The Korean catalog: one module per part of the app.
import {
  activity,
  activityChart,
  activityDetails,
  activityExport,
  activitySeen,
  activitySettings,
} from './activity.js';
import { activityView } from './activity-view.js';
import { approvalWords, describe } from './activity-describe.js';
import { about, advanced } from './advanced.js';
import { aiApps } from './ai-apps.js';
import { common, shell } from './common.js';
import { approval, control, pause } from './control.js';
import { clientProblem, folderCheck, settingsNote, tray } from './core.js';
import { fileTypes } from './file-types.js';
import { folderAccess } from './folder-access.js';
import { firstRun, firstRunAsk } from './first-run.js';
import { folderRow, folders, readiness } from './folders.js';
import { help } from './help.js';
import { leaveOut } from './leave-out.js';
import { logic } from './logic.js';
import { olderServers } from './older-servers.js';
import { personErrors } from './person-errors.js';
import { search } from './search.js';

export const ko = {
  activityView,
  activity,
  activityDetails,
  activityChart,
  activitySettings,
  activityExport,
  activitySeen,
  describe,
  approvalWords,
  advanced,
  about,
  aiApps,
  common,
  shell,
  approval,
  pause,
  control,
  folderCheck,
  clientProblem,
  tray,
  settingsNote,
  fileTypes,
  folderAccess,
  firstRun,
  firstRunAsk,
  folders,
  folderRow,
  readiness,
  help,
  leaveOut,
  logic,
  olderServers,
  personErrors,
  search,
};
