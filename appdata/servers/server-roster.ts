// The roster of running MCP servers: each server started with `--config-dir` reports in with a
// file `<appData>/servers/<pid>.json` (0600) and takes it back when it exits. The app reads the
// roster before it installs an update (main/core/updates/): on Windows the AI apps that run
// FolderGate's program must quit first, and everywhere the person is told which apps go on with the
// version they started with. A server killed outright leaves its file behind: a reader skips (and
// removes) the file of a process that no longer runs, or whose process id now belongs to another
// process (Linux: the start time in /proc differs). A server writes its file whole (a temporary
// name, then a rename), so a reader never sees half of it; a file that does not read as an entry is
// removed only when no process runs under the id in its name.
import fs from 'node:fs';
import path from 'node:path';

/** What a running server says about itself. */
export interface RosterEntry {
  pid: number;
  /** The AI app it was registered for (`--client`), or null (a hand-written entry). */
  client: string | null;
  /** The program it runs with (process.execPath: the app's own executable when packed). */
  program: string;
  /** The server entry it runs (its path). */
  entry: string;
  /** FolderGate's own preview server (`--no-approval`), which the app restarts itself. */
  preview: boolean;
  /**
   * The per-folder rules it keeps (shared/settings/folder-rules.ts); null for a server from
   * before them, which would not keep any.
   */
  keeps: readonly string[] | null;
  /** Linux: the process's start time in clock ticks (/proc/<pid>/stat field 22); else null. */
  startTicks: number | null;
}

/** The folder of the roster. */
export function rosterDir(appDataDir: string): string {
  return path.join(appDataDir, 'servers');
}

/** The start time of a process in clock ticks, from /proc (Linux), else null. */
function startTicksOf(pid: number | 'self'): number | null {
  if (process.platform !== 'linux') return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    return Number.isSafeInteger(ticks) ? ticks : null;
  } catch {
    return null;
  }
}

/**
 * Reports this process in; returns the function that takes it back (call it at exit). Never
 * throws: a roster that cannot be written only means the app cannot name this server.
 */
export function reportIn(
  appDataDir: string,
  self: Omit<RosterEntry, 'pid' | 'startTicks'>,
): () => void {
  const file = path.join(rosterDir(appDataDir), `${process.pid}.json`);
  const entry: RosterEntry = { pid: process.pid, startTicks: startTicksOf('self'), ...self };
  try {
    fs.mkdirSync(rosterDir(appDataDir), { recursive: true, mode: 0o700 });
    // Whole or not at all: a reader racing an in-place write would see an empty file.
    const partial = `${file}.partial`;
    fs.writeFileSync(partial, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
    fs.renameSync(partial, file);
  } catch {
    return () => undefined;
  }
  return () => {
    try {
      fs.unlinkSync(file);
    } catch {
      // Already gone (the app pruned it, or the folder was removed).
    }
  };
}

function runs(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user (not ours, but alive).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isAlive(entry: RosterEntry): boolean {
  if (!runs(entry.pid)) return false;
  if (entry.startTicks === null) return true;
  return startTicksOf(entry.pid) === entry.startTicks;
}

function parseEntry(text: string): RosterEntry | null {
  try {
    const raw = JSON.parse(text) as Partial<RosterEntry>;
    if (!Number.isSafeInteger(raw.pid) || typeof raw.program !== 'string') return null;
    return {
      pid: raw.pid as number,
      client: typeof raw.client === 'string' ? raw.client : null,
      program: raw.program,
      entry: typeof raw.entry === 'string' ? raw.entry : '',
      preview: raw.preview === true,
      keeps:
        Array.isArray(raw.keeps) && raw.keeps.every((k) => typeof k === 'string')
          ? raw.keeps
          : null,
      startTicks: typeof raw.startTicks === 'number' ? raw.startTicks : null,
    };
  } catch {
    return null;
  }
}

/** The servers running now (their files), oldest process id first; stale files are removed. */
export async function runningServers(appDataDir: string): Promise<RosterEntry[]> {
  const dir = rosterDir(appDataDir);
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return [];
  }
  const running: RosterEntry[] = [];
  for (const name of names) {
    if (!/^\d+\.json$/.test(name)) continue;
    const file = path.join(dir, name);
    const entry = parseEntry(await fs.promises.readFile(file, 'utf8').catch(() => ''));
    if (entry && `${entry.pid}.json` === name && isAlive(entry)) running.push(entry);
    else if (entry || !runs(Number.parseInt(name, 10))) await fs.promises.rm(file, { force: true });
  }
  return running.sort((a, b) => a.pid - b.pid);
}
