// The AI apps FolderGate knows, by id (the renderer uses them without zod).

/** Every supported client, in the order the UI lists them. */
export const CLIENT_IDS = [
  'claude-desktop',
  'claude-code',
  'cursor',
  'vscode',
  'windsurf',
  'cline',
  'zed',
  'gemini-cli',
  'antigravity-cli',
  'codex',
  'lm-studio',
  'continue',
  'goose',
] as const;
