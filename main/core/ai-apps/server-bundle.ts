// The server copy every registered client runs: <appData>/server/index.js and the full server it
// loads (server-<build>.js, mcp-server/build.mjs), refreshed atomically whenever the built bundle
// differs, so a moved checkout or an app update never breaks a client. The full server is copied
// first, so a client starting meanwhile never finds an entry without its full server; earlier
// builds' full servers are kept a while (KEPT_BUILDS), since a server started before an update
// loads its own build's full server at its first search.
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

/** Earlier full servers kept beside the current one (servers started before an update use them). */
export const KEPT_BUILDS = 3;

const FULL_SERVER = /^server-[0-9a-f]{12}\.js$/;

/** The full server an entry loads (`import("./server-<build>.js")`), or null for a one-file bundle. */
export function fullServerOf(entry: string): string | null {
  const name = /import\("\.\/(server-[0-9a-f]{12}\.js)"\)/.exec(entry)?.[1];
  return name ?? null;
}

/** Removes full servers beyond the current one and the KEPT_BUILDS most recently installed others. */
async function pruneFullServers(dir: string, current: string): Promise<void> {
  const names = (await fs.readdir(dir)).filter(
    (name) => FULL_SERVER.test(name) && name !== current,
  );
  const dated = await Promise.all(
    names.map(async (name) => ({
      name,
      mtimeMs: (await fs.stat(path.join(dir, name)).catch(() => null))?.mtimeMs ?? 0,
    })),
  );
  dated.sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const { name } of dated.slice(KEPT_BUILDS))
    await fs.rm(path.join(dir, name), { force: true });
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
  const full = fullServerOf(bundle.toString('utf8'));
  if (full) {
    const fullBundle = await fs.readFile(path.join(path.dirname(serverBundle), full)).catch(() => {
      throw new IpcError(
        CLIENT_ERROR_CODES.serverMissing,
        `The FolderGate server is incomplete (${full} is missing beside ${serverBundle}).`,
        'Build it with `npm run build`, or reinstall FolderGate.',
      );
    });
    await writeIfDifferent(path.join(path.dirname(target), full), fullBundle);
  }
  await writeIfDifferent(target, bundle);
  if (full) await pruneFullServers(path.dirname(target), full);
  return target;
}
