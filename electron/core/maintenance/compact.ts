/** WAL checkpoint and VACUUM: keep the database files as small as their content. */
import type Database from 'better-sqlite3';

export interface CompactResult {
  checkpoint: { busy: number; log: number; checkpointed: number };
  vacuumed: boolean;
  freePagesBefore: number;
  pagesBefore: number;
  pageSize: number;
}

export interface CompactOptions {
  /** VACUUM when free pages exceed this share of the file (default 0.25)… */
  vacuumFreeRatio?: number;
  /** …and this many bytes (default 8 MiB): VACUUM rewrites the file and blocks writers meanwhile. */
  vacuumMinFreeBytes?: number;
  /** Force a VACUUM. */
  vacuum?: boolean;
}

const num = (db: Database.Database, pragma: string): number => Number(db.pragma(pragma, { simple: true }));

type Checkpoint = { busy: number; log: number; checkpointed: number };

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * `wal_checkpoint(TRUNCATE)`, tried again for up to about half a second while it reports busy: the
 * background checkpointer (db/checkpointer.ts) may hold the checkpoint lock for a moment.
 */
function truncateWal(db: Database.Database): Checkpoint | undefined {
  let cp: Checkpoint | undefined;
  for (let i = 0; i < 100; i++) {
    [cp] = db.pragma('wal_checkpoint(TRUNCATE)') as Checkpoint[];
    if (!cp || cp.busy === 0) break;
    Atomics.wait(pause, 0, 0, 5);
  }
  return cp;
}

export function compact(db: Database.Database, opts: CompactOptions = {}): CompactResult {
  const pageSize = num(db, 'page_size');
  const pagesBefore = num(db, 'page_count');
  const freePagesBefore = num(db, 'freelist_count');
  const worth =
    freePagesBefore > pagesBefore * (opts.vacuumFreeRatio ?? 0.25) &&
    freePagesBefore * pageSize > (opts.vacuumMinFreeBytes ?? 8 * 1024 * 1024);
  let vacuumed = false;
  if (opts.vacuum === true || worth) {
    db.exec('VACUUM');
    vacuumed = true;
  }
  const cp = truncateWal(db);
  return {
    checkpoint: cp ?? { busy: 0, log: 0, checkpointed: 0 },
    vacuumed,
    freePagesBefore,
    pagesBefore,
    pageSize,
  };
}
