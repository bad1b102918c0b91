/**
 * bench/ingest-sustained/schema-floor: could any server keep MemTray's schema and meet the end-to-end
 * end-to-end goal (rows searchable at ≥ 0.5× the empty server's rate) on this machine? Floods of
 * `--events` corpus PostToolUse hooks (8 keep-alive connections) against, alternated per
 * repetition:
 *
 * - `floor`: the empty Node HTTP server that parses the JSON (bench/lib/floor-server.mjs);
 * - `schemaFloor`: the structural step with no JavaScript per row (schema-floor-server.ts): the
 *   journal in its own file, group commit without fsync, the rows a real service wrote for the same
 *   events copied inside SQLite by a second thread with its own connection;
 * - `schemaFloorWithHookPrep`: the same with MemTray's own hook preparation (validation, trimming,
 *   private tags, secret redaction) on the main thread;
 * - `memtray`: `memtray serve` as it is.
 *
 * Per run: acknowledged events/s, seconds until every row exists after the flood, end to end
 * (events ÷ both), its ratio to the floor, and the server's CPU per event (all threads and the event
 * loop alone). The source rows come from one real ingest of the same events first. Prints JSON.
 *
 *   npx tsx bench/ingest-sustained/schema-floor.ts [--events 60000] [--reps 3]
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startChild } from '../lib/child.js';
import { corpusPostBodies, cpuMs } from '../lib/hook-bodies.js';
import { ingestSource } from '../lib/ingest-source.js';
import { round, runLoad, spread } from '../lib/load.js';

const { values } = parseArgs({
  options: { events: { type: 'string', default: '60000' }, reps: { type: 'string', default: '3' } },
});
const events = Number(values.events);
const reps = Number(values.reps);
const { bodyFor } = corpusPostBodies();

type Variant = 'floor' | 'schemaFloor' | 'schemaFloorWithHookPrep' | 'memtray';
interface Run {
  acknowledgedPerSecond: number;
  p99Ms: number;
  rowsCompleteAfterMs: number;
  endToEndPerSecond: number;
  cpuMsPerEvent: number;
  mainThreadCpuMsPerEvent: number;
  /** This process's CPU per request: the load generator's, on the same cores. */
  loadGenCpuMsPerRequest: number;
  /** Server and load generator together, in cores, over the flood and the catching up. */
  coresBusy: number;
  errors: number;
}

interface Server {
  child: ChildProcess;
  port: number;
  headers: Record<string, string>;
  /** Resolves once every acknowledged event's rows exist. */
  caughtUp: () => Promise<void>;
  dir?: string;
}

async function start(v: Variant, src: string): Promise<Server> {
  if (v === 'floor') {
    const s = await startChild(['bench/lib/floor-server.mjs'], /^(\d+)\n/);
    return { child: s.child, port: Number(s.match[1]), headers: {}, caughtUp: async () => {} };
  }
  const dir = mkdtempSync(join(tmpdir(), 'memtray-bench-schema-floor-'));
  if (v === 'memtray') {
    const s = await startChild(
      ['bin/memtray.mjs', 'serve', '--port', '0', '--data-dir', dir, '--quiet'],
      /running at http:\/\/127\.0\.0\.1:(\d+)/,
    );
    const port = Number(s.match[1]);
    const headers = { authorization: `Bearer ${readFileSync(join(dir, 'token'), 'utf8').trim()}` };
    // Every read route waits for the projector.
    const caughtUp = async (): Promise<void> => {
      await (await fetch(`http://127.0.0.1:${port}/api/projects`, { headers })).arrayBuffer();
    };
    return { child: s.child, port, headers, caughtUp, dir };
  }
  const prep = v === 'schemaFloor' ? 'json' : 'hook';
  const s = await startChild(
    [
      '--import',
      'tsx',
      'bench/ingest-sustained/schema-floor-server.ts',
      '--src',
      src,
      '--dir',
      dir,
      '--prep',
      prep,
    ],
    /^(\d+)\n/,
  );
  const port = Number(s.match[1]);
  const caughtUp = async (): Promise<void> => {
    await (await fetch(`http://127.0.0.1:${port}/caught-up`)).arrayBuffer();
  };
  return { child: s.child, port, headers: {}, caughtUp, dir };
}

async function measure(v: Variant, src: string): Promise<Run> {
  const s = await start(v, src);
  try {
    const c0 = { all: cpuMs(s.child.pid), main: cpuMs(s.child.pid, true), gen: process.cpuUsage() };
    const r = await runLoad({
      port: s.port,
      path: '/api/hooks/PostToolUse',
      headers: s.headers,
      bodies: bodyFor,
      concurrency: 8,
      maxRequests: events,
      maxSeconds: 900,
    });
    const t0 = performance.now();
    await s.caughtUp();
    const caughtUpMs = performance.now() - t0;
    const gen = process.cpuUsage(c0.gen);
    const genMs = (gen.user + gen.system) / 1000;
    const serverMs = cpuMs(s.child.pid) - c0.all;
    return {
      acknowledgedPerSecond: r.perSecond,
      p99Ms: r.p99Ms,
      rowsCompleteAfterMs: round(caughtUpMs, 1),
      endToEndPerSecond: round(r.requests / (r.seconds + caughtUpMs / 1000), 1),
      cpuMsPerEvent: round(serverMs / r.requests),
      mainThreadCpuMsPerEvent: round((cpuMs(s.child.pid, true) - c0.main) / r.requests),
      loadGenCpuMsPerRequest: round(genMs / r.requests),
      coresBusy: round((serverMs + genMs) / (r.seconds * 1000 + caughtUpMs), 2),
      errors: r.errors,
    };
  } finally {
    const exited = new Promise((resolve) => s.child.once('exit', resolve));
    s.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
    if (s.dir) rmSync(s.dir, { recursive: true, force: true });
  }
}

const source = await ingestSource(events);
const variants: Variant[] = ['floor', 'schemaFloor', 'schemaFloorWithHookPrep', 'memtray'];
const runs: Array<{ rep: number; order: Variant[]; loadAverage1m: number; results: Record<Variant, Run> }> =
  [];
try {
  for (let rep = 0; rep < reps; rep++) {
    // Rotated order per repetition, so the machine's drift hits every variant alike.
    const order = variants.map((_v, i) => variants[(i + rep) % variants.length]!);
    const results = {} as Record<Variant, Run>;
    const load0 = loadavg()[0]!;
    for (const v of order) results[v] = await measure(v, join(source.dir, 'memtray.db'));
    runs.push({ rep: rep + 1, order, loadAverage1m: round(load0, 2), results });
  }
} finally {
  rmSync(source.dir, { recursive: true, force: true });
}

const ratio = (v: Variant): number[] =>
  runs.map((r) => round(r.results[v].endToEndPerSecond / r.results.floor.acknowledgedPerSecond));
const field = (v: Variant, k: keyof Run): number[] => runs.map((r) => r.results[v][k]);
console.log(
  JSON.stringify(
    {
      bench: 'ingest-schema-floor',
      date: new Date().toISOString(),
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model,
        memGiB: round(totalmem() / 2 ** 30, 1),
        node: process.version,
      },
      events,
      concurrency: 8,
      sourceServiceCpuMsPerEvent: source.serviceCpuMsPerEvent,
      summary: Object.fromEntries(
        variants.map((v) => [
          v,
          {
            endToEndRatio: spread(ratio(v)),
            endToEndPerSecond: spread(field(v, 'endToEndPerSecond')),
            rowsCompleteAfterMs: spread(field(v, 'rowsCompleteAfterMs')),
            cpuMsPerEvent: spread(field(v, 'cpuMsPerEvent')),
            mainThreadCpuMsPerEvent: spread(field(v, 'mainThreadCpuMsPerEvent')),
            loadGenCpuMsPerRequest: spread(field(v, 'loadGenCpuMsPerRequest')),
            coresBusy: spread(field(v, 'coresBusy')),
          },
        ]),
      ),
      goal: { endToEndRatio: 0.5 },
      runs,
    },
    null,
    2,
  ),
);
