// Maps a URL path to a file of the built renderer, for both hosts (the headless HTTP host and
// the Electron app:// protocol). The path is decoded and checked segment by segment, so '..',
// encoded slashes, backslashes, drive letters and NUL can never leave the folder.
import { lstat } from 'node:fs/promises';
import path from 'node:path';

/** A file that may be served: where it is, what it is, how big. */
export interface StaticFile {
  path: string;
  contentType: string;
  size: number;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
};

/** The Content-Type for a file name (octet-stream when unknown, so nosniff keeps it inert). */
export function contentTypeFor(fileName: string): string {
  return CONTENT_TYPES[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

// Control characters, separators of any platform, and ':' (drive letters, NTFS streams).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_IN_SEGMENT = /[\u0000-\u001f\u007f/\\:]/;

/**
 * The safe relative segments of a URL path ('/' → ['index.html']), or null when any segment
 * is '.', '..', a dot file, or contains a separator or control character after decoding.
 */
export function staticSegments(urlPath: string): string[] | null {
  if (!urlPath.startsWith('/')) return null;
  const segments: string[] = [];
  for (const raw of urlPath.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '' || segment.startsWith('.') || FORBIDDEN_IN_SEGMENT.test(segment))
      return null;
    segments.push(segment);
  }
  return segments.length === 0 ? ['index.html'] : segments;
}

/** The file under `staticDir` that `urlPath` names, or null (not found, not a plain file, unsafe). */
export async function resolveStaticFile(
  staticDir: string,
  urlPath: string,
): Promise<StaticFile | null> {
  const segments = staticSegments(urlPath);
  if (!segments) return null;
  const root = path.resolve(staticDir);
  const filePath = path.join(root, ...segments);
  const relative = path.relative(root, filePath);
  if (relative === '' || relative.split(path.sep)[0] === '..' || path.isAbsolute(relative))
    return null;
  try {
    // lstat of every segment: a symbolic link (file or folder) is never followed, wherever it
    // points. (lstat rather than realpath: it also works inside Electron's app.asar.)
    let current = root;
    for (const [index, segment] of segments.entries()) {
      current = path.join(current, segment);
      const stats = await lstat(current);
      if (stats.isSymbolicLink()) return null;
      if (index === segments.length - 1) {
        return stats.isFile()
          ? { path: filePath, contentType: contentTypeFor(filePath), size: stats.size }
          : null;
      }
      if (!stats.isDirectory()) return null;
    }
    return null;
  } catch {
    return null;
  }
}
