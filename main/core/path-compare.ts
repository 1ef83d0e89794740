// Path comparison by segment (never by string prefix), for path.posix and path.win32 alike.
import path from 'node:path';

/** `path.posix` or `path.win32`. */
export type PathApi = path.PlatformPath;

/** Segments of an absolute path after normalization: the root first ('/' or 'c:\'), then names. */
export function pathSegments(p: string, api: PathApi = path): string[] {
  const normalized = api.resolve(p);
  const { root } = api.parse(normalized);
  const rest = normalized
    .slice(root.length)
    .split(api.sep)
    .filter((s) => s !== '');
  const caseless = api.sep === '\\' || (api === path && process.platform === 'darwin');
  const segments = [root, ...rest];
  return caseless ? segments.map((s) => s.toLowerCase()) : segments;
}

/** True when `a` and `b` name the same location. */
export function isSamePath(a: string, b: string, api: PathApi = path): boolean {
  const x = pathSegments(a, api);
  const y = pathSegments(b, api);
  return x.length === y.length && x.every((s, i) => s === y[i]);
}

/** True when `child` is strictly below `parent`. */
export function isStrictlyInside(child: string, parent: string, api: PathApi = path): boolean {
  const c = pathSegments(child, api);
  const p = pathSegments(parent, api);
  return c.length > p.length && p.every((s, i) => s === c[i]);
}

/** True when `child` is `parent` or below it. */
export function isWithin(child: string, parent: string, api: PathApi = path): boolean {
  return isSamePath(child, parent, api) || isStrictlyInside(child, parent, api);
}

/** True when `p` is a filesystem root or a whole drive ('/', 'C:\', '\\server\share\'). */
export function isFilesystemRoot(p: string, api: PathApi = path): boolean {
  return pathSegments(p, api).length === 1;
}
