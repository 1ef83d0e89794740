// Writes an entry of the listing cache (listing-cache.ts), atomically: servers of several AI apps
// may write at once; the last one wins, and an entry lost that way only costs a later server
// loading the full server to answer its listing.
import writeFileAtomic from 'write-file-atomic';
import { MAX_LISTINGS, readListings, type ListingEntry } from './listing-cache.js';

/** Puts `entry` first in the cache file (replacing one with its key), keeping MAX_LISTINGS. */
export function writeListing(file: string, entry: ListingEntry): void {
  const others = readListings(file).filter((known) => known.key !== entry.key);
  const entries = [entry, ...others].slice(0, MAX_LISTINGS);
  writeFileAtomic.sync(file, `${JSON.stringify({ entries })}\n`, { mode: 0o600 });
}
