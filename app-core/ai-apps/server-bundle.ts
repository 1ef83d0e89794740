// The server copy every registered client runs: <appData>/server/index.js, refreshed atomically
// whenever the built bundle differs, so a moved checkout or an app update never breaks a client.
import fs from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { IpcError } from '#shared/contract/ipc.js';
import { CLIENT_ERROR_CODES } from './client-errors.js';

// The bundle is an ES module; a package.json beside it makes Node load it as one.
const PACKAGE_JSON = '{\n  "type": "module",\n  "private": true\n}\n';

/** Where registered clients find the server. */
export function installedServerPath(appDataDir: string): string {
  return path.join(appDataDir, 'server', 'index.js');
}

async function writeIfDifferent(file: string, data: Buffer | string): Promise<void> {
  const current = await fs.readFile(file).catch(() => null);
  if (current && current.equals(Buffer.from(data))) return;
  await writeFileAtomic(file, data, { mode: 0o644 });
}

/** Copies the built bundle to <appData>/server/index.js when it differs; returns that path. */
export async function installServerBundle(
  appDataDir: string,
  serverBundle: string,
): Promise<string> {
  const bundle = await fs.readFile(serverBundle).catch(() => {
    throw new IpcError(
      CLIENT_ERROR_CODES.serverMissing,
      `The FolderGate server is missing (${serverBundle}).`,
      'Build it with `npm run build`, or reinstall FolderGate.',
    );
  });
  const target = installedServerPath(appDataDir);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await writeIfDifferent(path.join(path.dirname(target), 'package.json'), PACKAGE_JSON);
  await writeIfDifferent(target, bundle);
  return target;
}
