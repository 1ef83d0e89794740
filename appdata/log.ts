// stderr logging: stdout belongs to JSON-RPC alone.

/** Writes one line to stderr, prefixed with the server's name. */
export function log(message: string): void {
  process.stderr.write(`[foldergate-mcp] ${message}\n`);
}
