/**
 * One maintenance job, run on the maintenance worker's own connection (maintenance/worker.ts) or,
 * where no worker can start, on the caller's: retention in small transactions with pauses between
 * them (the service's writes wait at most one batch), incremental vacuum in steps, a WAL checkpoint,
 * a size sample, and `quick_check`.
 */
import type Database from 'better-sqlite3';
import { compact, sleep, truncateWal, type CompactResult } from './compact.js';
import { recordSample } from './growth.js';
import { quickCheck, type IntegrityResult } from './integrity.js';
import { applyRetention, type RetentionResult } from './retention.js';
import { classifyStorageError } from '../db/storage.js';

export interface JobRequest {
  /** `run`: retention + compaction + sample + check; `check`: quick_check only. */
  op: 'run' | 'check';
  now: number;
  rawDays?: number | null;
  vacuum?: boolean;
  /** Rows per retention transaction (default 100). */
  batch?: number;
  /** Sleep between two transactions (default 10 ms; 0 on the service's own thread). */
  pauseMs?: number;
}

export interface JobResult {
  retention: RetentionResult | null;
  compact: CompactResult | null;
  integrity: IntegrityResult | null;
  error: string | null;
  ms: number;
}

export function runJob(db: Database.Database, req: JobRequest): JobResult {
  const t0 = performance.now();
  const between = (): void => sleep(req.pauseMs ?? 10);
  const out: JobResult = { retention: null, compact: null, integrity: null, error: null, ms: 0 };
  try {
    if (req.op === 'run') {
      if (req.rawDays !== null && req.rawDays !== undefined)
        out.retention = applyRetention(db, {
          rawDays: req.rawDays,
          now: req.now,
          batch: req.batch ?? 100,
          between,
        });
      const c = compact(db, { ...(req.vacuum ? { vacuum: true } : {}), between, checkpoint: false });
      // The size the file has once the WAL is checkpointed: its pages.
      const pages = Number(db.pragma('page_count', { simple: true }));
      recordSample(db, req.now, pages * c.pageSize);
      out.compact = { ...c, checkpoint: truncateWal(db) ?? c.checkpoint };
    }
  } catch (err) {
    out.error = classifyStorageError(err)?.message ?? (err as Error).message;
  }
  out.integrity = quickCheck(db, req.now);
  out.ms = Math.round(performance.now() - t0);
  return out;
}
