// The folder access a walk uses by default: descriptors where /proc/self/fd works, else checks.
import type { FolderAccess } from './folder-access.js';
import { createFdFolderAccess, isFdAccessAvailable } from './folder-access-fd.js';
import { createVerifyingFolderAccess } from './folder-access-verify.js';

let platformAccess: FolderAccess | null = null;

/** The safest access this platform offers: descriptors where /proc/self/fd works, else checks. */
export function platformFolderAccess(): FolderAccess {
  platformAccess ??= isFdAccessAvailable() ? createFdFolderAccess() : createVerifyingFolderAccess();
  return platformAccess;
}

let lookingAccess: FolderAccess | null = null;

/**
 * The same access for looking at a few entries in many folders (the check of an engine's
 * matches): no working folder moved to each (one lstat a folder does not pay for two chdirs).
 */
export function lookingFolderAccess(): FolderAccess {
  lookingAccess ??= isFdAccessAvailable()
    ? createFdFolderAccess({ useWorkingFolder: false })
    : platformFolderAccess();
  return lookingAccess;
}
