// How many things an allowed folder leaves out (settings' root `leaveOut`, leave-out.ts), without
// zod: the window counts it on the Folders screen and in the Search preview.

/** How many subfolders and names a folder leaves out (absent: none). */
export function leftOutCount(
  leaveOut: { folders: readonly unknown[]; names: readonly unknown[] } | undefined,
): number {
  return leaveOut === undefined ? 0 : leaveOut.folders.length + leaveOut.names.length;
}
