/**
 * bench/sync: export, import and sync throughput, and the end-to-end latency of one captured tool
 * call reaching a second machine through a shared folder (two real services in this process,
 * fs.watch, default delays). Prints JSON.
 *
 *   npx tsx bench/sync/run.ts [--observations 20000] [--latency-reps 5]
 */
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createCore, type Core } from '../../electron/core/core.js';
import { Applier, emptyReport } from '../../electron/core/sync/apply.js';
import { exportJsonl, fileLines, importLines } from '../../electron/core/sync/archive.js';
import { SyncEngine } from '../../electron/core/sync/engine.js';
import { machineId } from '../../electron/core/config/machine.js';
import { RecordSource } from '../../electron/core/sync/records.js';
import type { SyncRecord } from '../../electron/shared/contract/sync.js';
import { startTestService, tempDir, MIGRATIONS_DIR } from '../../tests/helpers/service.js';
import { removeTempDirs } from '../../tests/helpers/temp-dirs.js';
import { percentile, round } from '../lib/load.js';

const { values } = parseArgs({
  options: {
    observations: { type: 'string', default: '20000' },
    'latency-reps': { type: 'string', default: '5' },
  },
});
const N = Number(values.observations);
const REPS = Number(values['latency-reps']);
const PER_SESSION = 50;

const ms = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e6;
const say = (what: string): boolean => process.stderr.write(`bench/sync: ${what}\n`);
const core = (dir = tempDir()): Core => createCore({ dataDir: dir, migrationsDir: MIGRATIONS_DIR });

/** Realistic-sized memories (a Read or a Bash call with its structured fields). */
function records(): SyncRecord[] {
  const out: SyncRecord[] = [];
  for (let i = 0; i < N; i++) {
    const s = `bench-${Math.floor(i / PER_SESSION)}`;
    if (i % PER_SESSION === 0)
      out.push({
        k: 'session',
        uid: s,
        origin: null,
        project: `proj${i % 7}`,
        cwd: `/w/proj${i % 7}`,
        firstPrompt: 'make the importer faster and add tests for the torn-file case',
        promptCounter: 3,
        status: 'completed',
        completionReason: 'other',
        startedAt: 1_700_000_000_000 + i,
        updatedAt: 1_700_000_000_500 + i,
        completedAt: 1_700_000_000_500 + i,
      });
    out.push({
      k: 'observation',
      uid: `${s}/tu${i}`,
      session: s,
      project: `proj${i % 7}`,
      promptNumber: 1,
      toolName: i % 2 ? 'Bash' : 'Read',
      toolUseId: `tu${i}`,
      toolInput: JSON.stringify(
        i % 2 ? { command: `npm test -- src/f${i}.test.ts` } : { file_path: `/w/src/f${i}.ts` },
      ),
      toolResponse: JSON.stringify({ stdout: 'x'.repeat(600) }),
      failed: false,
      cwd: '/w',
      createdAt: 1_700_000_000_000 + i,
      updatedAt: 1_700_000_000_000 + i,
      type: i % 2 ? 'test' : 'discovery',
      title: i % 2 ? `Ran tests: npm test -- src/f${i}.test.ts` : `Read src/f${i}.ts`,
      subtitle: null,
      facts: JSON.stringify([`command: npm test -- f${i}`, 'exit_status: 0']),
      narrative: null,
      concepts: '["testing"]',
      filesRead: JSON.stringify([`/w/src/f${i}.ts`]),
      filesModified: '[]',
      producedBy: 'rules',
      status: 'processed',
    });
  }
  return out;
}

// 1. A machine with N memories (applied as its own captures).
const a = core();
const aId = machineId(a.paths.root);
const recs = records();
let t0 = process.hrtime.bigint();
const applier = new Applier(a.sqlite, aId, { jobs: a.jobs, projects: a.projects });
a.sqlite.transaction(() => {
  const ctx = { author: aId, report: emptyReport() };
  for (const r of recs) applier.apply(r, ctx);
})();
const seedMs = ms(t0);

say('seeded');
// 2. Export (jsonl) and import into a fresh data dir.
const src = new RecordSource(
  a.sqlite,
  () => a.settings.get(),
  aId,
  (v, changed) => a.ingest.clean(v, changed),
);
t0 = process.hrtime.bigint();
const exp = exportJsonl(src, a.sqlite, aId, {}, Date.now());
const file = join(tempDir(), 'bench.jsonl');
writeFileSync(file, `${exp.lines.join('\n')}\n`);
const exportMs = ms(t0);
const archiveBytes = statSync(file).size;
const b = core();
t0 = process.hrtime.bigint();
const rep = await importLines(fileLines(file), {
  db: b.sqlite,
  machine: machineId(b.paths.root),
  owners: { jobs: b.jobs, projects: b.projects },
});
const importMs = ms(t0);
t0 = process.hrtime.bigint();
const again = await importLines(fileLines(file), {
  db: b.sqlite,
  machine: machineId(b.paths.root),
  owners: { jobs: b.jobs, projects: b.projects },
});
const reimportMs = ms(t0);

say('exported and imported');
// 3. Sync: A's snapshot into a folder, C reads it.
const folder = tempDir('memtray-bench-sync-');
a.settings.update({ sync: { folder } });
const eng = (c: Core) =>
  new SyncEngine({
    sqlite: c.sqlite,
    settings: c.settings,
    clean: (v, changed) => c.ingest.clean(v, changed),
    bus: c.bus,
    clock: Date.now,
    logger: c.logger,
    machine: machineId(c.paths.root),
    owners: { jobs: c.jobs, projects: c.projects },
  });
const ea = eng(a);
t0 = process.hrtime.bigint();
ea.start();
const snapshotMs = ms(t0);
const segBytes = (await ea.status()).ownBytes;
const c = core();
c.settings.update({ sync: { folder } });
const ec = eng(c);
ec.start();
t0 = process.hrtime.bigint();
const read = (await ec.runNow()).read;
const syncReadMs = ms(t0);
ea.stop();
ec.stop();

say('synced');

// 4. End to end (the sync triggers' cost on capture: bench/sync/trigger-cost.ts): a hook on machine X until machine Y has the row (two services, one folder).
const shared = tempDir('memtray-bench-e2e-');
const x = await startTestService();
const y = await startTestService();
for (const s of [x, y]) await s.api('PUT', '/api/settings', { sync: { folder: shared } });
say('two services on one folder');
const lat: number[] = [];
for (let i = 0; i < REPS; i++) {
  const t = Date.now();
  await x.api('POST', '/api/hooks/PostToolUse', {
    session_id: `e2e${i}`,
    cwd: '/w/e2e',
    tool_name: 'Bash',
    tool_use_id: `e${i}`,
    tool_input: { command: 'make' },
    tool_response: { stdout: 'ok' },
  });
  for (;;) {
    if (y.service.core.sqlite.prepare('SELECT 1 FROM observations WHERE tool_use_id = ?').get(`e${i}`)) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  lat.push(Date.now() - t);
  say(`hook reached the peer in ${lat[lat.length - 1]} ms`);
}

const perSec = (n: number, t: number): number => Math.round((n / t) * 1000);
console.log(
  JSON.stringify(
    {
      observations: N,
      sessions: N / PER_SESSION,
      seedMs: round(seedMs),
      export: {
        ms: round(exportMs),
        recordsPerSec: perSec(exp.lines.length - 1, exportMs),
        bytes: archiveBytes,
      },
      import: {
        ms: round(importMs),
        recordsPerSec: perSec(exp.lines.length - 1, importMs),
        added: rep.added.observations,
        reimportMs: round(reimportMs),
        reimportAdded: again.added.observations,
      },
      sync: {
        snapshotMs: round(snapshotMs),
        segmentBytes: segBytes,
        bytesPerMemory: Math.round(segBytes / N),
        readMs: round(syncReadMs),
        recordsRead: read,
        recordsPerSec: perSec(read, syncReadMs),
      },
      hookToPeerMs: {
        median: percentile(
          [...lat].sort((p, q) => p - q),
          50,
        ),
        max: Math.max(...lat),
        reps: REPS,
      },
      note: 'one process, SQLite synchronous=FULL; hookToPeer includes the 1 s write delay and the 300 ms read delay',
    },
    null,
    2,
  ),
);
a.close();
b.close();
c.close();
await x.dispose();
await y.dispose();

removeTempDirs();
