/**
 * Search and SessionStart benchmark. Generates N observations (default 1,000,000) from corpus
 * templates into a fresh data dir, built the way ingest builds it (generate.ts: hook events with
 * responses, one observation per commit, retention's compaction past 30 days, never optimized by the bench),
 * then times a few hundred queries of mixed breadth, the context digest, and
 * `POST /api/hooks/SessionStart` end to end over HTTP. Prints JSON.
 * The same queries are then timed in `--rounds` alternated rounds against this data dir and two
 * copies: one after the service's own maintenance run (which merges fragmented search indexes:
 * maintenance/optimize.ts), one with `--grow` × n more observations written since (states.ts).
 * Usage: npx tsx bench/search/run.ts [--n 1000000] [--per-tx 1] [--queries 300] [--grow 0.005]
 *   [--rounds 5]
 *   [--data-dir DIR (kept, reused)]
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ContextBuilder } from '../../electron/core/recall/context.js';
import { SearchEngine } from '../../electron/core/recall/search.js';
import { maintenanceRunResponse } from '../../electron/shared/contract/maintenance.js';
import { loadCorpusText } from './corpus-text.js';
import { generate, rng } from './generate.js';
import { alternate, postJson, segmentsOf, serveCopy, startOn } from './states.js';
import { stats, timeQueries, timeTyping } from './timing.js';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '1000000' },
    'data-dir': { type: 'string' },
    queries: { type: 'string', default: '300' },
    'per-tx': { type: 'string', default: '1' },
    grow: { type: 'string', default: '0.005' },
    rounds: { type: 'string', default: '5' },
  },
});
const n = Number(values.n);
const perTx = Number(values['per-tx']);
const rounds = Math.max(1, Number(values.rounds));
const grow = Number(values.grow);
// Fresh by default: a reused dir flatters SessionStart (each run adds sessions) and the index.
const reused = values['data-dir'] !== undefined;
const dataDir = values['data-dir'] ?? mkdtempSync(join(tmpdir(), 'memtray-bench-search-'));
mkdirSync(dataDir, { recursive: true });
const text = loadCorpusText(join(process.cwd(), '..', 'shared', 'corpus'));
const projects = ['spotter', 'spcstr', 'attio-mcp-server', 'memtray', 'webshop', 'infra'];

const service = await startOn(dataDir);
const { sqlite } = service.core;
const have = sqlite.prepare('SELECT count(*) FROM observations').pluck().get() as number;
let generateMs: number | null = null;
if (have < n) {
  const t0 = performance.now();
  // As the projector writes derived rows: NORMAL (the events they come from are the durable part).
  sqlite.pragma('synchronous = NORMAL');
  generate(sqlite, text, {
    observations: n - have,
    projects,
    seed: 1000 + have,
    perTx,
    onProgress: (d) => process.stderr.write(`\rgenerated ${have + d}/${n}`),
  });
  sqlite.pragma('synchronous = FULL');
  generateMs = Math.round(performance.now() - t0);
  process.stderr.write('\n');
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
}
const dbBytes = statSync(service.core.paths.db).size;
// How fragmented the index is as ingest left it (optimize would leave 1 segment).
const ftsSegments = sqlite
  .prepare('SELECT count(DISTINCT segid) FROM observations_fts_idx')
  .pluck()
  .get() as number;

// Queries of mixed breadth: very common words, common, rare, multi-word, prefixes, typos, paths,
// and questions as a person asks them (question words around one or two identifiers).
const r = rng(7);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const ids = text.identifiers;
const typo = (w: string): string => {
  const i = 1 + Math.floor(r() * (w.length - 2));
  return w.slice(0, i) + w.slice(i + 1);
};
const nq = Number(values.queries);
const mix: Array<[string, () => string]> = [
  ['very_common', () => pick(ids.slice(0, 20))],
  ['common', () => pick(ids.slice(20, 400))],
  ['rare', () => pick(ids.slice(2000, 10000))],
  ['two_words', () => `${pick(ids.slice(0, 2000))} ${pick(ids.slice(0, 2000))}`],
  ['sentence_words', () => pick(text.sentences).split(/\s+/).slice(0, 3).join(' ')],
  ['prefix', () => pick(ids.slice(50, 3000)).slice(0, 5)],
  ['typo', () => typo(pick(ids.slice(100, 3000).filter((w) => w.length >= 6)))],
  ['path', () => pick(text.paths).split('/').slice(-2).join('/')],
  [
    'question',
    () => {
      const a = pick(ids.slice(0, 3000));
      const b = pick(ids.slice(0, 3000));
      return pick([
        `which file did we change for the ${a} ${b}?`,
        `why did we decide to ${a} the ${b}?`,
        `what command did we run to check ${a}?`,
        `what broke in ${a} and how did we fix it?`,
        `what did we do first after the ${a} ${b}?`,
      ]);
    },
  ],
];
const queries = Array.from({ length: nq }, (_v, i) => {
  const [cat, make] = mix[i % mix.length]!;
  return { cat, q: make(), project: i % 3 === 0 ? pick(projects) : undefined };
});

const engine = new SearchEngine(sqlite, () => Date.now());
const asIngestLeftIt = timeQueries(engine, queries);
const searchAsTyped = timeTyping(engine, queries);
const load = (await import('node:os')).loadavg();
const context = new ContextBuilder(sqlite, () => service.core.settings.get(), service.core.projects);
const ctxTimes = projects.flatMap(() =>
  projects.map((p) => {
    const t0 = performance.now();
    context.build(p);
    return performance.now() - t0;
  }),
);

const post = async (path: string, body: unknown): Promise<number> => (await postJson(service, path, body)).ms;
const hookTimes: number[] = [];
for (let i = 0; i < 120; i++) {
  const project = projects[i % projects.length]!;
  const ms = await post('/api/hooks/SessionStart', {
    session_id: `bench-${Date.now()}-${i}`,
    transcript_path: `/tmp/${i}.jsonl`,
    cwd: `/home/dev/${project}`,
    hook_event_name: 'SessionStart',
    source: 'startup',
  });
  if (i >= 20) hookTimes.push(ms);
}

// The service's own maintenance, as it runs every 6 hours (`POST /api/maintenance/run`: retention,
// the search indexes merged into one segment each when fragmented, vacuum, checkpoint), on a copy of
// this data dir; then `--grow` × n more observations on a copy of that one, written the way ingest
// writes them (default 0.5 %: 5,000 at 1M, days of a heavy user's work, more than the 6 hours
// between two runs bring). The three are timed in alternated rounds (states.ts).
const merged = await serveCopy(service);
const maintenance = maintenanceRunResponse.parse(
  (await postJson(merged.service, '/api/maintenance/run', {})).json,
);
const grown = grow > 0 ? await serveCopy(merged.service) : null;
const more = Math.round(n * grow);
if (grown) {
  const g = grown.service.core.sqlite;
  g.pragma('synchronous = NORMAL');
  generate(g, text, {
    observations: more,
    projects,
    seed: 5000 + n,
    perTx,
    spanMs: grow * 365 * 24 * 3600 * 1000,
    onProgress: (d) => process.stderr.write(`\rgrowth ${d}/${more}`),
  });
  g.pragma('synchronous = FULL');
  process.stderr.write('\n');
  g.pragma('wal_checkpoint(TRUNCATE)');
}
const states = alternate(
  [
    { name: 'asIngestLeftIt', service },
    { name: 'afterMaintenance', service: merged.service },
    ...(grown ? [{ name: 'afterGrowth', service: grown.service }] : []),
  ],
  queries,
  rounds,
);
const afterMaintenance = {
  maintenanceMs: maintenance.ms,
  indexes: maintenance.indexes,
  segments: segmentsOf(merged.service),
};
const afterGrowth = grown ? { observations: more, segments: segmentsOf(grown.service) } : null;
process.stdout.write(
  `${JSON.stringify(
    {
      observations: n,
      generateMs,
      build: { perTx, optimized: false, reusedDataDir: reused },
      dbBytes,
      bytesPerObservation: Math.round(dbBytes / n),
      ftsSegments,
      loadAverage1m: Math.round(load[0]! * 100) / 100,
      cpus: (await import('node:os')).cpus().length,
      ...asIngestLeftIt,
      searchAsTyped,
      contextBuildMs: stats(ctxTimes),
      sessionStartHookHttpMs: { ...stats(hookTimes), targetP95: 15 },
      afterMaintenance,
      afterGrowth,
      alternatedRounds: states,
    },
    null,
    2,
  )}\n`,
);
// Printed before stopping, so the figures survive a stop that fails. (stop() used to wait on
// unref'd handles only, the checkpoint thread, and this script then ended with exit code 13 before
// it settled; db/checkpointer.ts now holds them while it stops.)
await merged.dispose();
await grown?.dispose();
await service.stop();
if (!reused) rmSync(dataDir, { recursive: true, force: true });
