// settings.json on disk: reading it without side effects (what it holds and whether this version
// can use it) and the writes the store makes while it holds the settings lock.
import fs from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import {
  SETTINGS_VERSION,
  parseSettingsDocument,
  parseSettingsJson,
  settingsSchema,
  settingsVersionOf,
  type Settings,
} from '#shared/settings/settings.js';
import { migrate } from '#shared/settings/settings-migrations.js';

/** What settings.json holds, as far as this version of FolderGate is concerned. */
export type SettingsOnDisk =
  | { kind: 'missing' }
  /** It exists but cannot be read (permissions, a folder in its place). */
  | { kind: 'unreadable'; reason: string }
  /** Not JSON, not settings, or failing the schema; `bytes` are kept for setting it aside. */
  | { kind: 'invalid'; reason: string; bytes: Buffer }
  /** Written by a newer FolderGate: usable read-only. */
  | { kind: 'newer'; version: number; settings: Settings }
  /** Usable; `upgradeFrom` is set when it is an older version that still has to be written back. */
  | {
      kind: 'current';
      settings: Settings;
      unknownKeys: Record<string, unknown>;
      upgradeFrom: number | null;
      bytes: Buffer;
    };

/** Reads and classifies `file`. Never changes anything on disk. */
export async function readSettingsFile(file: string): Promise<SettingsOnDisk> {
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    return { kind: 'unreadable', reason: errorText(error) };
  }
  const json = parseSettingsJson(bytes.toString('utf8'));
  if (!json.ok) return { kind: 'invalid', reason: json.problem, bytes };
  let raw = json.raw;
  let upgradeFrom: number | null = null;
  const version =
    raw && typeof raw === 'object' && !Array.isArray(raw)
      ? settingsVersionOf(raw as Record<string, unknown>)
      : null;
  if (version !== null && version < SETTINGS_VERSION) {
    try {
      raw = migrate(raw as Record<string, unknown>, version);
      upgradeFrom = version;
    } catch (error) {
      return { kind: 'invalid', reason: `it could not be upgraded: ${errorText(error)}`, bytes };
    }
  }
  const document = parseSettingsDocument(raw);
  if (!document.ok) return { kind: 'invalid', reason: document.problem, bytes };
  if (document.newerVersion !== null)
    return { kind: 'newer', version: document.newerVersion, settings: document.settings };
  return {
    kind: 'current',
    settings: document.settings,
    unknownKeys: document.unknownKeys,
    upgradeFrom,
    bytes,
  };
}

/** Writes validated settings (plus the unknown keys read from the file) atomically; returns what was written. */
export async function writeSettingsFile(
  file: string,
  next: Settings,
  unknownKeys: Record<string, unknown>,
): Promise<Settings> {
  const valid = settingsSchema.parse(next);
  await writeFileAtomic(file, `${JSON.stringify({ ...valid, ...unknownKeys }, null, 2)}\n`, {
    fsync: true,
    mode: 0o600,
  });
  return valid;
}

/** Keeps `bytes` of an unusable settings file as `settings.corrupt-<time>.json`; returns that name. */
export async function keepAside(dir: string, bytes: Buffer): Promise<string> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  for (let i = 1; ; i++) {
    const name = i === 1 ? `settings.corrupt-${stamp}.json` : `settings.corrupt-${stamp}-${i}.json`;
    try {
      // 'wx': never overwrite an earlier copy.
      await fs.writeFile(path.join(dir, name), bytes, { flag: 'wx', mode: 0o600 });
      return name;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/** Keeps the original of a file that is being upgraded as `settings.v<N>-backup.json`. */
export async function keepBackup(dir: string, version: number, bytes: Buffer): Promise<void> {
  await writeFileAtomic(path.join(dir, `settings.v${version}-backup.json`), bytes, { mode: 0o600 });
}

// write-file-atomic names its temp file `<file>.<32-bit number>`.
const TEMP_NAME = /^settings\.json\.\d+$/;

/**
 * Removes temp files a killed writer left behind. Call only while holding the settings lock:
 * every writer holds it, so no temp file can belong to a live write.
 */
export async function removeStaleTempFiles(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return;
  }
  await Promise.all(
    names
      .filter((name) => TEMP_NAME.test(name))
      .map((name) => fs.rm(path.join(dir, name), { force: true }).catch(() => undefined)),
  );
}

/** A cheap fingerprint of the file (stat only) to notice changes made by other processes. */
export async function statSignature(file: string): Promise<string> {
  try {
    const stat = await fs.stat(file);
    return `${stat.mtimeMs}:${stat.ctimeMs}:${stat.size}:${stat.ino}`;
  } catch {
    return 'missing';
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
