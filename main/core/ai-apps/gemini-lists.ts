// Gemini CLI's own say over which MCP servers it starts: `mcp.excluded` (a server named in any
// settings file's list is skipped) and `mcp.allowed` (when the lists the settings files define
// leave any name, only those start), as Gemini CLI reads them (packages/cli/src/config/
// settings.ts getConsolidated…McpServers; packages/core/src/tools/mcp-client-manager.ts
// isBlockedBySettings): the person's ~/.gemini/settings.json and the system's settings and
// defaults files. FolderGate's entry can be right and still never start; this says so, and the
// one-click fix edits only the person's two lists (comments and everything else kept).
import fs from 'node:fs';
import path from 'node:path';
import { applyEdits, modify, parse, type ParseError } from 'jsonc-parser';
import { CLIENT_ENTRY_NAME } from '#shared/clients/clients.js';
import { detectEol, detectIndent } from './config-text.js';

/** The two lists of one settings file (undefined: the file defines none). */
export interface McpLists {
  allowed?: string[] | undefined;
  excluded?: string[] | undefined;
}

const normal = (name: string): string => name.toLowerCase().trim();
const named = (list: readonly string[] | undefined): boolean =>
  (list ?? []).some((n) => normal(n) === CLIENT_ENTRY_NAME);

/** The lists a settings file's text defines (a file Gemini cannot read defines none). */
export function listsOf(text: string | null): McpLists {
  if (text === null) return {};
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: false });
  if (errors.length > 0 || typeof value !== 'object' || value === null) return {};
  const mcp = (value as { mcp?: unknown }).mcp;
  if (typeof mcp !== 'object' || mcp === null) return {};
  const list = (v: unknown): string[] | undefined =>
    Array.isArray(v) ? v.filter((n): n is string => typeof n === 'string') : undefined;
  const { allowed, excluded } = mcp as { allowed?: unknown; excluded?: unknown };
  return { allowed: list(allowed), excluded: list(excluded) };
}

/** Whether Gemini CLI skips FolderGate's server under these files' lists. */
export function excludesFolderGate(files: readonly McpLists[]): boolean {
  if (files.some((f) => named(f.excluded))) return true;
  const defined = files.flatMap((f) => (f.allowed ? [f.allowed] : []));
  if (defined.length === 0) return false;
  // The intersection of every defined list; an empty one restricts nothing (as Gemini does).
  const left = defined.reduce((acc, list) =>
    acc.filter((n) => list.some((m) => normal(m) === normal(n))),
  );
  return left.length > 0 && !named(left);
}

/** The person's lists as the fix leaves them: FolderGate out of `excluded`, into a non-empty `allowed`. */
export function fixedLists(lists: McpLists): McpLists {
  const excluded = lists.excluded?.filter((n) => normal(n) !== CLIENT_ENTRY_NAME);
  const allowed =
    lists.allowed && lists.allowed.length > 0 && !named(lists.allowed)
      ? [...lists.allowed, CLIENT_ENTRY_NAME]
      : lists.allowed;
  return { allowed, excluded };
}

/** `text` with the person's lists fixed (only those two values change); the same text if nothing to do. */
export function withFolderGateAllowed(text: string): string {
  const before = listsOf(text);
  const after = fixedLists(before);
  let out = text;
  const options = { formattingOptions: { ...detectIndent(text), eol: detectEol(text) } };
  for (const key of ['excluded', 'allowed'] as const) {
    const value = after[key];
    if (value && value.length !== before[key]?.length)
      out = applyEdits(out, modify(out, ['mcp', key], value, options));
  }
  return out;
}

/** Gemini CLI's system settings files (GEMINI_CLI_SYSTEM_SETTINGS_PATH, …_DEFAULTS_PATH). */
export function geminiSystemFiles(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string[] {
  const settings =
    env.GEMINI_CLI_SYSTEM_SETTINGS_PATH ??
    (platform === 'darwin'
      ? '/Library/Application Support/GeminiCli/settings.json'
      : platform === 'win32'
        ? 'C:\\ProgramData\\gemini-cli\\settings.json'
        : '/etc/gemini-cli/settings.json');
  const api = platform === 'win32' ? path.win32 : path.posix;
  const defaults =
    env.GEMINI_CLI_SYSTEM_DEFAULTS_PATH ?? api.join(api.dirname(settings), 'system-defaults.json');
  return [settings, defaults];
}

/** What the row says of Gemini CLI's lists: nothing, or excluded (and whether the fix helps). */
export type GeminiListsState = null | { fixable: boolean; systemFiles: string[] };

/** Reads the person's text and the system files' lists and decides. */
export function geminiListsState(userText: string | null, systemFiles: string[]): GeminiListsState {
  const read = (file: string): string | null => {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch {
      return null;
    }
  };
  const system = systemFiles.map((file) => ({ file, lists: listsOf(read(file)) }));
  const user = listsOf(userText);
  if (!excludesFolderGate([user, ...system.map((s) => s.lists)])) return null;
  const fixable = !excludesFolderGate([fixedLists(user), ...system.map((s) => s.lists)]);
  const blocking = system.filter((s) => s.lists.allowed || s.lists.excluded).map((s) => s.file);
  return { fixable, systemFiles: blocking };
}
