/**
 * bench/maintenance/index-merge: hook latency while the service's maintenance merges fragmented
 * search indexes into one segment each (maintenance/optimize.ts), beside the same hook load before
 * it, against a real `memtray serve` (child process, real SQLite file). Each repetition starts the
 * service on a fresh copy of a data dir built the way ingest builds it: `--from DIR` (e.g. the
 * search bench's kept `--data-dir`), or `--n` observations generated here (bench/search/generate.ts).
 * Paced hooks (2 clients, each waiting `--interval-ms` after its answer, default 50: ~40 hooks/s,
 * ten times what Claude Code sends; corpus PostToolUse payloads) run for `--seconds` without
 * maintenance, then during `POST /api/maintenance/run`. (At bench/maintenance/run.ts's 10 ms the
 * worker never finds the 15-ms quiet moment it waits for, and a merge at 1M takes over 15 minutes.) A merged index cannot
 * be merged again, so the order cannot alternate: each repetition is a new copy. Prints JSON.
 *
 *   npx tsx bench/maintenance/index-merge.ts [--n 100000 | --from DIR] [--reps 3] [--seconds 10]
 *     [--interval-ms 50]
 */
import Database from 'better-sqlite3';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { maintenanceRunResponse } from '../../electron/shared/contract/maintenance.js';
import { loadCorpusEvents } from '../../tests/helpers/corpus.js';
import { startChild } from '../lib/child.js';
import { hooksDuringMaintenance, latencyStats, pacedHooks, poster } from '../lib/paced-hooks.js';
import { round } from '../lib/load.js';
import { loadCorpusText } from '../search/corpus-text.js';
import { generate } from '../search/generate.js';
import { startOn } from '../search/states.js';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '100000' },
    from: { type: 'string' },
    reps: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    'interval-ms': { type: 'string', default: '50' },
  },
});
const REPS = Math.max(1, Number(values.reps));
const SECONDS = Number(values.seconds);
const INTERVAL_MS = Number(values['interval-ms']);
const posts = loadCorpusEvents()
  .filter((e) => e.eventName === 'PostToolUse')
  .map((e) => e.payload);

/** A data dir built the way ingest builds it (as the search bench does), generated once. */
async function source(): Promise<{ dir: string; generated: boolean }> {
  if (values.from) return { dir: values.from, generated: false };
  const dir = mkdtempSync(join(tmpdir(), 'memtray-bench-merge-src-'));
  const service = await startOn(dir);
  const { sqlite } = service.core;
  sqlite.pragma('synchronous = NORMAL');
  generate(sqlite, loadCorpusText(join(process.cwd(), '..', 'shared', 'corpus')), {
    observations: Number(values.n),
    seed: 11,
    onProgress: (d) => process.stderr.write(`\rgenerated ${d}/${values.n}`),
  });
  process.stderr.write('\n');
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  await service.stop();
  return { dir, generated: true };
}

async function rep(src: string, r: number): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'memtray-bench-merge-'));
  for (const f of ['memtray.db', 'token', 'machine-id']) cpSync(join(src, f), join(dataDir, f));
  const memtray = await startChild(
    ['bin/memtray.mjs', 'serve', '--port', '0', '--data-dir', dataDir, '--quiet'],
    /running at http:\/\/127\.0\.0\.1:(\d+)/,
  );
  const port = Number(memtray.match[1]);
  const token = readFileSync(join(dataDir, 'token'), 'utf8').trim();
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const call = poster(port, token, agent);
  const seq = { n: 0 };
  const hooks = (until: () => boolean) =>
    pacedHooks({ post: call, posts, idPrefix: `merge-${r}`, intervalMs: INTERVAL_MS }, until, seq);
  const forMs = (ms: number) => {
    const end = performance.now() + ms;
    return () => performance.now() > end;
  };
  await hooks(forMs(1000)); // warm up
  const without = await hooks(forMs(SECONDS * 1000));
  const during = await hooksDuringMaintenance(call, hooks);
  const body = maintenanceRunResponse.parse(JSON.parse(during.text));
  memtray.child.kill('SIGTERM');
  await new Promise((ok) => memtray.child.once('exit', ok));
  agent.destroy();
  const db = new Database(join(dataDir, 'memtray.db'), { readonly: true });
  const observations = db.prepare('SELECT count(*) FROM observations').pluck().get() as number;
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
  const w = latencyStats(without.latencies);
  const m = latencyStats(during.latencies);
  return {
    rep: r,
    observations,
    maintenanceMs: round(during.wallMs, 0),
    runError: body.error,
    indexes: body.indexes,
    withoutMaintenance: { ...w, errors: without.errors },
    duringMaintenance: { ...m, errors: during.errors },
    p99Ratio: round(m.p99Ms / Math.max(0.01, w.p99Ms), 2),
  };
}

const src = await source();
const reps: Array<Record<string, unknown>> = [];
for (let r = 0; r < REPS; r++) {
  reps.push(await rep(src.dir, r));
  process.stderr.write(`${JSON.stringify(reps[reps.length - 1])}\n`); // survives a run cut short
}
if (src.generated) rmSync(src.dir, { recursive: true, force: true });
console.log(
  JSON.stringify(
    {
      bench: 'maintenance/index-merge',
      machine: { cpus: cpus().length, model: cpus()[0]?.model, memGiB: round(totalmem() / 2 ** 30, 1) },
      node: process.version,
      source: values.from ? { from: values.from } : { generated: Number(values.n) },
      secondsWithout: SECONDS,
      hookIntervalMs: INTERVAL_MS,
      reps,
    },
    null,
    2,
  ),
);
