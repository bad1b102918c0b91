/**
 * One search asks the index "where is the n-th newest match of this word?" once per kind and word,
 * however many of its stages ask; the next search asks again (rows may have come meanwhile).
 */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/core.js';
import { featureCoreOptions } from '../../electron/core/features.js';
import { NTH_MATCH_SQL } from '../../electron/core/recall/search-sql.js';
import { Stages } from '../../electron/core/recall/stages.js';
import { MIGRATIONS_DIR, tempDir } from '../helpers/service.js';
import { insertObservation } from './seed.js';

let core: Core | null = null;
afterEach(() => core?.close());

describe('Stages', () => {
  it('looks up each n-th match once per search, and again in the next', () => {
    core = createCore({ dataDir: tempDir(), migrationsDir: MIGRATIONS_DIR, ...featureCoreOptions() });
    const sqlite: Database.Database = core.sqlite;
    for (let i = 0; i < 30; i++)
      insertObservation(sqlite, {
        project: 'memo',
        title: `Tuned the zephyrine cache ${i}`,
        type: 'change',
        at: Date.now() - i * 1000,
      });
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
    const bind = { now: Date.now() };
    const run = () => stages.ranked(['zephyrine'], false, 'AND', ['observation'], {}, bind, 10);
    stages.begin();
    const first = run();
    const once = lookups;
    expect(first.length).toBeGreaterThan(0);
    run(); // a later stage of the same search
    expect(lookups).toBe(once);
    stages.begin(); // the next search
    expect(run()).toEqual(first);
    expect(lookups).toBe(2 * once);
  });
});
