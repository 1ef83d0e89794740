// The one interface every config format implements: read FolderGate's entry, or write a new
// text with it set or removed. Text in, text out: the caller owns files, BOM and locking.

/** Reads and edits FolderGate's entry in one config format. Both throw ConfigSyntaxError. */
export interface ConfigEditor {
  /**
   * FolderGate's entry in `text` as the client reads it (of two copies, the one the client uses:
   * the last, as JSON.parse does), or undefined when there is none.
   */
  read(text: string): unknown;
  /** How many entries named FolderGate's the file holds (more than 1: to repair). */
  copies(text: string): number;
  /**
   * `text` with FolderGate's entry set to `entry` (one copy, every other one removed), or every
   * copy removed when `entry` is undefined.
   */
  write(text: string, entry: unknown): string;
}
