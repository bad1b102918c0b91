/**
 * bench/ingest-sustained/storage-floor: what SQLite alone spends to store and index an event the way
 * MemTray stores it, against what `memtray serve` spends on the whole event. A real `memtray serve`
 * ingests `--events` corpus PostToolUse hooks (8 connections) into a fresh data dir; then its rows
 * are copied, table by table, into a fresh database with the same migrations (schema, triggers,
 * search indexes), in slices of 64 events' rows per transaction with the search index's merge
 * steps between slices, as the projector commits them. The copy does no parsing, redaction,
 * validation, HTTP or projection logic: its CPU per event is the floor of any code that keeps this
 * schema. Variants: every table, the journal (`events`) alone, every table but the journal.
 * CPU is the process's (all threads, checkpoints included), alternated `--reps` times. Prints JSON.
 *
 *   npx tsx bench/ingest-sustained/storage-floor.ts [--events 20000] [--reps 3]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { IndexMerger } from '../../electron/core/db/index-merge.js';
import { findMigrationsDir, openDatabase } from '../../electron/core/db/open.js';
import { ingestSource, sourceTables } from '../lib/ingest-source.js';
import { round, spread } from '../lib/load.js';

const { values } = parseArgs({
  options: { events: { type: 'string', default: '20000' }, reps: { type: 'string', default: '3' } },
});
const events = Number(values.events);
const reps = Number(values.reps);
const SLICE = 64;
const migrationsDir = findMigrationsDir(process.cwd());

/** Copies the chosen tables' rows in slices as the projector commits them; CPU ms per event. */
function copy(srcFile: string, tables: Array<{ name: string; rows: number }>, perEvent: number): number {
  const dir = mkdtempSync(join(tmpdir(), 'memtray-bench-floor-dst-'));
  const { sqlite } = openDatabase(join(dir, 'memtray.db'), { migrationsDir });
  try {
    sqlite.pragma('foreign_keys = OFF'); // rows arrive table by table, not parent first
    sqlite.exec(`ATTACH '${srcFile.replace(/'/g, "''")}' AS src`);
    const plan = tables.map((t) => {
      const cols = (sqlite.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(t.name) as string[])
        .map((c) => `"${c}"`)
        .join(', ');
      return {
        ...t,
        ids: sqlite.prepare(`SELECT rowid FROM src."${t.name}" ORDER BY rowid`).pluck().all() as number[],
        insert: sqlite.prepare(
          `INSERT INTO main."${t.name}" (${cols}) SELECT ${cols} FROM src."${t.name}" WHERE rowid > ? AND rowid <= ?`,
        ),
        done: 0,
        last: 0,
      };
    });
    const merger = new IndexMerger(sqlite);
    const slices = Math.ceil(perEvent / SLICE);
    const slice = sqlite.transaction((k: number) => {
      for (const p of plan) {
        const upTo = Math.floor(((k + 1) * p.rows) / slices);
        if (upTo <= p.done) continue;
        const id = p.ids[upTo - 1]!;
        p.insert.run(p.last, id);
        p.done = upTo;
        p.last = id;
      }
    });
    const c0 = process.cpuUsage();
    for (let k = 0; k < slices; k++) {
      slice(k);
      merger.written();
      while (merger.due && merger.step(3)) {
        // the projector's merge steps between slices, until none is left
      }
    }
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000 / perEvent;
  } finally {
    sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const src = await ingestSource(events);
try {
  const file = join(src.dir, 'memtray.db');
  const tables = sourceTables(file);
  const n = tables.find((t) => t.name === 'events')?.rows ?? src.acknowledged;
  const variants = {
    allTables: () => tables,
    journalOnly: () => tables.filter((t) => t.name === 'events'),
    allButJournal: () => tables.filter((t) => t.name !== 'events'),
  };
  const ms: Record<keyof typeof variants, number[]> = { allTables: [], journalOnly: [], allButJournal: [] };
  for (let r = 0; r < reps; r++) {
    // Alternated order per repetition: drift hits every variant alike.
    const order = Object.keys(variants) as Array<keyof typeof variants>;
    if (r % 2 === 1) order.reverse();
    for (const v of order) ms[v].push(round(copy(file, variants[v](), n)));
  }
  const floorAll = spread(ms.allTables);
  console.log(
    JSON.stringify(
      {
        bench: 'ingest-storage-floor',
        date: new Date().toISOString(),
        machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version },
        events: n,
        rows: Object.fromEntries(tables.map((t) => [t.name, t.rows])),
        sliceEvents: SLICE,
        serviceCpuMsPerEvent: src.serviceCpuMsPerEvent,
        storageFloorCpuMsPerEvent: {
          allTables: floorAll,
          journalOnly: spread(ms.journalOnly),
          allButJournal: spread(ms.allButJournal),
        },
        serviceOverFloor: round(src.serviceCpuMsPerEvent / floorAll.median, 2),
        runs: ms,
      },
      null,
      2,
    ),
  );
} finally {
  rmSync(src.dir, { recursive: true, force: true });
}
