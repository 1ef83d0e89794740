// The native folder picker for "Add folder".
import { dialog } from 'electron';
import type { BrowserWindow, OpenDialogOptions } from 'electron';

/** Asks the user for one folder; null when they cancel. */
export async function pickFolder(parent: BrowserWindow | null): Promise<string | null> {
  const options: OpenDialogOptions = {
    title: 'Choose a folder AI may search',
    buttonLabel: 'Allow this folder',
    properties: ['openDirectory', 'dontAddToRecent'],
  };
  const result = parent
    ? await dialog.showOpenDialog(parent, options)
    : await dialog.showOpenDialog(options);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}
