/**
 * What a peer can and cannot do through the sync folder (docs/explanation/sync.md, Authors). Anyone who
 * can write to the folder can write segments with valid checksums: here such segments are written
 * by hand beside a real service, and the service's rows, its own segments and its status are read.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type SyncStatus } from '../../electron/shared/contract/sync.js';
import { UNSEEN_DAYS, UNSEEN_PER_PEER } from '../../electron/core/sync/deletions.js';
import { tempDir } from '../helpers/service.js';
import { dump, importFrom, seedSession } from '../sync/helpers.js';
import {
  disposeMachines,
  has,
  machine,
  observation,
  ownText,
  PEER,
  peerSegment,
  rows,
  run,
  session,
  T0,
  tombstone,
} from './peers.js';

afterEach(disposeMachines);

describe('a peer writes only the sessions it authored', () => {
  it("refuses and counts a peer's edits of this machine's sessions, and never republishes them", async () => {
    const a = await machine();
    await seedSession(a, 'mine', '/w/alpha', 3);
    await run(a);
    const obs = rows(a, "SELECT uid FROM observations WHERE tool_use_id = 'mine-tu0'")[0]!.uid as string;
    const before = dump(a.service.core.sqlite);
    peerSegment(a.folder, PEER, [
      // A newer copy of this machine's memory, a session record claiming it, additions to it.
      observation(obs, 'mine', { title: 'FORGED', updatedAt: Date.now() + 1e12, project: 'alpha' }),
      { ...session('mine', PEER, 'alpha'), promptCounter: 99, updatedAt: Date.now() + 1e12 },
      observation('forged-new', 'mine', { title: 'FORGED', project: 'alpha' }),
      {
        k: 'prompt',
        session: 'mine',
        project: 'alpha',
        number: 7,
        prompt: 'FORGED',
        sourceUuid: null,
        createdAt: T0,
      },
      // Its own session: applied.
      session('theirs', PEER),
      observation('theirs/1', 'theirs'),
    ]);
    const st = await run(a);
    const after = dump(a.service.core.sqlite);
    const mineOnly = (d: typeof before) =>
      Object.values(d).map((list: string[]) => list.filter((r) => r.includes('"mine"')));
    expect(mineOnly(after)).toEqual(mineOnly(before));
    expect(JSON.stringify(after)).not.toContain('FORGED');
    expect(has(a, 'theirs')).toBe(true);
    expect(rows(a, "SELECT 1 FROM observations WHERE uid = 'theirs/1'")).toHaveLength(1);
    // Counted, and shown as the peer's problem.
    expect(st.refusals).toEqual([{ machine: PEER, refused: 4, invalid: 0 }]);
    expect(st.peers.find((p) => p.machine === PEER)?.error).toMatch(/refused 4/);
    await run(a);
    expect(ownText(a)).not.toContain('FORGED');

    // The peer's later update of its own memory is applied.
    peerSegment(a.folder, PEER, [
      observation('theirs/1', 'theirs', { title: 'second take', updatedAt: T0 + 5 }),
    ]);
    await run(a);
    expect(rows(a, "SELECT title FROM observations WHERE uid = 'theirs/1'")).toEqual([
      { title: 'second take' },
    ]);
  });

  it("an archive cannot add to this machine's sessions either; one naming this machine is refused whole", async () => {
    const a = await machine();
    await seedSession(a, 'mine', '/w/alpha', 2);
    const dir = tempDir();
    const own = join(dir, 'own.jsonl');
    expect((await a.api('POST', '/api/data/export', { path: own })).status).toBe(200);
    const header = JSON.parse(readFileSync(own, 'utf8').split('\n')[0]!) as Record<string, unknown>;
    const forged = join(dir, 'forged.jsonl');
    writeFileSync(
      forged,
      [
        { ...header, machine: PEER },
        session('mine', a.id, 'alpha'),
        observation('forged-obs', 'mine', { title: 'FORGED', project: 'alpha' }),
      ]
        .map((r) => JSON.stringify(r))
        .join('\n'),
    );
    const p = await importFrom(a, forged);
    expect(p.report.refused).toBe(2);
    expect(rows(a, "SELECT 1 FROM observations WHERE uid = 'forged-obs'")).toHaveLength(0);
    // An archive naming this machine is refused whole (sync-archive-hostile.test.ts): nothing changes.
    const before = rows(a, 'SELECT count(*) AS n FROM observations');
    const again = await importFrom(a, own);
    expect(again.status).toBe('failed');
    expect(again.report.added.observations).toBe(0);
    expect(rows(a, 'SELECT count(*) AS n FROM observations')).toEqual(before);
  });
});

describe("a peer's deletions", () => {
  const trashOf = (st: SyncStatus) => st.trash.items.map((i) => `${i.kind}:${i.uid}`).sort();

  it('delete only its own rows, into a trash the user can undo, kept for a bounded time', async () => {
    let now = Date.now();
    const a = await machine(undefined, () => now);
    await seedSession(a, 'mine', '/w/alpha', 2);
    await run(a);
    const mineObs = rows(a, "SELECT uid FROM observations WHERE tool_use_id = 'mine-tu0'")[0]!.uid as string;
    peerSegment(a.folder, PEER, [
      ...['p0', 'p1', 'p2'].flatMap((s) => [session(s, PEER), observation(`${s}/1`, s)]),
    ]);
    await run(a);
    expect(['p0', 'p1', 'p2'].every((s) => has(a, s))).toBe(true);
    peerSegment(a.folder, PEER, [
      tombstone('session', 'mine'),
      tombstone('observation', mineObs),
      tombstone('session', 'p0'),
      tombstone('observation', 'p1/1'),
    ]);
    let st = await run(a);
    // This machine's session and memory stay; the peer's own go to the trash.
    expect(has(a, 'mine')).toBe(true);
    expect(rows(a, 'SELECT 1 FROM observations WHERE uid = ?', mineObs)).toHaveLength(1);
    expect(has(a, 'p0')).toBe(false);
    expect(rows(a, "SELECT 1 FROM observations WHERE uid = 'p1/1'")).toHaveLength(0);
    expect(st.refusals).toEqual([{ machine: PEER, refused: 2, invalid: 0 }]);
    expect(trashOf(st)).toEqual(['observation:p1/1', 'session:p0']);
    expect(st.holds).toEqual([]);

    // Undo: the session comes back with its memories, and the same tombstone read again (a
    // compacted segment) does not delete it a second time.
    const item = st.trash.items.find((i) => i.uid === 'p0')!;
    const r = await a.api('POST', `/api/sync/trash/${item.id}/restore`, {});
    expect(r.status, r.text).toBe(200);
    expect(has(a, 'p0')).toBe(true);
    expect(rows(a, "SELECT 1 FROM observations WHERE uid = 'p0/1'")).toHaveLength(1);
    peerSegment(a.folder, PEER, [tombstone('session', 'p0')]);
    st = await run(a);
    expect(has(a, 'p0')).toBe(true);
    expect(trashOf(st)).toEqual(['observation:p1/1']);
    expect((await a.api('POST', `/api/sync/trash/${item.id}/restore`, {})).status).toBe(404);

    // Past the trash's time, it is emptied for good; the deletion stands.
    now += 31 * 86_400_000;
    st = await run(a);
    expect(st.trash.count).toBe(0);
    expect(rows(a, "SELECT 1 FROM observations WHERE uid = 'p1/1'")).toHaveLength(0);
  });

  it('of many sessions at once wait for the user: rejected ones stay, applied ones go to the trash', async () => {
    const a = await machine();
    const P2 = 'feedc0de00000002';
    const uids = (p: string) => Array.from({ length: 25 }, (_, i) => `${p.slice(-1)}-s${i}`);
    for (const p of [PEER, P2])
      peerSegment(
        a.folder,
        p,
        uids(p).map((u) => session(u, p)),
      );
    await run(a);
    for (const p of [PEER, P2])
      peerSegment(
        a.folder,
        p,
        uids(p).map((u) => tombstone('session', u)),
      );
    let st = await run(a);
    expect(
      st.holds
        .map((h) => ({ machine: h.machine, sessions: h.sessions }))
        .sort((x, y) => x.machine.localeCompare(y.machine)),
    ).toEqual([
      { machine: PEER, sessions: 25 },
      { machine: P2, sessions: 25 },
    ]);
    expect([...uids(PEER), ...uids(P2)].every((u) => has(a, u))).toBe(true);

    const decide = (m: string, decision: string) => a.api('POST', `/api/sync/holds/${m}`, { decision });
    expect((await decide(PEER, 'reject')).status).toBe(200);
    expect((await decide(P2, 'apply')).status).toBe(200);
    st = await run(a);
    expect(st.holds).toEqual([]);
    expect(uids(PEER).every((u) => has(a, u))).toBe(true);
    expect(uids(P2).some((u) => has(a, u))).toBe(false);
    expect(st.trash.count).toBe(25);
    // The rejected tombstones read again (a compacted segment) are not held again.
    peerSegment(
      a.folder,
      PEER,
      uids(PEER).map((u) => tombstone('session', u)),
    );
    st = await run(a);
    expect(st.holds).toEqual([]);
    expect(uids(PEER).every((u) => has(a, u))).toBe(true);
    expect((await decide(PEER, 'apply')).status).toBe(404);
  });

  it('of rows never seen here are kept in bounded number and time, and block only their author', async () => {
    let now = Date.now();
    const a = await machine(undefined, () => now);
    const P2 = 'feedc0de00000002';
    const n = UNSEEN_PER_PEER + 500;
    peerSegment(a.folder, PEER, [
      ...Array.from({ length: n }, (_, i) => tombstone('session', `junk-${i}`)),
      tombstone('session', 'p1-later'),
      tombstone('session', 'p2-session'),
    ]);
    await run(a);
    const count = () => rows(a, 'SELECT count(*) AS n FROM sync_tombstones')[0]!.n as number;
    expect(count()).toBeLessThanOrEqual(UNSEEN_PER_PEER);
    // A deletion that came before its row keeps the row out; another machine's session is not
    // blocked by PEER's tombstone for it.
    peerSegment(a.folder, PEER, [session('p1-later', PEER)]);
    peerSegment(a.folder, P2, [session('p2-session', P2)]);
    await run(a);
    expect(has(a, 'p1-later')).toBe(false);
    expect(has(a, 'p2-session')).toBe(true);
    now += (UNSEEN_DAYS + 1) * 86_400_000;
    await run(a);
    expect(count()).toBe(0);
  });
});
