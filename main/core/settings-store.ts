// The settings store: the one writer of `<appData>/settings.json`. Reads migrate old versions,
// keep a corrupt file aside (never silently replaced), refuse to overwrite a newer version, and
// every write is atomic (temp file + fsync + rename) and serialized through one queue.
import fs from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { IPC_ERROR_CODES, IpcError, type SettingsView } from '../../shared/ipc.js';
import {
  SETTINGS_VERSION,
  defaultSettings,
  settingsSchema,
  type Settings,
} from '../../shared/settings.js';
import { detectVersion, migrate } from './settings-migrations.js';

/** Reads and writes settings.json; see the file comment for the rules. */
export interface SettingsStore {
  /** Absolute path of settings.json. */
  readonly file: string;
  /** True when the file was written by a newer FolderGate: shown, never overwritten. */
  readonly readOnly: boolean;
  /** Reads the file (migrating or setting aside a bad one); call once at start. */
  load(): Promise<SettingsView>;
  /** The settings in force now (defaults before load). */
  view(): SettingsView;
  /** Re-reads the file when another process (the CLI) changed it; emits a change if so. */
  refresh(): Promise<SettingsView>;
  /** Applies `change` to the latest settings and writes them; updates never overwrite each other. */
  update(change: (settings: Settings) => Settings | Promise<Settings>): Promise<SettingsView>;
  /** Called after every change (own writes and external ones); returns an unsubscribe function. */
  onChange(listener: (view: SettingsView) => void): () => void;
}

interface ReadResult {
  settings: Settings;
  readOnlyNote: string | null;
  corruptNote: string | null;
}

/** Creates the store over `<appDataDir>/settings.json`. Nothing is read until load(). */
export function createSettingsStore(appDataDir: string): SettingsStore {
  const file = path.join(appDataDir, 'settings.json');
  let settings = defaultSettings();
  let readOnlyNote: string | null = null;
  let corruptNote: string | null = null;
  let signature: string | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const listeners = new Set<(view: SettingsView) => void>();

  const view = (): SettingsView => ({
    settings: structuredClone(settings),
    problem: readOnlyNote ?? corruptNote,
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

  async function write(next: Settings): Promise<void> {
    const valid = settingsSchema.parse(next);
    await fs.mkdir(appDataDir, { recursive: true });
    await writeFileAtomic(file, `${JSON.stringify(valid, null, 2)}\n`, {
      fsync: true,
      mode: 0o600,
    });
    settings = valid;
    signature = await statSignature(file);
  }

  async function readFromDisk(): Promise<ReadResult> {
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return { settings: defaultSettings(), readOnlyNote: null, corruptNote: null };
      const reason = error instanceof Error ? error.message : String(error);
      return {
        settings: defaultSettings(),
        readOnlyNote: `FolderGate cannot read its settings file (${reason}); changes cannot be saved until it is fixed.`,
        corruptNote: null,
      };
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      return setAside(`it is not valid JSON: ${(error as Error).message}`);
    }
    if (!raw || typeof raw !== 'object' || Array.isArray(raw))
      return setAside('it does not hold a settings object');
    const record = raw as Record<string, unknown>;
    const version = detectVersion(record);
    if (version === null) return setAside("its 'version' is not a number");
    if (version > SETTINGS_VERSION) {
      const shown = settingsSchema.safeParse({ ...record, version: SETTINGS_VERSION });
      return {
        settings: shown.success ? shown.data : defaultSettings(),
        readOnlyNote: `The settings file was written by a newer FolderGate (settings version ${version}); it is shown read-only and will not be changed. Update FolderGate to edit settings.`,
        corruptNote: null,
      };
    }
    let migrated: Record<string, unknown> = record;
    try {
      if (version < SETTINGS_VERSION) migrated = migrate(record, version);
    } catch (error) {
      return setAside(`it could not be upgraded: ${(error as Error).message}`);
    }
    const parsed = settingsSchema.safeParse(migrated);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` at '${issue.path.join('.')}'` : '';
      return setAside(
        `it does not match the settings format${where}: ${issue?.message ?? 'invalid'}`,
      );
    }
    if (version < SETTINGS_VERSION) {
      // Upgrade the file at once (servers read only the current version); keep the old one.
      try {
        await fs.copyFile(file, path.join(appDataDir, `settings.v${version}-backup.json`));
        await write(parsed.data);
      } catch {
        // Not writable now: the next update reports why.
      }
    }
    return { settings: parsed.data, readOnlyNote: null, corruptNote: null };
  }

  // Keeps a bad file as settings.corrupt-<timestamp>.json and starts from defaults.
  async function setAside(reason: string): Promise<ReadResult> {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    let name = `settings.corrupt-${stamp}.json`;
    for (let i = 2; await exists(path.join(appDataDir, name)); i++)
      name = `settings.corrupt-${stamp}-${i}.json`;
    try {
      await fs.rename(file, path.join(appDataDir, name));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return {
        settings: defaultSettings(),
        readOnlyNote: `FolderGate's settings file could not be used (${reason}) and could not be kept aside (${why}); it will not be changed until it is fixed or removed.`,
        corruptNote: null,
      };
    }
    return {
      settings: defaultSettings(),
      readOnlyNote: null,
      corruptNote: `FolderGate's settings file could not be used (${reason}). It was kept aside as ${name} and FolderGate started with default settings.`,
    };
  }

  async function reload(): Promise<boolean> {
    const before = await statSignature(file);
    if (before === signature && signature !== null) return false;
    const result = await readFromDisk();
    settings = result.settings;
    readOnlyNote = result.readOnlyNote;
    if (result.corruptNote) corruptNote = result.corruptNote;
    signature = await statSignature(file);
    return true;
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
    refresh: () =>
      enqueue(async () => {
        if (await reload()) emit();
        return view();
      }),
    update: (change) =>
      enqueue(async () => {
        if (await reload()) emit();
        if (readOnlyNote !== null) {
          throw new IpcError(
            IPC_ERROR_CODES.settingsReadOnly,
            readOnlyNote,
            'Update FolderGate, or move the settings file away and restart FolderGate.',
          );
        }
        await write(await change(structuredClone(settings)));
        emit();
        return view();
      }),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

async function statSignature(file: string): Promise<string> {
  try {
    const stat = await fs.stat(file);
    return `${stat.mtimeMs}:${stat.ctimeMs}:${stat.size}:${stat.ino}`;
  } catch {
    return 'missing';
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
