/**
 * What the sync folder and archives cannot do to a machine however their records are written:
 * times out of range are refused, and project capture toggles settle (docs/explanation/sync.md).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir, type TestService } from '../helpers/service.js';
import { importFrom, seedSession } from '../sync/helpers.js';
import { prng, Syncer } from '../sync/syncer.js';
import {
  disposeMachines,
  expectRecallWorks,
  has,
  machine,
  observation,
  PEER,
  peerSegment,
  rows,
  run,
  session,
} from './peers.js';

afterEach(disposeMachines);

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
