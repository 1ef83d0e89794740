// Path comparison by segment (never by string prefix), written once for POSIX and Windows rules.
// Pure: the caller passes the path API (Node's `path`, `path.posix` or `path.win32`), so both
// platforms are unit-tested everywhere, and the MCP server and the app compare paths alike.

/** The part of Node's `path.posix` / `path.win32` these functions use. */
export interface PathApi {
  readonly sep: string;
  resolve(...paths: string[]): string;
  parse(p: string): { root: string };
}

/**
 * Segments of an absolute path after normalization: the root first ('/' or 'c:\'), then names;
 * lower-cased under Windows rules, where names are case-insensitive.
 */
export function pathSegments(p: string, api: PathApi): string[] {
  const normalized = api.resolve(p);
  const { root } = api.parse(normalized);
  const rest = normalized
    .slice(root.length)
    .split(api.sep)
    .filter((s) => s !== '');
  const segments = [root, ...rest];
  return api.sep === '\\' ? segments.map((s) => s.toLowerCase()) : segments;
}

/** True when `a` and `b` name the same location. */
export function isSamePath(a: string, b: string, api: PathApi): boolean {
  const x = pathSegments(a, api);
  const y = pathSegments(b, api);
  return x.length === y.length && x.every((s, i) => s === y[i]);
}

/** True when `child` is strictly below `parent` (`/data/docs-evil` is not below `/data/docs`). */
export function isStrictlyInside(child: string, parent: string, api: PathApi): boolean {
  const c = pathSegments(child, api);
  const p = pathSegments(parent, api);
  return c.length > p.length && p.every((s, i) => s === c[i]);
}

/** True when `child` is `parent` or below it. */
export function isWithin(child: string, parent: string, api: PathApi): boolean {
  return isSamePath(child, parent, api) || isStrictlyInside(child, parent, api);
}

/** True when `p` is a filesystem root or a whole drive ('/', 'C:\', '\\server\share\'). */
export function isFilesystemRoot(p: string, api: PathApi): boolean {
  return pathSegments(p, api).length === 1;
}
