// The native folder picker for "Add folder", and for "Add subfolder…" to leave out (opened in the
// allowed folder).
import { dialog } from 'electron';
import type { BrowserWindow, OpenDialogOptions } from 'electron';
import { t } from '#shared/i18n/i18n.js';

/** Asks the user for one folder; null when they cancel. */
export async function pickFolder(
  parent: BrowserWindow | null,
  within?: string,
): Promise<string | null> {
  const options: OpenDialogOptions = {
    title: t(within === undefined ? 'tray.dialogTitle' : 'tray.dialogTitleLeaveOut'),
    buttonLabel: t(within === undefined ? 'tray.dialogButton' : 'tray.dialogButtonLeaveOut'),
    properties: ['openDirectory', 'dontAddToRecent'],
    ...(within === undefined ? {} : { defaultPath: within }),
  };
  const result = parent
    ? await dialog.showOpenDialog(parent, options)
    : await dialog.showOpenDialog(options);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}
