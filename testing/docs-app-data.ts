// The setting of the tests that drive the built server with other projects' MCP clients: a temp
// folder holding FolderGate's data folder (`a`) whose settings allow one folder, `Docs`, and the
// activity records the servers write there.
import fs from 'node:fs';
import path from 'node:path';
import { parseActivityLine, type ActivityRecord } from '#shared/activity/activity.js';
import { makeTempDir, writeTree, type FileSpec } from './mcp-server.js';

export interface DocsAppData {
  /** The temp folder holding both (remove it when done). */
  tmp: string;
  appData: string;
  docs: string;
}

/**
 * A temp folder (named short: the approval socket's path under it must stay under ~107 bytes)
 * with `Docs` holding `files` and a data folder `a` whose settings allow `Docs`.
 */
export function makeDocsAppData(prefix: string, files: FileSpec[]): DocsAppData {
  const tmp = makeTempDir(prefix);
  const appData = path.join(tmp, 'a');
  fs.mkdirSync(appData);
  const docs = path.join(tmp, 'Docs');
  writeTree(docs, files);
  writeDocsSettings({ appData, docs });
  return { tmp, appData, docs };
}

/** Replaces the settings (atomically, as the app does): `Docs` allowed, and `more`. */
export function writeDocsSettings(
  { appData, docs }: Pick<DocsAppData, 'appData' | 'docs'>,
  more: Record<string, unknown> = {},
): void {
  const file = path.join(appData, 'settings.json');
  fs.writeFileSync(
    `${file}.next`,
    JSON.stringify({ version: 2, roots: [{ path: docs, name: 'Docs' }], ...more }),
  );
  fs.renameSync(`${file}.next`, file);
}

/** Every activity record the servers wrote under `appData`, oldest day file first. */
export function auditRecords(appData: string): ActivityRecord[] {
  const dir = path.join(appData, 'audit');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .flatMap((file) => fs.readFileSync(path.join(dir, file), 'utf8').split('\n'))
    .map(parseActivityLine)
    .filter((record): record is ActivityRecord => record !== null);
}
