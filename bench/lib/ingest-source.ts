/** A data dir filled by a real `memtray serve` with corpus PostToolUse hooks (the ingest benches' source rows). */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findMigrationsDir, openDatabase } from '../../electron/core/db/open.js';
import { startChild } from './child.js';
import { corpusPostBodies, cpuMs } from './hook-bodies.js';
import { round, runLoad } from './load.js';

/** Ingests `events` hooks (8 connections) and stops the service; its dir and CPU per event. */
export async function ingestSource(
  events: number,
): Promise<{ dir: string; serviceCpuMsPerEvent: number; acknowledged: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'memtray-bench-floor-src-'));
  const m = await startChild(
    ['bin/memtray.mjs', 'serve', '--port', '0', '--data-dir', dir, '--quiet'],
    /running at http:\/\/127\.0\.0\.1:(\d+)/,
  );
  const port = Number(m.match[1]);
  const auth = { authorization: `Bearer ${readFileSync(join(dir, 'token'), 'utf8').trim()}` };
  const c0 = cpuMs(m.child.pid);
  const r = await runLoad({
    port,
    path: '/api/hooks/PostToolUse',
    headers: auth,
    bodies: corpusPostBodies().bodyFor,
    concurrency: 8,
    maxRequests: events,
    maxSeconds: 900,
  });
  // Every read route waits for the projector: then every row exists.
  await (await fetch(`http://127.0.0.1:${port}/api/projects`, { headers: auth })).arrayBuffer();
  const serviceCpuMsPerEvent = round((cpuMs(m.child.pid) - c0) / Math.max(1, r.requests));
  const exited = new Promise((resolve) => m.child.once('exit', resolve));
  m.child.kill('SIGTERM');
  await exited;
  return { dir, serviceCpuMsPerEvent, acknowledged: r.requests };
}

/** The source's plain tables (no virtual table, no shadow table of one) and their row counts. */
export function sourceTables(file: string): Array<{ name: string; rows: number }> {
  const { sqlite } = openDatabase(file, { migrationsDir: findMigrationsDir(process.cwd()), readonly: true });
  try {
    const virtual = sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL%'")
      .pluck()
      .all() as string[];
    return (
      sqlite
        .prepare(
          `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
             AND name NOT LIKE '\\_\\_%' ESCAPE '\\' AND sql NOT LIKE 'CREATE VIRTUAL%'`,
        )
        .pluck()
        .all() as string[]
    )
      .filter((t) => !virtual.some((v) => t.startsWith(`${v}_`)))
      .map((name) => ({
        name,
        rows: sqlite.prepare(`SELECT count(*) FROM "${name}"`).pluck().get() as number,
      }))
      .filter((t) => t.rows > 0);
  } finally {
    sqlite.close();
  }
}
