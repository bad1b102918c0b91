/**
 * bench/ingest: burst events/s (short alternated rounds; for a continuous flood see
 * bench/ingest-sustained) and latency of `POST /api/hooks/PostToolUse` with corpus
 * payloads against a real `memtray serve` (child process, real SQLite file), measured in the same
 * run as an empty Node HTTP server answering 200 (the floor). Also how long after the flood every
 * event's rows exist (the projector's catching up), and one-at-a-time latency. Both parts alternate
 * the two servers in rounds. The floor parses each body as JSON (bench/lib/floor-server.mjs).
 * Prints JSON.
 *
 *   npx tsx bench/ingest/run.ts [--seconds 10] [--concurrency 8]
 */
import type { ChildProcess } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { corpusPostBodies, cpuMs } from '../lib/hook-bodies.js';
import { percentile, round, runLoad } from '../lib/load.js';
import { startChild } from '../lib/child.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '8' },
    // The main connection's `synchronous` (default: the service's own, FULL): compare the cost of
    // fsyncing every group commit with NORMAL (durable across a process crash, not a power loss).
    synchronous: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);

const { bodyFor, avgBytes, count: corpusPosts } = corpusPostBodies();

const dataDir = mkdtempSync(join(tmpdir(), 'memtray-bench-ingest-'));
const memtray = await startChild(
  [
    'bin/memtray.mjs',
    'serve',
    '--port',
    '0',
    '--data-dir',
    dataDir,
    '--quiet',
    ...(values.synchronous ? ['--synchronous', values.synchronous] : []),
  ],
  /running at http:\/\/127\.0\.0\.1:(\d+)/,
);
const floor = await startChild(['bench/lib/floor-server.mjs'], /^(\d+)\n/);
const mPort = Number(memtray.match[1]);
const fPort = Number(floor.match[1]);
const token = readFileSync(join(dataDir, 'token'), 'utf8').trim();

/** Runs a load and adds the server's CPU milliseconds per request (robust when the machine is busy). */
async function measured(child: ChildProcess, port: number, conc: number, secs: number, offset: number) {
  const c0 = cpuMs(child.pid);
  const r = await load(port, conc, secs, offset);
  return { ...r, serverCpuMsPerRequest: round((cpuMs(child.pid) - c0) / Math.max(1, r.requests)) };
}

const load = (
  port: number,
  conc: number,
  secs: number,
  offset: number,
  onResponse?: (atMs: number, latencyMs: number) => void,
) =>
  runLoad({
    port,
    path: '/api/hooks/PostToolUse',
    headers: { authorization: `Bearer ${token}` },
    bodies: (i) => bodyFor(i + offset),
    concurrency: conc,
    maxRequests: 2_000_000,
    maxSeconds: secs,
    ...(onResponse ? { onResponse } : {}),
  });

/**
 * One-at-a-time latency of both servers in ROUNDS alternating rounds (the first server changes each
 * round), the latencies of all rounds pooled: a drift of the shared machine hits both alike.
 */
async function serial(secs: number) {
  const lat = { floor: [] as number[], memtray: [] as number[] };
  const cpu = { floor: 0, memtray: 0 };
  const one = async (who: 'floor' | 'memtray', offset: number): Promise<void> => {
    const child = who === 'floor' ? floor.child : memtray.child;
    const c0 = cpuMs(child.pid);
    await load(who === 'floor' ? fPort : mPort, 1, secs / ROUNDS, offset, (_at, ms) => lat[who].push(ms));
    cpu[who] += cpuMs(child.pid) - c0;
  };
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? (['floor', 'memtray'] as const) : (['memtray', 'floor'] as const);
    for (const who of order) await one(who, 5_000_000 + r * 200_000);
    await drainMs();
  }
  const stats = (xs: number[], cpuTotal: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return {
      rounds: ROUNDS,
      requests: s.length,
      p50Ms: round(percentile(s, 50)),
      p95Ms: round(percentile(s, 95)),
      p99Ms: round(percentile(s, 99)),
      serverCpuMsPerRequest: round(cpuTotal / Math.max(1, s.length)),
    };
  };
  return { floor: stats(lat.floor, cpu.floor), memtray: stats(lat.memtray, cpu.memtray) };
}

/** Time until every acknowledged event has its rows (every read route waits for the projector). */
async function drainMs(): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`http://127.0.0.1:${mPort}/api/projects`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await res.arrayBuffer();
  return round(performance.now() - t0, 1);
}

type Measured = Awaited<ReturnType<typeof measured>>;
/** Adds up rounds: throughput over all of them, the median round's p50, the worst p99. */
function total(rs: Measured[]) {
  const requests = rs.reduce((n, r) => n + r.requests, 0);
  const secs = rs.reduce((n, r) => n + r.seconds, 0);
  const cpu = rs.reduce((n, r) => n + r.serverCpuMsPerRequest * r.requests, 0);
  return {
    rounds: rs.length,
    requests,
    errors: rs.reduce((n, r) => n + r.errors, 0),
    seconds: round(secs),
    perSecond: round(requests / secs, 1),
    p50Ms: round([...rs.map((r) => r.p50Ms)].sort((a, b) => a - b)[rs.length >> 1]!),
    p99Ms: round(Math.max(...rs.map((r) => r.p99Ms))),
    serverCpuMsPerRequest: round(cpu / Math.max(1, requests)),
  };
}

// Warm up both. Burst: ROUNDS alternating rounds (floor, then MemTray, then MemTray's rows
// catching up, timed), so a drift in the shared machine's speed hits both servers alike and
// MemTray's catching up never runs during the floor's rounds. Then one-at-a-time latency.
const ROUNDS = 4;
await load(mPort, 2, 1, 10_000_000);
await load(fPort, 2, 1, 0);
await drainMs();
const floorRounds: Measured[] = [];
const memRounds: Measured[] = [];
let catchUpMs = 0;
for (let r = 0, offset = 0; r < ROUNDS; r++) {
  floorRounds.push(await measured(floor.child, fPort, concurrency, seconds / ROUNDS, 0));
  const m = await measured(memtray.child, mPort, concurrency, seconds / ROUNDS, offset);
  offset += m.requests + 1_000;
  memRounds.push(m);
  catchUpMs += await drainMs();
}
const floorBurst = total(floorRounds);
const memBurst = total(memRounds);
const { floor: floorSerial, memtray: memSerial } = await serial(seconds / 2);

memtray.child.kill('SIGTERM');
floor.child.kill('SIGTERM');
await new Promise((r) => memtray.child.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });

console.log(
  JSON.stringify(
    {
      bench: 'ingest',
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model,
        memGiB: round(totalmem() / 2 ** 30, 1),
        node: process.version,
      },
      payloads: { corpusPostToolUse: corpusPosts, avgBytes },
      concurrency,
      synchronous: values.synchronous ?? 'default',
      burst: {
        memtray: memBurst,
        emptyServer: floorBurst,
        throughputRatio: round(memBurst.perSecond / floorBurst.perSecond),
      },
      // A 2xx means the event row is committed; the projector adds its session/prompt/observation
      // rows right after, and under a flood once the flood ends: how long that took after each
      // round (mean), and the rate counting that time too.
      projection: {
        rowsCompleteAfterMs: round(catchUpMs / ROUNDS, 1),
        endToEndPerSecond: round(memBurst.requests / (memBurst.seconds + catchUpMs / 1000), 1),
        endToEndRatio: round(
          memBurst.requests / (memBurst.seconds + catchUpMs / 1000) / floorBurst.perSecond,
        ),
      },
      serial: { memtray: memSerial, emptyServer: floorSerial },
      targets: { throughputRatioAtLeast: 0.5, serialP50MsAtMost: 2 },
      met: {
        throughput: memBurst.perSecond / floorBurst.perSecond >= 0.5,
        p50: memSerial.p50Ms <= 2,
      },
    },
    null,
    2,
  ),
);
