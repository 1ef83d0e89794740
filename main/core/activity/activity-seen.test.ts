// "What AI saw" read from a real activity log in a temp folder: files grouped by app, repeats
// counted, the newest shown first, the app's own callers and test requests left out, paths a
// record had no room for counted, and each file placed through the allowed folder of its name now.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir, searchRecord, writeActivityLog } from '#testing/activity-records.js';
import { removeTempDir } from '#testing/temp-dirs.js';
import { activitySeen } from './activity-seen.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) removeTempDir(dir);
});

describe('activitySeen', () => {
  it('groups by app, counts repeats, leaves out own calls, tests and refusals', async () => {
    const appData = makeTempDir();
    dirs.push(appData);
    const now = Date.now();
    const cut = searchRecord({ time: now - 4000, client: 'claude-ai', paths: ['x.pdf'] });
    cut.search = { ...cut.search!, pathsTruncated: true, pathsTotal: 5 };
    writeActivityLog(
      appData,
      [
        searchRecord({ time: now - 3 * 86_400_000, client: 'cursor', paths: ['old.pdf'] }),
        searchRecord({ time: now - 9000, client: 'cursor', paths: ['b.pdf', 'sub/c.pdf'] }),
        searchRecord({ time: now - 8000, client: 'cursor', paths: ['b.pdf'] }),
        searchRecord({ time: now - 7000, client: 'cursor', errorCode: 'RootNotAllowed' }),
        searchRecord({ time: now - 6000, client: 'foldergate-app', paths: ['own.pdf'] }),
        { ...searchRecord({ time: now - 5000, client: 'foldergate-test' }), test: true },
        cut,
      ],
      now,
    );
    const roots = [{ name: 'Documents', path: '/data/Documents' }];
    const seen = await activitySeen(
      path.join(appData, 'audit'),
      { from: new Date(now - 60_000).toISOString() },
      roots,
    );
    expect(seen.apps.map((a) => [a.client?.name, a.calls, a.filesTotal, a.unlisted])).toEqual([
      ['cursor', 2, 2, 0],
      ['claude-ai', 1, 1, 4],
    ]);
    const [cursor] = seen.apps;
    expect(cursor!.files.map((f) => [f.path, f.times, f.folder])).toEqual([
      ['b.pdf', 2, path.join('/data/Documents')],
      ['sub/c.pdf', 1, path.join('/data/Documents', 'sub')],
    ]);
    expect(cursor!.files[0]!.lastShown).toBe(new Date(now - 8000).toISOString());
    // A folder no longer allowed: no place on disk, the name kept.
    const gone = await activitySeen(
      path.join(appData, 'audit'),
      { from: new Date(now - 60_000).toISOString() },
      [],
    );
    expect(gone.apps[0]!.files[0]).toMatchObject({ root: 'Documents', folder: null });
  });
});
