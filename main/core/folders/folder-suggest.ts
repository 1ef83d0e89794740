// Helping a person pick a folder without typing a path: the usual folders of their home that
// exist (Documents, Desktop, Downloads, Pictures, …, with how many files each holds), the
// subfolders that complete a path as it is typed, and "did you mean" for a path that is not
// quite right ("Documents" alone, or "documents" for "Documents").
import fs from 'node:fs/promises';
import path from 'node:path';
import { isSamePath, isWithin } from '#shared/text/path-compare.js';
import { folderState } from './folder-check.js';

/** A usual folder offered with one click. */
export interface FolderSuggestion {
  path: string;
  name: string;
  /** Files counted in it (up to COUNT_CAP). */
  files: number;
  /** More files than COUNT_CAP: "10,000+ files". */
  more: boolean;
}

/** How many files a suggestion counts at most: a glance, not a scan of a photo library. */
export const COUNT_CAP = 10_000;
/** How many completions are offered at most. */
export const COMPLETIONS_MAX = 10;

// XDG names (Linux: ~/.config/user-dirs.dirs, translated folder names) and their usual defaults.
const USUAL = [
  ['DOCUMENTS', 'Documents'],
  ['DESKTOP', 'Desktop'],
  ['DOWNLOAD', 'Downloads'],
  ['PICTURES', 'Pictures'],
  ['MUSIC', 'Music'],
  ['VIDEOS', process.platform === 'darwin' ? 'Movies' : 'Videos'],
] as const;

/** The person's usual folders that exist, are not allowed yet and are not inside one that is. */
export async function suggestFolders(
  home: string,
  allowed: string[],
  cap: number = COUNT_CAP,
): Promise<FolderSuggestion[]> {
  const xdg = await readUserDirs(home);
  const candidates = USUAL.map(([key, fallback]) => xdg.get(key) ?? path.join(home, fallback));
  const seen = new Set<string>();
  const found: FolderSuggestion[] = [];
  for (const candidate of candidates) {
    if (isSamePath(candidate, home, path) || (await folderState(candidate)) !== 'ok') continue;
    const real = await fs.realpath(candidate).catch(() => candidate);
    if (seen.has(real) || allowed.some((root) => isWithin(real, root, path))) continue;
    seen.add(real);
    const { files, more } = await countFiles(real, cap);
    found.push({ path: real, name: path.basename(candidate), files, more });
  }
  return found;
}

/** The folders that complete `input` (a typed path): subfolders of its parent named like its end. */
export async function completeFolder(input: string, home: string): Promise<string[]> {
  const typed = input.trim();
  const expanded = /^~([\\/]|$)/.test(typed) ? path.join(home, typed.slice(1)) : typed;
  if (!path.isAbsolute(expanded)) return [];
  const endsWithSep = /[\\/]$/.test(expanded);
  const parent = endsWithSep ? expanded : path.dirname(expanded);
  const start = endsWithSep ? '' : path.basename(expanded).toLowerCase();
  let entries;
  try {
    entries = await fs.readdir(parent, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => e.isDirectory() || e.isSymbolicLink())
    .map((e) => e.name)
    .filter(
      (name) =>
        name.toLowerCase().startsWith(start) && (start.startsWith('.') || !name.startsWith('.')),
    )
    .sort((a, b) => a.localeCompare(b))
    .slice(0, COMPLETIONS_MAX)
    .map((name) => path.join(parent, name));
}

/**
 * A folder the person probably meant when `input` is not one: a relative name that exists in the
 * home folder ("Documents"), or a path whose last part differs only in letter case.
 */
export async function didYouMean(input: string, home: string): Promise<string | null> {
  const typed = input.trim().replace(/[\\/]+$/, '');
  if (typed === '' || typed.includes('\0')) return null;
  const expanded = /^~([\\/]|$)/.test(typed) ? path.join(home, typed.slice(1)) : typed;
  const wanted = path.isAbsolute(expanded) ? path.resolve(expanded) : path.join(home, expanded);
  if (!path.isAbsolute(expanded) && (await folderState(wanted)) === 'ok') return wanted;
  const parent = path.dirname(wanted);
  const name = path.basename(wanted).toLowerCase();
  try {
    const entries = await fs.readdir(parent, { withFileTypes: true });
    const match = entries.find((e) => e.isDirectory() && e.name.toLowerCase() === name);
    if (match && match.name !== path.basename(wanted)) return path.join(parent, match.name);
  } catch {
    // The parent is not there either: nothing to suggest.
  }
  return null;
}

// XDG_DOCUMENTS_DIR="$HOME/Dokumente" lines; a missing or odd file gives the defaults.
async function readUserDirs(home: string): Promise<Map<string, string>> {
  const dirs = new Map<string, string>();
  let text: string;
  try {
    text = await fs.readFile(path.join(home, '.config', 'user-dirs.dirs'), 'utf8');
  } catch {
    return dirs;
  }
  for (const line of text.split('\n')) {
    const m = /^XDG_([A-Z]+)_DIR="(.*)"\s*$/.exec(line.trim());
    if (!m) continue;
    const value = m[2]!.replace(/^\$HOME/, home);
    if (path.isAbsolute(value)) dirs.set(m[1]!, value);
  }
  return dirs;
}

// Counts files below `folder` breadth first, stopping at `cap`; unreadable folders are skipped.
async function countFiles(folder: string, cap: number): Promise<{ files: number; more: boolean }> {
  let files = 0;
  let visited = 0;
  const queue = [folder];
  while (queue.length > 0) {
    const dir = queue.shift()!;
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (++visited > cap * 2) return { files, more: true };
      if (entry.isDirectory()) queue.push(path.join(dir, entry.name));
      else if (entry.isFile()) {
        files += 1;
        if (files > cap) return { files: cap, more: true };
      }
    }
  }
  return { files, more: false };
}
