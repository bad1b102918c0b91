/**
 * The sync folder is written by other machines, and by anything that can write there: links to
 * devices or to this machine's files, FIFOs, files that never end. Against a real `memtray serve`:
 * none of it crashes, freezes or overwrites anything; each shows as the peer's problem.
 */
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { machineId } from '../../electron/core/config/machine.js';
import { encodeLine, newHeader } from '../../electron/core/sync/segment.js';
import { syncStatus, type SyncStatus } from '../../electron/shared/contract/sync.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';
import { waitFor } from '../sync/helpers.js';
import { ask, PEER, peerRecords, rssGuard, serve, setSyncFolder, writePeerSegment } from './sync-peer.js';

const children: ChildProcess[] = [];
const services: TestService[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  for (const s of services.splice(0)) await s.dispose();
});

const count = (db: { prepare(sql: string): { get(): unknown } }, sql: string): number =>
  (db.prepare(sql).get() as { n: number }).n;

describe('a hostile sync folder', () => {
  it("a peer's machine.json linked to /dev/zero: GET /api/sync answers, memory stays bounded", async () => {
    const dataDir = tempDir();
    const folder = tempDir('memtray-sync-');
    writePeerSegment(folder, PEER, peerRecords(PEER, 'z1', 3));
    const info = join(folder, 'memtray', PEER, 'machine.json');
    unlinkSync(info);
    symlinkSync('/dev/zero', info);
    setSyncFolder(dataDir, folder);
    const s = await serve(dataDir);
    children.push(s.child);
    const guard = rssGuard(s.child, 1.5 * 1024 ** 3);
    try {
      const r = await ask(s, 'GET', '/api/sync', 10_000);
      expect(r, `no answer; ${s.output()}`).not.toBeNull();
      const st = syncStatus.parse(r!.json);
      expect(st.peers).toHaveLength(1);
      expect(st.peers[0]!.name).toBeNull();
      // The peer's records are read all the same.
      await waitFor('the peer read', async () => {
        const p = syncStatus.parse((await ask(s, 'GET', '/api/sync'))?.json).peers[0];
        return p !== undefined && p.records === 4;
      });
      expect(s.child.exitCode).toBeNull();
      expect(guard.peak()).toBeLessThan(600 * 1024 ** 2);
    } finally {
      guard.stop();
    }
  }, 60_000);

  it('a FIFO, a device and a link named *.mseg are skipped as problems; the service never blocks', async () => {
    const dataDir = tempDir();
    const folder = tempDir('memtray-sync-');
    writePeerSegment(folder, PEER, peerRecords(PEER, 'f1', 5), '000000001-aaaaaa.mseg');
    const dir = join(folder, 'memtray', PEER);
    execFileSync('mkfifo', [join(dir, '000000002-bbbbbb.mseg')]);
    symlinkSync(join(dir, '000000002-bbbbbb.mseg'), join(dir, '000000003-cccccc.mseg'));
    symlinkSync('/dev/zero', join(dir, '000000004-dddddd.mseg'));
    // A valid segment outside the folder, reached through a link: not read either.
    const outside = tempDir('memtray-outside-');
    const elsewhere = writePeerSegment(outside, PEER, peerRecords(PEER, 'outside', 2));
    symlinkSync(elsewhere, join(dir, '000000005-eeeeee.mseg'));
    setSyncFolder(dataDir, folder);
    const s = await serve(dataDir);
    children.push(s.child);
    const guard = rssGuard(s.child, 1.5 * 1024 ** 3);
    try {
      let st: SyncStatus | null = null;
      await waitFor('the peer read, its junk reported', async () => {
        const r = await ask(s, 'GET', '/api/sync', 3000);
        if (r === null) throw new Error(`the service froze: ${s.output()}`);
        st = syncStatus.parse(r.json);
        return st.peers[0]?.records === 6 && st.peers[0].error !== null;
      });
      expect(st!.peers[0]!.error).toMatch(/not a regular file|link/);
      // Sync now and a restart do not block either.
      const run = await ask(s, 'POST', '/api/sync/run', 5000, {});
      expect(run?.status).toBe(200);
      s.child.kill('SIGKILL');
      const again = await serve(dataDir);
      children.push(again.child);
      const h = await ask(again, 'GET', '/api/sync', 5000);
      expect(h?.status).toBe(200);
      expect(syncStatus.parse(h!.json).peers[0]!.records).toBe(6);
      expect(guard.peak()).toBeLessThan(600 * 1024 ** 2);
    } finally {
      guard.stop();
    }
  }, 60_000);

  it('a peer folder that is a link is not read', async () => {
    const folder = tempDir('memtray-sync-');
    const outside = tempDir('memtray-outside-');
    writePeerSegment(outside, PEER, peerRecords(PEER, 'linked', 2));
    mkdirSync(join(folder, 'memtray'), { recursive: true });
    symlinkSync(join(outside, 'memtray', PEER), join(folder, 'memtray', PEER));
    const t = await startTestService();
    services.push(t);
    expect((await t.api('PUT', '/api/settings', { sync: { folder } })).status).toBe(200);
    const st = syncStatus.parse((await t.api('POST', '/api/sync/run', {})).json);
    expect(
      count(t.service.core.sqlite, "SELECT count(*) AS n FROM sessions WHERE project = 'peerproj'"),
    ).toBe(0);
    expect(st.peers).toEqual([]);
  });

  it("links planted in this machine's folder are never written through", async () => {
    const t = await startTestService();
    services.push(t);
    const self = machineId(t.dataDir);
    const folder = tempDir('memtray-sync-');
    const own = join(folder, 'memtray', self);
    mkdirSync(own, { recursive: true });
    const victim = join(tempDir('memtray-victim-'), 'precious.txt');
    writeFileSync(victim, 'precious\n');
    symlinkSync(victim, join(own, 'machine.json.tmp'));
    // The database too, through a link named like the machine record.
    symlinkSync(join(t.dataDir, 'memtray.db'), join(own, 'machine.json'));
    expect((await t.api('PUT', '/api/settings', { sync: { folder } })).status).toBe(200);
    const st = syncStatus.parse((await t.api('POST', '/api/sync/run', {})).json);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(t.service.core.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(JSON.parse(readFileSync(join(own, 'machine.json'), 'utf8'))).toMatchObject({ machine: self });
    expect(st.error).toBeNull();

    // This machine's folder itself a link: nothing written there, the problem shown.
    const other = tempDir('memtray-sync-');
    const target = tempDir('memtray-target-');
    mkdirSync(join(other, 'memtray'), { recursive: true });
    symlinkSync(target, join(other, 'memtray', self));
    expect((await t.api('PUT', '/api/settings', { sync: { folder: other } })).status).toBe(200);
    const st2 = syncStatus.parse((await t.api('GET', '/api/sync')).json);
    expect(st2.error).toMatch(/link|not a folder/);
    expect(execFileSync('ls', ['-A', target]).toString()).toBe('');
  });

  it('a segment written by a newer MemTray (format 2) is reported as such, not read', async () => {
    const folder = tempDir('memtray-sync-');
    const file = writePeerSegment(folder, PEER, [], '000000001-aaaaaa.mseg');
    const records = peerRecords(PEER, 'v2', 2);
    writeFileSync(
      file,
      encodeLine({ ...newHeader(PEER, 'peer-host', 1_700_000_000_000), v: 2 }) +
        records.map(encodeLine).join(''),
    );
    const t = await startTestService();
    services.push(t);
    expect((await t.api('PUT', '/api/settings', { sync: { folder } })).status).toBe(200);
    const st = syncStatus.parse((await t.api('POST', '/api/sync/run', {})).json);
    expect(st.peers[0]!.error).toMatch(/written by a newer MemTray \(segment format 2\)/);
    expect(st.peers[0]!.records).toBe(0);
  });
});
