// Where a per-user local channel of the app lives (the approval and the engine channels): a
// private folder `<appData>/<name>` with the secret, and a socket in it — or, on Windows, which
// has no pipe files in folders, a named pipe whose name carries a hash of the (per-user) app data
// folder, so two users on one machine get two pipes.

/** A channel's folder, socket (or pipe) and secret for an app data folder. */
export interface ChannelPaths {
  /** `<appData>/<name>`: private (0700) on Unix. */
  dir: string;
  /** `<dir>/<name>.sock`, or `\\.\pipe\foldergate-<name>-<user hash>` on Windows. */
  socketPath: string;
  /** `<dir>/secret`: 64 hex characters, 0600. */
  secretPath: string;
}

/** The paths of channel `name` under `appData` (absolute). */
export function channelPaths(appData: string, platform: string, name: string): ChannelPaths {
  const sep = platform === 'win32' ? '\\' : '/';
  const dir = appData.replace(/[\\/]+$/, '') + sep + name;
  const socketPath =
    platform === 'win32'
      ? `\\\\.\\pipe\\foldergate-${name}-${fnv1a64(appData.toLowerCase())}`
      : `${dir}/${name}.sock`;
  return { dir, socketPath, secretPath: `${dir}${sep}secret` };
}

// FNV-1a, 64 bits: a stable name, not a secret (shared/ has no node:crypto).
function fnv1a64(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const char of text) {
    hash ^= BigInt(char.codePointAt(0) ?? 0);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}
