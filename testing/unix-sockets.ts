// A sequence point on a Unix socket, seen from outside both processes (Linux): how many
// connections have reached the socket bound at a path. Each accepted or still-queued connection
// shows in /proc/net/unix with the listener's path: connected (St 03), or, once its client has
// closed while it waits in the queue of a listener that does not accept (a stopped process),
// disconnecting (St 02). A test waits until a server has connected to the engine's or the
// approval channel's socket instead of sleeping and hoping it has.
import fs from 'node:fs';

/** Connections that reached the socket bound at `socketPath` (Linux; 0 elsewhere). */
export function connectionsTo(socketPath: string): number {
  if (process.platform !== 'linux') return 0;
  let count = 0;
  for (const line of fs.readFileSync('/proc/net/unix', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    // Num RefCount Protocol Flags Type St Inode Path
    const state = fields[5];
    if (
      fields.length >= 8 &&
      (state === '03' || state === '02') &&
      fields.slice(7).join(' ') === socketPath
    )
      count++;
  }
  return count;
}
