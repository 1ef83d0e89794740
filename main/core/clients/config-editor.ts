// The one interface every config format implements: read FolderGate's entry, or write a new
// text with it set or removed. Text in, text out: the caller owns files, BOM and locking.

/** Reads and edits FolderGate's entry in one config format. Both throw ConfigSyntaxError. */
export interface ConfigEditor {
  /** FolderGate's entry in `text`, or undefined when there is none. */
  read(text: string): unknown;
  /** `text` with FolderGate's entry set to `entry`, or removed when `entry` is undefined. */
  write(text: string, entry: unknown): string;
}
