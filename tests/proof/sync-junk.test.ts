/**
 * A sync folder filled with files MemTray does not own (a peer's folder full of junk, nested
 * folders of it): against a real `memtray serve`, the service keeps answering while thousands of
 * files appear, and a peer's new segment is still picked up by watching.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { syncStatus } from '../../electron/shared/contract/sync.js';
import { tempDir } from '../helpers/service.js';
import { waitFor } from '../sync/helpers.js';
import { ask, PEER, peerRecords, serve, setSyncFolder, writePeerSegment, type Served } from './sync-peer.js';

const FILES = 20_000;
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

async function records(s: Served): Promise<number> {
  const r = await ask(s, 'GET', '/api/sync', 20_000);
  if (r === null) throw new Error('GET /api/sync: no answer within 20 s (the service froze)');
  return syncStatus.parse(r.json).peers[0]?.records ?? 0;
}

describe('a sync folder full of junk', () => {
  it(`${FILES.toLocaleString('en')} junk files in a peer's folder: the service stays responsive, watching still works`, async () => {
    const folder = tempDir('memtray-sync-');
    writePeerSegment(folder, PEER, peerRecords(PEER, 'first', 3), '000000001-aaaaaa.mseg');
    const dataDir = tempDir();
    setSyncFolder(dataDir, folder);
    const s = await serve(dataDir);
    children.push(s.child);
    await waitFor('the first segment', async () => (await records(s)) === 4);
    let finished = false;
    const ping = pinger(s, () => finished);
    const peerDir = join(folder, 'memtray', PEER);
    for (let i = 0; i < FILES; i++) {
      const dir = join(peerDir, `junk${i % 40}`, `d${i % 7}`);
      if (i < 280) mkdirSync(dir, { recursive: true });
      writeFileSync(join(i % 4 === 0 ? dir : peerDir, `junk-${i}${i % 3 ? '.tmp' : '.mseg.part'}`), 'x');
      if (i % 200 === 0) await new Promise((res) => setImmediate(res));
    }
    // A real segment after the junk: read by watching alone (no sync now).
    writePeerSegment(folder, PEER, peerRecords(PEER, 'second', 2), '000000002-bbbbbb.mseg');
    await waitFor('the second segment', async () => (await records(s)) === 7, 1200);
    await new Promise((res) => setTimeout(res, 2000));
    finished = true;
    const { worst, count } = await ping;
    // 15,000 entries beside the segments: all listed, none taken for one, no problem reported.
    const st = syncStatus.parse((await ask(s, 'GET', '/api/sync', 20_000))?.json);
    expect(st.peers[0]!.error).toBeNull();
    console.log(`worst ping ${Math.round(worst)} ms over ${count} pings`);
    expect(count).toBeGreaterThan(10);
    expect(worst).toBeLessThan(3000);
  }, 180_000);
});
