// The time zone named in the search tool's description, read without ICU's data.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { zoneName, type ZoneSources } from './zone-name.js';

const noFile = (): string => {
  throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
};

function sources(over: Partial<ZoneSources>): Partial<ZoneSources> {
  return {
    env: {},
    platform: 'linux',
    readLink: noFile,
    readFile: noFile,
    // The zone files a system with tzdata has (the test does not depend on this machine's).
    exists: (p) =>
      /^\/usr\/share\/zoneinfo\/(Asia\/Seoul|Europe\/Berlin|UTC|America\/\w+\/\w+)$/.test(p),
    intl: () => 'From/Intl',
    ...over,
  };
}

/** What ICU says in a Node started with `env`. */
function icuZone(env: NodeJS.ProcessEnv): string {
  return execFileSync(
    process.execPath,
    ['-e', 'process.stdout.write(Intl.DateTimeFormat().resolvedOptions().timeZone)'],
    { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' },
  );
}

describe('zoneName', () => {
  it('reads TZ as ICU does, with or without its leading colon', () => {
    for (const tz of ['Asia/Seoul', ':Europe/Berlin', 'UTC']) {
      const name = zoneName(sources({ env: { TZ: tz } }));
      expect(name).toBe(tz.replace(/^:/, ''));
      expect(name).toBe(icuZone({ TZ: tz }));
    }
    // Three levels (ICU itself names this one by its older alias, America/Buenos_Aires).
    const deep = 'America/Argentina/Buenos_Aires';
    expect(zoneName(sources({ env: { TZ: deep } }))).toBe(deep);
  });

  it('leaves a TZ that is a rule, a file path or no zone the system has to Intl', () => {
    for (const tz of [
      'KST-9',
      'EST5EDT',
      ':/usr/share/zoneinfo/Asia/Seoul',
      'undefined',
      'Mars/Base',
    ])
      expect(zoneName(sources({ env: { TZ: tz } }))).toBe('From/Intl');
  });

  it('reads the zone /etc/localtime points to (Linux and macOS layouts)', () => {
    const linked = (target: string) =>
      zoneName(sources({ readLink: (p) => (p === '/etc/localtime' ? target : noFile()) }));
    expect(linked('/usr/share/zoneinfo/Asia/Seoul')).toBe('Asia/Seoul');
    expect(linked('../usr/share/zoneinfo/Europe/Berlin')).toBe('Europe/Berlin');
    expect(linked('/var/db/timezone/zoneinfo/America/New_York')).toBe('America/New_York');
    expect(linked('/somewhere/else')).toBe('From/Intl');
  });

  it("reads Debian's /etc/timezone when /etc/localtime is a copy, not a link", () => {
    const name = zoneName(
      sources({ readFile: (p) => (p === '/etc/timezone' ? 'Europe/Paris\n' : noFile()) }),
    );
    expect(name).toBe('Europe/Paris');
  });

  it('asks Intl on Windows and when nothing names the zone', () => {
    expect(zoneName(sources({ platform: 'win32', env: { TZ: 'Asia/Seoul' } }))).toBe('From/Intl');
    expect(zoneName(sources({}))).toBe('From/Intl');
  });

  it('names, on this machine without TZ, the zone whose offset its clock uses', () => {
    // As a server started without TZ reads it (other tests in this worker may set TZ).
    const name = zoneName({ env: {} });
    expect(name).toBeTruthy();
    const inChild = (zone: string | undefined) =>
      execFileSync(
        process.execPath,
        [
          '-e',
          'process.stdout.write(JSON.stringify([-new Date().getTimezoneOffset(), Intl.DateTimeFormat().resolvedOptions().timeZone]))',
        ],
        { env: { PATH: process.env.PATH, ...(zone ? { TZ: zone } : {}) }, encoding: 'utf8' },
      );
    const [offsetHere, icuHere] = JSON.parse(inChild(undefined)) as [number, string];
    const [offsetNamed, icuNamed] = JSON.parse(inChild(name)) as [number, string];
    // The named zone is the one this machine's clock is in (ICU may spell it another way).
    expect(offsetNamed).toBe(offsetHere);
    expect(icuNamed).toBeTruthy();
    expect(icuHere).toBeTruthy();
    if (process.platform === 'linux' && fs.existsSync('/etc/localtime'))
      expect(fs.readlinkSync('/etc/localtime')).toContain(`zoneinfo/${name}`);
  });
});
