/**
 * One search asks the index "where is the n-th newest match of this word?" once per kind and word,
 * however many of its stages ask; the next search asks again only if the index changed meanwhile.
 * The type-ahead and word-weight steps take a word's density from the same memo.
 */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/core.js';
import { featureCoreOptions } from '../../electron/core/features.js';
import { NTH_MATCH_SQL } from '../../electron/core/recall/search-sql.js';
import { DENSE, Stages, type StageScope } from '../../electron/core/recall/stages.js';
import { MIGRATIONS_DIR, tempDir } from '../helpers/service.js';
import { insertObservation } from './seed.js';

let core: Core | null = null;
afterEach(() => core?.close());

describe('Stages', () => {
  it('looks up each n-th match once while the index stays as it is, and again once it changed', () => {
    const { stages, lookups } = counted(30);
    const scope: StageScope = { kinds: ['observation'], filters: {}, bind: { now: Date.now() }, want: 10 };
    const run = () => stages.ranked(['zephyrine'], false, 'AND', scope);
    stages.begin(true);
    const first = run();
    const once = lookups();
    expect(first.length).toBeGreaterThan(0);
    run(); // a later stage of the same search
    expect(lookups()).toBe(once);
    stages.begin(false); // the next search, nothing written since
    expect(run()).toEqual(first);
    expect(lookups()).toBe(once);
    stages.begin(true); // the next search after a write
    expect(run()).toEqual(first);
    expect(lookups()).toBe(2 * once);
  });

  it("answers a word's density from the stage's lookup, without asking the index again", () => {
    const { stages, lookups } = counted(DENSE);
    const scope: StageScope = { kinds: ['observation'], filters: {}, bind: { now: Date.now() }, want: 10 };
    stages.begin(true);
    expect(stages.knownDense('observation', 'zephyrine')).toBeUndefined();
    expect(stages.knownDense('observation', 'tuned')).toBeUndefined();
    expect(lookups()).toBe(0);
    stages.ranked(['zephyrine'], false, 'AND', scope);
    stages.ranked(['tuned'], false, 'AND', scope);
    const asked = lookups();
    // Every row holds "tuned" (dense), one in a hundred "zephyrine".
    expect(stages.knownDense('observation', 'tuned')).toBe(true);
    expect(stages.knownDense('observation', 'zephyrine')).toBe(false);
    expect(stages.isDense('observation', 'tuned')).toBe(true);
    expect(stages.isDense('observation', 'zephyrine')).toBe(false);
    expect(lookups()).toBe(asked);
    stages.begin(true);
    expect(stages.knownDense('observation', 'tuned')).toBeUndefined();
    expect(stages.isDense('observation', 'tuned')).toBe(true);
    expect(lookups()).toBe(asked + 1);
  });
});

/** `n` observations ("tuned" in each, "zephyrine" in every hundredth) and Stages counting its n-th-match lookups. */
function counted(n: number): { stages: Stages; lookups: () => number } {
  core = createCore({ dataDir: tempDir(), migrationsDir: MIGRATIONS_DIR, ...featureCoreOptions() });
  const sqlite: Database.Database = core.sqlite;
  sqlite.transaction(() => {
    for (let i = 0; i < n; i++)
      insertObservation(sqlite, {
        project: 'memo',
        title: n <= 100 || i % 100 === 0 ? `Tuned the zephyrine cache ${i}` : `Tuned the cache ${i}`,
        type: 'change',
        at: Date.now() - i * 1000,
      });
  })();
  const nthSql = new Set(Object.values(NTH_MATCH_SQL));
  let lookups = 0;
  const stages = new Stages((sql) => {
    const st = sqlite.prepare(sql);
    if (!nthSql.has(sql)) return st;
    const get = st.get.bind(st);
    return Object.assign(st, {
      get: (...a: unknown[]) => {
        lookups++;
        return get(...a);
      },
    });
  });
  return { stages, lookups: () => lookups };
}
