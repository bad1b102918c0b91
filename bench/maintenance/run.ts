/**
 * bench/maintenance: hook latency while maintenance runs, beside the same hook load without it, in
 * one run against a real `memtray serve` (child process, real SQLite file). Each repetition seeds
 * `--events` old tool events (about 4 KB each, 40 days old, from a connection of this process while
 * nothing is measured), then measures both phases in alternating order: paced hooks (2 clients,
 * one request each every 10 ms, corpus PostToolUse payloads) during `POST /api/maintenance/run`
 * (retention of those events + incremental vacuum + checkpoint + quick_check), and the same load
 * for as long without maintenance. Prints JSON.
 *
 *   npx tsx bench/maintenance/run.ts [--events 30000] [--reps 3]
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { maintenanceRunResponse } from '../../electron/shared/contract/maintenance.js';
import { loadCorpusEvents } from '../../tests/helpers/corpus.js';
import { startChild } from '../lib/child.js';
import { hooksDuringMaintenance, latencyStats, pacedHooks, poster } from '../lib/paced-hooks.js';
import { round } from '../lib/load.js';

const { values } = parseArgs({
  options: { events: { type: 'string', default: '30000' }, reps: { type: 'string', default: '3' } },
});
const EVENTS = Number(values.events);
const REPS = Math.max(3, Number(values.reps));
const DAY = 86_400_000;

const dataDir = mkdtempSync(join(tmpdir(), 'memtray-bench-maint-'));
const memtray = await startChild(
  ['bin/memtray.mjs', 'serve', '--port', '0', '--data-dir', dataDir, '--quiet'],
  /running at http:\/\/127\.0\.0\.1:(\d+)/,
);
const port = Number(memtray.match[1]);
const token = readFileSync(join(dataDir, 'token'), 'utf8').trim();
const posts = loadCorpusEvents()
  .filter((e) => e.eventName === 'PostToolUse')
  .map((e) => e.payload);
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

const post = poster(port, token, agent);
const seq = { n: 0 };
/** Paced hooks from 2 clients (every 10 ms) until `until()` says stop. */
const hooks = (until: () => boolean) =>
  pacedHooks({ post, posts, idPrefix: 'maint', intervalMs: 10 }, until, seq);

/** Old tool events written the way ingest stores them (projected), from this process's connection. */
function seed(n: number): void {
  const db = new Database(join(dataDir, 'memtray.db'));
  db.pragma('busy_timeout = 5000');
  const ins = db.prepare(
    `INSERT INTO events (event_name, claude_session_id, payload, source, received_at, projected)
     VALUES ('PostToolUse', ?, ?, 'http', ?, 1)`,
  );
  const text = 'export function parse(input: string) { return input.split(/\\s+/); }\n'.repeat(60);
  const at = Date.now() - 40 * DAY;
  db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const sid = `old-${i % 50}`;
      const file = `/w/bench/src/file${i}.ts`;
      ins.run(
        sid,
        JSON.stringify({
          session_id: sid,
          cwd: '/w/bench',
          hook_event_name: 'PostToolUse',
          tool_name: 'Read',
          tool_use_id: `old-${seq.n}-${i}`,
          tool_input: { file_path: file },
          tool_response: { type: 'text', file: { filePath: file, content: `${i} ${text}` } },
        }),
        at + i,
      );
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

// Warm up: the default retention (30 days) applies; one run so the database is incremental.
await hooks(
  (
    (end) => () =>
      performance.now() > end
  )(performance.now() + 1000),
);
await post('/api/maintenance/run', '{}');

const reps: Array<Record<string, unknown>> = [];
for (let r = 0; r < REPS; r++) {
  seed(EVENTS);
  await new Promise((res) => setTimeout(res, 500));
  const withMaint = async () => {
    const h = await hooksDuringMaintenance(post, hooks);
    return { ...h, run: maintenanceRunResponse.parse(JSON.parse(h.text)) };
  };
  const without = async (ms: number) => {
    const end = performance.now() + ms;
    return hooks(() => performance.now() > end);
  };
  // Alternate the order: even reps measure without first (for as long as the last run took).
  const lastMs = (reps[reps.length - 1]?.maintenanceMs as number | undefined) ?? 5000;
  let m;
  let w;
  if (r % 2 === 0) {
    w = await without(lastMs);
    m = await withMaint();
  } else {
    m = await withMaint();
    w = await without(m.wallMs);
  }
  reps.push({
    rep: r,
    order: r % 2 === 0 ? 'without, with' : 'with, without',
    maintenanceMs: round(m.wallMs, 0),
    eventsCompacted: m.run.retention?.events ?? 0,
    runError: m.run.error,
    withMaintenance: { ...latencyStats(m.latencies), errors: m.errors },
    withoutMaintenance: { ...latencyStats(w.latencies), errors: w.errors },
    p99Ratio: round(latencyStats(m.latencies).p99Ms / Math.max(0.01, latencyStats(w.latencies).p99Ms), 2),
  });
}

memtray.child.kill('SIGTERM');
await new Promise((r) => memtray.child.once('exit', r));
agent.destroy();
rmSync(dataDir, { recursive: true, force: true });

const ratios = reps.map((x) => x.p99Ratio as number).sort((a, b) => a - b);
const p99With = reps.map((x) => (x.withMaintenance as { p99Ms: number }).p99Ms).sort((a, b) => a - b);
const p99Without = reps.map((x) => (x.withoutMaintenance as { p99Ms: number }).p99Ms).sort((a, b) => a - b);
console.log(
  JSON.stringify(
    {
      bench: 'maintenance',
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model,
        memGiB: round(totalmem() / 2 ** 30, 1),
        node: process.version,
      },
      eventsPerRun: EVENTS,
      reps,
      summary: {
        p99MsWith: {
          median: p99With[p99With.length >> 1],
          min: p99With[0],
          max: p99With[p99With.length - 1],
        },
        p99MsWithout: {
          median: p99Without[p99Without.length >> 1],
          min: p99Without[0],
          max: p99Without[p99Without.length - 1],
        },
        p99Ratio: { median: ratios[ratios.length >> 1], min: ratios[0], max: ratios[ratios.length - 1] },
        hookTimeoutMs: 2000,
      },
    },
    null,
    2,
  ),
);
