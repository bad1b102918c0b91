/**
 * What a peer can and cannot do through the sync folder (docs/explanation/sync.md, Authors). Anyone who
 * can write to the folder can write segments with valid checksums: here such segments are written
 * by hand beside a real service, and the service's rows, its own segments and its status are read.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  importProgress,
  syncStatus,
  type ImportProgress,
  type SyncRecord,
  type SyncStatus,
} from '../../electron/shared/contract/sync.js';
import { UNSEEN_DAYS, UNSEEN_PER_PEER } from '../../electron/core/sync/deletions.js';
import { encodeLine, newHeader, segmentName } from '../../electron/core/sync/segment.js';
import { startTestService, tempDir, type TestService } from '../helpers/service.js';
import { dump, seedSession, waitFor } from '../sync/helpers.js';
import { prng, Syncer } from '../sync/syncer.js';

const PEER = 'feedc0de00000001';
const services: TestService[] = [];
afterEach(async () => {
  for (const s of services.splice(0)) await s.dispose();
});

type Machine = TestService & { id: string; folder: string };

async function machine(folder = tempDir('memtray-sync-'), clock?: () => number): Promise<Machine> {
  const t = await startTestService(clock ? { clock } : {});
  services.push(t);
  const r = await t.api('PUT', '/api/settings', { sync: { folder } });
  expect(r.status, r.text).toBe(200);
  return Object.assign(t, { id: (await status(t)).machine, folder });
}

const status = async (t: TestService): Promise<SyncStatus> =>
  syncStatus.parse((await t.api('GET', '/api/sync')).json);

const run = async (t: TestService): Promise<SyncStatus> => {
  const r = await t.api('POST', '/api/sync/run', {});
  expect(r.status, r.text).toBe(200);
  return syncStatus.parse(r.json);
};

/** Writes one segment of `peer` into the folder, as anyone with write access to it could. */
function peerSegment(folder: string, peer: string, records: unknown[]): void {
  const dir = join(folder, 'memtray', peer);
  mkdirSync(dir, { recursive: true });
  const now = Date.now();
  const lines = [newHeader(peer, 'peer', now), ...records].map(encodeLine).join('');
  writeFileSync(join(dir, segmentName(now)), lines);
}

const T0 = Date.now() - 3_600_000;

const session = (uid: string, origin: string | null, project = 'shared'): SyncRecord => ({
  k: 'session',
  uid,
  origin,
  project,
  cwd: `/w/${project}`,
  firstPrompt: `first prompt of ${uid}`,
  promptCounter: 1,
  status: 'completed',
  completionReason: null,
  startedAt: T0,
  updatedAt: T0,
  completedAt: T0,
});

const observation = (
  uid: string,
  sessionUid: string,
  o: { title?: string; at?: number; updatedAt?: number; project?: string } = {},
): SyncRecord => ({
  k: 'observation',
  uid,
  session: sessionUid,
  project: o.project ?? 'shared',
  promptNumber: 1,
  toolName: 'Bash',
  toolUseId: null,
  toolInput: '{"command":"ls"}',
  toolResponse: '{"stdout":"ok"}',
  failed: false,
  cwd: null,
  createdAt: o.at ?? T0,
  updatedAt: o.updatedAt ?? o.at ?? T0,
  type: 'discovery',
  title: o.title ?? `memory ${uid}`,
  subtitle: null,
  facts: null,
  narrative: null,
  concepts: null,
  filesRead: null,
  filesModified: null,
  producedBy: null,
  status: 'processed',
});

const tombstone = (kind: 'session' | 'observation', uid: string): SyncRecord => ({
  k: 'tombstone',
  kind,
  uid,
  at: Date.now(),
});

const rows = (t: TestService, sql: string, ...args: unknown[]): Array<Record<string, unknown>> =>
  t.service.core.sqlite.prepare(sql).all(...args) as Array<Record<string, unknown>>;
const has = (t: TestService, uid: string): boolean =>
  rows(t, 'SELECT 1 FROM sessions WHERE claude_session_id = ?', uid).length === 1;

/** Everything this machine wrote into its own folder. */
function ownText(m: Machine): string {
  const dir = join(m.folder, 'memtray', m.id);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.mseg'))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('');
}

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

async function importFrom(t: TestService, path: string): Promise<ImportProgress> {
  const r = await t.api('POST', '/api/data/import', { path });
  expect(r.status, r.text).toBe(202);
  const { id } = r.json as { id: number };
  let p: ImportProgress | null = null;
  await waitFor('the import', async () => {
    p = importProgress.parse((await t.api('GET', `/api/data/imports/${id}`)).json);
    return p.status !== 'running';
  });
  return p!;
}

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

describe('times out of range', () => {
  const BAD = 9e15; // past JavaScript's date range (8.64e15 ms)

  it('are refused and counted at the sync and import boundary; recall, export and the CLI keep working', async () => {
    const a = await machine();
    peerSegment(a.folder, PEER, [
      session('theirs', PEER),
      observation('theirs/ok', 'theirs', { title: 'kumquat fine' }),
      observation('theirs/bomb', 'theirs', { title: 'kumquat bomb', at: BAD }),
      { ...session('late', PEER), startedAt: BAD },
      {
        k: 'prompt',
        session: 'theirs',
        project: 'shared',
        number: 2,
        prompt: 'p',
        sourceUuid: null,
        createdAt: 1e300,
      },
    ]);
    const st = await run(a);
    expect(st.refusals).toEqual([{ machine: PEER, refused: 0, invalid: 3 }]);
    expect(rows(a, "SELECT uid FROM observations WHERE uid LIKE 'theirs/%'")).toEqual([{ uid: 'theirs/ok' }]);
    expect(has(a, 'late')).toBe(false);
    await expectRecallWorks(a);

    const dir = tempDir();
    const file = join(dir, 'bad.jsonl');
    const header = {
      format: 'memtray-archive',
      version: 1,
      machine: PEER,
      exportedAt: new Date().toISOString(),
      counts: { sessions: 1, prompts: 0, observations: 1, summaries: 0, tombstones: 0 },
      filters: { project: null, since: null },
      note: '',
    };
    writeFileSync(
      file,
      [header, session('arch', PEER), observation('arch/bomb', 'arch', { at: BAD })]
        .map((r) => JSON.stringify(r))
        .join('\n'),
    );
    const p = await importFrom(a, file);
    expect(p.report.invalid).toBe(1);
    expect(rows(a, "SELECT 1 FROM observations WHERE uid = 'arch/bomb'")).toHaveLength(0);
  });

  it('already stored (a database from before the check) do not break the readers', async () => {
    const a = await machine();
    await seedSession(a, 'mine', '/w/alpha', 2);
    a.service.core.sqlite.exec(
      `UPDATE observations SET title = 'kumquat stored', created_at = ${BAD}, updated_at = ${BAD};
       UPDATE sessions SET started_at = ${BAD}, updated_at = ${BAD}; UPDATE user_prompts SET created_at = ${BAD}`,
    );
    await expectRecallWorks(a);
  });
});

/** Search, a session, the timeline and the markdown export answer with a kumquat memory stored. */
async function expectRecallWorks(t: TestService): Promise<void> {
  const s = await t.api('GET', '/api/search?q=kumquat');
  expect(s.status, s.text).toBe(200);
  const hit = (s.json as { items: Array<{ sessionId: number; id: number }> }).items[0]!;
  expect((await t.api('GET', `/api/sessions/${hit.sessionId}`)).status).toBe(200);
  const md = await t.api('POST', '/api/data/export', { format: 'markdown' });
  expect(md.status, md.text).toBe(200);
  const { connectMcp } = await import('../helpers/cli.js');
  const client = await connectMcp(t.dataDir, 'memtray-test');
  try {
    for (const [name, args] of [
      ['search', { query: 'kumquat' }],
      ['timeline', { anchor: hit.id }],
      ['get_session', { id: hit.sessionId }],
    ] as const) {
      const r = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: unknown };
      expect(r.isError, `${name}: ${JSON.stringify(r.content)}`).toBeFalsy();
    }
  } finally {
    await client.close();
  }
}

describe('project capture toggles', () => {
  const capture = (t: TestService, name: string) =>
    (
      rows(t, 'SELECT capture_enabled AS c FROM projects WHERE name = ?', name)[0] as
        { c: number } | undefined
    )?.c;
  const optIn = async (t: TestService) =>
    expect((await t.api('PUT', '/api/settings', { sync: { projectSettings: true } })).status).toBe(200);

  it('are ordered by their own time, ties by machine id: a stale copy does not turn capture back on', async () => {
    const b = await machine();
    await optIn(b);
    expect((await b.api('PUT', '/api/projects/stale', { capture: false })).status).toBe(200);
    // A day-old conflict copy of a peer's segment, with the toggle it made then.
    peerSegment(b.folder, PEER, [
      { k: 'project', name: 'stale', captureEnabled: true, at: Date.now() - 86_400_000 },
    ]);
    await run(b);
    expect(capture(b, 'stale')).toBe(0);
    // Two peers toggling at the same millisecond: the larger machine id wins, in either order.
    const at = Date.now() + 60_000;
    peerSegment(b.folder, 'ffff000000000001', [{ k: 'project', name: 'tie', captureEnabled: false, at }]);
    peerSegment(b.folder, '0000000000000001', [{ k: 'project', name: 'tie', captureEnabled: true, at }]);
    await run(b);
    expect(capture(b, 'tie')).toBe(0);
  });

  it('applied from a peer are not written again: a flip-flop between two machines settles', async () => {
    const fa = tempDir('memtray-sync-a-');
    const fb = tempDir('memtray-sync-b-');
    const a = await machine(fa);
    const b = await machine(fb);
    for (const t of [a, b]) await optIn(t);
    const syncer = new Syncer(prng(3));
    const records = (): number =>
      [fa, fb]
        .flatMap((f) =>
          readdirSync(join(f, 'memtray'), { recursive: true }).map((n) => join(f, 'memtray', String(n))),
        )
        .filter((n) => n.endsWith('.mseg'))
        .reduce((sum, n) => sum + (readFileSync(n, 'utf8').match(/"k":"project"/g) ?? []).length, 0);
    expect((await a.api('PUT', '/api/projects/flip', { capture: false })).status).toBe(200);
    expect((await a.api('PUT', '/api/projects/flip', { capture: true })).status).toBe(200);
    const counts: number[] = [];
    for (let i = 0; i < 6; i++) {
      await run(a);
      await run(b);
      syncer.settle(fa, fb, a.id);
      syncer.settle(fb, fa, b.id);
      counts.push(records());
    }
    expect(counts.slice(2), JSON.stringify(counts)).toEqual([counts[2], counts[2], counts[2], counts[2]]);
    expect(capture(a, 'flip')).toBe(1);
    expect(capture(b, 'flip')).toBe(1);
  });
});
