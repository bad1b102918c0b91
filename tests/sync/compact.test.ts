import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { featurePlugins } from '../../electron/core/features.js';
import { syncStatus } from '../../electron/shared/contract/sync.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';
import { dump, seedSession } from './helpers.js';

const services: TestService[] = [];
afterEach(async () => {
  for (const s of services.splice(0)) await s.dispose();
});

async function machine(folder: string, small = false) {
  const t = await startTestService({
    plugins: featurePlugins(undefined, null, small ? { segmentBytes: 2000, compactFiles: 4 } : {}),
  });
  services.push(t);
  expect((await t.api('PUT', '/api/settings', { sync: { folder } })).status).toBe(200);
  const id = syncStatus.parse((await t.api('GET', '/api/sync')).json).machine;
  const run = async () => {
    const r = await t.api('POST', '/api/sync/run', {});
    expect(r.status, r.text).toBe(200);
    return syncStatus.parse(r.json);
  };
  return Object.assign(t, { id, run });
}

describe('compaction', () => {
  it('bounds a machine’s segments; peers that read the old ones and peers that join later both converge, deletions kept', async () => {
    const folder = tempDir('memtray-sync-');
    const a = await machine(folder, true);
    const early = await machine(folder);
    const segs = () => readdirSync(join(folder, 'memtray', a.id)).filter((n) => n.endsWith('.mseg'));
    let most = 0;
    let compactions = 0;
    for (let i = 0; i < 10; i++) {
      await seedSession(a, `a${i}`, '/w/alpha', 3);
      if (i === 2) {
        const id = (
          a.service.core.sqlite.prepare("SELECT id FROM sessions WHERE claude_session_id = 'a1'").get() as {
            id: number;
          }
        ).id;
        expect((await a.api('DELETE', `/api/sessions/${id}`)).status).toBe(200);
      }
      const before = segs().length;
      await a.run();
      if (segs().length < before) compactions++;
      most = Math.max(most, segs().length);
      if (i % 3 === 0) await early.run();
    }
    expect(compactions).toBeGreaterThan(0);
    // Never past the bound by more than the segment being written when it was checked.
    expect(most).toBeLessThanOrEqual(4 + 2);
    await early.run();
    const late = await machine(folder);
    await late.run();
    const view = (t: TestService) => dump(t.service.core.sqlite);
    expect(view(early)).toEqual(view(a));
    expect(view(late)).toEqual(view(a));
    for (const t of [early, late]) {
      const n = (sql: string) => (t.service.core.sqlite.prepare(sql).get(a.id) as { n: number }).n;
      expect(n('SELECT count(*) AS n FROM sessions WHERE origin = ?')).toBe(9);
      expect(n("SELECT count(*) AS n FROM sessions WHERE claude_session_id = 'a1' AND ? IS NOT NULL")).toBe(
        0,
      );
      // Cursors only for segments that still exist.
      expect(n('SELECT count(*) AS n FROM sync_cursors WHERE peer = ?')).toBe(segs().length);
    }
    const st = syncStatus.parse((await early.api('GET', '/api/sync')).json);
    expect(st.peers.find((p) => p.machine === a.id)).toMatchObject({ lagBytes: 0, error: null });
  });
});
