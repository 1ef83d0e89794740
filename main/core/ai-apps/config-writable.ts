// Whether FolderGate could write an AI app's settings file, looked at when its state is read (the
// AI apps screen, the first run's Connect step): a file without write permission, or a place
// where the file's folder cannot be made (a file where a folder should be, a folder this user may
// not write in). Said on the app's card before the person chooses Connect (issue 38), rather
// than found by the Connect that fails. The writes themselves check again (config-file.ts).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ClientProblem } from '#shared/clients/clients.js';
import { t } from '#shared/i18n/i18n.js';

/** What stops a write of `file`, in the person's words; null when nothing is seen. */
export async function writeProblem(file: string, name: string): Promise<ClientProblem | null> {
  const target = await fs.realpath(file).catch(() => file);
  const stat = await fs.stat(target).catch(() => null);
  if (stat?.isFile()) {
    // The write bits are honoured even for root, who could write anyway: a person who marked a
    // file read-only meant it (as config-file.ts assertWritable).
    const writable =
      (stat.mode & 0o222) !== 0 &&
      (await fs.access(target, fs.constants.W_OK).then(
        () => true,
        () => false,
      ));
    if (!writable) return problem('readOnlyFile', { file, name });
  }
  // The folder it is written in (a temporary file beside it, then a rename), or the nearest one
  // that exists, in which the missing folders would be made.
  let folder = path.dirname(target);
  for (;;) {
    const st = await fs.stat(folder).catch((error: NodeJS.ErrnoException) => error);
    if (st instanceof Error) {
      const parent = path.dirname(folder);
      if (st.code !== 'ENOENT' || parent === folder) return null;
      folder = parent;
      continue;
    }
    if (!st.isDirectory()) return problem('readOnlyFolder', { folder, name });
    const ok = await fs.access(folder, fs.constants.W_OK | fs.constants.X_OK).then(
      () => true,
      () => false,
    );
    return ok ? null : problem('readOnlyFolder', { folder, name });
  }
}

function problem(
  key: 'readOnlyFile' | 'readOnlyFolder',
  values: { name: string; file?: string; folder?: string },
): ClientProblem {
  const [message, fix] =
    key === 'readOnlyFile'
      ? [
          t('clientProblem.readOnlyFile', { file: values.file ?? '', name: values.name }),
          t('clientProblem.readOnlyFileFix'),
        ]
      : [
          t('clientProblem.readOnlyFolder', { folder: values.folder ?? '', name: values.name }),
          t('clientProblem.readOnlyFolderFix', { folder: values.folder ?? '' }),
        ];
  return { kind: 'read-only', message, fix, line: null, column: null };
}
