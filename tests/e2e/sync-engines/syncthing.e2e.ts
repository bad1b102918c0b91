/**
 * MemTray sync on two real Syncthing daemons (loopback only): machines A and B are real services
 * with their own data dirs, machine ids and sync folders, and Syncthing keeps the two folders in
 * step. Proves: work captured on A reaches B's search and SessionStart digest; a deletion and a
 * forgotten memory follow; work on both at once converges to the same rows, each once; nothing
 * private reaches either folder; a real conflict copy, a Syncthing temporary file and a segment
 * replaced by an older copy change nothing and lose nothing.
 */
import { mkdirSync, readdirSync, rmSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/service.js';
import { capture, everyFile, machine, sessionId, tables, work, type Machine } from './memtray.js';
import { nonLoopbackSockets, startPair, syncthingBinary, until, type Syncthing } from './syncthing.js';

const BIN = syncthingBinary();
const MISSING = 'syncthing is not installed (apt-get install syncthing)';
if (!BIN) console.warn(`sync-engines: ${MISSING}: skipped`);

// CI installs syncthing (.ci/run): there, its absence fails instead of skipping.
it.runIf(!BIN && process.env.CI === 'true')('syncthing is installed on CI', () => {
  throw new Error(MISSING);
});

/** The secrets of this test: none may appear in any file of either folder. */
const PRIVATE = [
  'TOPSECRET-ZEBRA-42',
  'hush-project',
  'HUSHWORD',
  'classified',
  'CLASSIFIEDWORD',
  '<private>',
];

describe.skipIf(!BIN)('MemTray over two real Syncthing daemons', () => {
  let root: string;
  let fa: string;
  let fb: string;
  let st: [Syncthing, Syncthing];
  let a: Machine;
  let b: Machine;

  const log = (): string => st.map((s) => `--- ${s.d.name}\n${s.output()}`).join('\n');
  const same = (): boolean => JSON.stringify(tables(a)) === JSON.stringify(tables(b));
  const converged = async (what: string, ms = 30_000): Promise<void> => {
    await until(what, same, ms, () => `${JSON.stringify([tables(a), tables(b)])}\n${log()}`);
    for (const m of [a, b]) for (const t of Object.values(tables(m))) expect(t.rows).toBe(t.distinct);
  };
  const hasSession = (m: Machine, s: string) => (): boolean => sessionId(m, s) !== undefined;

  beforeAll(async () => {
    root = tempDir('memtray-syncthing-');
    fa = join(root, 'A');
    fb = join(root, 'B');
    mkdirSync(fa);
    mkdirSync(fb);
    st = await startPair(root, fa, fb);
    a = await machine(fa);
    b = await machine(fb);
    // Capture settings of both machines: a project with capture off and an excluded path.
    for (const m of [a, b]) {
      expect((await m.api('PUT', '/api/projects/hush-project', { capture: false })).status).toBe(200);
      expect((await m.api('PUT', '/api/settings', { excludedPaths: ['/w/classified'] })).status).toBe(200);
    }
  }, 60_000);

  afterAll(async () => {
    for (const m of [a, b]) await m?.dispose();
    for (const s of st ?? []) await s.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('work captured on A reaches B: its search and its SessionStart digest', async () => {
    await capture(a, {
      ...work('st-a1', '/w/orbit', 'QuasarRetry'),
      prompts: ['fix the flaky QuasarRetry timeout <private>TOPSECRET-ZEBRA-42</private> in orbit'],
    });
    await until('the summary on A', () => a.one('SELECT 1 FROM session_summaries') !== undefined, 15_000);
    await converged('st-a1 on B');
    const hit = await b.api('GET', '/api/search?q=QuasarRetry');
    expect(hit.status, hit.text).toBe(200);
    const items = (hit.json as { items: Array<{ project: string; title: string }> }).items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.project === 'orbit')).toBe(true);
    const digest = await b.api('GET', '/api/context/inject?project=orbit');
    expect(digest.status).toBe(200);
    expect(digest.text).toMatch(/QuasarRetry/);
    expect(
      b.one<{ origin: string }>("SELECT origin FROM sessions WHERE claude_session_id = 'st-a1'")?.origin,
    ).toBe(a.id);
    const peer = (await b.status()).peers.find((p) => p.machine === a.id);
    expect(peer).toMatchObject({ error: null, lagBytes: 0 });
    expect(peer?.records).toBeGreaterThan(0);
  }, 60_000);

  it('a deletion and a forgotten memory on A reach B', async () => {
    await capture(a, work('st-a2', '/w/orbit', 'NebulaCache'));
    await capture(a, work('st-a3', '/w/orbit', 'PulsarIndex'));
    await converged('st-a2 and st-a3 on B');
    expect((await a.api('DELETE', `/api/sessions/${sessionId(a, 'st-a2')}`)).status).toBe(200);
    const memory = a.one<{ id: number; uid: string }>(
      "SELECT o.id, o.uid FROM observations o JOIN sessions s ON s.id = o.session_id WHERE s.claude_session_id = 'st-a3' AND o.tool_name = 'Bash'",
    )!;
    expect((await a.api('DELETE', `/api/observations/${memory.id}`)).status).toBe(200);
    await converged('the deletions on B');
    expect(sessionId(b, 'st-a2')).toBeUndefined();
    expect(b.one('SELECT 1 FROM observations WHERE uid = ?', memory.uid)).toBeUndefined();
    expect(sessionId(b, 'st-a3')).toBeDefined();
    // On B both sit in the trash (a peer's deletion), so nothing was lost there for good.
    expect((await b.status()).trash.count).toBe(2);
    const hit = (await b.api('GET', '/api/search?q=NebulaCache')).json as { items: unknown[] };
    expect(hit.items).toEqual([]);
  }, 60_000);

  it('work on both machines at once converges to the same rows, each exactly once', async () => {
    const jobs: Array<Promise<void>> = [];
    for (let i = 0; i < 4; i++) {
      jobs.push(capture(a, work(`st-both-a${i}`, '/w/orbit', `Comet${i}`)));
      jobs.push(capture(b, work(`st-both-b${i}`, '/w/lunar', `Meteor${i}`)));
    }
    // Private work on both sides meanwhile: capture off, an excluded path.
    for (const m of [a, b]) {
      jobs.push(capture(m, work(`st-hush-${m.id}`, '/w/hush-project', 'HUSHWORD')));
      jobs.push(capture(m, work(`st-ex-${m.id}`, '/w/classified/x', 'CLASSIFIEDWORD')));
    }
    await Promise.all(jobs);
    await converged('both machines');
    const t = tables(a);
    expect(t.sessions!.rows).toBe(10);
    for (const m of [a, b])
      for (const s of ['st-both-a3', 'st-both-b3']) expect(sessionId(m, s)).toBeDefined();
  }, 90_000);

  it('nothing private reaches either folder (every file scanned)', async () => {
    await converged('both machines');
    for (const folder of [fa, fb]) {
      const files = everyFile(folder);
      expect(files.some((f) => f.path.endsWith('.mseg'))).toBe(true);
      for (const f of files)
        for (const s of PRIVATE) expect(f.text.includes(s), `${s} in ${f.path}`).toBe(false);
    }
    // Syncthing talked to nothing beyond loopback.
    expect(nonLoopbackSockets(st.map((s) => s.pid!))).toEqual([]);
  });

  it('a Syncthing temporary file mid-transfer is not read', async () => {
    const dir = join(fb, 'memtray', a.id);
    const seg = readdirSync(dir)
      .filter((f) => f.endsWith('.mseg'))
      .sort()
      .at(-1)!;
    const before = JSON.stringify(tables(b));
    // What Syncthing's puller writes before renaming into place: a partial copy under its own name.
    writeFileSync(join(dir, `.syncthing.${seg}.tmp`), 'ffffffffffffffff {"k":"session","uid":"half');
    expect((await b.api('POST', '/api/sync/run', {})).status).toBe(200);
    expect(JSON.stringify(tables(b))).toBe(before);
    expect((await b.status()).peers.find((p) => p.machine === a.id)?.error).toBeNull();
    rmSync(join(dir, `.syncthing.${seg}.tmp`));
  });

  it("A's segment replaced by an older copy elsewhere (no conflict): A's later work still arrives", async () => {
    const own = join(fa, 'memtray', a.id);
    // The segment A writes into: the newest by name (names sort by creation).
    const seg = readdirSync(own)
      .filter((f) => f.endsWith('.mseg'))
      .sort()
      .at(-1)!;
    const there = join(fb, 'memtray', a.id, seg);
    const size = statSync(join(own, seg)).size;
    // On B, A's current segment goes back to an older, shorter copy; Syncthing brings it to A.
    truncateSync(there, Math.floor(size / 2));
    await until("the older copy on A's side", () => statSync(join(own, seg)).size < size, 30_000, log);
    await capture(a, work('st-replaced-a', '/w/orbit', 'StardustReplaced'));
    await until('work after the replacement on B', hasSession(b, 'st-replaced-a'), 30_000, log);
    await converged('both machines after the replacement');
  }, 90_000);
  it('a real conflict copy (the same segment changed on both sides while apart) loses nothing', async () => {
    const own = join(fa, 'memtray', a.id);
    const seg = readdirSync(own)
      .filter((f) => f.endsWith('.mseg'))
      .sort()
      .at(-1)!;
    for (const s of st) await s.pause(true);
    // On B, an older copy of A's segment comes back (a restored backup), newer by its time.
    const there = join(fb, 'memtray', a.id, seg);
    truncateSync(there, Math.floor(statSync(there).size / 2));
    const later = new Date(Date.now() + 3_600_000);
    utimesSync(there, later, later);
    // Meanwhile A goes on working into the same segment.
    await capture(a, work('st-conflict-a', '/w/orbit', 'NovaConflict'));
    await until('A to write', async () => (await a.status()).pending === 0, 10_000);
    for (const s of st) await s.pause(false);
    const conflict = (dir: string) => (): boolean =>
      readdirSync(dir).some((f) => f.includes('.sync-conflict-'));
    await until('a conflict copy on A', conflict(own), 30_000, log);
    await until('the conflict copy on B', conflict(join(fb, 'memtray', a.id)), 30_000, log);
    await capture(a, work('st-conflict-a2', '/w/orbit', 'NovaAfter'));
    await until('work after the conflict on B', hasSession(b, 'st-conflict-a2'), 30_000, log);
    await converged('both machines after the conflict');
    expect(sessionId(b, 'st-conflict-a')).toBeDefined();
    expect((await b.status()).peers.find((p) => p.machine === a.id)).toMatchObject({ error: null });
  }, 90_000);
});
