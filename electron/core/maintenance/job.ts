/**
 * One maintenance job, run on the maintenance worker's own connection (maintenance/worker.ts) or,
 * where no worker can start, on the caller's: retention in small transactions with pauses between
 * them (the service's writes wait at most one batch), the search indexes merged into one segment
 * each when they have fragmented (maintenance/optimize.ts), incremental vacuum in steps, a WAL
 * checkpoint, a size sample, and `quick_check`.
 */
import type Database from 'better-sqlite3';
import { compact, sleep, truncateWal, type CompactResult } from './compact.js';
import { recordSample } from './growth.js';
import { quickCheck, type IntegrityResult } from './integrity.js';
import { applyRetention, type RetentionResult } from './retention.js';
import { optimizeIndexes, type OptimizeResult } from './optimize.js';
import { lastTraffic, waitForQuiet } from './traffic.js';
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
  /** When the service last acknowledged a write (maintenance/traffic.ts): the job yields to it. */
  traffic?: SharedArrayBuffer;
  /** The service's index-merge hold (db/index-merge.ts), set while the job merges an index. */
  mergeHold?: SharedArrayBuffer;
  /** Merge fragmented search indexes (default true; not on the service's own thread: a minute at 1M). */
  mergeIndexes?: boolean;
}

/** How the job left room for the service's writes. */
interface YieldResult {
  /** Times it waited for a quiet moment between two transactions, and for how long in all. */
  waits: number;
  waitedMs: number;
  /** The WAL's TRUNCATE checkpoint was left for later: hooks kept arriving. */
  truncateSkipped: boolean;
}

/** Between two transactions: wait for 15 ms without a hook, at most 100 ms (a run still ends). */
const QUIET_MS = 15;
const MAX_WAIT_MS = 100;
/** The TRUNCATE checkpoint holds writers back: only after 500 ms without a hook (waiting up to 3 s). */
const TRUNCATE_QUIET_MS = 500;
const TRUNCATE_MAX_WAIT_MS = 3_000;

export interface JobResult {
  retention: RetentionResult | null;
  /** Per search index: whether it was merged into one segment, and what that took. */
  indexes: OptimizeResult[] | null;
  compact: CompactResult | null;
  integrity: IntegrityResult | null;
  error: string | null;
  ms: number;
  yields?: YieldResult;
}

export function runJob(db: Database.Database, req: JobRequest): JobResult {
  const t0 = performance.now();
  const yields: YieldResult = { waits: 0, waitedMs: 0, truncateSkipped: false };
  const between = (): void => {
    sleep(req.pauseMs ?? 10);
    const ms = waitForQuiet(req.traffic, QUIET_MS, MAX_WAIT_MS);
    if (ms > 0) {
      yields.waits++;
      yields.waitedMs += ms;
    }
  };
  // Smaller transactions while hooks are arriving (each holds the write lock a shorter time).
  const full = req.batch ?? 100;
  const batch = (): number => (Date.now() - lastTraffic(req.traffic) < 1_000 ? Math.max(1, full >> 2) : full);
  const out: JobResult = {
    retention: null,
    indexes: null,
    compact: null,
    integrity: null,
    error: null,
    ms: 0,
  };
  try {
    if (req.op === 'run') {
      if (req.rawDays !== null && req.rawDays !== undefined)
        out.retention = applyRetention(db, { rawDays: req.rawDays, now: req.now, batch, between });
      // Before compaction: the pages the merged segments replace are freed, and vacuum gives them back.
      if (req.mergeIndexes !== false) out.indexes = optimizeIndexes(db, { between, hold: req.mergeHold });
      const c = compact(db, { ...(req.vacuum ? { vacuum: true } : {}), between, checkpoint: false });
      // The size the file has once the WAL is checkpointed: its pages.
      const pages = Number(db.pragma('page_count', { simple: true }));
      recordSample(db, req.now, pages * c.pageSize);
      waitForQuiet(req.traffic, TRUNCATE_QUIET_MS, TRUNCATE_MAX_WAIT_MS);
      if (req.traffic && Date.now() - lastTraffic(req.traffic) < TRUNCATE_QUIET_MS) {
        // Hooks keep arriving: a passive checkpoint only (it never blocks them); the WAL file is
        // truncated by a later run.
        yields.truncateSkipped = true;
        const [cp] = db.pragma('wal_checkpoint(PASSIVE)') as Array<{
          busy: number;
          log: number;
          checkpointed: number;
        }>;
        out.compact = { ...c, checkpoint: cp ?? c.checkpoint };
      } else out.compact = { ...c, checkpoint: truncateWal(db) ?? c.checkpoint };
    }
  } catch (err) {
    out.error = classifyStorageError(err)?.message ?? (err as Error).message;
  }
  out.integrity = quickCheck(db, req.now);
  if (req.traffic) out.yields = yields;
  out.ms = Math.round(performance.now() - t0);
  return out;
}
