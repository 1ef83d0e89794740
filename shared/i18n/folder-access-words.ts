// Who may search a folder, and until when, in the person's words (Folders, AI apps).
import { CLIENT_NAMES, isClientId } from '../clients/client-names.js';
import { joinNames } from './file-types-words.js';
import { formatDayLong, formatTime } from './format.js';
import { t } from './i18n.js';

/** An app's name as people know it; an id this version does not know, as it is. */
export function appName(id: string): string {
  return isClientId(id) ? CLIENT_NAMES[id] : id;
}

/** "All connected apps", or "Claude Desktop and Cursor". */
export function appsInWords(apps: readonly string[] | null | undefined): string {
  return apps ? joinNames(apps.map(appName)) : t('folderAccess.allApps');
}

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();
const dayAfter = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1);

/** "Allowed until 15:00 today" / "… until tomorrow, 09:00" / "… until March 3, 09:00". */
export function allowedUntilText(until: Date, now: Date): string {
  const time = formatTime(until);
  if (sameDay(until, now)) return t('folderAccess.untilToday', { time });
  if (sameDay(until, dayAfter(now))) return t('folderAccess.untilTomorrow', { time });
  return t('folderAccess.untilDay', { day: formatDayLong(until), time });
}

/** "Access ended at 15:00" (today), else with its day. */
export function accessEndedText(until: Date, now: Date): string {
  const time = formatTime(until);
  return sameDay(until, now)
    ? t('folderAccess.ended', { time })
    : t('folderAccess.endedDay', { day: formatDayLong(until), time });
}

/**
 * The ends a folder may be allowed until: an hour from `now`, and "until tomorrow", which means
 * what the pause's does: the start of tomorrow (midnight, local time).
 */
export function accessEnds(now: Date): { hour: Date; tomorrow: Date } {
  return { hour: new Date(now.getTime() + 3_600_000), tomorrow: dayAfter(now) };
}
