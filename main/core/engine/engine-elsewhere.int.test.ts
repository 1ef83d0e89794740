// Issue 34, item 8d: a second app on the same data folder (the tray app and `foldergate web`, or
// two copies) finds the first one's search engine answering on the data folder's socket. Its own
// engine stays out with one plain line (no stack trace), its supervisor says the engine runs
// elsewhere and does not restart it in a loop, and once the first app's engine is gone it starts
// its own, which holds the folders. Real engine processes, the built bundles.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultServerCommand } from '#appdata/paths.js';
import { SETTINGS_VERSION } from '#shared/settings/settings.js';
import { makeTempDir, removeTempDir, SERVER_ENTRY, writeTree } from '#testing/mcp-server.js';
import { scaled, waitFor } from '#testing/time.js';
import { createEngineSupervisor, type EngineSupervisor } from './engine-supervisor.js';

let appData: string;
let folder: string;
const supervisors: EngineSupervisor[] = [];

beforeAll(() => {
  appData = makeTempDir('fg-engine-two-apps-');
  folder = path.join(makeTempDir('fg-engine-two-apps-home-'), 'Documents');
  writeTree(folder, [{ path: 'a.txt', mtime: Date.UTC(2026, 0, 1) }]);
  fs.writeFileSync(
    path.join(appData, 'settings.json'),
    JSON.stringify({ version: SETTINGS_VERSION, roots: [{ path: folder, name: 'Documents' }] }),
  );
});

afterAll(async () => {
  await Promise.all(supervisors.map((s) => s.stop()));
  removeTempDir(appData);
  removeTempDir(path.dirname(folder));
});

const ready = (s: EngineSupervisor) =>
  s.status().running && s.status().folders.some((f) => f.path === folder && f.state === 'ready');

describe('a second app on the same data folder', () => {
  it(
    'leaves the search engine to the first app, without a stack trace or a restart loop, and takes over when it goes',
    async () => {
      const command = defaultServerCommand(appData, SERVER_ENTRY);
      const first = createEngineSupervisor(command, { log: () => undefined });
      supervisors.push(first);
      first.start();
      await waitFor('the first app’s engine to hold the folder', () => ready(first), 30_000);

      const lines: string[] = [];
      let looks = 0;
      const second = createEngineSupervisor(command, {
        log: (line) => lines.push(line),
        restartMs: 20,
        recheckMs: 20,
        onRecheck: () => looks++,
      });
      supervisors.push(second);
      second.start();
      await waitFor(
        'the second app to see the engine run elsewhere',
        () => second.status().elsewhere,
      );
      expect(second.status()).toMatchObject({ running: false, folders: [], elsewhere: true });
      // Five looks at the socket later (a supervisor restarting its engine every 20 ms would
      // have started several by then), its engine was started once and said one plain line.
      await waitFor('five looks at the first app’s engine', () => looks >= 5);
      const text = lines.join('\n');
      expect(lines.filter((l) => /stays out/.test(l))).toHaveLength(1);
      expect(text).not.toMatch(/fatal|\n\s+at |exited|restarting/);
      expect(first.status().running).toBe(true);

      await first.stop();
      await waitFor('the second app’s own engine to hold the folder', () => ready(second), 30_000);
      expect(second.status().elsewhere).toBeUndefined();
    },
    scaled(90_000),
  );
});
