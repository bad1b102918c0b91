/**
 * What real sync engines do to the folder (tests/e2e/sync-engines runs the engines themselves),
 * each reproduced here on two services with their own folders, copied by the simulated engine:
 * this machine's segment replaced by another copy (Syncthing renames the winning version over it,
 * Dropbox and OneDrive restore older copies), renamed away as a conflict copy, or cut short in
 * place; Syncthing's temporary file beside a peer's segment; rows read from a peer counted as
 * changes waiting.
 */
import { readdirSync, renameSync, statSync, truncateSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { syncStatus, type SyncStatus } from '../../electron/shared/contract/sync.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';
import { dump, seedSession, waitFor } from './helpers.js';
import { prng, Syncer } from './syncer.js';

const services: TestService[] = [];
afterEach(async () => {
  for (const s of services.splice(0)) await s.dispose();
});

type Machine = TestService & { id: string; folder: string; status(): Promise<SyncStatus> };

async function machine(): Promise<Machine> {
  const folder = tempDir('memtray-engines-');
  const t = await startTestService();
  services.push(t);
  expect((await t.api('PUT', '/api/settings', { sync: { folder } })).status).toBe(200);
  const status = async (): Promise<SyncStatus> => syncStatus.parse((await t.api('GET', '/api/sync')).json);
  return Object.assign(t, { id: (await status()).machine, folder, status });
}

const run = async (t: TestService): Promise<void> => {
  expect((await t.api('POST', '/api/sync/run', {})).status).toBe(200);
};

/** A writes, the engine copies A's folder to B's whole, B reads. */
async function carry(a: Machine, b: Machine): Promise<void> {
  await run(a);
  new Syncer(prng(1)).settle(a.folder, b.folder, a.id);
  await run(b);
}

const has = (t: TestService, sid: string): boolean =>
  t.service.core.sqlite.prepare('SELECT 1 FROM sessions WHERE claude_session_id = ?').get(sid) !== undefined;

/** A's current segment (names sort by creation), as a path in its own folder. */
function current(a: Machine): string {
  const dir = join(a.folder, 'memtray', a.id);
  return join(
    dir,
    readdirSync(dir)
      .filter((f) => f.endsWith('.mseg'))
      .sort()
      .at(-1)!,
  );
}

/** Both hold the same rows, each once. */
function same(a: Machine, b: Machine): void {
  expect(dump(b.service.core.sqlite)).toEqual(dump(a.service.core.sqlite));
  const n = (t: TestService): number =>
    (t.service.core.sqlite.prepare('SELECT count(*) AS n FROM observations').get() as { n: number }).n;
  expect(n(b)).toBe(new Set(dump(b.service.core.sqlite).observations).size);
}

/** An older copy of `file` (its first half, whole lines or not) renamed over it, as an engine does. */
function olderCopyOver(file: string): void {
  const data = readFileSync(file);
  writeFileSync(`${file}.incoming`, data.subarray(0, Math.floor(data.length / 2)));
  renameSync(`${file}.incoming`, file);
}

describe('what real sync engines do to the folder', () => {
  it("this machine's segment replaced by an older copy: later changes go to a new segment, with everything", async () => {
    const a = await machine();
    const b = await machine();
    await seedSession(a, 'r1', '/w/alpha', 3);
    await carry(a, b);
    expect(has(b, 'r1')).toBe(true);
    const seg = current(a);
    olderCopyOver(seg);
    await seedSession(a, 'r2', '/w/alpha', 2);
    await carry(a, b);
    expect(has(b, 'r2')).toBe(true);
    same(a, b);
    // A rewrote everything and removed the segment it no longer owned.
    expect(readdirSync(join(a.folder, 'memtray', a.id))).not.toContain(seg.split('/').at(-1));
    // A machine joining now finds everything in A's folder.
    const c = await machine();
    await carry(a, c);
    same(a, c);
  });

  it("this machine's segment cut short in place: no hole is written, later changes arrive", async () => {
    const a = await machine();
    const b = await machine();
    await seedSession(a, 't1', '/w/alpha', 3);
    await carry(a, b);
    truncateSync(current(a), Math.floor(statSync(current(a)).size / 2));
    await seedSession(a, 't2', '/w/alpha', 2);
    await carry(a, b);
    expect(has(b, 't2')).toBe(true);
    same(a, b);
    expect((await b.status()).peers[0]).toMatchObject({ error: null, lagBytes: 0 });
    // A machine joining later reads A's folder from the start: no run of zeros stops it.
    const c = await machine();
    await carry(a, c);
    same(a, c);
    expect((await c.status()).peers[0]).toMatchObject({ error: null, lagBytes: 0 });
  });

  it('a segment renamed away as a Syncthing conflict copy, an older copy in its place: nothing lost or doubled', async () => {
    const a = await machine();
    const b = await machine();
    await seedSession(a, 'c1', '/w/alpha', 3);
    await carry(a, b);
    const seg = current(a);
    await seedSession(a, 'c2', '/w/alpha', 2);
    await run(a);
    // Syncthing keeps the newer version under the name and the other as <name>.sync-conflict-….<ext>.
    const copy = seg.replace(/\.mseg$/, '.sync-conflict-20250102-030405-ABCDEFG.mseg');
    renameSync(seg, copy);
    writeFileSync(seg, readFileSync(copy).subarray(0, Math.floor(statSync(copy).size / 3)));
    await seedSession(a, 'c3', '/w/alpha', 2);
    await carry(a, b);
    for (const s of ['c1', 'c2', 'c3']) expect(has(b, s), s).toBe(true);
    same(a, b);
    expect((await b.status()).peers[0]).toMatchObject({ error: null, lagBytes: 0 });
  });

  it("Syncthing's temporary file beside a peer's segment is not read and is no problem", async () => {
    const a = await machine();
    const b = await machine();
    await seedSession(a, 'p1', '/w/alpha', 2);
    await carry(a, b);
    const before = dump(b.service.core.sqlite);
    const dir = join(b.folder, 'memtray', a.id);
    const seg = readdirSync(dir).find((f) => f.endsWith('.mseg'))!;
    writeFileSync(join(dir, `.syncthing.${seg}.tmp`), 'ffffffffffffffff {"k":"session","uid":"half');
    await run(b);
    expect(dump(b.service.core.sqlite)).toEqual(before);
    expect((await b.status()).peers[0]).toMatchObject({ error: null });
  });

  it("a peer's rows, once read, are not counted as this machine's changes waiting", async () => {
    const a = await machine();
    const b = await machine();
    await seedSession(a, 'w1', '/w/alpha', 3);
    await carry(a, b);
    expect(has(b, 'w1')).toBe(true);
    await waitFor('B to have nothing waiting', async () => (await b.status()).pending === 0);
  });
});
