/**
 * The search indexes merged back into one segment each, by the maintenance worker, in short steps:
 * off the event loop, without blocking ingest.
 *
 * FTS5 writes new terms as segments and merges them level by level (4 segments on a level become
 * one on the next), so an index ingest built holds a dozen or more segments: 16 for the observation
 * index at 1,000,000 observations, three of them near equal at the top. Every query term seeks
 * every segment, and a term's doclist is read in pieces from each. Merged into one segment, the
 * same queries ran a quarter faster at the median and twice as fast at p95.
 *
 * - **When.** An index is merged when it has `MERGE_SEGMENTS` segments or more. FTS5 keeps up to
 *   three per level, so that means new rows on several levels. At 1,000,000 observations, right
 *   after a merge, search p95 is 0.53–0.58× that of the
 *   index as ingest left it; 5,000 observations later (9 segments again) 0.78×, and 111,000 later no
 *   better than never merged. Queries walk the newest matches first, so the new rows' segments
 *   are what they pay for, and only a merge that includes them helps. So a heavy user's index is
 *   rewritten at most once per maintenance run (every 6 hours), about a minute of the worker's time
 *   at 1,000,000 observations; a light user's less often.
 * - **How.** FTS5's incremental optimize: `merge` with a negative page count puts every segment on
 *   one level and starts merging them; each further `merge` continues it. Every step is its own
 *   short write transaction of about `stepPages` pages, with `between` (the job's sleep and wait
 *   for a quiet moment) after it, so hooks get the write lock between steps. A step that leaves the
 *   index's structure record unchanged found nothing left to merge.
 * - **The service's own merge steps hold back** while this runs (`hold`, shared with
 *   db/index-merge.ts): positive `merge` steps continue any merge in progress, so they would do
 *   this one's work on the event loop. New segments meanwhile wait for them (or FTS5's crisis merge).
 * - **The WAL.** Merging rewrites the whole index through the WAL. A passive checkpoint after every
 *   step copies it back (it takes no lock; the next write starts the WAL over). That keeps the
 *   steps, which hold the write lock, short: at 1M, checkpointing only every 16 MiB made them 50 %
 *   longer in all (27–28 s against 18–19; 356–362 steps over 25 ms against 140), for ~2 ms of the
 *   worker's time per checkpoint.
 * - **The disk.** The merged segment is written before the ones it replaces are freed (the job's
 *   incremental vacuum then gives those pages back), so an index needs its own size again for a
 *   while. Nothing is merged when the disk has less free than half the database file plus
 *   `LOW_DISK_MARGIN`: a full disk would refuse the hooks' writes too.
 */
import type Database from 'better-sqlite3';
import { dirname } from 'node:path';
import { segmentIds, structureRecord } from '../db/fts-structure.js';
import { setMergeHold } from '../db/index-merge.js';
import { diskSpace } from '../db/storage.js';

/** The FTS5 indexes search reads (migrations 0002 and 0004). */
export const SEARCH_INDEXES = [
  'observations_fts',
  'observations_trgm',
  'summaries_fts',
  'prompts_fts',
] as const;
type SearchIndex = (typeof SEARCH_INDEXES)[number];

export const MERGE_SEGMENTS = 8;
const LOW_DISK_MARGIN = 256 * 1024 * 1024;

export interface OptimizeResult {
  index: SearchIndex;
  segmentsBefore: number;
  segmentsAfter: number;
  /** Merge steps run (0: the index was compact enough). */
  steps: number;
  ms: number;
  /** The longest step (ms): how long the write lock was held at once. */
  maxStepMs: number;
  /** Stopped at the job's time budget with work left (the next run continues it). */
  unfinished: boolean;
  /** Why it was not merged: compact enough, or too little free disk (null: merged). */
  skipped: 'compact' | 'low-disk' | null;
}

interface OptimizeOptions {
  /**
   * Pages per step (default 16: 3.8 ms at the median at 1M observations). A step ends at a term
   * boundary, so one that reaches a term with a huge doclist takes longer.
   */
  stepPages?: number;
  /** Called after every step (the worker sleeps and waits for quiet there). */
  between?: () => void;
  /** Stop starting steps after this long (default 10 minutes); the next run continues. */
  budgetMs?: number;
  /** The service's merge hold (db/index-merge.ts), set while merging. */
  hold?: SharedArrayBuffer | undefined;
  /** Only these indexes (default all). */
  indexes?: readonly SearchIndex[];
  /** Free bytes on the database's file system (default: statfs; null when unknown). */
  diskFree?: () => number | null;
  /** Each step's duration (ms), for benches and tests. */
  onStep?: (index: SearchIndex, ms: number) => void;
}

/** How many segments an index has (each query term seeks every one). */
export const segmentsOf = (db: Database.Database, index: SearchIndex): number =>
  segmentIds(structureRecord(db, index).get() as Buffer | undefined).length;

export function optimizeIndexes(db: Database.Database, opts: OptimizeOptions = {}): OptimizeResult[] {
  const t0 = performance.now();
  const budget = opts.budgetMs ?? 600_000;
  const out: OptimizeResult[] = [];
  const dbBytes =
    Number(db.pragma('page_count', { simple: true })) * Number(db.pragma('page_size', { simple: true }));
  const free = opts.diskFree ?? (() => diskSpace(dirname(db.name))?.free ?? null);
  for (const index of opts.indexes ?? SEARCH_INDEXES) {
    const before = segmentsOf(db, index);
    const r: OptimizeResult = {
      index,
      segmentsBefore: before,
      segmentsAfter: before,
      steps: 0,
      ms: 0,
      maxStepMs: 0,
      unfinished: false,
      skipped: null,
    };
    out.push(r);
    if (before < MERGE_SEGMENTS) {
      r.skipped = 'compact';
      continue;
    }
    const f = free();
    if (f !== null && f < dbBytes / 2 + LOW_DISK_MARGIN) {
      r.skipped = 'low-disk';
      continue;
    }
    const s0 = performance.now();
    try {
      setMergeHold(opts.hold, true);
      mergeAll(db, index, r, { ...opts, deadline: t0 + budget });
    } finally {
      setMergeHold(opts.hold, false);
    }
    r.ms = Math.round(performance.now() - s0);
    r.segmentsAfter = segmentsOf(db, index);
  }
  return out;
}

function mergeAll(
  db: Database.Database,
  index: SearchIndex,
  r: OptimizeResult,
  opts: OptimizeOptions & { deadline: number },
): void {
  const pages = Math.max(1, opts.stepPages ?? 16);
  const merge = db.prepare(`INSERT INTO ${index}(${index}, rank) VALUES('merge', ?)`);
  const structure = structureRecord(db, index);
  // The segments there were when it started (read in the first step): once none is left, they
  // are merged into one. Segments hooks write meanwhile are the projector's to merge (after the
  // hold): positive steps would otherwise go on merging them for as long as hooks keep coming.
  let started: Set<number> | null = null;
  // One write transaction each: nobody else's segment between the merge and the checks. The first
  // step starts the optimize (every segment onto one level). Done: the structure record did not
  // change (nothing to merge), or none of the starting segments is left.
  const step = db
    .transaction((n: number): boolean => {
      const before = structure.get() as Buffer | undefined;
      const from = (started ??= new Set(segmentIds(before)));
      merge.run(n);
      const after = structure.get() as Buffer | undefined;
      if (before && after && before.equals(after)) return false;
      return segmentIds(after).some((id) => from.has(id));
    })
    .immediate.bind(null);
  for (;;) {
    if (performance.now() >= opts.deadline) {
      r.unfinished = true;
      return;
    }
    const s0 = performance.now();
    const worked = step(r.steps === 0 ? -pages : pages);
    const ms = performance.now() - s0;
    opts.onStep?.(index, ms);
    r.maxStepMs = Math.max(r.maxStepMs, Math.round(ms * 10) / 10);
    r.steps++;
    if (!worked) return;
    db.pragma('wal_checkpoint(PASSIVE)');
    opts.between?.();
  }
}
