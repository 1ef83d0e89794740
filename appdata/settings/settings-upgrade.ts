// Schema migrations of settings.json: each step turns the raw JSON of version N into version N+1.
// Steps work on plain objects; the result is validated with the current zod schema afterwards.
import path from 'node:path';
import { PURE_SETTINGS_MIGRATIONS } from '#shared/settings/settings-migrations.js';
import { SETTINGS_VERSION } from '#shared/settings/settings.js';

type Raw = Record<string, unknown>;

/** Display name for a folder: its last segment, or the drive/root itself. */
export function baseName(folder: string): string {
  const api = /^[A-Za-z]:/.test(folder) || folder.includes('\\') ? path.win32 : path.posix;
  const name = api.basename(folder);
  if (name) return name;
  const root = api.parse(folder).root.replace(/[\\/]+$/, '');
  return root || 'Root';
}

/** `base`, or `base 2`, `base 3`, … — the first that is not in `taken`. */
export function uniqueName(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) if (!used.has(`${base} ${i}`)) return `${base} ${i}`;
}

// v0: the early format, `{ "roots": ["/a", "/b"] }` with plain path strings (or {path,name}).
function v0ToV1(raw: Raw): Raw {
  const names: string[] = [];
  const roots = Array.isArray(raw.roots)
    ? raw.roots.flatMap((entry: unknown) => {
        const root =
          typeof entry === 'string'
            ? { path: entry, name: '' }
            : entry && typeof entry === 'object' && typeof (entry as Raw).path === 'string'
              ? {
                  path: (entry as Raw).path as string,
                  name:
                    typeof (entry as Raw).name === 'string' ? ((entry as Raw).name as string) : '',
                }
              : null;
        if (!root || root.path === '') return [];
        root.name = uniqueName(root.name.trim() || baseName(root.path), names);
        names.push(root.name);
        return [root];
      })
    : raw.roots;
  return { ...raw, version: 1, roots };
}

/**
 * Step functions by the version they upgrade from. The pure ones (v1 → v2 onwards) live in
 * shared/ because servers apply them in memory to a file the app has not upgraded yet.
 */
export const MIGRATIONS: Record<number, (raw: Raw) => Raw> = {
  0: v0ToV1,
  ...PURE_SETTINGS_MIGRATIONS,
};

/** Runs every step from `from` up to the current version; throws when a step is missing. */
export function migrate(raw: Raw, from: number): Raw {
  let current = raw;
  for (let v = from; v < SETTINGS_VERSION; v++) {
    const step = MIGRATIONS[v];
    if (!step) throw new Error(`no migration from settings version ${v}`);
    current = step(current);
  }
  return current;
}
