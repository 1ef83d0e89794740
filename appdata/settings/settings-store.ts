// The settings store: every process's way to read and change `<appData>/settings.json`.
// Reading never changes the file (except the upgrade of an older version, under the lock): an
// unusable file is reported and left alone, so AI apps keep their folders, and every change is
// refused (SettingsUnusable) until it is fixed or the person chooses to start over, which keeps
// it aside: a change never writes a file that drops what could not be read. Every change is a
// read-modify-write of the latest file under a cross-process lock (settings-lock.ts), written
// atomically; a newer version's file is shown read-only; keys this version does not know (at the
// top level and inside every settings object) are written back unchanged.
import { watch as watchFolder, type FSWatcher } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { IPC_ERROR_CODES, IpcError, type SettingsView } from '#shared/contract/ipc.js';
import {
  SETTINGS_NOT_SAVED,
  defaultSettings,
  settingsSchema,
  type Settings,
} from '#shared/settings/settings.js';
import {
  keepAside,
  keepBackup,
  readSettingsFile,
  removeStaleTempFiles,
  statSignature,
  writeSettingsFile,
  type SettingsOnDisk,
} from './settings-file.js';
import { withSettingsLock } from '../file-lock.js';
import { t } from '#shared/i18n/i18n.js';
import { settingsReasonWords } from './settings-words.js';

/** Reads and writes settings.json; see the file comment for the rules. */
export interface SettingsStore {
  /** Absolute path of settings.json. */
  readonly file: string;
  /** True when the file cannot be changed (a newer FolderGate's, or unreadable). */
  readonly readOnly: boolean;
  /** Reads the file (upgrading an older version); call once at start. */
  load(): Promise<SettingsView>;
  /** The settings in force now (defaults before load). */
  view(): SettingsView;
  /** Re-reads the file when another process (the CLI) changed it; emits a change if so. */
  refresh(): Promise<SettingsView>;
  /**
   * Follows what other processes write (a second FolderGate, the CLI, a hand edit, a managed
   * setup) through refresh(): a watch of the folder, whose file is replaced by a rename, and a
   * look at the file's signature every `pollMs` in case a watch event is lost. Returns the stop.
   */
  watch(options?: { pollMs?: number }): () => void;
  /**
   * Applies `change` to the latest settings on disk and writes them, holding the cross-process
   * lock; resolves only once the file is written. Fails with SettingsNotSaved when it is not.
   */
  update(change: (settings: Settings) => Settings | Promise<Settings>): Promise<SettingsView>;
  /**
   * Keeps an unusable file aside as settings.corrupt-<time>.json and writes default settings, under
   * the lock; leaves a usable file (fixed meanwhile) alone.
   */
  startOver(): Promise<SettingsView>;
  /** Called after every change (own writes and external ones); returns an unsubscribe function. */
  onChange(listener: (view: SettingsView) => void): () => void;
}

/** How often a watching store looks at the file's signature besides the folder's watch. */
const DEFAULT_POLL_MS = 2_000;

/** Creates the store over `<appDataDir>/settings.json`. Nothing is read until load(). */
export function createSettingsStore(appDataDir: string): SettingsStore {
  const file = path.join(appDataDir, 'settings.json');
  let settings = defaultSettings();
  // Top-level keys of the file this version does not know (a hand edit, a newer minor version).
  let unknownKeys: Record<string, unknown> = {};
  let readOnlyNote: string | null = null;
  // The file cannot be used: changes are refused until it is fixed or startOver() keeps it aside.
  let invalidNote: string | null = null;
  // Stays for the life of the store, so the person learns where the old file went.
  let asideNote: string | null = null;
  let signature: string | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const listeners = new Set<(view: SettingsView) => void>();

  const view = (): SettingsView => ({
    settings: structuredClone(settings),
    problem: readOnlyNote ?? invalidNote ?? asideNote,
    canStartOver: invalidNote !== null,
    file,
  });
  const emit = () => {
    const snapshot = view();
    for (const listener of listeners) listener(snapshot);
  };
  // Runs `task` after every queued task, whether they failed or not.
  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }

  function apply(disk: SettingsOnDisk): void {
    readOnlyNote = null;
    invalidNote = null;
    settings = disk.kind === 'current' || disk.kind === 'newer' ? disk.settings : defaultSettings();
    unknownKeys = disk.kind === 'current' ? disk.unknownKeys : {};
    if (disk.kind === 'unreadable')
      readOnlyNote = t('settingsNote.unreadable', { reason: settingsReasonWords(disk.reason) });
    if (disk.kind === 'newer') readOnlyNote = t('settingsNote.newer', { version: disk.version });
    if (disk.kind === 'invalid')
      invalidNote = t('settingsNote.invalid', { reason: settingsReasonWords(disk.reason), file });
  }

  // Reads the file (the signature is taken first, so a change made meanwhile is seen next time).
  async function readLatest(): Promise<SettingsOnDisk> {
    signature = await statSignature(file);
    const disk = await readSettingsFile(file);
    apply(disk);
    return disk;
  }

  // Writes an older version's file upgraded (servers read only the current one), keeping the original.
  async function upgrade(): Promise<void> {
    try {
      await fs.mkdir(appDataDir, { recursive: true });
      await withSettingsLock(file, async (assertHeld) => {
        await removeStaleTempFiles(appDataDir);
        const disk = await readLatest();
        if (disk.kind !== 'current' || disk.upgradeFrom === null) return;
        assertHeld();
        await keepBackup(appDataDir, disk.upgradeFrom, disk.bytes);
        settings = await writeSettingsFile(file, disk.settings, disk.unknownKeys);
        signature = await statSignature(file);
      });
    } catch {
      // Not writable now: the settings are still shown, and the next change reports why.
    }
  }

  async function reload(): Promise<boolean> {
    if (signature !== null && (await statSignature(file)) === signature) return false;
    const disk = await readLatest();
    if (disk.kind === 'current' && disk.upgradeFrom !== null) await upgrade();
    return true;
  }

  async function change(
    mutate: (settings: Settings) => Settings | Promise<Settings>,
  ): Promise<void> {
    await notSavedOnFailure(() => fs.mkdir(appDataDir, { recursive: true }));
    await withSettingsLock(file, async (assertHeld) => {
      await removeStaleTempFiles(appDataDir);
      const disk = await readLatest();
      if (readOnlyNote !== null) {
        throw new IpcError(
          IPC_ERROR_CODES.settingsReadOnly,
          readOnlyNote,
          'Update FolderGate, or move the settings file away and restart FolderGate.',
        );
      }
      // Writing would replace what could not be read with defaults: refused, the file untouched.
      if (disk.kind === 'invalid') throw unusableError(file, disk.reason);
      const next = settingsSchema.parse(await mutate(structuredClone(settings)));
      assertHeld();
      await notSavedOnFailure(async () => {
        if (disk.kind === 'current' && disk.upgradeFrom !== null)
          await keepBackup(appDataDir, disk.upgradeFrom, disk.bytes);
        settings = await writeSettingsFile(file, next, unknownKeys);
        signature = await statSignature(file);
      });
    });
  }

  // The person's explicit choice for an unusable file: keep it aside, begin again from defaults.
  async function startOver(): Promise<void> {
    await notSavedOnFailure(() => fs.mkdir(appDataDir, { recursive: true }));
    await withSettingsLock(file, async (assertHeld) => {
      await removeStaleTempFiles(appDataDir);
      const disk = await readLatest();
      if (disk.kind !== 'invalid') return;
      assertHeld();
      await notSavedOnFailure(async () => {
        const aside = await keepAside(appDataDir, disk.bytes);
        settings = await writeSettingsFile(file, defaultSettings(), {});
        unknownKeys = {};
        signature = await statSignature(file);
        invalidNote = null;
        asideNote = t('settingsNote.aside', { reason: settingsReasonWords(disk.reason), aside });
      });
    });
  }

  const refresh = () =>
    enqueue(async () => {
      if (await reload()) emit();
      return view();
    });

  function watch({ pollMs = DEFAULT_POLL_MS }: { pollMs?: number } = {}): () => void {
    // One refresh at a time; a change seen meanwhile gets one more after it.
    let running = false;
    let again = false;
    const check = (): void => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      void refresh()
        .catch(() => undefined)
        .finally(() => {
          running = false;
          if (again) {
            again = false;
            check();
          }
        });
    };
    let watcher: FSWatcher | null = null;
    try {
      watcher = watchFolder(appDataDir, { persistent: false }, (_event, name) => {
        if (name === null || name === 'settings.json') check();
      });
      // A watch that fails later (the folder removed) leaves the polling.
      watcher.on('error', () => {
        watcher?.close();
        watcher = null;
      });
    } catch {
      // No folder yet, or no watch left: the polling alone notices.
    }
    const timer = setInterval(check, pollMs);
    timer.unref();
    check(); // what changed before the watch began
    return () => {
      clearInterval(timer);
      watcher?.close();
      watcher = null;
    };
  }

  return {
    file,
    get readOnly() {
      return readOnlyNote !== null;
    },
    load: () =>
      enqueue(async () => {
        signature = null;
        await reload();
        return view();
      }),
    view,
    refresh,
    watch,
    update: (mutate) =>
      enqueue(async () => {
        const before = signature;
        try {
          await change(mutate);
        } finally {
          // Also after a failed change: the latest file (another process's change) was read.
          if (signature !== before) emit();
        }
        return view();
      }),
    startOver: () =>
      enqueue(async () => {
        const before = signature;
        try {
          await startOver();
        } finally {
          if (signature !== before) emit();
        }
        return view();
      }),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

// The refusal of a change to an unusable file: what is wrong (with its line, or the field), and
// the two ways on. The CLI names its own start-over command in place of the app's button.
function unusableError(file: string, reason: string): IpcError {
  return new IpcError(
    IPC_ERROR_CODES.settingsUnusable,
    `The change was not saved: FolderGate's settings file cannot be used (${reason}). Nothing in it was changed.`,
    `Fix ${file} in a text editor, or start over with default settings (the file is then kept aside as settings.corrupt-<time>.json).`,
  );
}

// A file-system failure while saving becomes SettingsNotSaved, so no caller reports it as done.
async function notSavedOnFailure<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof IpcError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new IpcError(
      SETTINGS_NOT_SAVED,
      `The change was not saved: ${reason}`,
      'Check that the FolderGate settings folder is writable and the disk is not full, then try again.',
    );
  }
}
