// The native folder listing (search/native-list.ts, the engine's build of engine/native/fast-list.c)
// for the walks of a server with no app running: its scan processes turn it on as they start, the
// server itself at its first walk or its first check of the engine's matches (search/stat-below.ts
// looks at them all in one native call); a server that does neither never loads it. One
// call lists a folder and lstats each entry relative to the folder's descriptor, in C, as `find`
// does; from JavaScript each lstat costs about twice that, and its Stats and Date objects keep the
// collector busy. Off where the module is not found or fails its self-check at load (the walk then
// reads as before), and with FOLDERGATE_NATIVE_LIST=0.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NATIVE_LIST_FILE, turnOnNativeList } from '#search/native-list.js';

/**
 * Where this server finds the module: beside its bundle (a copy that carries it), beside the
 * engine in the app (`<resources>/mcp-server/` next to `<resources>/engine/`), or in engine/dist/
 * of a checkout (from mcp-server/dist/, or from mcp-server/src/scan/ in tests); null when none is.
 */
export function walkListingModule(
  here = path.dirname(fileURLToPath(import.meta.url)),
): string | null {
  const candidates = [
    path.join(here, NATIVE_LIST_FILE),
    path.join(here, '..', 'engine', NATIVE_LIST_FILE),
    path.join(here, '..', '..', 'engine', 'dist', NATIVE_LIST_FILE),
    path.join(here, '..', '..', '..', 'engine', 'dist', NATIVE_LIST_FILE),
  ];
  return candidates.find((file) => fs.existsSync(file)) ?? null;
}

let tried = false;
let on = false;

/** Turns the native listing on for this process's walks, once; true when it is on. */
export function useNativeWalkListing(): boolean {
  if (tried) return on;
  tried = true;
  const file = walkListingModule();
  on = file !== null && turnOnNativeList(file) === 'on';
  return on;
}
