// Where the engine's native folder listing is (engine/build.mjs builds native/fast-list.c into
// engine/dist/): beside the engine's bundle (engine/dist/, or <resources>/engine/ in the app), or
// in engine/dist/ when the engine runs from its sources (tests).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NATIVE_LIST_FILE } from '#search/native-list.js';

/** The native listing's module file for this platform, as this engine finds it. */
export function nativeListModule(here = path.dirname(fileURLToPath(import.meta.url))): string {
  return path.basename(here) === 'src'
    ? path.join(here, '..', 'dist', NATIVE_LIST_FILE)
    : path.join(here, NATIVE_LIST_FILE);
}
