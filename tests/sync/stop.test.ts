/**
 * Stopping sync while another machine's segments are being read: the stop waits for the read to
 * end (at its next slice), so the service closes the database only after it, and nothing is applied
 * nor deletions settled on a closed database.
 */
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Core } from '../../electron/core/core.js';
import { featurePlugins } from '../../electron/core/features.js';
import type { ServicePlugin } from '../../electron/core/server/service-plugin.js';
import type { SyncEngine } from '../../electron/core/sync/engine.js';
import { startTestService, tempDir } from '../helpers/service.js';
import { observation, PEER, peerSegment, session } from '../proof/peers.js';

describe('stopping sync', () => {
  it('waits for a read in flight', async () => {
    const folder = tempDir('memtray-sync-');
    let engine: SyncEngine | undefined;
    const plugins = featurePlugins().map((make) => (core: Core): ServicePlugin => {
      const p = make(core);
      if (p.name === 'sync') engine = (p as ServicePlugin & { engine: SyncEngine }).engine;
      return p;
    });
    const t = await startTestService({ plugins });
    try {
      expect((await t.api('PUT', '/api/settings', { sync: { folder } })).status).toBe(200);
      peerSegment(folder, PEER, [session('peer-session', PEER), observation('o1', 'peer-session')]);
      let ended = false;
      const reading = engine!.read().then(() => {
        ended = true;
      });
      await engine!.stop();
      expect(ended).toBe(true);
      await reading;
    } finally {
      await t.dispose();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
