// A pool whose children cannot start (here: an entry file that does not exist) gives up after a
// few early deaths instead of forking again on every search; searches then stay in the server.
import { describe, expect, it } from 'vitest';
import { createScanPool } from './pool.js';

describe('scan pool start-up failures', () => {
  it('stops forking after children die before they are ready', async () => {
    const pool = createScanPool({ size: 2, entry: '/nonexistent/foldergate-scan-child.js' });
    try {
      for (let i = 0; i < 10; i++) {
        expect(pool.idleCount()).toBe(0); // never ready; each call refills what died
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(pool.idleCount()).toBe(0);
      const pidsAfter = pool.pids();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(pool.idleCount()).toBe(0);
      expect(pool.pids()).toEqual(pidsAfter);
      expect(pidsAfter).toEqual([]);
    } finally {
      pool.stop();
    }
  });
});
