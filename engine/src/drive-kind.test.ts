// Which folders the engine leaves to walking: network file systems and removable drives.
import { describe, expect, it } from 'vitest';
import { driveKind } from './drive-kind.js';

const fsType = (type: number) => () => ({ type });

describe('driveKind', () => {
  it('calls network file systems network on Linux, by their statfs type', () => {
    expect(driveKind('/srv/share', 'linux', fsType(0x6969))).toBe('network'); // NFS
    expect(driveKind('/srv/share', 'linux', fsType(0xff534d42))).toBe('network'); // CIFS
    expect(driveKind('/srv/share', 'linux', fsType(0xfe534d42))).toBe('network'); // SMB2
    expect(driveKind('/home/me/remote', 'linux', fsType(0x65735546))).toBe('network'); // FUSE
    expect(driveKind('/home/me', 'linux', fsType(0xef53))).toBe('local'); // ext4
    expect(
      driveKind('/home/me', 'linux', () => {
        throw new Error('no statfs');
      }),
    ).toBe('local');
  });

  it('calls mounted media removable', () => {
    expect(driveKind('/media/me/USB/Photos', 'linux', fsType(0xef53))).toBe('removable');
    expect(driveKind('/run/media/me/SD', 'linux', fsType(0xef53))).toBe('removable');
    expect(driveKind('/Volumes/Backup/Docs', 'darwin')).toBe('removable');
    expect(driveKind('/Users/me/Documents', 'darwin')).toBe('local');
  });

  it('calls a UNC path on Windows network', () => {
    expect(driveKind('\\\\server\\share\\docs', 'win32')).toBe('network');
    expect(driveKind('C:\\Users\\me\\Documents', 'win32')).toBe('local');
  });
});
