// The name people know each AI app by (a product's name, the same in every language), and the
// names the apps give themselves in `initialize`: the one table the client descriptors, the
// activity log, the approval prompt and the rules read (the renderer uses it without zod).
import { CLIENT_IDS } from './client-ids.js';

/** One of CLIENT_IDS (kept apart from zod for the renderer). */
export type KnownClientId = (typeof CLIENT_IDS)[number];

/** Every app's own name, by id. */
export const CLIENT_NAMES: Readonly<Record<KnownClientId, string>> = {
  'claude-desktop': 'Claude Desktop',
  'claude-code': 'Claude Code',
  cursor: 'Cursor',
  vscode: 'VS Code',
  windsurf: 'Windsurf',
  cline: 'Cline',
  zed: 'Zed',
  'gemini-cli': 'Gemini CLI',
  'antigravity-cli': 'Antigravity CLI',
  codex: 'Codex CLI',
  'lm-studio': 'LM Studio',
  continue: 'Continue',
  goose: 'Goose',
};

/**
 * Names AI apps report about themselves (`clientInfo.name`, lowercased) → the app and the name to
 * show (a variant's own, "VS Code Insiders"). Unknown names are shown as sent.
 */
export const REPORTED_NAMES: Readonly<Record<string, readonly [KnownClientId, string]>> = {
  'claude-ai': ['claude-desktop', 'Claude Desktop'],
  'claude-code': ['claude-code', 'Claude Code'],
  'cursor-vscode': ['cursor', 'Cursor'],
  cursor: ['cursor', 'Cursor'],
  'visual studio code': ['vscode', 'VS Code'],
  'visual-studio-code': ['vscode', 'VS Code'],
  'visual studio code - insiders': ['vscode', 'VS Code Insiders'],
  windsurf: ['windsurf', 'Windsurf'],
  'windsurf-client': ['windsurf', 'Windsurf'],
  'gemini-cli-mcp-client': ['gemini-cli', 'Gemini CLI'],
  'gemini-cli': ['gemini-cli', 'Gemini CLI'],
  antigravity: ['antigravity-cli', 'Antigravity'],
  'antigravity-cli': ['antigravity-cli', 'Antigravity CLI'],
  'codex-mcp-client': ['codex', 'Codex CLI'],
  codex: ['codex', 'Codex CLI'],
  cline: ['cline', 'Cline'],
  zed: ['zed', 'Zed'],
  goose: ['goose', 'Goose'],
  continue: ['continue', 'Continue'],
  'lm-studio': ['lm-studio', 'LM Studio'],
};

/** True for an id FolderGate knows (an entry's `--client`, a record's `app`). */
export function isClientId(value: unknown): value is KnownClientId {
  return typeof value === 'string' && (CLIENT_IDS as readonly string[]).includes(value);
}

/** The app a self-reported name belongs to, and the name to show; null for a name not known. */
export function reportedApp(
  name: string | null | undefined,
): readonly [KnownClientId, string] | null {
  return REPORTED_NAMES[(name ?? '').trim().toLowerCase()] ?? null;
}
