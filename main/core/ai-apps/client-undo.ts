// Undo: a config file back to how it was before FolderGate changed it, in one step (connect,
// disconnect, repair and allow undone together), while it still holds what FolderGate last
// wrote. When someone else changed the file between FolderGate's writes, it goes back only to
// just after that change, which is kept. The backups of that file are then deleted.
import fs from 'node:fs';
import { IpcError } from '#shared/contract/ipc.js';
import { CLIENT_ERROR_CODES } from './client-errors.js';
import { loadRecord, removeBackups, saveRecord, undoTarget } from './client-state.js';
import {
  assertWritable,
  readBytes,
  replaceIfUnchanged,
  sha256,
  withFileLock,
} from './config-file.js';

/** Undoes FolderGate's changes to `file` (of the app `name`); throws when it may not. */
export async function undoLastChanges(
  appDataDir: string,
  file: string,
  name: string,
): Promise<void> {
  await withFileLock(appDataDir, file, async () => {
    const record = await loadRecord(appDataDir, file);
    const last = record?.writes.at(-1);
    if (!record || !last)
      throw new IpcError(
        CLIENT_ERROR_CODES.nothingToUndo,
        `FolderGate has not changed ${file}, so there is nothing to undo.`,
        `Use Connect or Disconnect for ${name} instead.`,
      );
    const target = record.writes[undoTarget(record.writes)]!;
    const now = await readBytes(file);
    if (now === null || sha256(now) !== last.writtenSha256)
      throw new IpcError(
        CLIENT_ERROR_CODES.undoConflict,
        `${file} changed after FolderGate wrote it (${last.at}), so Undo would lose those changes.`,
        target.backupPath
          ? `Use Disconnect to remove only FolderGate's entry, or copy ${target.backupPath} over it by hand.`
          : `Use Disconnect to remove only FolderGate's entry.`,
      );
    await assertWritable(file);
    if (target.backupPath === null) fs.rmSync(file, { force: true });
    else {
      const previous = await readBytes(target.backupPath);
      if (previous === null)
        throw new IpcError(
          CLIENT_ERROR_CODES.nothingToUndo,
          `The backup ${target.backupPath} is gone, so FolderGate cannot restore ${file}.`,
          `Use Disconnect to remove only FolderGate's entry.`,
        );
      await replaceIfUnchanged(file, previous, now);
    }
    await saveRecord(appDataDir, file, null);
    await removeBackups(record.writes.map((w) => w.backupPath));
  });
}
