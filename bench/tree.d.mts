// Types of tree.mjs, for bench/bench-lib.test.ts.

/** A benchmark tree's shape and times. */
export interface TreeParams {
  version: number;
  tops: number;
  subs: number;
  files: number;
  empty?: boolean;
  baseSec: number;
  stepSec: number;
  offsetSec: number;
  mult: number;
  add: number;
}
export const TREE_200K: TreeParams;
export const TREE_1M: TreeParams;
export function fileCount(p: TreeParams): number;
export function folderCount(p: TreeParams): number;
export function relPathOf(p: TreeParams, g: number): string;
export function indexOfRelPath(p: TreeParams, rel: string): number | null;
export function mtimeSecOf(p: TreeParams, g: number): number;
export function fromSecForShare(p: TreeParams, share: number): number;
export function ensureTree(
  p: TreeParams,
  dir: string,
  log?: (line: string) => void,
): { path: string; built: boolean; ms: number };
