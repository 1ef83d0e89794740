// Binding the approval socket. A socket file left by an app that crashed is removed; one that a
// running app still answers on is left alone, and this app refuses to listen (two apps would
// split the requests and the person would see half of them).
// Windows: a named pipe lives in one machine-wide namespace, not in a folder. libuv creates it
// with the default security descriptor (full control for the creating user, SYSTEM and
// administrators; read-only for Everyone), so another user can open it at most for reading and
// cannot send a hello, and cannot read the secret in this user's %APPDATA%. What a folder mode
// cannot prevent there is squatting (another user creating the name first): this app then fails
// with ApprovalSocketInUseError rather than share the name.
import fs from 'node:fs/promises';
import net from 'node:net';

/** Thrown when another running FolderGate app already listens on the approval socket. */
export class ApprovalSocketInUseError extends Error {
  constructor(
    readonly socketPath: string,
    cause?: unknown,
  ) {
    super(`Another FolderGate app is already answering approval requests on ${socketPath}.`, {
      cause,
    });
    this.name = 'ApprovalSocketInUseError';
  }
}

/** Starts `server` listening on `socketPath` (a Unix socket, 0600, or a Windows named pipe). */
export async function listenApprovalSocket(
  server: net.Server,
  socketPath: string,
  platform: NodeJS.Platform = process.platform,
): Promise<void> {
  try {
    await listen(server, socketPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    // A pipe name in use on Windows is a live listener: pipes vanish with their process.
    if (platform === 'win32' || (await answers(socketPath)))
      throw new ApprovalSocketInUseError(socketPath, error);
    const stat = await fs.lstat(socketPath);
    // Only ever delete a socket: a regular file there is not ours to remove.
    if (!stat.isSocket())
      throw new Error(`${socketPath} exists and is not a socket.`, { cause: error });
    await fs.unlink(socketPath);
    await listen(server, socketPath);
  }
  // The folder (0700) already keeps other users out; this also guards against a wide umask.
  if (platform !== 'win32') await fs.chmod(socketPath, 0o600);
}

function listen(server: net.Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(socketPath, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

/**
 * True when something accepts a connection on the socket or pipe (ECONNREFUSED or ENOENT: a stale
 * file, or nothing there). No answer either way within 2 s counts as a live, busy listener.
 */
export function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createConnection(socketPath);
    const done = (live: boolean) => {
      probe.destroy();
      resolve(live);
    };
    probe.once('connect', () => done(true));
    probe.once('error', () => done(false));
    // No answer either way: assume a live (busy) app rather than take its socket away.
    probe.setTimeout(2_000, () => done(true));
  });
}
