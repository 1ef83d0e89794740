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
