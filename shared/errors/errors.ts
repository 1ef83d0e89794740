/** Every error code a FolderGate tool can return (docs/contracts/error-codes.md). */
export const ERROR_CODES = [
  // Validation (error-codes.md §3)
  'InvalidDateTime',
  'InvalidRange',
  'InvalidEnum',
  'LimitOutOfRange',
  'GlobTooLong',
  'PathTooLong',
  'CursorTooLong',
  'MaxDepthOutOfRange',
  // Safety (error-codes.md §4)
  'RootNotAllowed',
  'PathNotRelative',
  'PathTraversalDetected',
  'SymlinkEscapeDetected',
  'AccessDenied',
  // Pages (error-codes.md §5)
  'CursorInvalid',
  'CursorVersionMismatch',
  'CursorSortMismatch',
  // Limits (error-codes.md §5)
  'ScanLimitExceeded',
  'TimeoutExceeded',
  // Internal (error-codes.md §5)
  'IOFailure',
  // FolderGate additions
  'InvalidArgument',
  'NoAllowedRoots',
  // The allowed folder's path no longer leads to the folder the person chose (moved, or
  // replaced by another folder or a link): ask the person to check it in FolderGate.
  'RootReplaced',
  'PathNotFound',
  'NotADirectory',
  // The start folder is, or lies inside, a subfolder the person leaves out of AI apps' sight
  // (settings' leaveOut): say nothing of what is inside; only the person can change it.
  'PathExcluded',
  'AccessPaused',
  // The person's controls (issue #10). Fixes: ToolDisabled — do not retry, tell the person the
  // tool is off (shared/tool-switches.ts); ApprovalUnavailable — ask the person to open the
  // FolderGate app; DeniedByUser — do not retry, ask the person (shared/approval.ts).
  'ToolDisabled',
  'ApprovalUnavailable',
  'DeniedByUser',
  // Logic catalog (error-codes.md §6)
  'NOT_FOUND',
  'InvalidLogic',
] as const;

/** One of {@link ERROR_CODES}. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * What an error is about, in parts, for words other than the AI's sentence (the person's voice in
 * shared/errors/person-errors.ts), so nothing has to read the English message back.
 */
export interface ErrorParams {
  /** What it is about, when the code alone does not say. */
  about?:
    | 'logic-catalog'
    | 'no-logic-catalog'
    | 'allowed-folder'
    | 'subfolder'
    | 'name-pattern'
    | 'folder-name';
  /** The name of the folder, subfolder or logic it is about. */
  name?: string;
  /** The file it is about (an AI app's settings file), and where in it. */
  file?: string;
  line?: number;
  column?: number;
}

/**
 * The `_meta` key under which an error result carries its ErrorParams, for FolderGate's own app
 * (its preview): AI apps read the 3-line text and never need them.
 */
export const ERROR_PARAMS_META = 'dev.foldergate/error-params';

/** A tool execution error: a code, one sentence saying what is wrong, and one saying how to fix it. */
export class ToolError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fix: string,
    /** The same facts in parts (never sent to the AI app's text). */
    readonly params: ErrorParams = {},
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

/** True when `value` is a {@link ToolError}. */
export function isToolError(value: unknown): value is ToolError {
  return value instanceof ToolError;
}

/**
 * The names of the 3-line error text's fields, in order (code, message, fix), as the AI app reads
 * them: the contract's, never translated (the Search preview's developer view shows them so).
 */
export const ERROR_TEXT_FIELDS = ['ErrorCode', 'Message', 'Fix'] as const;

/**
 * The 3-line error text (docs/contracts/error-codes.md §2): `ErrorCode: …` / `Message: …` / `Fix: …`, optionally followed by
 * debugging lines. Never put absolute paths of allowed roots in any of them.
 */
export function formatToolError(error: Pick<ToolError, 'code' | 'message' | 'fix'>): string {
  const [code, message, fix] = ERROR_TEXT_FIELDS;
  return [
    `${code}: ${error.code}`,
    `${message}: ${oneLine(error.message)}`,
    `${fix}: ${oneLine(error.fix)}`,
  ].join('\n');
}

/**
 * Parses the 3-line error text back into its parts (used by clients such as the preview window).
 * The message echoes what the caller sent (a path may hold CR, U+2028, U+2029 or even LF), so the
 * text is cut at its fixed prefixes, never split into lines: the code is the first line's
 * `ErrorCode: <code>`, the message runs from `Message: ` to the last `\nFix: `, and the fix is
 * the rest of that line (the server folds LF out of the fix; other line breaks stay in it).
 * Lines after the fix are details. Linear in the length of the text, however long.
 */
export function parseToolErrorText(
  text: string,
): { code: string; message: string; fix: string; details?: string } | null {
  const head = /^ErrorCode: (\S+)\r?\nMessage: /.exec(text);
  if (!head) return null;
  const fixAt = text.lastIndexOf('\nFix: ');
  if (fixAt < head[0].length) return null;
  const code = head[1] ?? '';
  const message = text.slice(head[0].length, fixAt).replace(/\r$/, '');
  const rest = text.slice(fixAt + '\nFix: '.length);
  const end = rest.indexOf('\n');
  const fix = (end < 0 ? rest : rest.slice(0, end)).replace(/\r$/, '');
  return end < 0 ? { code, message, fix } : { code, message, fix, details: rest.slice(end + 1) };
}

// Every line terminator a reader may split on (LF, CR, NEL, U+2028, U+2029) is folded, so the
// three lines stay three lines whatever a message echoes.
function oneLine(text: string): string {
  return text.replace(/\s*[\n\r\u0085\u2028\u2029]\s*/g, ' ').trim();
}
