/**
 * The search bench's later states, each a copy of its data dir served by a service of its own:
 * after the service's maintenance run (which merges fragmented indexes: maintenance/optimize.ts),
 * and after growth since. Timed in alternated rounds with the data dir as ingest left it: this
 * machine's speed drifts by more than the difference, so states timed one after the other compare
 * nothing.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findMigrationsDir } from '../../electron/core/db/open.js';
import { featureCoreOptions, featurePlugins } from '../../electron/core/features.js';
import { SEARCH_INDEXES, segmentsOf as indexSegments } from '../../electron/core/maintenance/optimize.js';
import { SearchEngine } from '../../electron/core/recall/search.js';
import { startService, type Service } from '../../electron/core/service.js';
import type { Clock } from '../../electron/core/util/clock.js';
import { poster } from '../lib/paced-hooks.js';
import { pct, timeQueries, type BenchQuery } from './timing.js';

/** Posts JSON to a service; resolves with the answer's time and parsed body (rejects unless 200). */
export async function postJson(
  service: Service,
  path: string,
  body: unknown,
): Promise<{ ms: number; json: unknown }> {
  const t0 = performance.now();
  const res = await poster(service.port, service.core.token)(path, JSON.stringify(body));
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${res.text.slice(0, 500)}`);
  return { ms, json: res.text === '' ? null : (JSON.parse(res.text) as unknown) };
}

/** `clock`: the service's clock (the system's by default). */
export const startOn = (dataDir: string, clock?: Clock): Promise<Service> =>
  startService({
    dataDir,
    ...(clock ? { clock } : {}),
    migrationsDir: findMigrationsDir(process.cwd()),
    port: 0,
    writeServerJson: false,
    ...featureCoreOptions(),
    plugins: featurePlugins(),
  });

/**
 * A copy of a running service's data dir, served by a new service. The database is copied with
 * SQLite's backup API once the service's projector has settled: a file copy could catch the
 * service's checkpoint thread writing the file and copy a torn database.
 */
export async function serveCopy(from: Service): Promise<{ service: Service; dispose: () => Promise<void> }> {
  await from.core.projector.settled();
  const dir = mkdtempSync(join(tmpdir(), 'memtray-bench-search-state-'));
  for (const f of ['token', 'machine-id']) copyFileSync(join(from.core.paths.root, f), join(dir, f));
  await from.core.sqlite.backup(join(dir, 'memtray.db'), { progress: () => 4096 });
  const service = await startOn(dir);
  return {
    service,
    dispose: async () => {
      await service.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const segmentsOf = (service: Service): Record<string, number> =>
  Object.fromEntries(SEARCH_INDEXES.map((t) => [t, indexSegments(service.core.sqlite, t)]));

type Timed = ReturnType<typeof timeQueries>;
const median = (xs: number[]): number => pct(xs, 50);

/**
 * `rounds` rounds; in each, every state's queries are timed once, the order rotated per round.
 * Per state: each round's p50/p95 and their medians; per later state, its ratio to the first in
 * each round (min, median, max).
 */
export function alternate(
  states: Array<{ name: string; service: Service }>,
  queries: BenchQuery[],
  rounds: number,
) {
  const runs = new Map<string, Timed[]>(states.map((s) => [s.name, []]));
  const engines = states.map((s) => ({
    name: s.name,
    engine: new SearchEngine(s.service.core.sqlite, () => Date.now()),
  }));
  for (let r = 0; r < rounds; r++)
    for (let i = 0; i < engines.length; i++) {
      const { name, engine } = engines[(i + r) % engines.length]!;
      runs.get(name)!.push(timeQueries(engine, queries));
    }
  const base = runs.get(states[0]!.name)!;
  const spread = (xs: number[]) => ({
    min: Math.round(Math.min(...xs) * 100) / 100,
    median: Math.round(median(xs) * 100) / 100,
    max: Math.round(Math.max(...xs) * 100) / 100,
  });
  return Object.fromEntries(
    [...runs].map(([name, xs]) => [
      name,
      {
        p50: spread(xs.map((x) => x.search.p50)),
        p95: spread(xs.map((x) => x.search.p95)),
        cpuP50: spread(xs.map((x) => x.searchCpuMs.p50)),
        ratioToFirst: {
          p50: spread(xs.map((x, i) => x.search.p50 / base[i]!.search.p50)),
          p95: spread(xs.map((x, i) => x.search.p95 / base[i]!.search.p95)),
        },
        byCategoryP50: Object.fromEntries(
          Object.keys(xs[0]!.searchByCategory).map((c) => [
            c,
            median(xs.map((x) => x.searchByCategory[c]!.p50)),
          ]),
        ),
        rounds: xs.map((x) => ({ p50: x.search.p50, p95: x.search.p95, max: x.search.max })),
      },
    ]),
  );
}
