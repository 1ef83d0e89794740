// Which kind of drive a folder is on. File-system events are not reliable on network drives (a
// change made by another computer raises no event here) nor on removable ones (unplugged and
// plugged back, or changed by another machine), so the engine does not index those folders: the
// servers search them by walking, and the Folders screen says why.
import fs from 'node:fs';

// statfs(2) f_type values of network file systems on Linux (linux/magic.h, fs/smb, fs/nfs).
const NETWORK_FS_TYPES = new Set([
  0x6969, // NFS
  0x517b, // SMB
  0xff534d42, // CIFS
  0xfe534d42, // SMB2
  0x5346414f, // AFS
  0x73757245, // CODA
  0x564c, // NCP
  0x01021997, // 9P (also WSL's Windows drives)
  0x65735546, // FUSE (sshfs, rclone and other user-space file systems; events unreliable)
  0x19830326, // FhGFS/BeeGFS
  0x47504653, // GPFS
  0x0bd00bd0, // Lustre
]);

/** 'network' or 'removable' where file-system events cannot be trusted; 'local' otherwise. */
export function driveKind(
  dir: string,
  platform: NodeJS.Platform = process.platform,
  statfs: (dir: string) => { type: number } = fs.statfsSync,
): 'local' | 'network' | 'removable' {
  if (platform === 'linux') {
    if (/^\/(media|run\/media|mnt)\//.test(dir)) return 'removable';
    try {
      if (NETWORK_FS_TYPES.has(statfs(dir).type >>> 0)) return 'network';
    } catch {
      return 'local';
    }
    return 'local';
  }
  // macOS mounts every other volume (USB drives, SD cards, network shares) under /Volumes.
  if (platform === 'darwin') return dir.startsWith('/Volumes/') ? 'removable' : 'local';
  // Windows: a UNC path (\\server\share) is a network share.
  if (platform === 'win32') return dir.startsWith('\\\\') ? 'network' : 'local';
  return 'local';
}
