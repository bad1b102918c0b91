import { readdirSync, readFileSync } from 'node:fs';
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

async function machine(folder: string): Promise<TestService & { id: string; status(): Promise<SyncStatus> }> {
  const t = await startTestService();
  services.push(t);
  const r = await t.api('PUT', '/api/settings', { sync: { folder } });
  expect(r.status, r.text).toBe(200);
  const status = async (): Promise<SyncStatus> => syncStatus.parse((await t.api('GET', '/api/sync')).json);
  return Object.assign(t, { id: (await status()).machine, status });
}

const run = async (t: TestService): Promise<SyncStatus> => {
  const r = await t.api('POST', '/api/sync/run', {});
  expect(r.status, r.text).toBe(200);
  return syncStatus.parse(r.json);
};

/** What both machines must agree on: every row by its stable id (origin aside). */
const view = (t: TestService) => dump(t.service.core.sqlite);
const count = (t: TestService, table: string): number =>
  (t.service.core.sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('sync through a shared folder', () => {
  it('two machines on one folder converge by themselves (file watching); deletions follow authorship', async () => {
    const folder = tempDir('memtray-sync-');
    const a = await machine(folder);
    const b = await machine(folder);
    await seedSession(a, 'a1', '/w/alpha', 4);
    await seedSession(b, 'b1', '/w/beta', 3);
    // No explicit run: the writers follow the bus, the readers follow fs.watch.
    await waitFor('convergence', () => JSON.stringify(view(a)) === JSON.stringify(view(b)));
    expect(count(a, 'sessions')).toBe(2);
    const files = readdirSync(join(folder, 'memtray')).sort();
    expect(files).toEqual([a.id, b.id].sort());

    // Each machine deletes what it authored everywhere (a peer's copy goes to its trash), and
    // another machine's rows only for itself.
    const id = (t: TestService, sql: string): { id: number; uid: string } =>
      t.service.core.sqlite.prepare(sql).get() as { id: number; uid: string };
    const own = id(b, "SELECT id, uid FROM observations WHERE tool_use_id = 'b1-tu1'");
    expect((await b.api('DELETE', `/api/observations/${own.id}`)).status).toBe(200);
    const a1OnB = id(b, "SELECT id, claude_session_id AS uid FROM sessions WHERE claude_session_id = 'a1'");
    expect((await b.api('DELETE', `/api/sessions/${a1OnB.id}`)).status).toBe(200);
    const bObsOnA = id(a, "SELECT id, uid FROM observations WHERE tool_use_id = 'b1-tu0'");
    expect((await a.api('DELETE', `/api/observations/${bObsOnA.id}`)).status).toBe(200);
    const obsHere = (t: TestService, uid: string): boolean =>
      t.service.core.sqlite.prepare('SELECT 1 FROM observations WHERE uid = ?').get(uid) !== undefined;
    const a1 = (t: TestService): boolean =>
      t.service.core.sqlite.prepare("SELECT 1 FROM sessions WHERE claude_session_id = 'a1'").get() !==
      undefined;
    await waitFor('the own deletion to propagate', () => !obsHere(a, own.uid));
    expect((await a.status()).trash.items.map((i) => i.uid)).toEqual([own.uid]);
    // A later change of a1 on A does not bring it back on B.
    await seedSession(a, 'a1', '/w/alpha', 1);
    await run(a);
    await run(b);
    expect([a1(a), a1(b)]).toEqual([true, false]);
    expect([obsHere(a, bObsOnA.uid), obsHere(b, bObsOnA.uid)]).toEqual([false, true]);
    const st = await a.status();
    expect(st.peers).toHaveLength(1);
    expect(st.peers[0]).toMatchObject({ machine: b.id, error: null, lagBytes: 0 });
    expect(st.ownBytes).toBeGreaterThan(0);
  });

  it('converges through delayed, torn, holed, reordered and duplicated copies, importing nothing twice or half', async () => {
    const fa = tempDir('memtray-sync-a-');
    const fb = tempDir('memtray-sync-b-');
    const a = await machine(fa);
    const b = await machine(fb);
    const syncer = new Syncer(prng(17));
    const rounds = 12;
    let seen = 0;
    const damaged: string[] = [];
    for (let i = 0; i < rounds; i++) {
      await seedSession(a, `a${i}`, i % 2 ? '/w/alpha' : '/w/gamma', 2 + (i % 3), { end: i % 4 !== 3 });
      if (i % 2 === 0) await seedSession(b, `b${i}`, '/w/beta', 2);
      if (i === 5) {
        // A deletes one of its own sessions before B has necessarily seen it.
        const id = (
          a.service.core.sqlite.prepare("SELECT id FROM sessions WHERE claude_session_id = 'a4'").get() as {
            id: number;
          }
        ).id;
        expect((await a.api('DELETE', `/api/sessions/${id}`)).status).toBe(200);
      }
      await run(a);
      await run(b);
      syncer.step(fa, fb, a.id, { faults: true });
      syncer.step(fb, fa, b.id, { faults: true });
      await run(a);
      await run(b);
      // Never half a record, never a row twice: every row B holds from A is one A holds (same ids and content).
      const fromA = view(b).observations.filter((o) => o.startsWith('{"claude_session_id":"a'));
      expect(fromA.length).toBeGreaterThanOrEqual(seen);
      seen = fromA.length;
      for (const t of [a, b]) for (const p of (await t.status()).peers) if (p.error) damaged.push(p.error);
      const onA = new Set(view(a).observations);
      for (const o of fromA) expect(onA.has(o), o).toBe(true);
      expect(count(b, 'observations')).toBe(new Set(view(b).observations).size);
    }
    syncer.settle(fa, fb, a.id);
    syncer.settle(fb, fa, b.id);
    await run(a);
    await run(b);
    expect(view(a)).toEqual(view(b));
    expect(count(a, 'sessions')).toBe(rounds - 1 + rounds / 2);
    expect(b.service.core.sqlite.prepare("SELECT 1 FROM sessions WHERE claude_session_id = 'a4'").get()).toBe(
      undefined,
    );
    // Every kind of fault happened.
    expect(syncer.faults.torn).toBeGreaterThan(0);
    expect(syncer.faults.holes).toBeGreaterThan(0);
    expect(syncer.faults.duplicates).toBeGreaterThan(0);
    expect(syncer.faults.reordered).toBeGreaterThan(0);
    // A holed copy was seen as damaged and waited for, then read whole.
    expect(
      damaged.some((e) => /damaged/.test(e)),
      JSON.stringify(syncer.faults),
    ).toBe(true);
    const st = await b.status();
    expect(st.peers[0]).toMatchObject({ machine: a.id, error: null, lagBytes: 0 });
  });

  it('syncs project capture toggles only when both sides opt in, and refuses a relative folder', async () => {
    const folder = tempDir('memtray-sync-');
    const a = await machine(folder);
    const b = await machine(folder);
    const bad = await a.api('PUT', '/api/settings', { sync: { folder: 'relative/dir' } });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/absolute path/);
    const capture = (t: TestService, name: string) =>
      (
        t.service.core.sqlite
          .prepare('SELECT capture_enabled AS c FROM projects WHERE name = ?')
          .get(name) as { c: number } | undefined
      )?.c;
    // Not opted in: A's toggle stays on A.
    expect((await a.api('PUT', '/api/projects/one', { capture: false })).status).toBe(200);
    await run(a);
    await run(b);
    expect(capture(b, 'one')).toBeUndefined();
    for (const t of [a, b])
      expect((await t.api('PUT', '/api/settings', { sync: { projectSettings: true } })).status).toBe(200);
    expect((await a.api('PUT', '/api/projects/two', { capture: false })).status).toBe(200);
    await run(a);
    await run(b);
    expect(capture(b, 'two')).toBe(0);
    expect(capture(b, 'one')).toBeUndefined();
  });

  it('never writes private content, projects with capture off or excluded paths into the folder', async () => {
    const folder = tempDir('memtray-sync-');
    const t = await startTestService();
    services.push(t);
    await seedSession(t, 'keep', '/w/open', 2);
    await seedSession(t, 'off1', '/w/hush-project', 2);
    await seedSession(t, 'ex1', '/w/classified/x', 2);
    expect((await t.api('PUT', '/api/projects/hush-project', { capture: false })).status).toBe(200);
    expect((await t.api('PUT', '/api/settings', { excludedPaths: ['/w/classified'] })).status).toBe(200);
    expect((await t.api('PUT', '/api/settings', { sync: { folder } })).status).toBe(200);
    // Changes after sync is on take the outbox path; the same rules apply.
    await seedSession(t, 'off2', '/w/hush-project', 1);
    await seedSession(t, 'keep2', '/w/open', 1);
    await run(t);
    const text = readdirSync(join(folder, 'memtray'), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.mseg'))
      .map((f) => readFileSync(join(folder, 'memtray', f), 'utf8'))
      .join('');
    expect(text).toContain('"uid":"keep"');
    expect(text).toContain('"uid":"keep2"');
    for (const secret of ['hush-project', 'off1', 'off2', 'classified', 'ex1', 'hunter2', '<private>'])
      expect(text).not.toContain(secret);
  });

  it('turned off, it stops queueing: the outbox is emptied and changes made after are not queued', async () => {
    const t = await startTestService();
    services.push(t);
    await seedSession(t, 'before', '/w/open', 2);
    expect((await t.api('PUT', '/api/settings', { sync: { folder: tempDir('memtray-sync-') } })).status).toBe(
      200,
    );
    expect(count(t, 'sync_switch')).toBe(1);
    expect((await t.api('PUT', '/api/settings', { sync: { folder: null } })).status).toBe(200);
    expect(count(t, 'sync_switch')).toBe(0);
    expect(count(t, 'sync_outbox')).toBe(0);
    await seedSession(t, 'after', '/w/open', 2);
    const unprojected = (): number =>
      (
        t.service.core.sqlite.prepare('SELECT count(*) AS n FROM events WHERE projected = 0').get() as {
          n: number;
        }
      ).n;
    await waitFor('the new session stored', () => count(t, 'sessions') === 2 && unprojected() === 0);
    expect(count(t, 'sync_outbox')).toBe(0);
  });
});
