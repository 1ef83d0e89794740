// The user's time zone by name (its IANA name, "Asia/Seoul"), for the search tool's description.
// On Linux and macOS it is read where the system keeps it, as ICU itself reads it: `TZ`, else
// the name the /etc/localtime link points to (else Debian's /etc/timezone). Asking Intl instead
// loads ICU's time-zone data: ~8 MB more RSS for every server an AI app starts, which only lists
// the tools (measured, issue 20). Windows keeps the zone in its registry: Intl there, and wherever
// the system's files do not say.
import fs from 'node:fs';

/** An IANA zone name ("Europe/Berlin", "UTC", "America/Argentina/Buenos_Aires"). */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9][A-Za-z0-9_+-]*){0,2}$/;

/** Where the zone is read from (injectable for tests). */
export interface ZoneSources {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  readLink(path: string): string;
  readFile(path: string): string;
  /** Whether the system has a zone file there (a name in TZ is taken only when it has). */
  exists(path: string): boolean;
  intl(): string | undefined;
}

const SYSTEM: ZoneSources = {
  env: process.env,
  platform: process.platform,
  readLink: (p) => fs.readlinkSync(p),
  readFile: (p) => fs.readFileSync(p, 'utf8'),
  exists: (p) => fs.existsSync(p),
  intl: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
};

/** The zone's name, or undefined when nothing names it (the system's sources, or some replaced). */
export function zoneName(replaced: Partial<ZoneSources> = {}): string | undefined {
  const sources = { ...SYSTEM, ...replaced };
  return (sources.platform === 'win32' ? undefined : fromSystemFiles(sources)) ?? sources.intl();
}

function fromSystemFiles(sources: ZoneSources): string | undefined {
  const tz = sources.env.TZ;
  if (tz !== undefined && tz !== '') {
    // TZ=":Asia/Seoul", TZ="Asia/Seoul" and TZ="UTC" name a zone; a POSIX rule ("KST-9",
    // "EST5EDT") or a file path is left to ICU.
    // Only a zone the system has a file for, as the C library takes it ("TZ=undefined" is not one).
    const name = tz.startsWith(':') ? tz.slice(1) : tz;
    const dir = sources.env.TZDIR || '/usr/share/zoneinfo';
    return ZONE_NAME.test(name) &&
      (name.includes('/') || /^[A-Za-z]+$/.test(name)) &&
      sources.exists(`${dir}/${name}`)
      ? name
      : undefined;
  }
  const linked = attempt(() => sources.readLink('/etc/localtime'));
  const at = linked?.lastIndexOf('zoneinfo/') ?? -1;
  if (linked !== undefined && at !== -1) {
    const name = linked.slice(at + 'zoneinfo/'.length);
    return ZONE_NAME.test(name) ? name : undefined;
  }
  const written = attempt(() => sources.readFile('/etc/timezone'))?.trim();
  return written !== undefined && ZONE_NAME.test(written) ? written : undefined;
}

function attempt<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
