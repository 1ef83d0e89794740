// The search's progress notification in words ("Scanned 12,400 files in 300 folders"), written by
// the server and read back by the app's Search preview for its live count: one place for both.

/** The message of a progress notification for what a walk has looked at so far. */
export function scanProgressMessage(scannedFiles: number, scannedFolders: number): string {
  return `Scanned ${scannedFiles.toLocaleString('en-US')} files in ${scannedFolders.toLocaleString('en-US')} folders`;
}

/** The numbers of a {@link scanProgressMessage}; null for any other message. */
export function parseScanProgress(
  message: string | undefined,
): { scannedFiles: number; scannedFolders: number } | null {
  const m = /^Scanned ([\d,]+) files in ([\d,]+) folders$/.exec(message ?? '');
  if (!m) return null;
  const n = (text: string) => Number(text.replaceAll(',', ''));
  return { scannedFiles: n(m[1]!), scannedFolders: n(m[2]!) };
}
