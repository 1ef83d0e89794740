// A pool whose children cannot start (here: an entry file that does not exist) gives up after a
// few early deaths instead of forking again on every search; searches then stay in the server.
import { describe, expect, it } from 'vitest';
import { waitFor } from '#testing/time.js';
import { createScanPool } from './pool.js';

describe('scan pool start-up failures', () => {
  it('stops forking after children die before they are ready', async () => {
    const pool = createScanPool({ size: 2, entry: '/nonexistent/foldergate-scan-child.js' });
    try {
      // Each call refills what died, until the pool gives up; no child is ever ready.
      await waitFor('the pool to give up', () => {
        expect(pool.idleCount()).toBe(0);
        return pool.gaveUp();
      });
      await waitFor('its last children to be gone', () => pool.pids().length === 0);
      // Asked again and again, it forks nothing more.
      for (let i = 0; i < 10; i++) {
        expect(pool.idleCount()).toBe(0);
        expect(pool.pids()).toEqual([]);
      }
    } finally {
      pool.stop();
    }
  });
});
