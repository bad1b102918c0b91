/**
 * The sync folder's disk filling up, and a peer's segment torn in the middle. Real services, a
 * real size-limited tmpfs as the folder: a write cut short by ENOSPC keeps its changes queued
 * (the status says so) and finishes once space returns, the first write of everything included;
 * no torn line is left in a segment; a reader skips a line that stays damaged and reads on.
 */
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { featurePlugins } from '../../electron/core/features.js';
import { readLines } from '../../electron/core/sync/segment.js';
import { syncStatus, type SyncStatus } from '../../electron/shared/contract/sync.js';
import { canMount, mountTmpfs, type TmpfsMount } from '../helpers/mounts.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';
import { PEER, peerRecords, writePeerSegment } from './sync-peer.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function service(opts: Parameters<typeof startTestService>[0] = {}): Promise<TestService> {
  const t = await startTestService(opts);
  cleanups.push(() => t.dispose());
  return t;
}
const run = async (t: TestService): Promise<SyncStatus> =>
  syncStatus.parse((await t.api('POST', '/api/sync/run', {})).json);
const n = (t: TestService, sql: string): number =>
  (t.service.core.sqlite.prepare(sql).get() as { n: number }).n;

/** One session of `tools` tool calls with ~6 KB answers, through the hook endpoint. */
async function bulky(t: TestService, sid: string, tools: number): Promise<void> {
  const post = (event: string, body: Record<string, unknown>) =>
    t.api('POST', `/api/hooks/${event}`, { session_id: sid, cwd: '/w/disk', ...body });
  expect((await post('UserPromptSubmit', { prompt: `fill ${sid}` })).status).toBe(200);
  for (let i = 0; i < tools; i++)
    await post('PostToolUse', {
      tool_name: 'Bash',
      tool_use_id: `${sid}-${i}`,
      tool_input: { command: `cat big${i}` },
      tool_response: { stdout: `${i} `.repeat(3000) },
    });
  await t.settled();
}

/** Fills the file system of `dir` to the last byte, then frees `free` bytes; returns the filler. */
function fill(dir: string, free: number): string {
  const filler = join(dir, 'filler');
  const fd = openSync(filler, 'w');
  const chunk = Buffer.alloc(4096, 1);
  let size = 0;
  try {
    for (;;) size += writeSync(fd, chunk);
  } catch (err) {
    expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
  } finally {
    closeSync(fd);
  }
  rmSync(filler);
  const again = openSync(filler, 'w');
  for (let left = size - free; left > 0; left -= 4096) writeSync(again, chunk, 0, Math.min(4096, left));
  closeSync(again);
  return filler;
}

/** Every segment under `dir` ends with a whole, checksummed line. */
function wholeSegments(dir: string): void {
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.mseg'))) {
    const r = readLines(join(dir, f), 0, { bytes: 64 * 1024 * 1024 });
    expect(r.stop, f).toBeNull();
    expect(readFileSync(join(dir, f)).at(-1), f).toBe(10);
  }
}

describe('the sync folder under a full disk', () => {
  it.skipIf(!canMount())(
    'ENOSPC mid-write (the first write of everything, then changes): nothing lost, nothing torn, finished once space returns',
    async () => {
      const m: TmpfsMount = mountTmpfs(2 * 1024 * 1024)!;
      cleanups.push(() => m.unmount());
      const folder = join(m.dir, 'sync');
      mkdirSync(folder);
      const a = await service();
      await bulky(a, 'before', 60);
      const filler = fill(m.dir, 96 * 1024);
      expect((await a.api('PUT', '/api/settings', { sync: { folder } })).status).toBe(200);
      let st = await run(a);
      expect(st.error).toMatch(/ENOSPC/);
      expect(st.pending).toBeGreaterThan(0);
      // Changes made while the disk is full wait with the rest.
      await bulky(a, 'during', 20);
      st = await run(a);
      expect(st.error).toMatch(/ENOSPC/);
      wholeSegments(join(folder, 'memtray', st.machine));

      rmSync(filler);
      st = await run(a);
      expect(st.error).toBeNull();
      expect(st.pending).toBe(0);
      wholeSegments(join(folder, 'memtray', st.machine));
      // A machine reading the folder gets every memory exactly once.
      const b = await service();
      expect((await b.api('PUT', '/api/settings', { sync: { folder } })).status).toBe(200);
      const sb = await run(b);
      expect(sb.peers[0]).toMatchObject({ machine: st.machine, error: null, lagBytes: 0 });
      expect(n(b, 'SELECT count(*) AS n FROM observations')).toBe(
        n(a, 'SELECT count(*) AS n FROM observations'),
      );
      expect(n(b, 'SELECT count(*) AS n FROM observations')).toBe(80);
    },
    120_000,
  );
});

describe('a segment torn in the middle', () => {
  it('is waited on, then the damaged line is skipped, counted in the status, and the rest read', async () => {
    const folder = tempDir('memtray-sync-');
    const recs = peerRecords(PEER, 'torn', 30);
    const file = writePeerSegment(folder, PEER, recs.slice(0, 11));
    // A write cut short (a full disk on the peer), then more appended after it.
    const torn = readFileSync(file);
    const tail = writePeerSegment(tempDir(), PEER, recs.slice(11));
    const body = readFileSync(tail).subarray(readFileSync(tail).indexOf(10) + 1);
    rmSync(file);
    const fd = openSync(file, 'w');
    writeSync(fd, torn.subarray(0, torn.length - 40));
    writeSync(fd, body);
    closeSync(fd);
    const t = await service({ plugins: featurePlugins(undefined, null, { damagedGraceMs: 0 }) });
    expect((await t.api('PUT', '/api/settings', { sync: { folder } })).status).toBe(200);
    let st = await run(t);
    expect(st.peers[0]!.error).toMatch(/damaged record at byte/);
    st = await run(t);
    expect(st.peers[0]!.error).toMatch(/1 damaged line\(s\) skipped/);
    // All but the two records of the torn line and the one it ran into.
    expect(n(t, "SELECT count(*) AS n FROM observations WHERE uid LIKE 'torn/%'")).toBe(28);
    expect(st.peers[0]!.lagBytes).toBe(0);
  });
});
