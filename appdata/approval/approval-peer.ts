// Which process is on the other end of an approval connection. Node gives a socket's server no
// peer credentials (SO_PEERCRED), and /proc/net/unix lists a Unix socket's inode but not its
// peer's, so a connection cannot be traced to a process from outside. Instead the process proves
// it (Linux): once the app has proven itself, the server listens on an abstract Unix socket named
// after the nonce the app sent on that one connection (approvalProofSocketName), before it sends
// its own proof; the app then finds that listener's inode in /proc/net/unix and looks for it among
// the open descriptors of the process the hello names (/proc/<pid>/fd). Only a process that read
// this connection knows the name before it is bound, an abstract name has no file anyone could
// swap, and no process can put a socket into the descriptors of another it does not control, so a
// request is shown as coming from a process only when that process holds its proof.
// Limits: a process can hand a descriptor it holds to a program it starts (which then shows as
// the one that asked, started by that process); a process that can trace or control another of
// the same user's processes (ptrace, where the system allows it) can make it ask. On other
// systems nothing is proven, and nothing is shown beyond the name the app gave itself.
import fs from 'node:fs';
import { approvalProofSocketName, type PendingApproval } from '#shared/approval/approval.js';

/** What the app could tell of the process that asked. */
export type ApprovalPeer = Pick<PendingApproval, 'origin' | 'executable' | 'startedBy'>;

/** Whether this system lets a process prove which it is (/proc, abstract Unix sockets). */
export function canCheckPeers(platform: string = process.platform): boolean {
  return platform === 'linux';
}

/**
 * What can be told of process `pid`, which says it asked on the connection whose app nonce is
 * `appNonce`: 'checked' with its executable and what started it when it holds that connection's
 * proof listener; else 'unchecked' (or 'unsupported' where the system offers no proof).
 */
export function identifyPeer(
  pid: number,
  appNonce: string,
  proc = '/proc',
  platform: string = process.platform,
): ApprovalPeer {
  const none = { executable: null, startedBy: null };
  if (!canCheckPeers(platform)) return { origin: 'unsupported', ...none };
  const inode = listenerInode(approvalProofSocketName(appNonce), proc);
  if (inode === null || pid <= 0 || !holds(pid, inode, proc))
    return { origin: 'unchecked', ...none };
  const executable = executableOf(pid, proc);
  if (executable === null) return { origin: 'unchecked', ...none };
  return { origin: 'checked', executable, startedBy: startedByOf(pid, proc) };
}

/**
 * The inode of the listening Unix socket bound to abstract `name`, from /proc/net/unix (which
 * shows the name after an '@', and the rest of an address Node pads with NULs as more '@'s).
 */
export function listenerInode(name: string, proc = '/proc'): string | null {
  let table: string;
  try {
    table = fs.readFileSync(`${proc}/net/unix`, 'utf8');
  } catch {
    return null;
  }
  const address = `@${name}`;
  for (const line of table.split('\n')) {
    // Num RefCount Protocol Flags Type St Inode Path
    const fields = line.trim().split(/\s+/);
    const path = fields[7];
    if (fields.length !== 8 || path === undefined || !path.startsWith(address)) continue;
    if (!/^@*$/.test(path.slice(address.length))) continue;
    if (fields[5] === '01' && fields[4] === '0001') return fields[6]!; // listening, stream
  }
  return null;
}

// Whether process `pid` holds the socket with `inode` among its descriptors.
function holds(pid: number, inode: string, proc: string): boolean {
  let descriptors: string[];
  try {
    descriptors = fs.readdirSync(`${proc}/${pid}/fd`);
  } catch {
    return false; // gone, or not this user's process
  }
  const target = `socket:[${inode}]`;
  for (const fd of descriptors) {
    try {
      if (fs.readlinkSync(`${proc}/${pid}/fd/${fd}`) === target) return true;
    } catch {
      // closed meanwhile
    }
  }
  return false;
}

// The executable process `pid` runs, as a path ("/usr/bin/node"), else its command name; null
// when neither can be read.
function executableOf(pid: number, proc: string): string | null {
  for (const read of [
    () => fs.readlinkSync(`${proc}/${pid}/exe`),
    () => fs.readFileSync(`${proc}/${pid}/comm`, 'utf8').trim(),
  ]) {
    try {
      const name = read();
      if (name !== '') return name.slice(0, 4096);
    } catch {
      // not readable: the next way
    }
  }
  return null;
}

/**
 * The name of the program that started process `pid` (its parent's command name, e.g. "cursor"),
 * as Linux tells it in /proc; null elsewhere or when the process is gone.
 */
export function startedByOf(pid: number, proc = '/proc'): string | null {
  try {
    const stat = fs.readFileSync(`${proc}/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!Number.isInteger(ppid) || ppid <= 1) return null;
    const name = fs.readFileSync(`${proc}/${ppid}/comm`, 'utf8').trim();
    return name === '' ? null : name.slice(0, 200);
  } catch {
    return null;
  }
}
