// The English words only FolderGate's Node processes speak (the `foldergate` command): added by
// ../all-languages.ts, never part of the window's catalog, so the window does not download them.
import { cli } from './cli.js';

export const nodeOnly = { cli } as const;
