/**
 * Hybrid (semantic) search benchmark: N generated observations, each with a vector of DIMS
 * dimensions in the sqlite-vec index, then the same queries timed lexical-only and hybrid (nearest
 * vectors + reciprocal rank fusion), the nearest-vector lookup alone beside them. The vectors are
 * synthetic (Gaussian, normalised; each query is a stored vector plus noise, so it has true
 * neighbours): this measures cost, not quality (bench/recall measures quality). The query's own
 * embedding is the provider's time and is not included (one HTTP call, cached per query text).
 * The lexical index is built as ingest builds it (one observation per commit, never optimized).
 * Usage: npx tsx bench/search/hybrid.ts [--n 100000] [--dims 768] [--queries 200] [--json-out F]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { findMigrationsDir, openDatabase } from '../../electron/core/db/open.js';
import { SearchEngine } from '../../electron/core/recall/search.js';
import { NEAREST, NEAREST_FILTERED } from '../../electron/core/recall/vectors/hybrid.js';
import { EXACT_FLOATS, loadVec, VectorStore } from '../../electron/core/recall/vectors/store.js';
import { vectorKey } from '../../electron/core/recall/vectors/texts.js';
import { loadCorpusText } from './corpus-text.js';
import { generate, rng } from './generate.js';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '100000' },
    dims: { type: 'string', default: '768' },
    queries: { type: 'string', default: '200' },
    'data-dir': { type: 'string' },
    'json-out': { type: 'string' },
  },
});
const n = Number(values.n);
const dims = Number(values.dims);
const dataDir = values['data-dir'] ?? join(tmpdir(), `memtray-bench-hybrid-${n}-${dims}`);
mkdirSync(dataDir, { recursive: true });
const text = loadCorpusText(join(process.cwd(), '..', 'shared', 'corpus'));
const projects = ['spotter', 'spcstr', 'attio-mcp-server', 'memtray', 'webshop', 'infra'];
const { sqlite, close } = openDatabase(join(dataDir, 'memtray.db'), {
  migrationsDir: findMigrationsDir(process.cwd()),
});
const r = rng(11);
const gauss = (): number => Math.sqrt(-2 * Math.log(r() || 1e-12)) * Math.cos(2 * Math.PI * r());
const unit = (v: Float32Array): Float32Array => {
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
};

const have = sqlite.prepare('SELECT count(*) FROM observations').pluck().get() as number;
const setup: Record<string, number> = {};
if (have < n) {
  const t0 = performance.now();
  // Built the way ingest builds it (as bench/search/run.ts): one observation per commit, never optimized.
  generate(sqlite, text, { observations: n - have, projects, seed: 2000 + have, perTx: 1 });
  setup.generateMs = Math.round(performance.now() - t0);
}
loadVec(sqlite);
const store = new VectorStore(sqlite);
if (!store.exists()) store.create(dims);
const ids = sqlite.prepare('SELECT id FROM observations ORDER BY id').pluck().all() as number[];
if (store.count() < ids.length) {
  const t0 = performance.now();
  for (let i = store.count(); i < ids.length; i += 2000) {
    const chunk = ids.slice(i, i + 2000);
    sqlite.transaction(() =>
      store.put(
        chunk.map((id) => ({
          key: vectorKey('observation', id),
          vector: unit(Float32Array.from({ length: dims }, gauss)),
        })),
      ),
    )();
    process.stderr.write(`\rvectors ${Math.min(i + 2000, ids.length)}/${ids.length}`);
  }
  process.stderr.write('\n');
  setup.vectorsMs = Math.round(performance.now() - t0);
}
sqlite.pragma('wal_checkpoint(TRUNCATE)');

// The same query mix as bench/search/run.ts (words, identifiers, questions), each with a vector.
const vocab = text.identifiers;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const getVec = sqlite.prepare('SELECT full FROM memtray_vectors WHERE rowid = ?').pluck();
const nq = Number(values.queries);
const queries = Array.from({ length: nq }, (_v, i) => {
  const base = new Float32Array(
    (getVec.get(BigInt(vectorKey('observation', pick(ids)))) as Buffer).buffer.slice(0),
  );
  const q =
    i % 3 === 0
      ? `which file did we change for the ${pick(vocab.slice(0, 3000))}?`
      : i % 3 === 1
        ? `${pick(vocab.slice(0, 2000))} ${pick(vocab.slice(0, 2000))}`
        : pick(text.sentences).split(/\s+/).slice(0, 4).join(' ');
  return {
    q,
    v: unit(base.map((x) => x + (0.6 * gauss()) / Math.sqrt(dims))),
    project: i % 4 === 0 ? pick(projects) : undefined,
  };
});

const engine = new SearchEngine(sqlite, () => Date.now());
const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 100) / 100;
};
/** Wall time; CPU time (this process) goes to `cpu` (the machine is shared: wall time waits for cores). */
const cpu: Record<string, number[]> = { lexical: [], hybrid: [], nearest: [] };
const time = (f: () => unknown, name: string): number => {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  f();
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  cpu[name]!.push((c.user + c.system) / 1000);
  return ms;
};
// The first large search starts loading the coarse bits into memory on a worker thread
// (vectors/coarse-cache.ts) and is answered by sqlite-vec meanwhile: both timed on their own.
{
  const t0 = performance.now();
  store.nearest(queries[0]!.v, NEAREST.k, NEAREST.coarse);
  setup.firstNearestMs = Math.round(performance.now() - t0);
  await store.coarseSettled();
  setup.coarseLoadMs = Math.round(performance.now() - t0);
  if (store.count() * dims > EXACT_FLOATS && !store.coarseInMemory())
    throw new Error('the coarse bits did not load');
}
for (const q of queries.slice(0, 10))
  engine.search({ q: q.q, limit: 20 }, store.nearest(q.v, NEAREST.k, NEAREST.coarse)); // warm up
const lexical: number[] = [];
const hybrid: number[] = [];
const nearest: number[] = [];
for (const q of queries) {
  const p = { q: q.q, project: q.project, limit: 20 };
  const near = (): ReturnType<typeof store.nearest> =>
    q.project
      ? store.nearest(q.v, NEAREST_FILTERED.k, NEAREST_FILTERED.coarse)
      : store.nearest(q.v, NEAREST.k, NEAREST.coarse);
  lexical.push(time(() => engine.search(p), 'lexical'));
  nearest.push(time(near, 'nearest'));
  hybrid.push(time(() => engine.search(p, near()), 'hybrid'));
}
const out = {
  n: ids.length,
  dims,
  queries: nq,
  path: store.count() * dims <= EXACT_FLOATS ? 'exact' : 'binary pre-selection + exact re-score',
  setup,
  rssMB: Math.round(process.memoryUsage().rss / 1e6),
  dbMB: Math.round(((sqlite.pragma('page_count', { simple: true }) as number) * 4096) / 1e6),
  lexical: { p50: pct(lexical, 50), p95: pct(lexical, 95) },
  hybrid: { p50: pct(hybrid, 50), p95: pct(hybrid, 95) },
  nearestOnly: { p50: pct(nearest, 50), p95: pct(nearest, 95) },
  cpuMs: Object.fromEntries(
    Object.entries(cpu).map(([k, xs]) => [k, { p50: pct(xs, 50), p95: pct(xs, 95) }]),
  ),
  load1: Math.round(loadavg()[0]! * 100) / 100,
  at: new Date().toISOString(),
};
console.log(JSON.stringify(out, null, 2));
if (values['json-out']) writeFileSync(values['json-out'], JSON.stringify(out, null, 2));
close();
