/**
 * A large backlog in the sync folder (a machine joining with a big history) is read while the
 * service keeps answering: against a real `memtray serve`, 120,000 records of a peer are applied
 * through `POST /api/sync/run` and the watch-triggered read while a ping keeps being answered.
 */
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { syncStatus } from '../../electron/shared/contract/sync.js';
import { tempDir } from '../helpers/service.js';
import { waitFor } from '../sync/helpers.js';
import { ask, PEER, peerRecords, serve, setSyncFolder, writePeerSegment, type Served } from './sync-peer.js';

const N = 120_000;
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

/** Pings `GET /api/health` until `done()`; resolves to the slowest answer (ms; 20 s for none). */
async function pinger(s: Served, done: () => boolean): Promise<{ worst: number; count: number }> {
  let worst = 0;
  let count = 0;
  while (!done()) {
    const r = await ask(s, 'GET', '/api/health', 20_000);
    worst = Math.max(worst, r?.ms ?? 20_000);
    count++;
    await new Promise((res) => setTimeout(res, 50));
  }
  return { worst, count };
}

describe('a large backlog in the sync folder', () => {
  it(`${N.toLocaleString('en')} records applied while the service answers within a second or two`, async () => {
    const folder = tempDir('memtray-sync-');
    writePeerSegment(folder, PEER, peerRecords(PEER, 'backlog', N));
    const dataDir = tempDir();
    setSyncFolder(dataDir, folder);
    const s = await serve(dataDir);
    children.push(s.child);
    let finished = false;
    const ping = pinger(s, () => finished);
    // Sync now while the watch-triggered read is under way: it waits for the whole backlog.
    const run = await ask(s, 'POST', '/api/sync/run', 170_000, {});
    expect(run?.status).toBe(200);
    await waitFor(
      'every record applied',
      async () => {
        const st = syncStatus.parse((await ask(s, 'GET', '/api/sync', 20_000))?.json);
        return st.peers[0]?.records === N + 1 && st.peers[0].lagBytes === 0;
      },
      4000,
    );
    finished = true;
    const { worst, count } = await ping;
    console.log(`worst ping ${Math.round(worst)} ms over ${count} pings`);
    expect(count).toBeGreaterThan(10);
    expect(worst).toBeLessThan(2500);
  }, 240_000);
});
