// What a crawl of a folder into the engine's index is given (crawl.ts, native-crawl.ts).
import type { FolderAccess, FolderId } from '#search/folder-access.js';

/** Where and how to crawl. */
export interface CrawlSpec {
  rootReal: string;
  rootId: FolderId | null;
  /** The folder to crawl, relative to the root ('' for the root); it must be in the index. */
  rel: string;
  exclude: string[];
  /** Leave what the index holds below the folder (a helper fills part of it meanwhile). */
  keep?: boolean | undefined;
  /** Stop after this position of the walk (relative to the crawled folder), inclusive. */
  until?: string | null | undefined;
  signal?: AbortSignal | undefined;
  /** Entries indexed so far by this crawl. */
  onProgress?: ((entries: number) => void) | undefined;
  /** Asked before a folder is entered (path relative to the root): false leaves it unread. */
  enter?: ((rel: string) => boolean) | undefined;
  /** How folders are opened and listed (the platform's by default; tests compare listings). */
  access?: FolderAccess | undefined;
}
