/**
 * Integrity: `PRAGMA quick_check` (every page and b-tree, without the slower index cross-check of
 * `integrity_check`), run on the maintenance worker at start and after every maintenance run, never
 * on the service's event loop. A damaged file is reported in Health with what to do.
 */
import type Database from 'better-sqlite3';

export interface IntegrityResult {
  ok: boolean;
  checkedAt: number;
  ms: number;
  /** The first problems SQLite reports (at most 10), when not ok. */
  problems: string[];
}

/** What a user can do about a damaged database (shown in Health and the storage route). */
export const CORRUPT_ADVICE =
  'the database file is damaged (PRAGMA quick_check failed). Stop MemTray and keep a copy of memtray.db, ' +
  'memtray.db-wal and memtray.db-shm; then restore the data dir from a backup, or rebuild it: ' +
  '`sqlite3 memtray.db ".recover" | sqlite3 recovered.db`, move recovered.db to memtray.db, and run ' +
  '`memtray import` to bring back the history Claude Code still has in ~/.claude/projects.';

export function quickCheck(db: Database.Database, now: number): IntegrityResult {
  const t0 = performance.now();
  let problems: string[];
  try {
    const rows = db.pragma('quick_check(10)') as Array<{ quick_check: string }>;
    problems = rows.map((r) => r.quick_check).filter((m) => m !== 'ok');
  } catch (err) {
    // A page so damaged that the check itself stops (SQLITE_CORRUPT) is a failed check too.
    problems = [`${(err as { code?: string }).code ?? 'error'}: ${(err as Error).message}`];
  }
  return {
    ok: problems.length === 0,
    checkedAt: now,
    ms: Math.round(performance.now() - t0),
    problems: problems.slice(0, 10).map((p) => p.slice(0, 300)),
  };
}
