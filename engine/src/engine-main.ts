// The search engine process: the server bundle started by the app (main/core/engine/) with the
// hidden argument `--engine --config-dir <appData>`. It holds the live index of every allowed
// folder, follows settings.json, answers servers on the engine channel, and reports each
// folder's state to the app as one JSON line on stdout whenever it changes. It exits when the
// app goes (stdin ends).
import fs from 'node:fs';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import {
  ENGINE_ELSEWHERE_EXIT_CODE,
  enginePaths,
  type EngineStatus,
  type FastFirstRead,
} from '#shared/engine/engine.js';
import { ApprovalSocketInUseError } from '#appdata/approval/approval-listen.js';
import { listenForQueries } from '#appdata/engine/engine-channel.js';
import { createConfigSource, type ServerConfig } from '#appdata/settings/server-config.js';
import { log } from '#appdata/log.js';
import { ANY_APP, foldersFor, nextAccessEnd } from '#shared/settings/folder-access-rules.js';
import { enableFastLstat } from '#search/fast-lstat.js';
import { collectInSteps } from '#search/idle-gc.js';
import { effectiveExclude } from '#search/leave-out.js';
import { turnOnNativeList } from '#search/native-list.js';
import { nativeListModule } from './native-module.js';
import { createSearchEngine, type EngineFolderSpec } from './search-engine.js';
import { createChangeFeed } from './change-feed.js';

/**
 * How often settings.json is checked besides its folder's events (one stat; the store writes it
 * atomically, so a change is a rename the folder's watch reports at once).
 */
const SETTINGS_POLL_MS = 1000;
/** Status lines at most this often while a crawl moves. */
const STATUS_MS = 250;

/** Why folders are listed by Node, for the log. */
const WHY_NOT_NATIVE: Record<Exclude<FastFirstRead, 'on'>, string> = {
  'off-platform': 'no native listing for this platform',
  'off-disabled': 'FOLDERGATE_NATIVE_LIST=0',
  'off-failed': 'the native listing did not load, or failed its self-check',
};

/** Runs the engine for the app data folder `configDir` until stdin ends. */
export async function runEngine(configDir: string): Promise<void> {
  enableFastLstat();
  collectInSteps();
  // Folders listed with their entries' stats in one native call (search/native-list.ts), where built;
  // whether it is on goes into every status line, for Advanced › About.
  const fastFirstRead = turnOnNativeList(nativeListModule());
  log(
    fastFirstRead === 'on'
      ? 'engine: folders are listed natively'
      : `engine: folders are listed by Node (${WHY_NOT_NATIVE[fastFirstRead]})`,
  );
  const config = createConfigSource(configDir, {});
  let statusTimer: NodeJS.Timeout | null = null;
  // Servers following a saved result are told of the changes the index applied (change-feed.ts).
  const feed = createChangeFeed((rootReal) => engine.indexOf(rootReal) !== null);
  const engine = createSearchEngine({
    log,
    watch: feed.watch,
    // A first crawl uses a second core: crawl-helper.js beside this bundle (crawl-helper.ts).
    helperEntry:
      availableParallelism() >= 2 && process.env.FOLDERGATE_ENGINE_HELPER !== '0' && process.argv[1]
        ? path.join(path.dirname(process.argv[1]), 'crawl-helper.js')
        : undefined,
    onStatus: () => {
      feed.flush();
      // A folder that became ready (or anything else but a percentage) is told at once.
      const states = engine
        .status()
        .map((f) => `${f.path}\0${f.state}`)
        .join('\n');
      if (states !== lastStates) {
        if (statusTimer) clearTimeout(statusTimer);
        writeStatus();
      } else statusTimer ??= setTimeout(writeStatus, STATUS_MS);
    },
  });
  let lastStates = '';
  let lastLine = '';
  // A line only when something in it changed: the counts of files and folders held follow every
  // change applied (search-engine.ts says so after each batch), at most every STATUS_MS.
  const writeStatus = () => {
    statusTimer = null;
    const status: EngineStatus = { running: true, fastFirstRead, folders: engine.status() };
    lastStates = status.folders.map((f) => `${f.path}\0${f.state}`).join('\n');
    const line = JSON.stringify(status);
    if (line === lastLine) return;
    lastLine = line;
    process.stdout.write(`${line}\n`);
  };
  let lastKey = '';
  let endTimer: NodeJS.Timeout | null = null;
  const follow = () => {
    const settings = config.current();
    const specs = foldersOf(settings);
    // A folder allowed for a while is let go when its time ends (this timer; the poll too).
    if (endTimer) clearTimeout(endTimer);
    const end = nextAccessEnd(settings.roots, Date.now());
    endTimer = end === null ? null : setTimeout(follow, Math.min(end - Date.now(), 2 ** 31 - 1));
    endTimer?.unref();
    const key = JSON.stringify(specs);
    if (key === lastKey) return;
    lastKey = key;
    engine.setFolders(specs);
  };
  // Listening first: a folder told "ready" (a status line) is one a server can ask about at once.
  let listener: Awaited<ReturnType<typeof listenForQueries>>;
  try {
    listener = await listenForQueries({
      paths: enginePaths(configDir, process.platform),
      answer: (query, signal) => engine.answer(query, signal),
      watch: (rootReal, send) => feed.add(rootReal, send),
      log,
    });
  } catch (error) {
    if (!(error instanceof ApprovalSocketInUseError)) throw error;
    // A second app on the same data folder: the first one's engine serves every server already.
    log(`engine: another FolderGate's engine answers for ${configDir} already; this one stays out`);
    process.exit(ENGINE_ELSEWHERE_EXIT_CODE);
  }
  // The first line, before any folder: the engine runs, and how it reads new folders.
  writeStatus();
  follow();
  const poll = setInterval(follow, SETTINGS_POLL_MS);
  try {
    fs.watch(configDir, { persistent: false }, (_type, name) => {
      if (name === null || name.startsWith('settings')) follow();
    }).on('error', () => {});
  } catch {
    // the poll alone then
  }
  log(`engine ready; ${lastKey === '[]' ? 'no folder' : 'indexing the allowed folders'}`);
  const stop = async () => {
    clearInterval(poll);
    await listener.close().catch(() => {});
    await engine.close();
    process.exit(0);
  };
  process.stdin.on('end', () => void stop());
  process.stdin.on('error', () => void stop());
  process.stdin.resume();
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

/**
 * The folders to hold: every folder allowed now (to any app: each server asks only about its own
 * app's, folder-access-rules.ts) that is there, by its real path.
 */
function foldersOf(config: ServerConfig): EngineFolderSpec[] {
  const specs: EngineFolderSpec[] = [];
  for (const root of foldersFor(config, ANY_APP, Date.now()).roots) {
    let rootReal: string;
    try {
      rootReal = fs.realpathSync.native(root.path);
      if (!fs.statSync(rootReal).isDirectory()) continue;
    } catch {
      continue; // not there now: the servers answer for it as they would
    }
    specs.push({
      path: root.path,
      rootReal,
      rootId: root.identity ?? null,
      // The folder's own left-out subfolders and names too: a change of them is a new crawl.
      exclude: effectiveExclude(config.exclude, root.leaveOut),
    });
  }
  return specs;
}
