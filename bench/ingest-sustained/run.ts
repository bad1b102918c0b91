/**
 * bench/ingest-sustained: a continuous flood of `POST /api/hooks/PostToolUse` (8 keep-alive
 * connections, real corpus payloads) against a real `memtray serve` for `--seconds` (default 60),
 * beside the same flood against an empty Node HTTP server (the floor), alternated, `--reps` times.
 * Per 5-second window: events/s and p99. After MemTray's flood: how long until every acknowledged
 * event's rows exist (searchable), and the end-to-end rate counting that time. Prints JSON.
 *
 *   npx tsx bench/ingest-sustained/run.ts [--seconds 60] [--reps 3] [--concurrency 8] [--window 5]
 *     [--slow-fsync-ms 2]   (Linux: every fsync of `memtray serve` made that much slower, a laptop
 *                            SSD's flush instead of this virtual disk's; bench/lib/slow-fsync.ts)
 *
 * CPU accounting: the server's CPU per event (all threads, and its event loop alone) until the rows
 * exist, the load generator's own CPU per request, and from those the budget the end-to-end goal
 * leaves MemTray on this machine (`budgetAtGoal`: what it may spend per event at 0.5× the floor).
 *
 * Goals: end-to-end ≥ 0.5× the floor, no window below half the run's median window
 * rate, hook p99 ≤ 20 ms in every window, rows complete ≤ 2 s after the flood. Fresh data dir per
 * repetition, so no run flatters another.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { corpusPostBodies, cpuMs } from '../lib/hook-bodies.js';
import { startChild } from '../lib/child.js';
import { slowFsyncEnv } from '../lib/slow-fsync.js';
import { percentile, round, runLoad, spread } from '../lib/load.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    reps: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '8' },
    window: { type: 'string', default: '5' },
    'slow-fsync-ms': { type: 'string', default: '0' },
  },
});
const slowFsyncMs = Number(values['slow-fsync-ms']);
const memtrayEnv = slowFsyncEnv(slowFsyncMs);
const seconds = Number(values.seconds);
const reps = Number(values.reps);
const concurrency = Number(values.concurrency);
const windowS = Number(values.window);

const { bodyFor } = corpusPostBodies();

interface Flood {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  serverCpuMsPerRequest: number;
  /** The server's main thread (its event loop) alone. */
  serverMainThreadCpuMsPerRequest: number;
  /** This process's CPU per request: the load generator's own cost, on the same two cores. */
  loadGenCpuMsPerRequest: number;
  windows: Array<{ perSecond: number; p99Ms: number }>;
  /** The slowest window's rate over the median window's. */
  minWindowRatio: number;
  worstWindowP99Ms: number;
}

async function flood(child: ChildProcess, port: number, headers: Record<string, string>): Promise<Flood> {
  const wins: number[][] = [];
  const c0 = cpuMs(child.pid);
  const t0 = cpuMs(child.pid, true);
  const g0 = process.cpuUsage();
  const r = await runLoad({
    port,
    path: '/api/hooks/PostToolUse',
    headers,
    bodies: bodyFor,
    concurrency,
    maxRequests: 10_000_000,
    maxSeconds: seconds,
    onResponse: (at, ms) => {
      const w = Math.floor(at / 1000 / windowS);
      (wins[w] ??= []).push(ms);
    },
  });
  const full = Math.floor(seconds / windowS);
  const windows = Array.from({ length: full }, (_v, i) => {
    const ls = (wins[i] ?? []).sort((a, b) => a - b);
    return { perSecond: round(ls.length / windowS, 1), p99Ms: round(percentile(ls, 99)) };
  });
  const rates = windows.map((w) => w.perSecond).sort((a, b) => a - b);
  const median = rates[rates.length >> 1] ?? 0;
  return {
    requests: r.requests,
    errors: r.errors,
    seconds: r.seconds,
    perSecond: r.perSecond,
    p50Ms: r.p50Ms,
    p99Ms: r.p99Ms,
    serverCpuMsPerRequest: round((cpuMs(child.pid) - c0) / Math.max(1, r.requests)),
    serverMainThreadCpuMsPerRequest: round((cpuMs(child.pid, true) - t0) / Math.max(1, r.requests)),
    loadGenCpuMsPerRequest: perRequest(process.cpuUsage(g0), r.requests),
    windows,
    minWindowRatio: median > 0 ? round((rates[0] ?? 0) / median) : 0,
    worstWindowP99Ms: round(Math.max(0, ...windows.map((w) => w.p99Ms))),
  };
}

const perRequest = (u: NodeJS.CpuUsage, n: number): number =>
  round((u.user + u.system) / 1000 / Math.max(1, n));

/**
 * What the end-to-end goal leaves MemTray: at `goal` × the floor's rate, the load generator still
 * takes `loadGen` ms of CPU per event on the same cores; the rest, spread over the events, is all
 * MemTray may spend per event on all its threads, and its event loop at most 1 s per second.
 */
function budgetAt(goal: number, floorPerSecond: number, loadGenMsPerEvent: number, cores: number) {
  const rate = goal * floorPerSecond;
  return {
    ratePerSecond: round(rate, 1),
    cpuMsPerEvent: round((cores * 1000 - rate * loadGenMsPerEvent) / rate),
    mainThreadCpuMsPerEvent: round(1000 / rate),
  };
}

const floor = await startChild(['bench/lib/floor-server.mjs'], /^(\d+)\n/);
const fPort = Number(floor.match[1]);
const runs: unknown[] = [];
try {
  for (let rep = 0; rep < reps; rep++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'memtray-bench-sustained-'));
    const memtray = await startChild(
      ['bin/memtray.mjs', 'serve', '--port', '0', '--data-dir', dataDir, '--quiet'],
      /running at http:\/\/127\.0\.0\.1:(\d+)/,
      memtrayEnv,
    );
    try {
      const mPort = Number(memtray.match[1]);
      const token = readFileSync(join(dataDir, 'token'), 'utf8').trim();
      const auth = { authorization: `Bearer ${token}` };
      // Alternate which goes first, so drift of the shared machine hits both alike.
      const memFirst = rep % 2 === 1;
      let f: Flood | null = null;
      if (!memFirst) f = await flood(floor.child, fPort, {});
      const load0 = loadavg()[0]!;
      // The server's CPU counters before its flood: what it spends until the rows exist.
      const cpu0 = { all: cpuMs(memtray.child.pid), main: cpuMs(memtray.child.pid, true) };
      const m = await flood(memtray.child, mPort, auth);
      // Every read route waits for the projector: its answer time is the rows' catching up.
      const t0 = performance.now();
      await (await fetch(`http://127.0.0.1:${mPort}/api/projects`, { headers: auth })).arrayBuffer();
      const rowsCompleteAfterMs = round(performance.now() - t0, 1);
      // CPU per event until the rows exist (the flood's and the catching up's), all threads and
      // the event loop alone.
      const cpuEndToEnd = {
        allThreadsMsPerEvent: round((cpuMs(memtray.child.pid) - cpu0.all) / m.requests),
        mainThreadMsPerEvent: round((cpuMs(memtray.child.pid, true) - cpu0.main) / m.requests),
      };
      if (memFirst) f = await flood(floor.child, fPort, {});
      const endToEnd = m.requests / (m.seconds + rowsCompleteAfterMs / 1000);
      runs.push({
        rep: rep + 1,
        order: memFirst ? 'memtray, floor' : 'floor, memtray',
        loadAverage1m: round(load0, 2),
        floor: f,
        memtray: m,
        rowsCompleteAfterMs,
        endToEndPerSecond: round(endToEnd, 1),
        endToEndRatio: round(endToEnd / f!.perSecond),
        acknowledgedRatio: round(m.perSecond / f!.perSecond),
        cpuEndToEnd,
        budgetAtGoal: budgetAt(
          0.5,
          f!.perSecond,
          // The cheaper of the two floods' measures: the budget errs on MemTray's side.
          Math.min(m.loadGenCpuMsPerRequest, f!.loadGenCpuMsPerRequest),
          cpus().length,
        ),
      });
    } finally {
      memtray.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  floor.child.kill('SIGTERM');
}

type Run = {
  endToEndRatio: number;
  rowsCompleteAfterMs: number;
  memtray: Flood;
  cpuEndToEnd: { allThreadsMsPerEvent: number; mainThreadMsPerEvent: number };
  budgetAtGoal: { cpuMsPerEvent: number; mainThreadCpuMsPerEvent: number };
};
const rs = runs as Run[];
console.log(
  JSON.stringify(
    {
      bench: 'ingest-sustained',
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, memGiB: round(totalmem() / 2 ** 30, 1) },
      seconds,
      concurrency,
      windowSeconds: windowS,
      slowFsyncMs,
      summary: {
        endToEndRatio: spread(rs.map((r) => r.endToEndRatio)),
        minWindowRatio: spread(rs.map((r) => r.memtray.minWindowRatio)),
        worstWindowP99Ms: spread(rs.map((r) => r.memtray.worstWindowP99Ms)),
        rowsCompleteAfterMs: spread(rs.map((r) => r.rowsCompleteAfterMs)),
        cpuMsPerEventEndToEnd: spread(rs.map((r) => r.cpuEndToEnd.allThreadsMsPerEvent)),
        mainThreadCpuMsPerEventEndToEnd: spread(rs.map((r) => r.cpuEndToEnd.mainThreadMsPerEvent)),
        budgetAtGoalCpuMsPerEvent: spread(rs.map((r) => r.budgetAtGoal.cpuMsPerEvent)),
        budgetAtGoalMainThreadCpuMsPerEvent: spread(rs.map((r) => r.budgetAtGoal.mainThreadCpuMsPerEvent)),
      },
      goals: { endToEndRatio: 0.5, minWindowRatio: 0.5, worstWindowP99Ms: 20, rowsCompleteAfterMs: 2000 },
      runs,
    },
    null,
    2,
  ),
);
