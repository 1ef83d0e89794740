// The native folder picker for "Add folder".
import { dialog } from 'electron';
import type { BrowserWindow, OpenDialogOptions } from 'electron';
import { t } from '#shared/i18n/i18n.js';

/** Asks the user for one folder; null when they cancel. */
export async function pickFolder(parent: BrowserWindow | null): Promise<string | null> {
  const options: OpenDialogOptions = {
    title: t('tray.dialogTitle'),
    buttonLabel: t('tray.dialogButton'),
    properties: ['openDirectory', 'dontAddToRecent'],
  };
  const result = parent
    ? await dialog.showOpenDialog(parent, options)
    : await dialog.showOpenDialog(options);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}
