/**
 * The service merges its fragmented search indexes into one segment each, in maintenance, in short
 * steps ("if merging the index is the way, the service does it itself, off the event
 * loop, without blocking ingest"). Real SQLite files; the last test goes through the real service,
 * `POST /api/maintenance/run` and the maintenance worker thread.
 */
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/core.js';
import { IndexMerger, setMergeHold } from '../../electron/core/db/index-merge.js';
import { registerFunctions } from '../../electron/core/db/identifiers.js';
import { featureCoreOptions } from '../../electron/core/features.js';
import { runJob } from '../../electron/core/maintenance/job.js';
import {
  MERGE_SEGMENTS,
  optimizeIndexes,
  SEARCH_INDEXES,
  segmentsOf,
} from '../../electron/core/maintenance/optimize.js';
import { SearchEngine } from '../../electron/core/recall/search.js';
import { maintenanceRunResponse } from '../../electron/shared/contract/maintenance.js';
import { MIGRATIONS_DIR, startTestService, tempDir, type TestService } from '../helpers/service.js';
import { insertObservation } from './seed.js';

const WORDS = ['zephyr', 'quokka', 'marlin', 'tundra', 'basalt', 'cobalt', 'fennel', 'gypsum'];
const NOW = Date.UTC(2026, 10, 1);

/** One observation per transaction, as the hook path writes them: one new index segment each. */
function fragment(sqlite: Database.Database, n: number, from = 0): void {
  for (let i = from; i < from + n; i++)
    insertObservation(sqlite, {
      project: 'opt',
      title: `Tuned the ${WORDS[i % WORDS.length]} parser ${i}`,
      facts: [`${WORDS[(i * 3) % WORDS.length]} handles case ${i}`],
      narrative: `Edited src/${WORDS[(i * 5) % WORDS.length]}/mod${i % 17}.ts for ${WORDS[(i * 7) % WORDS.length]}`,
      filesModified: [`src/${WORDS[i % WORDS.length]}/mod${i % 17}.ts`],
      type: 'change',
      at: NOW - (n - i) * 60_000,
    });
}

const QUERIES = ['zephyr', 'quokka parser', 'marl', 'tundar', 'src/basalt', 'case 17', 'cobalt fennel'];
const answers = (sqlite: Database.Database): number[][] => {
  const engine = new SearchEngine(sqlite, () => NOW);
  return QUERIES.map((q) => engine.search({ q, limit: 20 }).items.map((i) => i.id));
};
const integrity = (sqlite: Database.Database): void => {
  for (const t of SEARCH_INDEXES)
    sqlite.prepare(`INSERT INTO ${t}(${t}, rank) VALUES('integrity-check', 1)`).run();
};

let core: Core | null = null;
const services: TestService[] = [];
afterEach(async () => {
  core?.close();
  core = null;
  for (const s of services.splice(0)) await s.dispose();
});

describe('merging the search indexes in maintenance', () => {
  it('merges a fragmented index into one segment in several steps; search answers the same', () => {
    core = createCore({ dataDir: tempDir(), migrationsDir: MIGRATIONS_DIR, ...featureCoreOptions() });
    const { sqlite } = core;
    fragment(sqlite, 300);
    const before = segmentsOf(sqlite, 'observations_fts');
    expect(before).toBeGreaterThanOrEqual(MERGE_SEGMENTS);
    const expected = answers(sqlite);
    expect(expected.every((ids) => ids.length > 0)).toBe(true);

    let betweens = 0;
    const r = optimizeIndexes(sqlite, { stepPages: 8, between: () => betweens++ });
    const fts = r.find((x) => x.index === 'observations_fts')!;
    expect(fts.segmentsBefore).toBe(before);
    expect(fts.segmentsAfter).toBe(1);
    expect(fts.steps).toBeGreaterThan(1);
    expect(fts.unfinished).toBe(false);
    expect(betweens).toBeGreaterThanOrEqual(fts.steps - 1);
    expect(segmentsOf(sqlite, 'observations_trgm')).toBe(1);
    integrity(sqlite);
    expect(answers(sqlite)).toEqual(expected);

    // Compact now: a second run leaves every index alone.
    const again = optimizeIndexes(sqlite, { stepPages: 8 });
    expect(again.map((x) => x.steps)).toEqual(SEARCH_INDEXES.map(() => 0));
    expect(again.map((x) => x.skipped)).toEqual(SEARCH_INDEXES.map(() => 'compact'));
  });

  it('merges nothing when the disk is nearly full (the merged segment needs room first)', () => {
    core = createCore({ dataDir: tempDir(), migrationsDir: MIGRATIONS_DIR, ...featureCoreOptions() });
    fragment(core.sqlite, 200);
    const before = segmentsOf(core.sqlite, 'observations_fts');
    const r = optimizeIndexes(core.sqlite, { diskFree: () => 100 * 1024 * 1024 });
    const fts = r.find((x) => x.index === 'observations_fts')!;
    expect(fts.skipped).toBe('low-disk');
    expect(fts.steps).toBe(0);
    expect(segmentsOf(core.sqlite, 'observations_fts')).toBe(before);
    // With room it merges (the same call, the disk's own free space).
    expect(optimizeIndexes(core.sqlite).find((x) => x.index === 'observations_fts')!.skipped).toBe(null);
  });

  it("another connection's writes between the steps all stay searchable, and it ends all the same", () => {
    // The same fragmented index twice: merged alone, and with another connection writing between
    // the steps (as hooks do while the maintenance worker merges).
    const quiet = createCore({ dataDir: tempDir(), migrationsDir: MIGRATIONS_DIR, ...featureCoreOptions() });
    fragment(quiet.sqlite, 240);
    const alone = optimizeIndexes(quiet.sqlite, { stepPages: 1, indexes: ['observations_fts'] })[0]!;
    quiet.close();

    core = createCore({ dataDir: tempDir(), migrationsDir: MIGRATIONS_DIR, ...featureCoreOptions() });
    fragment(core.sqlite, 240);
    // The worker's own connection, as maintenance/worker.ts opens it; the core's writes meanwhile.
    const worker = new Database(core.paths.db);
    worker.pragma('busy_timeout = 5000');
    registerFunctions(worker);
    let written = 240;
    const r = optimizeIndexes(worker, {
      stepPages: 1,
      indexes: ['observations_fts'],
      // More new segments each time than FTS5 merges at once (4): steps that merged them too
      // would never run out of work. Bounded, so such a version fails instead of hanging.
      budgetMs: 10_000,
      between: () => {
        fragment(core!.sqlite, 5, written);
        written += 5;
      },
    })[0]!;
    worker.close();
    expect(r.steps).toBeGreaterThan(3);
    // It merged the segments it started with and stopped: the ones written meanwhile are the
    // projector's (steps that merged them too would go on as long as writes come).
    expect(r.steps).toBeLessThanOrEqual(alone.steps + 2);
    expect(r.segmentsAfter).toBeGreaterThan(1);
    integrity(core.sqlite);
    const engine = new SearchEngine(core.sqlite, () => NOW);
    const count = core.sqlite.prepare('SELECT count(*) FROM observations').pluck().get();
    expect(count).toBe(written);
    // The newest rows, written between the steps, are found.
    const last = engine.search({ q: `parser ${written - 1}`, limit: 5 }).items;
    expect(last[0]?.title).toContain(`parser ${written - 1}`);
  });

  it("holds the service's own merge steps back while it merges, and lets them go after", () => {
    core = createCore({ dataDir: tempDir(), migrationsDir: MIGRATIONS_DIR, ...featureCoreOptions() });
    const { sqlite } = core;
    fragment(sqlite, 200);
    const merger = new IndexMerger(sqlite);
    const held: boolean[] = [];
    optimizeIndexes(sqlite, {
      stepPages: 1,
      hold: merger.holdBuffer,
      between: () => {
        fragment(sqlite, 1, 1_000 + held.length);
        merger.written();
        held.push(!merger.due && !merger.step(5));
      },
    });
    expect(held.length).toBeGreaterThan(1);
    expect(held.every(Boolean)).toBe(true);
    // Released: the segments written meanwhile are the merger's again.
    fragment(sqlite, 5, 5_000);
    merger.written();
    expect(merger.due).toBe(true);
    setMergeHold(merger.holdBuffer, true);
    expect(merger.due).toBe(false);
  });

  it("is left out of a job run on the service's own thread (no worker), and runs in a job otherwise", () => {
    core = createCore({ dataDir: tempDir(), migrationsDir: MIGRATIONS_DIR, ...featureCoreOptions() });
    fragment(core.sqlite, 200);
    const before = segmentsOf(core.sqlite, 'observations_fts');
    const here = runJob(core.sqlite, { op: 'run', now: NOW, rawDays: null, mergeIndexes: false });
    expect(here.error).toBe(null);
    expect(here.indexes).toBe(null);
    expect(segmentsOf(core.sqlite, 'observations_fts')).toBe(before);
    const job = runJob(core.sqlite, { op: 'run', now: NOW, rawDays: null, pauseMs: 0 });
    expect(job.indexes?.find((x) => x.index === 'observations_fts')?.segmentsAfter).toBe(1);
  });

  it('runs in the maintenance worker on POST /api/maintenance/run, and reports it', async () => {
    const t = await startTestService();
    services.push(t);
    const { sqlite } = t.service.core;
    fragment(sqlite, 300);
    const expected = answers(sqlite);
    const res = await t.api('POST', '/api/maintenance/run', {});
    expect(res.status).toBe(200);
    const run = maintenanceRunResponse.parse(res.json);
    const fts = run.indexes?.find((x) => x.index === 'observations_fts');
    expect(fts?.steps).toBeGreaterThan(0);
    expect(fts?.segmentsAfter).toBe(1);
    expect(segmentsOf(sqlite, 'observations_fts')).toBe(1);
    expect(answers(sqlite)).toEqual(expected);
    // The hold is released: the service's merges resume.
    expect(Atomics.load(new Int32Array(t.service.core.ingest.mergeHold), 0)).toBe(0);
    const last = (await t.api('GET', '/api/maintenance')).json as { lastRun: { indexes: unknown[] } };
    expect(last.lastRun.indexes).toHaveLength(SEARCH_INDEXES.length);
  });
});
