// One change to an AI app's config file, safely: under the file's lock, from the bytes read now,
// a backup of them in FolderGate's data folder, an atomic replace that is redone when the app
// rewrote its file meanwhile, and the write recorded for Undo. What changes is the caller's:
// a function from the file's text (BOM split off) to the new text, or null for "already so".
import fs from 'node:fs';
import path from 'node:path';
import { IpcError } from '#shared/contract/ipc.js';
import { CLIENT_ERROR_CODES, readOnlyError } from './client-errors.js';
import {
  appendWrite,
  backupsDir,
  loadRecord,
  removeBackups,
  saveRecord,
  writeBackup,
  type ConfigWrite,
  type WriteRecord,
} from './client-state.js';
import {
  assertWritable,
  ConcurrentChange,
  readBytes,
  replaceIfUnchanged,
  sha256,
  withFileLock,
} from './config-file.js';
import { splitBom } from './config-text.js';

const ATTEMPTS = 8;

/** What one edit is: whose file, what it is recorded as, and the new text of the old. */
export interface ConfigEdit {
  appDataDir: string;
  file: string;
  /** The app's name, for the error when the file keeps changing. */
  name: string;
  what: NonNullable<ConfigWrite['what']>;
  /**
   * The new body for the current body (no BOM); null when the file is already as asked. `seen`:
   * FolderGate's record of its writes and the hash of the bytes, both read under the lock.
   */
  next(body: string, seen: EditSeen): string | null;
  /** What else the write records (FolderGate's entry, a version update), asked once it is made. */
  recorded?(): Pick<ConfigWrite, 'entry' | 'updatedFrom'>;
}

/** What an edit sees besides the text: the record of FolderGate's writes, the bytes' hash. */
export interface EditSeen {
  record: WriteRecord | null;
  /** SHA-256 of the file's bytes now (null: no file). */
  sha256: string | null;
}

/** Makes the edit; `changed` false (and no backup) when the file already was as asked. */
export async function editConfig(
  edit: ConfigEdit,
): Promise<{ changed: boolean; backupPath: string | null }> {
  const { appDataDir, file } = edit;
  return withFileLock(appDataDir, file, async () => {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const before = await readBytes(file).catch((error: unknown) => {
        throw readOnlyError(file, error);
      });
      const { bom, body } = splitBom(before?.toString('utf8') ?? '');
      // Read under the lock, as every write of it is made: what the edit decides on stays true.
      const record = await loadRecord(appDataDir, file);
      const nextBody = edit.next(body, { record, sha256: before === null ? null : sha256(before) });
      if (nextBody === null) return { changed: false, backupPath: null };
      // Encoded once: compared, written and hashed as bytes (a config can be tens of MB).
      const text = Buffer.from(bom + nextBody);
      if (before !== null && text.equals(before)) return { changed: false, backupPath: null };
      await assertWritable(file);
      // The bytes before, in FolderGate's own data folder (never beside the person's file).
      const backupPath =
        before === null
          ? null
          : await writeBackup(appDataDir, file, before).catch((error: unknown) => {
              // FolderGate's own folder cannot take the backup: nothing is changed.
              throw readOnlyError(backupsDir(appDataDir), error);
            });
      try {
        await replaceIfUnchanged(file, text, before);
      } catch (error) {
        if (backupPath) fs.rmSync(backupPath, { force: true });
        if (error instanceof ConcurrentChange) continue;
        throw error;
      }
      const { writes, unused } = appendWrite(record?.writes ?? [], {
        backupPath,
        beforeSha256: before === null ? null : sha256(before),
        writtenSha256: sha256(text),
        at: new Date().toISOString(),
        what: edit.what,
        ...edit.recorded?.(),
      });
      await saveRecord(appDataDir, file, { file: path.resolve(file), writes });
      await removeBackups(unused);
      return { changed: true, backupPath };
    }
    throw new IpcError(
      CLIENT_ERROR_CODES.configBusy,
      `${file} kept changing while FolderGate tried to edit it.`,
      `Close ${edit.name} and try again.`,
    );
  });
}
