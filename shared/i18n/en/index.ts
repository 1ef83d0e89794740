// The English catalog of the window's first screens and of everything around them: one module per
// part of the app (the sidebar's last-activity line among them). The later screens' words are
// ./later.ts (fetched with those screens).
import { activityView } from './activity-view.js';
import { approvalWords, describe } from './activity-describe.js';
import { aiApps } from './ai-apps.js';
import { common, shell } from './common.js';
import { approval, control, pause } from './control.js';
import { clientProblem, folderCheck, settingsNote, tray } from './core.js';
import { fileTypes } from './file-types.js';
import { folderAccess } from './folder-access.js';
import { firstRun } from './first-run.js';
import { folderRow, folders, readiness } from './folders.js';
import { olderServers } from './older-servers.js';
import { leaveOut } from './leave-out.js';
import { personErrors } from './person-errors.js';

export const en = {
  activityView,
  describe,
  approvalWords,
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
  folders,
  folderRow,
  readiness,
  olderServers,
  leaveOut,
  personErrors,
} as const;
