/**
 * Giving space back: incremental vacuum in bounded steps, then a WAL checkpoint. A full VACUUM
 * rewrites the whole file under the write lock, so it only runs when asked for, or once to switch an
 * existing database to `auto_vacuum = INCREMENTAL` while it is small enough to be quick (new
 * databases are created incremental: db/open.ts). Runs on the maintenance worker's connection.
 */
import type Database from 'better-sqlite3';

type AutoVacuum = 'none' | 'full' | 'incremental';

export interface CompactResult {
  checkpoint: { busy: number; log: number; checkpointed: number };
  /** A full VACUUM ran (asked for, or the one-time switch to incremental). */
  vacuumed: boolean;
  /** Pages given back by `incremental_vacuum`. */
  pagesFreed: number;
  autoVacuum: AutoVacuum;
  /** Free pages that stay in the file because the database is not incremental yet (too large to switch automatically). */
  needsVacuum: boolean;
  freePagesBefore: number;
  pagesBefore: number;
  pageSize: number;
}

interface CompactOptions {
  /** Force a full VACUUM (it also switches the database to incremental vacuum). */
  vacuum?: boolean;
  /** Switch a non-incremental database automatically only up to this size (default 32 MiB: its VACUUM holds the write lock well under a hook timeout). */
  convertMaxBytes?: number;
  /** Pages per `incremental_vacuum` step, one short write transaction each (default 512). */
  stepPages?: number;
  /** Called between steps (the worker sleeps there, so the service's writes get in). */
  between?: () => void;
  /** End with `wal_checkpoint(TRUNCATE)` (default true; the job checkpoints after its last write). */
  checkpoint?: boolean;
}

const num = (db: Database.Database, pragma: string): number => Number(db.pragma(pragma, { simple: true }));
const MODES: AutoVacuum[] = ['none', 'full', 'incremental'];

type Checkpoint = { busy: number; log: number; checkpointed: number };

const pause = new Int32Array(new SharedArrayBuffer(4));
export const sleep = (ms: number): void => {
  if (ms > 0) Atomics.wait(pause, 0, 0, ms);
};

/**
 * `wal_checkpoint(TRUNCATE)` after a passive one, tried again for up to about half a second while it reports busy: the
 * background checkpointer (db/checkpointer.ts) may hold the checkpoint lock for a moment.
 */
export function truncateWal(db: Database.Database): Checkpoint | undefined {
  // PASSIVE first: it copies the WAL back without blocking the service's writes, so the TRUNCATE
  // (which holds writers back while it runs) has next to nothing left to copy.
  db.pragma('wal_checkpoint(PASSIVE)');
  let cp: Checkpoint | undefined;
  for (let i = 0; i < 100; i++) {
    [cp] = db.pragma('wal_checkpoint(TRUNCATE)') as Checkpoint[];
    if (!cp || cp.busy === 0) break;
    sleep(5);
  }
  return cp;
}

export function compact(db: Database.Database, opts: CompactOptions = {}): CompactResult {
  const pageSize = num(db, 'page_size');
  const pagesBefore = num(db, 'page_count');
  const freePagesBefore = num(db, 'freelist_count');
  let autoVacuum = MODES[num(db, 'auto_vacuum')] ?? 'none';
  let vacuumed = false;
  const small = pagesBefore * pageSize <= (opts.convertMaxBytes ?? 32 * 1024 * 1024);
  if (opts.vacuum === true || (autoVacuum !== 'incremental' && small)) {
    db.pragma('auto_vacuum = INCREMENTAL'); // takes effect with the VACUUM
    db.exec('VACUUM');
    vacuumed = true;
    autoVacuum = MODES[num(db, 'auto_vacuum')] ?? 'none';
  }
  let pagesFreed = 0;
  if (autoVacuum === 'incremental') {
    const step = Math.max(1, opts.stepPages ?? 512);
    for (let free = num(db, 'freelist_count'); free > 0; free = num(db, 'freelist_count')) {
      db.pragma(`incremental_vacuum(${step})`);
      const after = num(db, 'freelist_count');
      pagesFreed += free - after;
      if (after >= free) break; // nothing more it can give back
      opts.between?.();
    }
  }
  const cp = opts.checkpoint === false ? undefined : truncateWal(db);
  return {
    checkpoint: cp ?? { busy: 0, log: 0, checkpointed: 0 },
    vacuumed,
    pagesFreed,
    autoVacuum,
    needsVacuum: autoVacuum !== 'incremental' && num(db, 'freelist_count') > 0,
    freePagesBefore,
    pagesBefore,
    pageSize,
  };
}
