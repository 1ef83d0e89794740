/** Every error code a FolderGate tool can return (seed 002 plus FolderGate's own additions). */
export const ERROR_CODES = [
  // Validation (seed 002 §2.1)
  'InvalidDateTime',
  'InvalidRange',
  'InvalidEnum',
  'LimitOutOfRange',
  'GlobTooLong',
  'PathTooLong',
  'CursorTooLong',
  'MaxDepthOutOfRange',
  // Security (seed 002 §2.2)
  'RootNotAllowed',
  'PathNotRelative',
  'PathTraversalDetected',
  'SymlinkEscapeDetected',
  'AccessDenied',
  // Cursor (seed 002 §2.3)
  'CursorInvalid',
  'CursorVersionMismatch',
  'CursorSortMismatch',
  // Limits (seed 002 §2.4)
  'ScanLimitExceeded',
  'TimeoutExceeded',
  // Internal (seed 002 §2.5)
  'IOFailure',
  // FolderGate additions
  'InvalidArgument',
  'NoAllowedRoots',
  'PathNotFound',
  'NotADirectory',
  'AccessPaused',
  // Logic catalog (seed 003)
  'NOT_FOUND',
  'InvalidLogic',
] as const;

/** One of {@link ERROR_CODES}. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** A tool execution error: a code, one sentence saying what is wrong, and one saying how to fix it. */
export class ToolError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fix: string,
    readonly details?: string,
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
 * The seed's 3-line error text: `ErrorCode: …` / `Message: …` / `Fix: …`, optionally followed by
 * debugging lines. Never put absolute paths of allowed roots in any of them.
 */
export function formatToolError(
  error: Pick<ToolError, 'code' | 'message' | 'fix' | 'details'>,
): string {
  const lines = [
    `ErrorCode: ${error.code}`,
    `Message: ${oneLine(error.message)}`,
    `Fix: ${oneLine(error.fix)}`,
  ];
  if (error.details) lines.push(error.details);
  return lines.join('\n');
}

/** Parses the 3-line error text back into its parts (used by clients such as the preview window). */
export function parseToolErrorText(
  text: string,
): { code: string; message: string; fix: string; details?: string } | null {
  const match = /^ErrorCode: (\S+)\nMessage: (.*)\nFix: (.*)(?:\n([\s\S]*))?$/.exec(text);
  if (!match) return null;
  const [, code = '', message = '', fix = '', details] = match;
  return details === undefined ? { code, message, fix } : { code, message, fix, details };
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
